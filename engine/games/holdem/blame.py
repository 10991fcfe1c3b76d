"""Why a wrong answer about Texas Hold'em failed (its ``blame`` facet): side pots, the showdown (and the
same showdown judged with Mata Ases's minimum, a pair of Aces), positions and who acts first; and the
skills of a reader's decision at its table.

>>> spec = {"kind": "holdem-pots", "ask": "count", "bets": {"Ana": 100, "Beto": 40, "Carla": 100}, "folded": []}
>>> BLAME["holdem-pots"].wrong(spec, 1)[0][0].why
'Cuenta también el bote principal: hay 2 botes.'
"""

from __future__ import annotations

from typing import Any

from ...cards import parse_cards
from ...evaluation import code_of, hand_name, kicker_decides, kills_aces
from ...pots import called_pots
from ...progress import Analysis, Blame, Decisions, OtherGame
from ...spanish import amount, fold, listing, pot_name, rank_name
from ...table.showdown import tie_break
from .rules import positions, postflop_order, preflop_order, showdown

__all__ = ["BLAME", "DECISIONS"]


def _pots(spec: dict, given: Any) -> tuple[list[Blame], OtherGame | None]:
    bets, folded, ask = dict(spec["bets"]), list(spec.get("folded", [])), spec["ask"]
    pots, back = called_pots(bets, folded)
    returned = _returned(back)
    if back:
        bets[back[0]] -= back[1]
    if ask == "count":
        if returned and given == len(pots) + 1:
            return [Blame("holdem.side-pots.count", f"{returned}; hay {len(pots)} "
                          f"{'bote' if len(pots) == 1 else 'botes'}.")], None
        levels = {c for c in bets.values() if c > 0}
        if given == len(levels) and len(levels) != len(pots):
            return [Blame("holdem.side-pots.count", "Solo cierra un bote quien sigue en la mano: lo que puso quien se "
                          "retiró se queda en los botes, pero no abre uno.")], None
        if given == len(pots) - 1:
            return [Blame("holdem.side-pots.count", f"Cuenta también el bote principal: hay {len(pots)} botes.")], None
        live = sorted({bets[n] for n in bets if n not in folded and bets[n] > 0})
        return [Blame("holdem.side-pots.count", "Cada cantidad distinta que puso un jugador que sigue en la mano cierra "
                      f"un bote: {listing([amount(c) for c in live])}, así que hay {len(pots)}.")], None
    index = spec["pot"]
    pot = pots[index - 1]
    span = (f"de {amount(pot.floor)} a {amount(pot.level)}" if pot.floor else f"hasta {amount(pot.level)}")
    if ask == "eligible":
        if not isinstance(given, frozenset):
            return [], None
        for j, other in enumerate(pots, start=1):
            if j != index and frozenset(other.eligible) == given:
                return [Blame("holdem.side-pots.eligibility", f"Esos son los que optan al {pot_name(j)}; al "
                              f"{pot_name(index)} ({span} por jugador) optan {listing(list(pot.eligible))}.")], None
        reasons = []
        for name in bets:
            if name in given and name not in pot.eligible:
                reasons.append(f"{name} se retiró: sus fichas se quedan en el bote, pero no opta a él."
                               if name in folded else
                               f"{name} solo puso {amount(bets[name])}: no llega a este bote ({span} por jugador), "
                               "así que no opta a él.")
            elif name not in given and name in pot.eligible:
                reasons.append(f"{name} puso {amount(bets[name])} y sigue en la mano: opta a este bote "
                               f"({span} por jugador).")
        return [Blame("holdem.side-pots.eligibility", " ".join(reasons[:2]))] if reasons else [], None
    # the amount of one pot
    for j, other in enumerate(pots, start=1):
        if j != index and given == other.amount:
            return [Blame("holdem.side-pots.sum", f"{amount(other.amount)} son las fichas del {pot_name(j)}; el "
                          f"{pot_name(index)} va {span} por jugador.")], None
    if returned and index == len(pots) and given == pot.amount + back[1]:
        return [Blame("holdem.side-pots.sum", f"{returned}.")], None
    dead = sum(part for name, part in pot.contributions.items() if name in folded)
    if dead and given == pot.amount - dead:
        return [Blame("holdem.side-pots.sum", "Las fichas de quien se retiró también cuentan: se quedan en el bote "
                      f"({amount(dead)} en este).")], None
    if given == (pot.level - pot.floor) * len(pot.eligible) and given != pot.amount:
        return [Blame("holdem.side-pots.sum", f"No todos pusieron {amount(pot.level - pot.floor)} en este tramo: cada "
                      "jugador aporta lo que puso entre "
                      f"{amount(pot.floor)} y {amount(pot.level)}, también los que se retiraron o no llegan.")], None
    parts = " + ".join(amount(part) for part in pot.contributions.values() if part)
    return [Blame("holdem.side-pots.sum", f"El {pot_name(index)} suma lo que puso cada jugador {span}: {parts} = "
                  f"{amount(pot.amount)}.")], None


