"""What happens at a table, as frozen records (nouns, PokerKit style); wording is another layer.

Every record carries the ``street`` it happened on (the game's own name for it: ``"preflop"``, ``3``...)
and the ``deal`` (0, then one more for each extension or new deal of a game that plays them), set by the
table when it records it. Amounts are whole chips. ``all_in`` says the player has no chips left after
that step; ``short``, that a forced bet took all he had and was less than due.

>>> BettingOrRaisingTo("Ana", 60, added=40, kind="raise", full=True, street="preflop")
BettingOrRaisingTo(street='preflop', player='Ana', amount=60, added=40, kind='raise', full=True, all_in=False, reopened=())
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import Card

__all__ = [
    "AllChecking",
    "AllIn",
    "AntePosting",
    "BettingOpening",
    "BettingOrRaisingTo",
    "BlindPosting",
    "BoardDealing",
    "BoardTurning",
    "BringInPosting",
    "ButtonReturning",
    "Burning",
    "CheckingOrCalling",
    "ChipsReturning",
    "Dealing",
    "Exposing",
    "Extending",
    "Folding",
    "HandEnding",
    "HoleDealing",
    "Misdealing",
    "Mucking",
    "NextHand",
    "PotAwarding",
    "PotSplitting",
    "PotUnclaimed",
    "Record",
    "Runout",
    "ShareWinning",
    "ShowdownStarting",
    "Showing",
    "StreetEnding",
    "UncontestedWin",
]


@dataclass(frozen=True, kw_only=True)
class Record:
    """Base of every record: the street it happened on, and the deal."""

    street: Any = None
    deal: int = field(default=0, repr=False)


@dataclass(frozen=True)
class AntePosting(Record):
    """An ante: dead money for the pot, no bet (it does not count towards a call)."""

    player: str
    amount: int
    all_in: bool = False
    short: bool = False


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
    """A Bring In: a forced bet that counts as a bet; to stay in, the others put the full table minimum.
    ``card``: the face-up card that made ``player`` post it (the lowest), ``tie``: another card of its rank
    was up (the suits decided)."""

    player: str
    amount: int
    all_in: bool = False
    short: bool = False
    card: Card | None = None
    tie: bool = False


@dataclass(frozen=True)
class HoleDealing(Record):
    """Own cards dealt to ``player`` (``None`` for an unknown card), face up where ``up`` says so.

    A card dealt on a later street says ``how`` it came: ``"up"`` / ``"down"`` (the player chose; down
    turns his closed card up, ``turned``), ``"forced"`` (closed without a choice: nobody bet the round
    before), ``"kept"`` (closed: he had no closed card left), ``"runout"`` (closed: nobody can bet any more),
    ``"exposed"`` (face up by the dealer's mistake; ``"exposed-runout"`` once nobody bets); ``position``:
    the number of the card among his own."""

    player: str
    cards: tuple[Card | None, ...]
    up: tuple[bool, ...] = ()
    how: str = ""
    turned: tuple[Card, ...] = ()
    position: int = 0


@dataclass(frozen=True)
class Burning(Record):
    """A card burnt before the board (``None``: unseen, as always at a real table)."""

    card: Card | None = None


@dataclass(frozen=True)
class BoardDealing(Record):
    """Shared cards put in the middle: face up, or face down (``up`` False) to be turned later."""

    cards: tuple[Card, ...]
    up: bool = True


@dataclass(frozen=True)
class BoardTurning(Record):
    """The shared cards that lay face down are turned up."""

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
    """``player`` shows his hand: ``cards``; where the game values it as it shows, ``play`` (its valued
    play: name, cards, strength), and ``lone``: everybody else folded, with ``held``, his own cards."""

    player: str
    cards: tuple[Card, ...]
    play: Any = None
    lone: bool = False
    held: tuple[Card, ...] = ()


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
    bet); ``straddle``: ``after`` posted a straddle.

    ``reason``, where the street's opening is not the whole story: ``"high-card"`` / ``"high-hand"`` (the
    best face-up card / visible hand, ``cards``; ``value``: that hand, valued; ``tie``: an equal one lost on
    the suits; ``explain``: the first such opening of the hand), ``"bring-in"`` (the first left of the Bring
    In, with his ``options``), ``"exposed"`` (only the player whose card was exposed may act; ``first`` None:
    he is all-in and the round is lost); ``skipped``: a Bring In street played without it (an extension)."""

    player: str
    first: str | None
    after: str | None = None
    straddle: bool = False
    reason: str = ""
    cards: tuple[Card, ...] = ()
    tie: bool = False
    value: Any = None
    explain: bool = False
    skipped: bool = False
    options: tuple = ()


@dataclass(frozen=True)
class StreetEnding(Record):
    """A betting round is over: its bets join the pot (``pot``: chips in the middle); ``lost``: the player
    whose exposed card let only him act checked, and the round is lost for everybody."""

    pot: int
    lost: str | None = None


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
    the button), ``"opener"`` (nobody bet: who opened the last round), ``"all_in"`` (the hands were already
    shown for an all-in, TDA 16) or ``"face_up"`` (every hand is already face up); ``tabled``: a player in
    the showdown is all-in, so every hand is shown and none may be mucked (TDA 16)."""

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


# ---------------------------------------------------------------------------------------------
# A game of face-up cards, deals and extensions (Mata Ases): what else happens at its table.

@dataclass(frozen=True)
class AllIn(Record):
    """``player`` has no chips left but stays in the hand; ``amount``: all he has put in it."""

    player: str
    amount: int


@dataclass(frozen=True)
class Dealing(Record):
    """A deal begins: everybody's first own cards, from the left of ``player`` (the button); ``cards``:
    the face-up ones, in dealing order."""

    player: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Exposing(Record):
    """The dealer exposes ``player``'s closed card (``card``) by mistake while dealing."""

    player: str
    card: Card


