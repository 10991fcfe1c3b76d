"""The practice-hand model: a parsed scenario, its seats, deals, script and claimed outcomes.

Plain frozen data with the source line of every value, so that each layer can blame a line:
:mod:`engine.scenarios.format` builds it from an author's file, :mod:`engine.scenarios.json`
from the browser's JSON, and :mod:`engine.scenarios.script` / :mod:`engine.scenarios.check`
play it in the hand engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from ..cards import Card
from ..errors import EngineError
from ..games.mata_ases.records import MODALITIES
from ..games.mata_ases.texts import MODALITY_NAMES
from ..keyvalue import Problem
from ..table.words import YOU

#: The game id of a Texas Hold'em practice hand (``"game"`` of its JSON; a Mata Ases hand has none or
#: ``"mata-ases"``). Here, not in :mod:`.holdem_format`: a Mata Ases page never imports the Hold'em modules.
GAME = "holdem"

__all__ = [
    "MODALITIES",
    "FIELD_KEYS",
    "MODALITY_NAMES",
    "READER",
    "ROUNDS",
    "ROUND_NAMES",
    "SLOTS",
    "Deal",
    "Outcome",
    "PlayClaim",
    "Pot",
    "Problem",
    "Scenario",
    "ScenarioError",
    "ScriptEntry",
    "Seat",
    "Slot",
]

#: The reader of the site, who plays against the scripted opponents (the hand engine's ``YOU``);
#: modality ids (the hand engine's, as in the ``mata-ases-hand`` request) and their Spanish names.
READER, MODALITY_NAMES = YOU, MODALITY_NAMES

#: Betting rounds, named by the number of own cards each player holds during the round.
#: Which key of the author's file each field of the hand engine's request (:meth:`Scenario.hand_request`)
#: comes from; ``seats[i]`` and ``deals[i]`` come from their own lines.
FIELD_KEYS = {"seats": "asientos", "button": "boton", "modality": "modalidades", "betting": "apuestas",
              "stakes": "minimo", "stakes.minimum": "minimo", "stakes.ante": "ante", "stakes.bring_in": "bring in"}

ROUNDS = (2, 3, 4, 5)
ROUND_NAMES = {2: "1ª ronda", 3: "3ª carta", 4: "4ª carta", 5: "5ª carta"}

#: The decisions a script answers: how a card is received, what to do unopposed, facing a bet.
SLOTS = ("card", "open", "facing")


# ---------------------------------------------------------------------------------------------
# Problems.

class ScenarioError(EngineError):
    """A scenario cannot be used; ``problems`` lists every reason, each with its line."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


# ---------------------------------------------------------------------------------------------
# The parsed scenario.

@dataclass(frozen=True)
class Seat:
    name: str
    stack: int
    line: int


@dataclass(frozen=True)
class Deal:
    """The cards of one hand: the original deal is number 1, each extension adds one."""

    number: int
    line: int
    #: Own cards of each player, in the order received.
    cards: dict[str, tuple[Card, ...]]
    ayudas: tuple[Card, ...]
    #: Cards the dealer exposes by mistake: (player, card number 1..5).
    exposed: tuple[tuple[str, int], ...] = ()
    #: Source line of each player's cards, and of the ayudas (key ``""``).
    lines: dict[str, int] = field(default_factory=dict)

    def request(self) -> dict:
        """This deal as the ``mata-ases-hand`` request expects it."""
        out: dict[str, Any] = {
            "cards": {name: [str(c) for c in cards] for name, cards in self.cards.items()},
            "ayudas": [str(c) for c in self.ayudas],
        }
        if self.exposed:
            out["exposed"] = [{"player": p, "card": n} for p, n in self.exposed]
        return out


@dataclass(frozen=True)
class Slot:
    """One scripted answer: the action id (``"up"``, ``"check"``, ``"call"``...), the word, its line."""

    action: str
    word: str
    line: int


@dataclass(frozen=True)
class ScriptEntry:
    """What a player does in one round (or in every round, when ``round`` is None).

    ``modality`` and ``deal`` restrict the entry to one modality or one deal (None: all).
    """

    player: str
    line: int
    round: int | None = None
    modality: str | None = None
    deal: int | None = None
    slots: dict[str, Slot] = field(default_factory=dict)

    @property
    def specificity(self) -> tuple[bool, bool, bool]:
        """Sort key: a section for one deal beats one for a modality, which beats the general
        script; inside the same kind of section, a round's line beats «siempre»."""
        return (self.deal is not None, self.modality is not None, self.round is not None)