def _returned(back: tuple[str, int] | None) -> str:
    """What the uncalled bet is (a reason's first words), or "" when every bet was matched."""
    if back is None:
        return ""
    owner, chips = back
    return f"Los {amount(chips)} de {owner} que nadie iguala vuelven a {owner}: no forman bote"


def _names(given: Any) -> frozenset[str] | None:
    return given if isinstance(given, frozenset) else None


def _showdown(spec: dict, given: Any) -> tuple[list[Blame], OtherGame | None]:
    hands = {name: parse_cards(" ".join(cards)) for name, cards in spec["players"].items()}
    board = parse_cards(" ".join(spec["board"]))
    result = showdown(hands, board)
    winners = frozenset(result.winners)
    if spec.get("ask") != "winners":
        return _hand_name(spec, given, result.values[spec["of"]], "holdem.hand-name"), None
    named = _names(given)
    if named is None:
        return [], None
    other = _minimum_rule(result.values, named, winners)
    top = result.values[result.winners[0]]
    found = []
    if named < winners:
        rest = sorted(winners - named)
        found.append(Blame("holdem.showdown.split", f"{listing(rest)} también {'tiene' if len(rest) == 1 else 'tienen'} "
                           f"{hand_name(top, running=True)}: mismo valor, así que empatan y se reparten el bote."))
    for name in sorted(named - winners):
        mine = result.values[name]
        if code_of(mine.strength) != code_of(top.strength):
            found.append(Blame("holdem.showdown.best-five", f"{name} tiene {hand_name(mine, running=True)}, menos que "
                               f"{hand_name(top, running=True)}."))
        elif kicker_decides(mine.strength, top.strength):
            what, low, high = tie_break(mine.strength, top.strength)
            found.append(Blame("holdem.showdown.kicker", f"{name} tiene {hand_name(mine, running=True)}, como "
                               f"{listing(list(result.winners))}, pero pierde por {what}: su {rank_name(low)} "
                               f"contra {rank_name(high)}."))
        else:
            found.append(Blame("holdem.showdown.best-five", f"{name} tiene {hand_name(mine, running=True)}, menos que "
                               f"{hand_name(top, running=True)}."))
    if any(set(result.values[w].cards) == set(board) for w in winners) and found:
        found.append(Blame("holdem.showdown.board", "La mejor mano está en la mesa: quien la juega empata, como "
                           "mínimo, con los demás."))
    return found, other


def _minimum_rule(values: dict, named: frozenset[str], winners: frozenset[str]) -> OtherGame | None:
    """The answer is what Mata Ases's minimum (a pair of Aces) would make of this Hold'em showdown."""
    killers = {n: v for n, v in values.items() if kills_aces(v.strength)}
    best = max(killers.values(), default=None)
    under_minimum = frozenset(n for n, v in killers.items() if v == best)
    if named == under_minimum and named != winners:
        text = ("En Hold'em no hay mínimo: gana la mejor mano, aunque no llegue a par de Ases. «Matar los Ases» es "
                "la regla de Mata Ases.")
        return OtherGame("mata-ases.kill-aces", text)
    return None


_NOBODY = ("nadie", "ninguno", "nadie gana", "ninguno gana", "extension")