@dataclass(frozen=True)
class Misdealing(Record):
    """A card exposed while dealing voids the deal: ``refunds`` (each player's chips back); ``void``: the
    whole hand is void (else the deal is dealt again)."""

    refunds: tuple[tuple[str, int], ...]
    void: bool


@dataclass(frozen=True)
class AllChecking(Record):
    """Nobody bet in the round: every own card is turned face up."""


@dataclass(frozen=True)
class ShareWinning(Record):
    """``player`` wins ``amount`` chips of pot ``index`` (of ``pots``), which held ``pot``: alone or with the
    other ``winners``; ``qualified``: some hand in that pot reached the qualifying hand; ``lone``: everybody
    else had folded; ``cards``: his play; ``odd_card``: the own card that gave him the chip a split could
    not divide (None: none)."""

    player: str
    amount: int
    pot: int
    index: int
    pots: int
    winners: tuple[str, ...]
    qualified: bool = True
    lone: bool = False
    cards: tuple[Card, ...] = ()
    odd_card: Card | None = None


@dataclass(frozen=True)
class PotUnclaimed(Record):
    """No hand reached the qualifying hand: the pot of ``amount`` is not collected (``player``: the only
    one left, when everybody else folded)."""

    amount: int
    player: str | None = None


@dataclass(frozen=True)
class Extending(Record):
    """Extension number ``number`` of the hand, between ``players`` (``returning``: those among them who had
    folded but paid in the deal; ``lone``: it follows a lone player), with ``pot`` still in play and
    ``player`` the new button; ``forced``: its forced bet (``"ante"``, ``"none"``: the button has no chips,
    ``"no-bring-in"``)."""

    number: int
    players: tuple[str, ...]
    returning: tuple[str, ...]
    lone: bool
    pot: int
    player: str
    forced: str


@dataclass(frozen=True)
class PotSplitting(Record):
    """After the last extension without a winner, pot ``index`` (of ``pots``) of ``amount`` is divided as
    ``shares``, after ``extensions`` extensions; ``odd``: who got a chip that could not be divided, with
    the own card that gave it."""

    amount: int
    index: int
    pots: int
    shares: tuple[tuple[str, int], ...]
    extensions: int
    odd: tuple[tuple[str, Card], ...] = ()


@dataclass(frozen=True)
class ButtonReturning(Record):
    """After the extensions, the button goes where it would have gone without them: to ``player``."""

    player: str


@dataclass(frozen=True)
class HandEnding(Record):
    """The hand is over (``void``: without a pot to share, after a misdeal)."""

    void: bool = False
