"""A practice hand ready for the play layer's practice mode (:class:`engine.play.session.PracticeSession`):
the hand dealt to its first decision, the dealer's steps with the author's cards, the script's answer
at each decision, and an error of the hand in the author's words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..errors import EngineError
from ..games.mata_ases.records import MissingDealError
from ..table.game import Move
from .model import GAME, Scenario
from .script import decide, missing_deal_gap, new_hand, situation_of

__all__ = ["Practice", "practice"]


@dataclass
class Practice:
    """``hand``, ``deal`` (the dealer's steps after each decision, or None), ``decide(hand)`` (the script's
    move for whoever is to act) and ``fail(hand, error)`` (the error to raise for an error of the hand)."""

    hand: Any
    deal: Callable[[Any], None] | None
    decide: Callable[[Any], Move]
    fail: Callable[[Any, EngineError], EngineError]


def _move(made: dict) -> Move:
    return Move(made["action"], made.get("amount"))


def practice(scenario: Scenario, modality: str | None) -> Practice:
    """The practice hand of ``scenario`` (in ``modality`` for Mata Ases).

    :raises EngineError: when the engine cannot set the table up (line 1 of the scenario)."""
    try:
        if scenario.game == GAME:
            from . import holdem_play  # a Mata Ases page never loads Hold'em (the play layer's practice: issue 39)
            hand = holdem_play.new_hand(scenario)
            return Practice(hand, lambda h: holdem_play.deal(h, scenario),
                            lambda h: _move(holdem_play.decide(scenario, h)), lambda h, exc: exc)
        hand = new_hand(scenario, modality)
    except EngineError as exc:
        error = EngineError(f"El motor no puede jugar la mano «{scenario.name}»: {exc}")
        error.code = exc.code  # the cause's code (a RequestError's constructor takes a field too)
        raise error.locate(line=1) from None

    def fail(h, exc: EngineError) -> EngineError:
        return missing_deal_gap(scenario, h, exc) if isinstance(exc, MissingDealError) else exc
    return Practice(hand, None, lambda h: _move(decide(scenario, modality, situation_of(h))), fail)
