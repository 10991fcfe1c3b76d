"""Why a wrong answer about Mata Ases failed (its ``blame`` facet): the reader's answer against the engine's
showdown, and against the same cards judged with Hold'em's rules (every shared card usable, no minimum),
and the skills of a reader's decision at its table.

>>> spec = {"kind": "mata-ases", "ask": "winners", "ayudas": ["8d", "Th", "2c"],
...         "players": {"Ana": ["Kh", "Kc", "9s", "5d", "3c"], "Beto": ["Qs", "Jd", "7c", "4h", "3s"]}}
>>> found, other = BLAME["mata-ases"].wrong(spec, frozenset({"Ana"}))
>>> found[0].skill, other.skill
('mata-ases.kill-aces', 'holdem.showdown.best-five')
"""

from __future__ import annotations

from typing import Any

from ...cards import parse_cards
from ...evaluation import category_of, hand_name, in_running_text
from ...progress import Analysis, Blame, Decisions, OtherGame
from ...spanish import listing, rank_name
from ...table.showdown import tie_break
from .showdown import kills_aces, showdown, with_every_ayuda

__all__ = ["BLAME", "DECISIONS"]


def _tie(spec: dict) -> str:
    """An answer right but without every name: the tie (the ranking), or the hand's name."""
    return "mata-ases.ranking" if spec.get("ask") == "winners" else "mata-ases.hand-name"


def _showdown(spec: dict, given: Any) -> tuple[list[Blame], OtherGame | None]:
    hands = {name: parse_cards(" ".join(cards)) for name, cards in spec["players"].items()}
    ayudas = parse_cards(" ".join(spec["ayudas"]))
    result = showdown(hands, ayudas)
    unrestricted = {n: with_every_ayuda(c, ayudas) for n, c in hands.items()}
    if spec.get("ask") == "hand":
        with_two = category_of(unrestricted[spec["of"]])
        if isinstance(given, tuple) and given[0] == with_two != result.plays[spec["of"]].category:
            better = hand_name(unrestricted[spec["of"]], "mx", running=True)
            return [Blame("mata-ases.one-ayuda", f"Con dos ayudas {spec['of']} tendría {better}, pero solo se puede "
                          "usar una.")], _HOLDEM_SHARED
        play = result.plays[spec["of"]]
        return [Blame("mata-ases.hand-name", f"La jugada de {spec['of']} es {in_running_text(play.name, play.category)}: "
                      "sus cinco cartas, o cuatro y una sola ayuda.")], None
    named = (given if isinstance(given, frozenset) else None)
    if named is None:
        return [], None
    winners = frozenset(result.winners)
    plays = result.plays
    # Hold'em's rules: every shared card usable, and no minimum.
    killers = {n: v for n, v in unrestricted.items() if kills_aces(v)}
    best = max(killers.values(), default=None)
    two_ayudas = frozenset(n for n, v in killers.items() if v == best)
    if named == two_ayudas != winners:
        who = sorted(named - winners) or sorted(named)
        better = hand_name(unrestricted[who[0]], "mx", running=True)
        return [Blame("mata-ases.one-ayuda", f"Con dos ayudas {listing(who)} tendría {better}, pero en Mata Ases solo "
                      "se puede usar una ayuda.")], _HOLDEM_SHARED
    top = max(p.strength for p in plays.values())
    no_minimum = frozenset(n for n, p in plays.items() if p.strength == top)
    if named == no_minimum != winners:
        who = sorted(named - winners)
        blame = Blame("mata-ases.kill-aces", f"{listing(who)} tiene {in_running_text(plays[who[0]].name, plays[who[0]].category)}: no llega a par de "
                      "Ases, así que no mata los Ases." if len(who) == 1 else
                      f"{listing(who)} no llegan a par de Ases: no matan los Ases.")
        return [blame], OtherGame("holdem.showdown.best-five", "En Hold'em gana la mejor mano, aunque no llegue a par "
                                  "de Ases; en Mata Ases solo cobra quien mata los Ases.")
    if not named and winners:
        return [Blame("mata-ases.kill-aces", f"{listing(sorted(winners))} mata los Ases con "
                      f"{in_running_text(plays[sorted(winners)[0]].name, plays[sorted(winners)[0]].category)}: par de Ases o más.")], None
    if named and not winners:
        return [Blame("mata-ases.extension", "Nadie llega a par de Ases: el pozo no se cobra y se juega la extensión "
                      "de la mano.")], None
    found = []
    if named < winners:
        found.append(Blame("mata-ases.ranking", f"{listing(sorted(winners - named))} tiene una jugada del mismo valor: "
                           "empatan y se reparten el pozo."))
    for name in sorted(named - winners):
        play = plays[name]
        if not play.kills_aces:
            found.append(Blame("mata-ases.kill-aces", f"{name} tiene {in_running_text(play.name, play.category)}: no llega a par de Ases."))
        else:
            found.append(Blame("mata-ases.ranking", _below(name, play, sorted(winners), plays)))
    return found, None


def _below(name: str, play, winners: list[str], plays: dict) -> str:
    """Why ``name``'s play, which kills the Aces, loses to the winners': a lower play, or the same play
    decided by a later card (:func:`engine.table.showdown.tie_break`)."""
    mine = in_running_text(play.name, play.category)
    top = plays[winners[0]]
    decided = tie_break(play.strength, top.strength)
    if decided is None or in_running_text(top.name, top.category) != mine:
        return f"{name} mata los Ases con {mine}, pero {in_running_text(top.name, top.category)} es mejor."
    what, low, high = decided
    return (f"{name} mata los Ases con {mine}, como {listing(winners)}, pero pierde por {what}: su {rank_name(low)} "
            f"contra {rank_name(high)}.")


_HOLDEM_SHARED = OtherGame("holdem.showdown.best-five", "En Hold'em usas las cartas comunes que quieras; en Mata "
                           "Ases, de las tres ayudas, solo una.")


BLAME = {"mata-ases": Analysis(_showdown, vague=_tie)}
DECISIONS = Decisions({"card": "mata-ases.cards", "open": "mata-ases.betting", "facing": "mata-ases.betting"},
                      size="mata-ases.betting", play={"facing": "mata-ases.play.facing", "open": "mata-ases.play.open"})
