"""What the play layer (:mod:`engine.play`) asks of a game played at a table: the few things only the game
knows. A game gives one :class:`TableGame` (its module's ``GAME``, found through :mod:`engine.games`);
the sessions, the seats and their players, the replies and the protocol are the play layer's, the same
for every game.

- every mode: the hand's viewer (:meth:`TableGame.viewer`, the table page's replies);
- the free table: its setup (:meth:`TableGame.free_setup`, checked; :meth:`TableGame.setup_form`, the
  form a page draws) and its :class:`FreeTable` (the hands dealt at it, one after another), and what a
  bot of each style decides (:meth:`TableGame.bot`);
- the replay of a hand history (:meth:`TableGame.recording`), and the history of a hand played here
  (:meth:`FreeTable.history`), the text a share link and a download carry;
- «Revisión de la mano» (:mod:`engine.review`): the bots' policy without words (:meth:`TableGame.policy`) and
  the hand's :class:`Worlds` — those the reader's seat could not tell apart (:meth:`FreeTable.world`; a
  practice hand's :attr:`Practice.worlds`; a history's :attr:`Recording.review`) and the unit of its losses.

:class:`engine.table.hand_game.HandGame` gives all of it for a game made of a table hand's data
(Texas Hold'em, or a test's toy game).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from ..cards import DECK, Card

from ..errors import EngineError, RequestError
from ..requests import MAX_REQUEST_CHARS, bounded
from .bots import MAX_SEED, STYLE_NAMES
from .coach import WORDS as COACH_WORDS
from .texts import HandWords, event, part_title
from .view import HandViewer
from .words import FREE_TABLE, OVER, YOU

__all__ = ["ASSUMED_STYLE", "HISTORY_ASSUMED", "SCRIPT_ASSUMED", "Chance", "FreeTable", "Move", "Practice", "Recording",
           "Replayed", "ScriptGap", "Situation", "TableGame", "Worlds", "assumed_worlds", "check_moves", "play_move",
           "read_moves", "read_seed", "read_stack", "redrawn", "world_pick"]


@dataclass(frozen=True)
class Move:
    """A decision: ``action`` (``check``, ``bet``...), ``amount`` (a bet or raise's round total) and, for a
    bot, its ``reason`` in Spanish (shown after the hand): the sentence, or what words it when it is shown
    (a function of no arguments over what the bot saw), so that a click words no reason the page does not
    show yet."""

    action: str
    amount: int | None = None
    reason: str | Callable[[], str] | None = None

    def as_json(self) -> dict:
        return {"action": self.action} if self.amount is None else {"action": self.action, "amount": self.amount}


@dataclass(frozen=True)
class Situation:
    """A decision a practice hand's script answers (:func:`engine.scenarios.script.decide`), as the game
    describes it: whose it is (``player``), in which ``round`` of the script (a street), of which kind
    (``slot``: ``"card"``, ``"open"``: nobody has bet, ``"facing"``: a bet to call), for which hand
    (``where``: the qualifiers of the game's script sections, such as a modality and a deal), the legal
    options (``can``, by action), how many decisions of that kind the player has made in the round
    (``made``), and the words of its messages: ``when`` («3ª carta, Botón Ante», «flop»), ``facing`` (what
    is to be called, when a bet is), ``fixed`` (fixed betting: no raises)."""

    player: str
    round: Any
    slot: str
    where: dict
    can: dict
    made: int = 0
    when: str = ""
    facing: str | None = None
    fixed: bool = False


def _same(hand, error: EngineError) -> EngineError:
    return error


#: The style a review gives a seat whose bot it does not know (a practice hand's script, a history that does
#: not say): the engine's middle style.
ASSUMED_STYLE = STYLE_NAMES[1]
#: What a review says of those seats (:attr:`Worlds.assumed`): a practice hand's, a history's.
SCRIPT_ASSUMED = (f"En una mano de práctica los rivales siguen su guion: aquí se valoran como bots de estilo "
                  f"{ASSUMED_STYLE}, que no siempre harían lo que hace el guion.")
HISTORY_ASSUMED = (f"La historia no dice cómo juegan los rivales: aquí se valoran como bots de estilo "
                   f"{ASSUMED_STYLE}.")


@dataclass
class Worlds:
    """What «Revisión de la mano» (:mod:`engine.review`) asks of a hand besides its decisions: ``world(view,
    draw)``, the hand dealt again from its start as one of the worlds the reader's seat could not tell apart
    at ``view`` (see :meth:`FreeTable.world`), with its dealer's steps; the ``styles`` of the seats valued as
    bots, by name; the ``unit`` of its losses (see :meth:`FreeTable.unit`); and ``assumed``, a sentence
    when those styles are assumed (a script's seats, a history that does not name its bots)."""

    world: Callable[[Any, random.Random], tuple[Any, Callable[[Any], None] | None]]
    styles: dict[str, str]
    unit: tuple[int, str] | None = None
    assumed: str | None = None


def assumed_worlds(world, names, unit: tuple[int, str] | None, said: str) -> Worlds:
    """The :class:`Worlds` of a hand whose other seats' bots are not known (a practice hand's script,
    :data:`SCRIPT_ASSUMED`; a history's, :data:`HISTORY_ASSUMED`: ``said``): every seat of ``names`` but the
    reader's valued as a bot of :data:`ASSUMED_STYLE`."""
    return Worlds(world, {name: ASSUMED_STYLE for name in names if name != YOU}, unit, said)


@dataclass
class Replayed:
    """A history's hand as the review replays it (:attr:`Recording.review`): ``start()``, the hand dealt
    again from its start with its dealer's steps (the cards the history names; an unknown one as the hand
    allows), its decisions (``moves``, in order), whose seat is the reader's (``reader``) and its
    :class:`Worlds`."""

    start: Callable[[], tuple[Any, Callable[[Any], None] | None]]
    moves: list[Move]
    reader: str
    worlds: Worlds


@dataclass
class Practice:
    """A practice hand dealt to its first decision, as the play layer plays it: the ``hand``, the
    dealer's steps due after each decision (``deal``, with the author's cards; None: the hand deals
    itself) and ``fail(hand, error)``: the error to raise for an error of the hand (the author's words
    when the practice hand is at fault, such as a deal it lacks)."""

    hand: Any
    deal: Callable[[Any], None] | None = None
    fail: Callable[[Any, EngineError], EngineError] = _same
    #: The hand's worlds for its review, the script's seats valued as bots of :data:`ASSUMED_STYLE` (None:
    #: no review).
    worlds: Worlds | None = None


class ScriptGap(EngineError):
    """A practice hand's script cannot answer a decision, or answers with something the rules forbid.

    ``line`` is the scenario line to blame; the message says who, when and what to add.
    """

    def __init__(self, message: str, line: int, *, player: str | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.player = player


@dataclass
class Recording:
    """A hand history to show step by step: the ``hand`` before its first step, how many ``steps`` it has,
    ``apply(hand, i)`` (step ``i``: a dealer's step or a decision), ``finish(hand)`` (after the last
    step), and the viewer's ``reveal`` (whose own cards are shown) and display ``names``."""

    hand: Any
    steps: int
    apply: Callable[[Any, int], None]
    finish: Callable[[Any], None] = lambda hand: None
    reveal: Sequence[str] = ()
    names: dict[str, str] = field(default_factory=dict)
    #: What every reply of the replay adds (Mata Ases: the hand's ``table``, to play it at a free table).
    extras: dict = field(default_factory=dict)
    #: The hand as the review replays it, for the seat named «Tú» (None: the history has no such seat).
    review: Callable[[], Replayed] | None = None


def read_moves(entries: list, path: str) -> list[Move]:
    """A history's decisions, each ``[action]`` or ``[action, amount]`` (``path[i]``: where the errors point).

    :raises RequestError: for an entry of another shape."""
    moves = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, list) or not entry or not isinstance(entry[0], str) or len(entry) > 2 or (
                len(entry) == 2 and (not isinstance(entry[1], int) or isinstance(entry[1], bool))):
            raise RequestError(f"{path}[{i}]", "cada decisión es [acción] o [acción, cantidad]")
        moves.append(Move(entry[0], entry[1] if len(entry) == 2 else None))
    return moves


def play_move(hand, moves: Sequence[Move], i: int, path: str) -> None:
    """Decision ``i`` of a history (:func:`read_moves`) on ``hand``, an error of the hand located at it."""
    try:
        hand.act(hand.to_act, moves[i].action, moves[i].amount)
    except EngineError as exc:
        raise exc.locate(field=f"{path}[{i}]", at=i) from None


def check_moves(hand, moves: Sequence[Move], path: str) -> None:
    """Every decision of a history played on ``hand`` (a copy: the replay plays them again, one a step), so
    that a wrong one is the history's error, located at it.

    :raises RequestError: for a decision after the end of the hand; the hand's own error for one it refuses."""
    for i in range(len(moves)):
        if hand.is_over:
            raise RequestError(f"{path}[{i}]", OVER["extra"]).locate(at=i)
        play_move(hand, moves, i, path)


def redrawn(seen, draw: random.Random) -> Iterator[Card]:
    """The cards not in ``seen``, in the order ``draw`` shuffles them from the deck's order (where the real
    ones lie plays no part): what a world the reader's seat cannot tell apart deals in their place."""
    unseen = [card for card in DECK if card not in seen]
    draw.shuffle(unseen)
    return iter(unseen)


def world_pick(view, draw: random.Random) -> Callable[[Card | None], Card]:
    """What a world deals for each card of the hand, in dealing order: a card ``view`` sees where it was, any
    other (or one the hand lacks: None) the next of the unseen cards in the order ``draw`` shuffles them
    (:func:`redrawn`: which the real ones are plays no part)."""
    seen = view.seen
    fresh = redrawn(seen, draw)
    return lambda card: card if card is not None and card in seen else next(fresh)


class Chance:
    """Where a free table's chance comes from: its deals, its button and its bots' randomness.

    A table the pages open has no ``seed``: it draws 16 bytes from the system when it is seated
    (``os.urandom``; in the browser, ``crypto.getRandomValues``) and keeps them here, in the engine. No
    reply carries them, nor anything drawn from them but the cards the reader's seat sees, so nothing the
    page holds lets anyone compute a card it cannot see (a ``play-start`` with the same setup and another
    seat draws new bytes). A ``seed`` (the command line, tests) makes a public table: the same seed, the
    same hands.

    >>> Chance(7).rng("mesa", 1).random() == Chance(7).rng("mesa", 1).random()
    True
    >>> Chance(None).rng("mesa", 1).random() == Chance(None).rng("mesa", 1).random()
    False
    """

    __slots__ = ("seed", "_key")

    def __init__(self, seed: int | None) -> None:
        self.seed = seed
        self._key = os.urandom(16).hex() if seed is None else str(seed)

    def __repr__(self) -> str:
        return f"Chance({self.seed!r})"  # never the secret

    @property
    def public(self) -> bool:
        """Whether the table was seeded (its hands can be dealt again from what the reader knows)."""
        return self.seed is not None

    def rng(self, purpose: str, number: int) -> random.Random:
        """The generator of ``purpose`` in hand ``number`` (a seeded table: ``"<purpose>:<seed>:<number>"``)."""
        return random.Random(f"{purpose}:{self._key}:{number}")

    def draw(self, purpose: str, number: int, below: int = MAX_SEED) -> int:
        """A whole number from 0 to ``below`` - 1 for ``purpose`` in hand ``number``."""
        return self.rng(purpose, number).randrange(below)


def read_seed(value: dict) -> int | None:
    """A free table setup's ``seed``, when it has one: a public table (see :class:`Chance`); the pages send
    none. :raises RequestError:"""
    return bounded(value, "seed", "table.seed", 0, MAX_SEED) if "seed" in value else None


class FreeTable:
    """A free table: the reader and bots, hand after hand, for one setup (:meth:`TableGame.free_table`).

    The play layer asks it for each hand (:meth:`deal`), tells it when one ends (:meth:`end`) and asks
    for the next (:meth:`next`); everything about seats, stacks and the button is the game's.
    """

    #: The setup (checked), the number of the hand in play (1 for the first), the bots' styles by name.
    setup: dict
    number: int = 1
    styles: dict[str, str]
    #: The seats clockwise (the reader's among them).
    ring: Sequence[str]

    def deal(self) -> tuple[Any, Callable[[Any], None] | None, dict]:
        """The hand to play now: ``(hand, deal, viewer options)`` (``deal``: the dealer's steps due after
        each decision; the options of :meth:`TableGame.viewer`)."""
        raise NotImplementedError

    def redeal(self) -> tuple[Any, Callable[[Any], None] | None]:
        """The hand in play dealt again from its start, with its dealer's steps (the coach replays the
        decisions on it); a table whose deal depends on nothing a hand changes deals it again."""
        hand, deal, _ = self.deal()
        return hand, deal

    def seed(self) -> int:
        """The seed of the bots' randomness in this hand (drawn from the table's :class:`Chance`)."""
        raise NotImplementedError

    def world(self, view, draw) -> tuple[Any, Callable[[Any], None] | None] | None:
        """The hand in play dealt again from its start as one of the worlds the reader's seat could not tell
        apart at ``view`` (his :meth:`TableGame.seat_view`): every card he sees (``view.seen``) where it was,
        every other card (the others' hidden cards, the cards still to come) drawn again from ``draw`` (a
        ``random.Random``) among the cards he does not see, in a way that never depends on where the real
        ones lie; with its dealer's steps, as :meth:`redeal`. None: the table has no review
        (:mod:`engine.review`)."""
        return None

    def unit(self) -> tuple[int, str] | None:
        """The chips a review counts its losses in and the unit's name in the plural («ciegas grandes»), or
        None: chips."""
        return None

    def worlds(self) -> Worlds | None:
        """The hand in play's :class:`Worlds` (its bots' own styles), or None when the table has no review."""
        if type(self).world is FreeTable.world:
            return None
        return Worlds(self.world, dict(self.styles), self.unit())

    def moment(self, hand) -> dict:
        """What :meth:`when` needs to know of the hand before a decision: which deal it is in."""
        return {"deal": hand.deal_index}

    def end(self, hand) -> None:
        """The hand is over: the table takes note (stacks, who leaves, the next button)."""

    def over(self) -> str | None:
        """Why no next hand can be dealt (a Spanish sentence), or None."""
        return None

    def next(self, hand, *, again: bool = False) -> None:
        """Deal the next hand on :meth:`deal` (with ``again``, the same hand once more).

        :raises RequestError: when no next hand can be dealt."""
        raise NotImplementedError

    def when(self, hand, street: object, extra: dict) -> dict:
        """When a decision was taken (``extra``: :meth:`moment` before it), as the bots' reasons title it
        («Flop»; «Extensión 1 · Tercera carta» in a deal after the first)."""
        deal = extra["deal"]
        return {"deal": deal, "street": street, "when": part_title(hand.events, hand.rules, street, deal)}

    def history(self, hand, decisions: list[dict], seen: dict[int, set[str]] | None = None) -> str | None:
        """The hand as a history text (for a link and a download), as the reader saw it (``seen``: every card
        the replies named, by deal): never a card he did not see, nor a secret; None: none."""
        return None

    def extras(self, hand) -> dict:
        """What a reply adds for this table (the hand's number, the players...; ``table``: the setup a
        ``play-start`` restores this hand from, with its decisions, only for a public table: a table the
        pages open is dealt from a secret no reply carries)."""
        return {}

    def summary(self, hand) -> str:
        """The hand in a few words for the visit's history («4 jugadores · Botón Ante · Sin límite»)."""
        return ""


class TableGame:
    """A game as the play layer sees it (see the module docstring). ``id`` and ``name`` are the
    registry's (:mod:`engine.games`)."""

    id: str = ""
    name: str = ""
    #: The name of the reader's seat: sentences about it are in the second person.
    reader: str = YOU
    #: The free table page's words that are the game's own (beside :data:`engine.table.words.FREE_TABLE`).
    words: dict = {}
    #: The game's words for its hand's events and its table (:class:`~.texts.HandWords`).
    texts: HandWords = HandWords()
    #: How the game's hand histories travel (None: only as share links): ``format``, ``extension``
    #: (a file's), ``accept`` (the file picker's), and the import box's and download's words.
    history_info: dict | None = None

    # ------------------------------------------------------------------------------ every mode

    def viewer(self, hand, *, reveal: Sequence[str] = (YOU,), names: dict | None = None,
               button: str | None = None) -> HandViewer:
        """The table page's view of ``hand`` (:class:`engine.table.view.HandViewer`, with the game's
        :attr:`texts`): ``reveal`` (whose own cards it shows), ``names`` (display names), ``button`` (where
        the button is drawn)."""
        return HandViewer(hand, self.texts, reveal=reveal, names=names, button=button)

    def info(self) -> dict:
        """What a page learns of the game before it plays (``game-info``): its names, its free table's
        form and words, how its hand histories travel (``history_chars``: the longest history a link,
        a file or a paste may carry; the page reads, inflates or pastes nothing longer), and the coach's
        words (:data:`.coach.WORDS`)."""
        return {"game": self.id, "name": self.name, "reader": self.reader, "setup": self.setup_form(),
                "words": {**FREE_TABLE, **self.words}, "history": self.history_info,
                "history_chars": MAX_REQUEST_CHARS, "coach": dict(COACH_WORDS)}

    # ------------------------------------------------------------------------------ the free table

    def setup_form(self) -> list[dict]:
        """The free table's setup as a form: ``[{"key", "label", "options": [{"value", "label"}], "default"}]``."""
        return []

    def free_setup(self, value: Any) -> dict:
        """The free table's setup from a request, checked field by field (``table.…`` in the errors).

        :raises RequestError:"""
        raise NotImplementedError

    def free_table(self, setup: dict) -> FreeTable:
        raise NotImplementedError

    def bot(self, hand, player: str, style: str, seed: int) -> Move:
        """What a bot of ``style`` decides for ``player`` from what his seat sees (deterministic for a seed)."""
        raise NotImplementedError

    # ------------------------------------------------------------------------------ the coach

    def seat_view(self, hand, player: str):
        """What ``player``'s seat sees now, as the game's bots read it (their frozen view: no hidden card
        of another player, no card still to come); None: the game has no coach (:mod:`.coach`)."""
        return None

    def advise(self, view, style: str, seed: int, name: str, reckoning=None):
        """What a bot of ``style`` decides at ``view`` (a :meth:`seat_view`) with ``seed``, its reason about
        ``name``: a :class:`~.coach.Advice`; with ``reckoning`` (:meth:`seat_equity`), the style compares its
        thresholds with that figure instead of its own quick estimate."""
        raise NotImplementedError

    def policy(self, view, style: str, seed: int, *, budget: int | None = None):
        """What a bot of ``style`` decides at ``view`` with ``seed``, without its words (a
        :class:`~.bots.Decision`); ``budget``: the deals its estimate may draw (None: its usual), the
        review's cheaper estimate of the same policy (:mod:`engine.review`)."""
        return self.advise(view, style, seed, view.player).decision

    def seat_equity(self, view):
        """The note's one equity at ``view`` (a :class:`~.coach.Reckoning`, the same every time: exact, or
        drawn with a seed made of the view alone and a margin of at most :data:`.coach.MARGIN`); None: the game
        gives none."""
        return None

    def coach_when(self, hand) -> str:
        """When a decision is taken, as a note titles it («Flop», «Extensión 1 · Tercera carta»)."""
        return part_title(hand.events, hand.rules, hand.street, hand.deal_index)

    def decision_cite(self, hand, index: int) -> str | None:
        """The citation of the rule the hand's record ``index`` (a decision) applied, if any."""
        return event(hand.events[index], {}, words=self.texts, rules=hand.rules).get("cite")

    # ------------------------------------------------------------------------------ hand histories

    def recording(self, text: str, path: str = "history") -> Recording:
        """A hand history (its text, as a link or a file carries it) to show step by step.

        :raises EngineError: for a history that cannot be read or played, naming ``path``."""
        raise NotImplementedError


def read_stack(value: dict, unit: int, low: int, high: int) -> int:
    """A free table's starting stack (its setup's ``stack``, in chips, or ``depth``, in ``unit``: the big
    blind, the minimum bet), from ``low`` to ``high`` units. :raises RequestError:"""
    if "depth" in value:
        if "stack" in value:
            raise RequestError("table.depth", "da las fichas de cada uno con «stack» o con «depth», no con las dos")
        return bounded(value, "depth", "table.depth", low, high) * unit
    return bounded(value, "stack", "table.stack", low * unit, high * unit)
