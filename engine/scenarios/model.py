"""The practice-hand model: a parsed scenario, the same for every game.

Plain frozen data with the source line of every value, so that each layer can blame a line:
:mod:`engine.scenarios.format` builds it from an author's file and :mod:`engine.scenarios.json` from the
browser's JSON; the play layer (:mod:`engine.play`) plays it and :mod:`engine.authoring.check` checks it.

A scenario has the keys every game shares (title, order, lesson, seats, button, script, outcomes, the
page's text) and its game's own fields (``fields``: the table of the hand, its cards; parsed by the
game's ``authoring`` module, :mod:`engine.games.mata_ases.authoring`, :mod:`engine.games.holdem.authoring`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Protocol

from ..errors import EngineError
from ..keyvalue import Problem
from ..table.words import YOU

__all__ = ["READER", "SLOTS", "Authoring", "Move", "Outcome", "Pot", "Problem", "Scenario", "ScenarioError", "ScriptLine",
           "Seat"]

#: The reader of the site, who plays against the scripted opponents.
READER = YOU

#: The decisions a script answers: how a card is received, what to do unopposed, facing a bet.
SLOTS = ("card", "open", "facing")


class ScenarioError(EngineError):
    """A scenario cannot be used; ``problems`` lists every reason, each with its line."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class Seat:
    name: str
    stack: int
    line: int


@dataclass(frozen=True)
class Move:
    """One word of a script: ``action`` (the table's id), its ``amount`` (a bet or raise's total; None:
    the least) or ``all_in``, the ``word`` as written and its ``line``; ``otherwise``: the move written
    after «o» («sube a 100 o paga»), taken when this one is not allowed."""

    action: str
    word: str
    line: int
    amount: int | None = None
    all_in: bool = False
    otherwise: "Move | None" = None


