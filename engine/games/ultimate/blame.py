"""Why a wrong answer about Ultimate Texas Hold'em failed (its ``blame`` facet): each bet's part of the
settlement, and what a common mistaken rule (another game's minimum for the dealer among them) would have
made of it. Ultimate has no table of its own: no decision skills.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...cards import parse_cards
from ...evaluation import kills_aces
from ...progress import Analysis, Blame, OtherGame
from .rules import BLIND_TABLE, DEFAULT_TRIPS_TABLE, TRIPS_TABLES, bet_line, settle

__all__ = ["BLAME", "DECISIONS"]

_UTH_PARTS = {"blind": ("blind",), "trips": ("trips",), "ante": ("ante",), "play": ("play",),
              "ante+play": ("ante", "play"), "total": ("ante", "blind", "play", "trips")}


def _uth_alternatives(result, bet: str, ante: int) -> list[tuple[Fraction, str, str]]:
    """``(value, skill, why)``: what ``bet`` would give under a common mistaken rule (the Ante's under
    another game's minimum: :func:`_pair_of_aces_dealer`)."""
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
    if "ante" not in values or not result.dealer_qualifies or kills_aces(result.dealer.strength):
        return None
    if result.outcome not in ("win", "lose") or sum(values.values()) - values["ante"] != given:
        return None
    return OtherGame("mata-ases.kill-aces", "Par de Ases es el mínimo de Mata Ases para matar los Ases; en Ultimate el "
                                            "crupier se clasifica con cualquier pareja.")


def _odds(odds: Fraction | int) -> str:
    odds = Fraction(odds)
    return f"{odds.numerator} a {odds.denominator}"


def _uth(spec: dict, given: Any) -> tuple[list[Blame], OtherGame | None]:
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


BLAME = {"uth": Analysis(_uth)}
DECISIONS = None
