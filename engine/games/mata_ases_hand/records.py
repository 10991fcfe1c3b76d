"""Set-up values, records and errors of a Mata Ases hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from ...cards import Card
from ...errors import EngineError

MODALITIES = ("boton-ante", "bring-in")
BETTINGS = ("fixed", "no-limit")
#: Every decision a player can make; "up"/"down" choose how the next own card comes.
ACTIONS = ("check", "bet", "call", "raise", "fold", "up", "down")
MIN_PLAYERS = 2
#: The rulebook recommends at most two extensions; then the pot is split.
MAX_EXTENSIONS = 2


# ---------------------------------------------------------------------------------------------
# Errors.

class HandError(EngineError):
    """Base class of the errors of a Mata Ases hand."""


class HandSetupError(HandError):
    """The table, the stakes or a deal cannot be played (names, stacks, missing cards...)."""


class MissingDealError(HandSetupError):
    """The hand needs another deal (an extension, or a redeal) that was not given."""


class HandActionError(HandError):
    """A decision that the rules do not allow now; the message says what is allowed."""


class HandOverError(HandActionError):
    """A decision after the hand ended (or was void)."""


class NotYourTurnError(HandActionError):
    """A decision by a player who is not the one to act."""


class IllegalActionError(HandActionError):
    """A decision the player to act cannot make now (check facing a bet, raise in fixed mode...)."""


class InvalidAmountError(HandActionError):
    """A bet or raise of the wrong size."""


# ---------------------------------------------------------------------------------------------
# Set-up and records.

@dataclass(frozen=True)
class Stakes:
    """Table stakes: the minimum bet, the Botón Ante ante, the Bring In."""

    minimum: int
    ante: int = 0
    bring_in: int = 0


@dataclass(frozen=True)
class Seat:
    name: str
    stack: int


@dataclass(frozen=True)
class Exposure:
    """The dealer exposes a card by mistake: ``card`` is its position (1-5) in ``player``'s order."""

    player: str
    card: int


@dataclass(frozen=True)
class Deal:
    """The cards of one deal: five own cards per player in the order received, and three ayudas."""

    cards: Mapping[str, tuple[Card, ...]]
    ayudas: tuple[Card, ...]
    exposed: tuple[Exposure, ...] = ()

    @classmethod
    def from_deck(cls, names: Sequence[str], deck: Sequence[Card], *,
                  exposed: Iterable[Exposure] = ()) -> Deal:
        """Five cards per player (in ``names`` order, consecutive) and then three ayudas from ``deck``."""
        cards = {name: tuple(deck[5 * i:5 * i + 5]) for i, name in enumerate(names)}
        start = 5 * len(names)
        return cls(cards, tuple(deck[start:start + 3]), tuple(exposed))


@dataclass(frozen=True, slots=True)
class Event:
    """One step of the hand, explained. :meth:`to_json` gives the protocol shape."""

    type: str
    street: int | str
    deal: int
    player: str | None
    amount: int | None
    cards: tuple[str, ...] | None
    text: str
    cite: str | None
    table: dict

    def to_json(self) -> dict:
        return {
            "type": self.type,
            "street": self.street,
            "deal": self.deal,
            "player": self.player,
            "amount": self.amount,
            "cards": list(self.cards) if self.cards is not None else None,
            "text": self.text,
            "cite": self.cite,
            "table": self.table,
        }


@dataclass(frozen=True, slots=True)
class Move:
    """A player's decision and everything it caused."""

    player: str
    action: str
    amount: int | None
    events: tuple[Event, ...]


@dataclass(frozen=True)
class PotResult:
    """A settled pot: its chips and who took them (several when split)."""

    amount: int
    winners: tuple[str, ...]
