"""Which skill a wrong answer failed, and why: the reader's parsed answer against the parts of the
engine's own solution, and against the same question judged under a mistaken or another game's rule.

Each question kind has one analysis, :func:`blame`, which recomputes the situation with the game
modules and returns the failing skills with a Spanish reason (:class:`Blame`) and, when the answer
is right under another game's rules, that game (:class:`OtherGame`). Nothing here matches the
reader's words: only values the engine computed are compared.

>>> spec = {"kind": "holdem-pots", "ask": "eligible", "pot": 2, "folded": ["David"],
...         "bets": {"Ana": 100, "Beto": 40, "Carla": 100, "David": 60}}
>>> found, other = blame(spec, frozenset({"Ana", "Carla", "David"}))
>>> found[0].skill, found[0].why
('holdem.side-pots.eligibility', 'David se retiró: sus fichas se quedan en el bote, pero no opta a él.')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from ..spanish import amount, listing, pot_name

__all__ = ["Blame", "OtherGame", "blame", "decision_blame", "progress_reply"]


@dataclass(frozen=True)
class Blame:
    skill: str
    why: str


@dataclass(frozen=True)
class OtherGame:
    game: str
    text: str
    rule: str


_ANALYSES: dict[str, Callable[[dict, Any], tuple[list[Blame], OtherGame | None]]] = {}


def _analysis(kind: str):
    def register(func):
        _ANALYSES[kind] = func
        return func

    return register


#: Whether an analysis that fails raises (the tests) or leaves the reply without a reason (the reader's
#: check must never fail because the reason could not be found).
STRICT = False


def blame(spec: dict, given: Any) -> tuple[list[Blame], OtherGame | None]:
    """The skills a wrong answer ``given`` (read as the solution's type) failed, and another game
    under whose rules it is right (or None)."""
    analysis = _ANALYSES.get(spec.get("kind"))
    try:
        return analysis(spec, given) if analysis else ([], None)
    except Exception:
        if STRICT:
            raise
        return [], None


def progress_reply(item: dict, ok: bool, skills: list[str], found: list[Blame], other: OtherGame | None, *,
                   slow: bool = False, generic: str | None = None) -> dict:
    """The ``progress`` field (see :mod:`engine.progress`): ``skills`` the item exercised, ``found`` the
    blamed ones when wrong (added when not listed); ``generic``: the reason when no part is blamed."""
    from . import SKILLS

    rule = {s: SKILLS[s][2] for s in list(skills) + [b.skill for b in found]}
    entries: dict[str, dict] = {}
    for b in found:
        if b.skill not in entries:
            entries[b.skill] = {"id": b.skill, "ok": False, "why": b.why, "rule": rule[b.skill]}
    for s in skills:
        if s not in entries:
            entries[s] = {"id": s, "ok": ok or bool(found), "why": None, "rule": rule[s]}
    listed = list(entries.values())
    if not ok and not found and listed:
        listed[0]["why"] = generic
    grade = "again" if not ok else "hard" if slow else "good"
    return {"item": item, "ok": ok, "grade": grade, "skills": listed,
            "other_game": None if other is None or ok else
            {"game": other.game, "text": other.text, "rule": other.rule}}


# ---------------------------------------------------------------------------------------------
# Hold'em side pots.

@_analysis("holdem-pots")
def _pots(spec: dict, given: Any) -> tuple[list[Blame], OtherGame | None]:
    from ..pots import side_pots

    bets, folded, ask = dict(spec["bets"]), list(spec.get("folded", [])), spec["ask"]
    pots = side_pots(bets, folded)
    if ask == "count":
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


# ---------------------------------------------------------------------------------------------
# Ultimate payouts: each bet's part, and what a mistaken rule would have made of it.

_UTH_PARTS = {"blind": ("blind",), "trips": ("trips",), "ante": ("ante",), "play": ("play",),
              "ante+play": ("ante", "play"), "total": ("ante", "blind", "play", "trips")}


def _uth_alternatives(result, bet: str, ante: int) -> list[tuple[Fraction, str, str]]:
    """``(value, skill, why)``: what ``bet`` would give under a common mistaken rule (the Ante's under
    another game's minimum: :func:`_pair_of_aces_dealer`)."""
    from ..games.ultimate.rules import BLIND_TABLE, TRIPS_TABLES

    line = result.bet(bet)
    found = []
    if bet == "ante":
        if line.reason == "push-dealer-not-qualified":
            value = Fraction(ante if result.outcome == "win" else -ante)
            found.append((value, "ultimate.dealer-qualifies", "El crupier no se clasifica (no llega a pareja): el "
                          "Ante se devuelve, ni se paga ni se pierde."))
        elif result.outcome in ("win", "lose"):
            found.append((Fraction(0), "ultimate.dealer-qualifies", "El crupier se clasifica (tiene pareja o más): el "
                          "Ante " + ("se paga 1 a 1." if result.outcome == "win" else "se pierde.")))
    elif bet == "blind":
        if line.reason == "pays-table":
            found.append((Fraction(ante), "ultimate.blind", f"El Blind no paga 1 a 1: con esta jugada paga "
                          f"{_odds(line.odds)} según su tabla."))
            for odds in set(BLIND_TABLE.values()) - {line.odds}:
                found.append((ante * Fraction(odds), "ultimate.blind", f"Con esta jugada el Blind paga {_odds(line.odds)}, "
                              f"no {_odds(odds)}: mira su tabla."))
        elif line.reason == "push-below-straight":
            found.append((Fraction(ante), "ultimate.blind", "El Blind solo paga con escalera o más; si ganas con menos, "
                          "se devuelve."))
        elif line.reason == "lose" and not result.dealer_qualifies:
            found.append((Fraction(0), "ultimate.dealer-qualifies", "Que el crupier no se clasifique solo devuelve el "
                          "Ante: si el jugador pierde, el Blind se pierde."))
    elif bet == "play":
        if result.outcome in ("win", "lose") and not result.dealer_qualifies:
            found.append((Fraction(0), "ultimate.dealer-qualifies", "Que el crupier no se clasifique solo devuelve el "
                          "Ante: el Play se " + ("paga 1 a 1." if result.outcome == "win" else "pierde.")))
    elif bet == "trips" and line.stake:
        if line.reason == "pays-table":
            for name, table in TRIPS_TABLES.items():
                odds = table.get(line.category)
                if name != line.table and odds is not None and odds != line.odds:
                    found.append((line.stake * Fraction(odds), "ultimate.trips", f"Esa es la paga de la tabla "
                                  f"{name}; en la de esta mano ({line.table}) paga {_odds(line.odds)}."))
            if result.outcome != "win":
                found.append((Fraction(-line.stake), "ultimate.trips", "Trips se paga por la jugada del jugador, gane o "
                              "pierda la mano contra el crupier."))
        elif result.outcome == "win":
            found.append((Fraction(0), "ultimate.trips", "Trips solo paga con trío o más; con menos se pierde, aunque "
                          "el jugador gane la mano."))
    return found


def _pair_of_aces_dealer(result, spec: dict, given: Fraction, values: dict) -> OtherGame | None:
    """The answer settles the Ante as if the dealer needed Mata Ases's minimum, a pair of Aces, to qualify
    (judged with that game's rule): a dealer with a lower pair, or two pair below it, treated as not
    qualified."""
    from ..games.mata_ases.showdown import kills_aces

    if "ante" not in values or not result.dealer_qualifies or kills_aces(result.dealer.strength):
        return None
    if result.outcome not in ("win", "lose") or sum(values.values()) - values["ante"] != given:
        return None
    return OtherGame("mata-ases", "Par de Ases es el mínimo de Mata Ases para matar los Ases; en Ultimate el crupier se "
                                  "clasifica con cualquier pareja.", "/ultimate/#la-clasificacion-del-crupier")


def _odds(odds: Fraction | int) -> str:
    odds = Fraction(odds)
    return f"{odds.numerator} a {odds.denominator}"


@_analysis("uth")
def _uth(spec: dict, given: Any) -> tuple[list[Blame], OtherGame | None]:
    from ..cards import parse_cards
    from ..games.ultimate.rules import DEFAULT_TRIPS_TABLE, bet_line, settle

    result = settle(ante=spec["ante"], play=spec["play"], player=parse_cards(" ".join(spec["player"])),
                    dealer=parse_cards(" ".join(spec["dealer"])), board=parse_cards(" ".join(spec["board"])),
                    trips=spec.get("trips", 0) or 0, trips_table=spec.get("trips_table", DEFAULT_TRIPS_TABLE))
    parts = [b for b in _UTH_PARTS[spec["ask"]] if b != "trips" or spec.get("trips")]
    values = {b: result.bet(b).net for b in parts}
    right = sum(values.values())
    if not isinstance(given, Fraction) and not isinstance(given, int):
        return [], None
    matched = [Blame(skill, why) for bet in parts for value, skill, why in _uth_alternatives(result, bet, spec["ante"])
               if right - values[bet] + value == given]
    if matched:  # several mistakes may explain the same number: each is named
        return matched, _pair_of_aces_dealer(result, spec, given, values)
    if given == -right and right:
        return [], None  # the sign: the quiz reply says so
    if len(parts) == 1:
        skill = {"ante": "ultimate.ante-play", "play": "ultimate.ante-play", "blind": "ultimate.blind",
                 "trips": "ultimate.trips"}[parts[0]]
        return [Blame(skill, bet_line(result, parts[0]))], None
    for bet in parts:  # one part forgotten in the sum
        if values[bet] and right - values[bet] == given:
            return [Blame("ultimate.settlement", f"Falta sumar una apuesta: {bet_line(result, bet)}")], None
    return [Blame("ultimate.settlement", "Suma el resultado de cada apuesta: "
                  + " ".join(bet_line(result, b) for b in parts))], None


# ---------------------------------------------------------------------------------------------
# Showdowns.

def _names(given: Any) -> frozenset[str] | None:
    return given if isinstance(given, frozenset) else None


@_analysis("holdem-showdown")
def _holdem_showdown(spec: dict, given: Any) -> tuple[list[Blame], OtherGame | None]:
    from ..cards import parse_cards
    from ..evaluation import code_of, hand_name, kicker_decides
    from ..games.holdem.rules import showdown

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
            found.append(Blame("holdem.showdown.kicker", f"{name} tiene {hand_name(mine, running=True)}, como "
                               f"{listing(list(result.winners))}, pero pierde por el kicker: "
                               f"{_kickers(mine.strength, top.strength)}."))
        else:
            found.append(Blame("holdem.showdown.best-five", f"{name} tiene {hand_name(mine, running=True)}, menos que "
                               f"{hand_name(top, running=True)}."))
    if any(set(result.values[w].cards) == set(board) for w in winners) and found:
        found.append(Blame("holdem.showdown.board", "La mejor mano está en la mesa: quien la juega empata, como "
                           "mínimo, con los demás."))
    return found, other


def _kickers(mine: int, top: int) -> str:
    from ..evaluation import ranks_of
    from ..spanish import rank_name

    for a, b in zip(ranks_of(mine), ranks_of(top)):
        if a != b:
            return f"su {rank_name(a)} contra {rank_name(b)}"
    return ""


def _minimum_rule(values: dict, named: frozenset[str], winners: frozenset[str]) -> OtherGame | None:
    """The answer is what Mata Ases's minimum (a pair of Aces) would make of this Hold'em showdown."""
    from ..games.mata_ases.showdown import kills_aces

    killers = {n: v for n, v in values.items() if kills_aces(v.strength)}
    best = max(killers.values(), default=None)
    under_minimum = frozenset(n for n, v in killers.items() if v == best)
    if named == under_minimum and named != winners:
        text = ("En Hold'em no hay mínimo: gana la mejor mano, aunque no llegue a par de Ases. «Matar los Ases» es "
                "la regla de Mata Ases.")
        return OtherGame("mata-ases", text, "/mata-ases/#el-objetivo-matar-los-ases")
    return None


def nobody_in_holdem(spec: dict) -> OtherGame | None:
    """«Nadie» to a Hold'em showdown (unreadable there: someone always wins): Mata Ases's rule when nobody
    reaches a pair of Aces, or a plain mistake."""
    from ..cards import parse_cards
    from ..games.holdem.rules import showdown

    hands = {name: parse_cards(" ".join(cards)) for name, cards in spec["players"].items()}
    result = showdown(hands, parse_cards(" ".join(spec["board"])))
    return _minimum_rule(result.values, frozenset(), frozenset(result.winners))


def _hand_name(spec: dict, given: Any, value, skill: str) -> list[Blame]:
    from ..evaluation import hand_name

    if not isinstance(given, tuple):
        return []
    category = given[0]
    words = hand_name(value, running=True)
    if category != value.category:
        return [Blame(skill, f"La mejor jugada de cinco cartas de {spec['of']} es {words}.")]
    return [Blame(skill, f"Es {words}: mira qué cartas la forman.")]


@_analysis("mata-ases")
def _mata_ases(spec: dict, given: Any) -> tuple[list[Blame], OtherGame | None]:
    from ..cards import parse_cards
    from ..evaluation import category_of, hand_name, in_running_text
    from ..games.mata_ases.showdown import kills_aces, showdown, with_every_ayuda

    hands = {name: parse_cards(" ".join(cards)) for name, cards in spec["players"].items()}
    ayudas = parse_cards(" ".join(spec["ayudas"]))
    result = showdown(hands, ayudas)
    unrestricted = {n: with_every_ayuda(c, ayudas) for n, c in hands.items()}
    if spec.get("ask") == "hand":
        with_two = category_of(unrestricted[spec["of"]])
        if isinstance(given, tuple) and given[0] == with_two != result.plays[spec["of"]].category:
            return [Blame("mata-ases.one-ayuda", f"Con dos ayudas {spec['of']} tendría "
                          f"{hand_name(unrestricted[spec['of']], "mx", running=True)}, pero solo se puede usar una.")], _HOLDEM_SHARED
        return [Blame("mata-ases.hand-name", f"La jugada de {spec['of']} es {in_running_text(result.plays[spec['of']].name, result.plays[spec['of']].category)}: "
                      "sus cinco cartas, o cuatro y una sola ayuda.")], None
    named = _names(given)
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
        return [Blame("mata-ases.one-ayuda", f"Con dos ayudas {listing(who)} tendría "
                      f"{hand_name(unrestricted[who[0]], "mx", running=True)}, pero en Mata Ases solo se puede usar una ayuda.")], \
            _HOLDEM_SHARED
    top = max(p.strength for p in plays.values())
    no_minimum = frozenset(n for n, p in plays.items() if p.strength == top)
    if named == no_minimum != winners:
        who = sorted(named - winners)
        blame = Blame("mata-ases.kill-aces", f"{listing(who)} tiene {in_running_text(plays[who[0]].name, plays[who[0]].category)}: no llega a par de "
                      "Ases, así que no mata los Ases." if len(who) == 1 else
                      f"{listing(who)} no llegan a par de Ases: no matan los Ases.")
        return [blame], OtherGame("holdem", "En Hold'em gana la mejor mano, aunque no llegue a par de Ases; en Mata "
                                  "Ases solo cobra quien mata los Ases.", "/mata-ases/#el-objetivo-matar-los-ases")
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
            found.append(Blame("mata-ases.ranking", f"{name} mata los Ases con {in_running_text(play.name, play.category)}, pero "
                               f"{in_running_text(plays[sorted(winners)[0]].name, plays[sorted(winners)[0]].category)} es mejor."))
    return found, None


_HOLDEM_SHARED = OtherGame("holdem", "En Hold'em usas las cartas comunes que quieras; en Mata Ases, de las tres "
                           "ayudas, solo una.", "/mata-ases/#como-se-forma-tu-jugada")


# ---------------------------------------------------------------------------------------------
# Hold'em positions and who acts first.

@_analysis("holdem-position")
def _position(spec: dict, given: Any) -> tuple[list[Blame], OtherGame | None]:
    from ..games.holdem.rules import positions, postflop_order, preflop_order

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
                else "Después del flop habla primero el primero que sigue en la mano a la izquierda del botón")
        if n == 2:
            rule = ("En heads-up el botón (ciega pequeña) habla primero antes del flop" if street == "preflop"
                    else "En heads-up, después del flop habla primero la ciega grande")
        return [Blame("holdem.heads-up" if n == 2 else skill, f"{answer} habla primero {when}. {rule}.")], None
    if isinstance(answer, str) and answer in folded:
        return [Blame(skill, f"{answer} se retiró: la palabra pasa al siguiente que sigue en la mano.")], None
    return [Blame(skill, f"Habla primero {first}.")], None


# ---------------------------------------------------------------------------------------------
# A reader's decision in a practice hand, against the hand's script (its default line).

def decision_blame(game: str, slot: str, line: dict, chosen: dict) -> list[Blame]:
    """Nothing when the reader chose what the script's default line does; else the decision's skill
    (or, for a bet or raise of another size, the sizing skill) with the line's move in Spanish."""
    from ..table.words import form
    from . import DECISION_SKILLS, SIZE_SKILLS

    if chosen == line:
        return []
    sized = chosen["action"] == line["action"] and line["action"] in ("bet", "raise")
    skill = SIZE_SKILLS[game] if sized else DECISION_SKILLS[game][slot][0]

    def said(move: dict) -> str:
        try:
            return form(move["action"], "infinitive", move.get("amount"))
        except ValueError:
            return move["action"]

    return [Blame(skill, f"La línea de esta mano es {said(line)}, no {said(chosen)}.")]