@dataclass(frozen=True)
class Pot:
    amount: int
    winners: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class PlayClaim:
    """The five cards the author says a player shows down with (own cards and at most one ayuda)."""

    player: str
    cards: tuple[Card, ...]
    line: int


@dataclass(frozen=True)
class Outcome:
    """What the author claims happens along the default line in one modality."""

    modality: str
    line: int
    pots: tuple[Pot, ...] = ()
    stacks: dict[str, int] = field(default_factory=dict)
    stacks_line: int = 0
    extensions: int | None = None
    extensions_line: int = 0
    #: «jugada Tú: …» lines: the play of a player at the (last) showdown.
    plays: tuple[PlayClaim, ...] = ()


@dataclass(frozen=True)
class Scenario:
    """A practice hand. ``name`` is the file name without ``.md``; ``path`` is shown in messages."""

    name: str
    path: str
    title: str
    order: int
    lesson: str
    modalities: tuple[str, ...]
    seats: tuple[Seat, ...]
    button: str
    ante: int
    bring_in: int
    minimum: int
    betting: str
    deals: tuple[Deal, ...]
    script: tuple[ScriptEntry, ...]
    outcomes: dict[str, Outcome]
    body: str = ""
    #: Source line of the first line of ``body``.
    body_line: int = 1
    single_modality_reason: str = ""
    #: Line of each top-level field (normalised key -> line), for messages.
    lines: dict[str, int] = field(default_factory=dict)
    #: The game (``juego:``): always Mata Ases here (Hold'em hands are
    #: :class:`engine.scenarios.holdem_format.HoldemScenario`, whose game is :data:`GAME`).
    game: str = "mata-ases"

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def opponents(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats if seat.name != READER)

    def line_of(self, key: str, default: int = 1) -> int:
        return self.lines.get(key, default)

    def line_of_field(self, field: str | None) -> int:
        """The line of the file that the :meth:`hand_request` field ``field`` (an error's ``field``:
        ``"seats[2].stack"``, ``"deals[1].cards.Ana[0]"``, ``"stakes.ante"``) comes from; 1 when unknown."""
        if not field:
            return 1
        name, bracket, rest = field.partition("[")
        if bracket and name in ("seats", "deals"):
            items = self.seats if name == "seats" else self.deals
            index = rest.partition("]")[0]
            if index.isdigit() and int(index) < len(items):
                return items[int(index)].line
        for prefix in (field, field.partition(".")[0], name):
            if prefix in FIELD_KEYS:
                return self.line_of(FIELD_KEYS[prefix])
        return 1

    def hand_request(self, modality: str, actions: list[dict] | None = None) -> dict:
        """The ``mata-ases-hand`` request for this scenario in ``modality`` with ``actions``."""
        return {
            "modality": modality,
            "stakes": {"ante": self.ante, "bring_in": self.bring_in, "minimum": self.minimum},
            "betting": self.betting,
            "seats": [{"name": s.name, "stack": s.stack} for s in self.seats],
            "button": self.button,
            "deals": [deal.request() for deal in self.deals],
            "actions": list(actions or []),
        }

    def entries(self, player: str, modality: str, deal: int, round_: int) -> list[ScriptEntry]:
        """The script entries that apply, most specific first (deal, then modality, then round)."""
        found = [e for e in self.script
                 if e.player == player
                 and e.modality in (None, modality)
                 and e.deal in (None, deal)
                 and e.round in (None, round_)]
        found.sort(key=lambda e: e.specificity, reverse=True)
        return found

    def slot(self, player: str, modality: str, deal: int, round_: int, slot: str) -> Slot | None:
        """The scripted answer for one decision, or None when the script is silent."""
        for entry in self.entries(player, modality, deal, round_):
            if slot in entry.slots:
                return entry.slots[slot]
        return None

    def script_line(self, player: str, modality: str, deal: int, round_: int) -> int:
        """The line to blame when the script is silent: the most specific entry that applies, else the
        player's first line that applies to this modality and deal, else the «guion:» line."""
        entries = self.entries(player, modality, deal, round_)
        if entries:
            return entries[0].line
        own = [e.line for e in self.script
               if e.player == player and e.modality in (None, modality) and e.deal in (None, deal)]
        return min(own) if own else self.line_of("guion", 1)