@dataclass(frozen=True)
class ScriptLine:
    """What ``player`` does in ``round`` (the game's street; None: every street), for the hands that
    ``where`` says (qualifiers such as ``{"modality": "bring-in", "deal": 2}``; empty: every one): his
    moves by kind of decision (``"card"``, ``"open"``, ``"facing"``), each list in the order his
    decisions of that kind come in the round (the last repeats)."""

    player: str
    line: int
    round: Any
    moves: dict[str, tuple[Move, ...]]
    where: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Pot:
    amount: int
    winners: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Outcome:
    """What the author claims happens along the default line, for one of the hand's variants (``key``:
    a Mata Ases modality; ``""`` for a game without them): the pots, the final stacks, and the game's
    own claims (``extra``: the extensions of a Mata Ases hand, each player's play at the showdown)."""

    key: str
    line: int
    pots: tuple[Pot, ...] = ()
    stacks: dict[str, int] = field(default_factory=dict)
    stacks_line: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Scenario:
    """A practice hand. ``name`` is the file name without ``.md``; ``path`` is shown in messages; ``game``
    the registry's id (:mod:`engine.games`); ``fields`` the game's own (see the module docstring);
    ``variants`` the ways it is played (a Mata Ases hand's modalities; ``(None,)`` for a game without
    them); ``lines``: the line of each top-level key (normalised), for messages."""

    name: str
    path: str
    game: str
    title: str
    order: int
    lesson: str
    seats: tuple[Seat, ...]
    button: str
    script: tuple[ScriptLine, ...]
    outcomes: dict[str, Outcome]
    fields: Any = None
    variants: tuple = (None,)
    body: str = ""
    #: Source line of the first line of ``body``.
    body_line: int = 1
    lines: dict[str, int] = field(default_factory=dict)
    #: The order the qualifiers of the game's script sections weigh in (the more specific first).
    qualifiers: tuple[str, ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def opponents(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats if seat.name != READER)

    @property
    def modalities(self) -> tuple[str, ...]:
        """The hand's variants that have a name (a Mata Ases hand's modalities; none for Hold'em)."""
        return tuple(v for v in self.variants if v is not None)

    def line_of(self, key: str, default: int = 1) -> int:
        return self.lines.get(key, default)

    def specificity(self, entry: ScriptLine) -> tuple[bool, ...]:
        """Sort key of a script line: one for a qualifier (the game's order), then for its round."""
        return tuple(q in entry.where for q in self.qualifiers) + (entry.round is not None,)

    def entries(self, player: str, round_: Any, where: dict[str, Any]) -> list[ScriptLine]:
        """The script lines that apply to ``player`` in ``round_`` of a hand ``where`` says, most specific
        first."""
        found = [e for e in self.script if e.player == player and e.round in (None, round_)
                 and all(where.get(k) == v for k, v in e.where.items())]
        found.sort(key=self.specificity, reverse=True)
        return found

    def moves(self, player: str, round_: Any, slot: str, where: dict[str, Any]) -> tuple[tuple[Move, ...], int]:
        """The script's moves for ``player``'s decisions of kind ``slot``, and their line; ``((), line)``
        when the script is silent (the line to blame: :meth:`script_line`)."""
        for entry in self.entries(player, round_, where):
            if slot in entry.moves:
                return entry.moves[slot], entry.line
        return (), self.script_line(player, round_, where)

    def script_line(self, player: str, round_: Any, where: dict[str, Any]) -> int:
        """The line to blame when the script is silent: the most specific line that applies, else the
        player's first line for this hand, else the «guion:» line."""
        entries = self.entries(player, round_, where)
        if entries:
            return entries[0].line
        own = [e.line for e in self.script
               if e.player == player and all(where.get(k) == v for k, v in e.where.items())]
        return min(own) if own else self.line_of("guion", 1)


class Authoring(Protocol):
    """What a game's ``authoring`` module gives (:attr:`engine.games.Game.authoring`): its part of the
    format (:mod:`engine.scenarios.format` reads the rest), of the JSON, of the play and of the check.
    ``fields`` is the game's own parsed data (``Scenario.fields``); ``out`` collects problems with lines."""

    # Reading a file: its keys (normalised -> field id), how authors write them, which are required and
    # which open a block; numbered keys («reparto 2»); the qualifiers of «guion …»/«resultado …» sections
    # (the most specific first); its rounds; the help sentences of its messages.
    KEYS: dict[str, str]
    NAMES: dict[str, str]
    REQUIRED: tuple[str, ...]
    BLOCKS: tuple[str, ...]
    NUMBERED_NAMES: list[str]
    QUALIFIERS: tuple[str, ...]
    SCRIPT_HELP: str
    ROUNDS_HELP: str
    OUTCOME_HELP: str
    #: Its rounds: each street as the script names it («3ª carta»), and how authors may write each
    #: (normalised; None: every round, «siempre»).
    ROUNDS: dict
    ROUND_WORDS: dict
    #: What the game calls a pot, and what a script line may be for (in the check's messages).
    POT_WORD: str
    WHERE_WORDS: str
    parse: Callable[..., Any]             # (fields, numbered, seats, button node, out) -> fields or None
    numbered: Callable[[str], Any]        # «reparto 2» -> ("reparto", 2); None for another key
    numbered_name: Callable[[str, int], str]
    qualifiers: Callable[[str], tuple]    # a section's words after «guion» -> (where, what is left unread)
    qualifiers_help: Callable[[str], str]
    check_where: Callable[..., None]      # (where, fields, line, out): qualifiers the hand can use
    round_phrase: Callable[[Any, dict], str]  # in running text («la 3ª carta del reparto 2»)
    card_choice_refused: Callable[[Any, str], Any]  # why «abierta»/«cerrada» cannot be written there
    variants: Callable[[Any], tuple]      # the ways a hand is played (a Mata Ases hand's modalities; (None,))
    variant_name: Callable[[Any], str]
    variant_where: Callable[[Any], dict]  # the qualifiers of the script lines written for one variant
    variants_note: Callable[[Any], tuple]  # what the hand's page says of them: (bold part, the rest)
    outcome_keys: Callable[..., list]     # the variants a «resultado …» section is for
    outcome_item: Callable[..., Any]      # a result's line of the game's own: True read, False wrong, None not its
    cards_of: Callable[[Any], tuple]      # every card dealt, and the reader's own (checks the page's text)
    # As JSON, and back.
    to_json: Callable[[Any], dict]
    from_json: Callable[[dict, Callable], Any]
    extra_from_json: Callable[[dict], dict]
    # Playing it (the play layer) and checking it (engine.authoring.check).
    practice: Callable[[Any, Any], Any]   # (scenario, variant) -> engine.table.game.Practice
    situation: Callable[[Any], Any]       # a hand in play -> the engine.table.game.Situation its script answers
    line_of_field: Callable[[Any, Any], int]  # the file's line a refused table field comes from
    fork: Callable[[Any, Any], Any]       # an independent copy of a hand in play
    explore_key: Callable[[Any, Any], Any]  # where paths that reach the same point go on alike; None: nowhere
    compare_extra: Callable[..., list]    # the game's own claims against the hand's end: [(line, message)]
    check_prose: Callable[..., list]      # the page's text against the hand's end: [(line, message)]