def _nobody(spec: dict, answer: str) -> tuple[list[Blame], OtherGame | None] | None:
    """«Nadie» to a Hold'em showdown (unreadable there: someone always wins): a mistake, and Mata Ases's
    rule when nobody reaches a pair of Aces."""
    if spec.get("ask") != "winners" or fold(answer).strip(" .!¡") not in _NOBODY:
        return None
    hands = {name: parse_cards(" ".join(cards)) for name, cards in spec["players"].items()}
    result = showdown(hands, parse_cards(" ".join(spec["board"])))
    found = [Blame("holdem.showdown.best-five", "En Hold'em siempre gana alguien: la mejor mano de cinco cartas se "
                                                "lleva el bote.")]
    return found, _minimum_rule(result.values, frozenset(), frozenset(result.winners))


def _hand_name(spec: dict, given: Any, value, skill: str) -> list[Blame]:
    if not isinstance(given, tuple):
        return []
    category = given[0]
    words = hand_name(value, running=True)
    if category != value.category:
        return [Blame(skill, f"La mejor jugada de cinco cartas de {spec['of']} es {words}.")]
    return [Blame(skill, f"Es {words}: mira qué cartas la forman.")]


def _position(spec: dict, given: Any) -> tuple[list[Blame], OtherGame | None]:
    players = spec["players"]
    named = isinstance(players, list)
    if named:
        start = players.index(spec.get("button", players[0]))
        seated = players[start:] + players[:start]
    else:
        seated = list(positions(players))
    n = len(seated)
    labels = positions(n)
    if spec["ask"] == "position":
        of = spec["of"]
        seat = of if isinstance(of, int) else seated.index(of)
        skill = "holdem.heads-up" if n == 2 else "holdem.positions"
        who = of if isinstance(of, str) else "ese jugador"
        if isinstance(given, str) and given in labels:
            return [Blame(skill, f"{given} es el asiento {labels.index(given)} a la izquierda del botón; {who} está "
                          f"a {seat} del botón: {labels[seat]}.")], None
        return [Blame(skill, f"{who} ocupa {labels[seat]}.")], None
    street = spec.get("street", "preflop")
    folded = set(spec.get("folded", []))
    pick = (lambda order: next(seated[s] for s in order if seated[s] not in folded)) if named else \
        (lambda order: labels[order[0]])
    first = pick(preflop_order(n) if street == "preflop" else postflop_order(n))
    other_street = pick(postflop_order(n) if street == "preflop" else preflop_order(n))
    skill = "holdem.first-to-act.preflop" if street == "preflop" else "holdem.first-to-act.postflop"
    answer = next(iter(given)) if isinstance(given, frozenset) and len(given) == 1 else given
    if answer == other_street != first:
        when = "después del flop" if street == "preflop" else "antes del flop"
        rule = ("Antes del flop habla primero quien está a la izquierda de la ciega grande" if street == "preflop"
                else "Después del flop abre la ronda el primer jugador que sigue en la mano a la izquierda del botón")
        if n == 2:
            rule = ("En heads-up el botón (ciega pequeña) habla primero antes del flop" if street == "preflop"
                    else "En heads-up, después del flop habla primero la ciega grande")
        return [Blame("holdem.heads-up" if n == 2 else skill, f"{answer} habla primero {when}. {rule}.")], None
    if isinstance(answer, str) and answer in folded:
        return [Blame(skill, f"{answer} se retiró: la palabra pasa al siguiente que sigue en la mano.")], None
    return [Blame(skill, f"Habla primero {first}.")], None


def _tie(spec: dict) -> str:
    """An answer right but without every name: the tie; or the hand's name."""
    return "holdem.showdown.split" if spec.get("ask") == "winners" else "holdem.hand-name"


BLAME = {
    "holdem-pots": Analysis(_pots),
    "holdem-showdown": Analysis(_showdown, vague=_tie, unreadable=_nobody),
    "holdem-position": Analysis(_position),
}
DECISIONS = Decisions({"open": "holdem.betting", "facing": "holdem.betting"}, size="holdem.min-raise",
                      play={"facing": "holdem.play.facing", "open": "holdem.play.open"})
