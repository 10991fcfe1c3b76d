"""What happens at a table, as frozen records (nouns, PokerKit style); wording is another layer.

Every record carries the ``street`` it happened on (the game's own name for it: ``"preflop"``, ``3``...),
set by the table when it records it. Amounts are whole chips. ``all_in`` says the player has no chips
left after that step.

>>> BettingOrRaisingTo("Ana", 60, added=40, kind="raise", full=True, street="preflop")
BettingOrRaisingTo(street='preflop', player='Ana', amount=60, added=40, kind='raise', full=True, all_in=False, reopened=())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card

__all__ = [
    "AntePosting",
    "BettingOpening",
    "BettingOrRaisingTo",
    "BlindPosting",
    "BoardDealing",
    "BringInPosting",
    "Burning",
    "CheckingOrCalling",
    "ChipsReturning",
    "Folding",
    "HoleDealing",
    "Mucking",
    "NextHand",
    "PotAwarding",
    "Record",
    "Runout",
    "ShowdownStarting",
    "Showing",
    "StreetEnding",
    "UncontestedWin",
]


@dataclass(frozen=True, kw_only=True)
class Record:
    """Base of every record: the street it happened on."""

    street: Any = None


@dataclass(frozen=True)
class AntePosting(Record):
    """An ante: dead money for the pot, no bet (it does not count towards a call)."""

    player: str
    amount: int
    all_in: bool = False


@dataclass(frozen=True)
class BlindPosting(Record):
    """A blind or straddle: a live bet posted before the cards (``kind``: ``"small"``, ``"big"``,
    ``"straddle"`` or the game's own word)."""

    player: str
    amount: int
    kind: str = "big"
    all_in: bool = False


@dataclass(frozen=True)
class BringInPosting(Record):
    """A Bring In: a forced bet that counts as a bet; to stay in, the others put the full table minimum."""

    player: str
    amount: int
    all_in: bool = False


@dataclass(frozen=True)
class HoleDealing(Record):
    """Own cards dealt to ``player`` (``None`` for an unknown card), face up where ``up`` says so."""

    player: str
    cards: tuple[Card | None, ...]
    up: tuple[bool, ...] = ()


@dataclass(frozen=True)
class Burning(Record):
    """A card burnt before the board (``None``: unseen, as always at a real table)."""

    card: Card | None = None


@dataclass(frozen=True)
class BoardDealing(Record):
    """Shared cards turned face up in the middle."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Folding(Record):
    player: str
    #: Nobody had bet: checking was free (allowed where the game says so; TDA: the fold stands).
    free: bool = False


@dataclass(frozen=True)
class CheckingOrCalling(Record):
    """A check (``amount == 0``) or a call of ``amount`` chips (all-in for less included)."""

    player: str
    amount: int
    all_in: bool = False


@dataclass(frozen=True)
class BettingOrRaisingTo(Record):
    """A bet or a raise to ``amount`` (the player's total of the round); ``added`` chips put in now.

    ``full`` is False for an all-in short of a full bet or raise, which does not reopen the betting
    for those who already acted (TDA 47)."""

    player: str
    amount: int
    added: int
    kind: str = "bet"
    full: bool = True
    all_in: bool = False
    #: Players who had acted and may raise again although this raise is short: with the short
    #: all-ins before it, it adds up to a full raise against what each of them faced (TDA 47).
    reopened: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChipsReturning(Record):
    """The part of a bet nobody matched goes back to its owner (it makes no pot)."""

    player: str
    amount: int


@dataclass(frozen=True)
class Showing(Record):
    player: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Mucking(Record):
    """A player gives up his claim at the showdown without showing."""

    player: str


@dataclass(frozen=True)
class PotAwarding(Record):
    """Pot ``index`` (0 = the main pot) of ``amount`` chips, shared as ``shares`` (odd-chip order)."""

    index: int
    amount: int
    shares: tuple[tuple[str, int], ...]

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.shares)


# ---------------------------------------------------------------------------------------------
# The dealer's and the showdown's steps of a hand (:class:`engine.table.hand.Hand`).

@dataclass(frozen=True)
class BettingOpening(Record):
    """Who opens a betting round (``player``: on a :data:`~.rules.Opening.LEFT_OF_BLINDS` street the first
    left of ``after``, the largest blind or straddle; otherwise the first player still in left of the
    button), and the one to act (``first``: the next one when the opener is all-in; None when nobody can
    bet); ``straddle``: ``after`` posted a straddle."""

    player: str
    first: str | None
    after: str | None = None
    straddle: bool = False


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
    """The showdown's order: ``order`` shows in turn; ``reason``: ``"aggressor"`` (the last bettor or
    raiser of the last round shows first, TDA 17), ``"first_left"`` (nobody bet: the first player left of
    the button) or ``"all_in"`` (the hands were already shown for an all-in, TDA 16); ``tabled``: a
    player in the showdown is all-in, so every hand is shown and none may be mucked (TDA 16)."""

    order: tuple[str, ...]
    reason: str
    tabled: bool = False


@dataclass(frozen=True)
class NextHand(Record):
    """The next hand's button and blinds (dead-button rule); ``small_blind`` None: no small blind;
    ``dead_button``: the button stays on the seat of a player who is out."""

    button: str
    small_blind: str | None
    big_blind: str
    dead_button: bool
    busted: tuple[str, ...] = ()
