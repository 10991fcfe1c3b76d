"""Texas Hold'em's own records and errors (the table core's are in :mod:`engine.table`)."""

from __future__ import annotations

from dataclasses import dataclass

from ...table import ActionError, Record

__all__ = ["BettingOpening", "DealError", "DuplicateCardError", "MissingCardsError", "NextHand", "Runout",
           "ShowdownStarting", "StreetEnding", "UncontestedWin"]


class DealError(ActionError):
    """A dealer's step the hand does not expect now (board before the hole cards, five flop cards...)."""

    code = "illegal-deal"


class DuplicateCardError(DealError):
    """A card dealt twice: a deck has one of each."""

    code = "duplicate-card"


class MissingCardsError(DealError):
    """The showdown needs a player's cards (or a board card) that the hand never gave."""

    code = "missing-cards"


@dataclass(frozen=True)
class BettingOpening(Record):
    """Who opens a betting round (``player``: before the flop the first left of ``after``, the largest
    blind or straddle; after it, the first player still in left of the button), and the one to act
    (``first``: the next one when the opener is all-in; None when nobody can bet)."""

    player: str
    first: str | None
    after: str | None = None


@dataclass(frozen=True)
class StreetEnding(Record):
    """A betting round is over: its bets join the pot (``pot``: chips in the middle)."""

    pot: int


@dataclass(frozen=True)
class Runout(Record):
    """Nobody can bet any more (all-in): the hands are shown and the rest of the board is dealt."""


@dataclass(frozen=True)
class UncontestedWin(Record):
    """Everybody else folded: ``player`` takes the pot without showing."""

    player: str


@dataclass(frozen=True)
class ShowdownStarting(Record):
    """The showdown's order (TDA 16): ``order`` shows in turn; ``reason``: ``"aggressor"`` (the last
    bettor or raiser of the river shows first), ``"first_left"`` (nobody bet: the first player left of
    the button) or ``"all_in"`` (the hands were already shown for an all-in)."""

    order: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class NextHand(Record):
    """The next hand's button and blinds (dead-button rule); ``small_blind`` None: no small blind;
    ``dead_button``: the button stays on the seat of a player who is out."""

    button: str
    small_blind: str | None
    big_blind: str
    dead_button: bool
    busted: tuple[str, ...] = ()
