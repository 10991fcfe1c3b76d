"""One session for every way a hand is played: a game's hand at a table, who plays each seat, and what
the reader has been shown.

A seat is played by the reader (his decisions come in requests), a bot (:class:`Bot`: the game's
decision for its style), a script (:class:`Scripted`: a practice hand's opponents, and the reader's
default line) or a hand history (:class:`ReplaySession`: every step as it was recorded). The modes of
:mod:`.commands` differ only in who plays the seats:

- ``free``: the reader against bots, hand after hand (:class:`FreeSession`, with the game's
  :class:`~engine.table.game.FreeTable`);
- ``practice``: a practice hand, the reader against its script (:class:`PracticeSession`);
- ``replay``: a hand history, step by step (:class:`ReplaySession`).

Each reply carries only what is new (the game's viewer, :class:`engine.table.view.TableViewer`) and
only what the reader's seat may see. A :class:`~engine.table.sessions.SessionStore` keeps at most
:data:`~engine.table.sessions.MAX_SESSIONS` of them.

>>> store = SessionStore()
>>> store.keep("a", 1); store.find("a")
1
>>> store.find("b")
Traceback (most recent call last):
engine.table.sessions.UnknownSessionError: La mano «b» ya no está en juego: empieza de nuevo.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Generator, Iterator

from ..cards import DECK
from ..errors import EngineError, RequestError
from ..games import find_game
from ..glossary import terms_of
from ..requests import check_type, optional, require
from ..scenarios.model import Scenario
from ..scenarios.script import decide, judge, refused
from ..spanish import card_name, signed
from ..table.coach import WORDS as COACH_WORDS
from ..table.coach import Spot, note, spot
from ..table.game import Chance, FreeTable, Move, Recording, Replayed, TableGame, Worlds
from ..table.sessions import MAX_SESSIONS, SessionStore, UnknownSessionError
from ..table.view import card_view
from ..table.words import OVER, decision_range, past

__all__ = ["MAX_SESSIONS", "MAX_VISIT", "SPOT_OVER", "Bot", "FreeSession", "PracticeSession", "ReplaySession",
           "Scripted", "Seat", "Session", "SessionStore", "SpotTable", "UnknownSessionError", "read_decision",
           "visit_view"]

#: Earlier results of the visit a start request may carry (the page's history).
MAX_VISIT = 200
#: Steps of a hand history applied between two progress reports of «Ver hasta el final».
REPLAY_SLICE = 100
#: Why a history's hand played from one of its decisions has no next hand.
SPOT_OVER = ("Esta mano salió de una historia y se jugó desde una de tus decisiones: para seguir jugando, "
             "siéntate en una mesa.")


def read_decision(value: Any, field: str) -> Move:
    """A decision of a request, ``{"action", "amount"?}``: the amount only goes with a bet or a raise.

    :raises RequestError: naming ``field``.
    """
    check_type(value, dict, field)
    action = require(value, "action", f"{field}.action", str)
    amount = optional(value, "amount", f"{field}.amount", int, None)
    return Move(action, amount if action in ("bet", "raise") else None)


#: Every card's Spanish name («As de tréboles»), to its token.
_NAMED = {card_name(card): str(card) for card in DECK}
_NAMES = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _NAMED), key=len, reverse=True)) + r")\b")


def _card_tokens(value: Any) -> Iterator[str]:
    """Every card among the strings of a reply's part, at any depth: a token (``"As"``) or a card a text
    names («el As de tréboles»)."""
    if isinstance(value, str):
        if len(value) == 2 and value[0] in "23456789TJQKA" and value[1] in "cdhs":
            yield value
        else:
            yield from (_NAMED[name] for name in _NAMES.findall(value))
    elif isinstance(value, dict):
        for item in value.values():
            yield from _card_tokens(item)
    elif isinstance(value, list):
        for item in value:
            yield from _card_tokens(item)


def visit_view(changes: list[int]) -> dict:
    """The reader's results hand by hand, with the engine's way of writing them.

    >>> visit_view([-10, 25])
    {'changes': [-10, 25], 'texts': ['−10', '+25'], 'total': 15, 'total_text': '+15'}
    """
    return {"changes": changes, "texts": [signed(c) for c in changes], "total": sum(changes),
            "total_text": signed(sum(changes))}


# ---------------------------------------------------------------------------------------------
# Who plays a seat.

class Seat:
    """Who plays a seat that is not the reader's: :meth:`move` is his decision at his turn."""

    def move(self, session: "Session") -> Move:
        raise NotImplementedError


class Bot(Seat):
    """A bot of ``style``: the game's decision from what its seat sees."""

    def __init__(self, style: str) -> None:
        self.style = style

    def move(self, session: "Session") -> Move:
        hand = session.hand
        return session.game.bot(hand, hand.to_act, self.style, session.seed())


class Scripted(Seat):
    """The seats a practice hand's script plays (:func:`engine.scenarios.script.decide`, on the game's
    :class:`~engine.table.game.Situation` of the hand); ``used``: the lines of the script that answered."""

    def __init__(self, scenario: Scenario, situation: Callable[[Any], Any]) -> None:
        self.scenario = scenario
        self.situation = situation
        self.used: set[int] = set()

    def move(self, session: "Session") -> Move:
        move, line = decide(self.scenario, self.situation(session.hand))
        self.used.add(line)
        return move


# ---------------------------------------------------------------------------------------------
# Sessions.

class Session:
    """A hand in play: the game, the hand, its viewer, who plays each seat (``seats``; the reader's seat
    has none: its decisions come in requests), the dealer's steps due after each decision (``deal``),
    and every decision made, the bots' reasons with theirs and, for the coach, where the reader made each
    of his (``spots``). ``origin`` deals the hand again from its start (with its dealer's steps): the coach
    replays the decisions on it to see what the reader's seat saw at each of his (:meth:`coach`), so a click
    asks nothing of the coach."""

    def __init__(self, game: TableGame, hand, viewer, *, seats: dict[str, Seat],
                 deal: Callable[[Any], None] | None = None, reader: str | None = None,
                 origin: Callable[[], tuple[Any, Callable[[Any], None] | None]] | None = None) -> None:
        self.game = game
        self.hand = hand
        self.viewer = viewer
        self.seats = seats
        self.deal = deal
        self.origin = origin
        self.reader = game.reader if reader is None else reader
        self.decisions: list[dict] = []
        self.reasons: list[dict] = []
        #: How many of :attr:`reasons` are worded (:meth:`said_reasons`).
        self.said = 0
        #: The reader's decisions, for the coach: each one's place among :attr:`decisions` and the bots' seed.
        self.spots: list[tuple[int, int]] = []
        #: The reader's decisions in this hand reviewed so far, by their number (:mod:`engine.review`).
        self.review_cache: dict[int, dict] = {}

    def is_over(self) -> bool:
        return self.viewer.is_over()

    def seed(self) -> int:
        return 0

    def when(self, street: object, extra: dict) -> dict:
        """What a bot's reason records of when it decided (the free table titles it)."""
        return {"street": street}

    def act(self, move: Move) -> None:
        """The player to act makes ``move`` (the hand refuses it, changing nothing, if the rules do)."""
        hand = self.hand
        player, street, extra = hand.to_act, hand.street, self.moment()
        hand.act(player, move.action, move.amount)
        if player == self.reader:
            self.spots.append((len(self.decisions), self.seed()))
        decision = move.as_json()
        self.decisions.append(decision)
        if move.reason is not None:  # worded when the page shows it (:meth:`said_reasons`)
            self.reasons.append({"player": player, **decision, **self.when(street, extra),
                                 "title": f"Por qué {player} {past(move.action)}", "reason": move.reason})
        if self.deal is not None:
            self.deal(hand)
        self.after_act()
        self.viewer.stop()

    def said_reasons(self) -> list[dict]:
        """The bots' reasons, each worded the first time it is shown (after the hand), with the glossary's
        terms it uses («equity», with its meaning: the page marks it)."""
        for entry in self.reasons[self.said:]:
            entry["reason"] = reason = entry["reason"]() if callable(entry["reason"]) else entry["reason"]
            terms = terms_of(reason)
            if terms:
                entry["terms"] = terms
        self.said = len(self.reasons)
        return list(self.reasons)

    def moment(self) -> dict:
        """What :meth:`when` needs of the hand before a decision (Mata Ases: which deal)."""
        return {}

    def after_act(self) -> None:
        """Called after each decision and the dealer's steps, before the table is drawn."""

    def advance(self) -> None:
        """Every seat but the reader's plays until it is the reader's turn or the hand is over."""
        while not self.is_over() and self.hand.to_act != self.reader:
            self.act(self.seats[self.hand.to_act].move(self))

    def restore(self, actions: list, *, others: bool) -> None:
        """Apply ``actions`` in order, whoever made them (a bot's reason is kept when the decision is the
        bot's own); then, with ``others``, the other seats play up to the reader's turn.

        :raises EngineError: for a decision refused, located at ``actions[i]``.
        """
        for index, value in enumerate(actions):
            field = f"actions[{index}]"
            try:
                if self.is_over():
                    raise RequestError(field, OVER["extra"])
                move = read_decision(value, field)
                seat = self.seats.get(self.hand.to_act)
                if isinstance(seat, Bot):
                    own = seat.move(self)
                    if (own.action, own.amount) == (move.action, move.amount):
                        move = own
                self.act(move)
            except EngineError as exc:
                raise exc.locate(field=field, at=index) from None
        if others:
            self.advance()

    def step(self, request: dict, *, field: str = "decision", check: Callable[[], None] | None = None) -> None:
        """The reader's decision of a request (its ``decision``), then the others up to his next turn;
        ``check`` runs once the decision is read, before the hand moves on.

        :raises EngineError: located at ``field`` (a script that cannot answer, at its scenario line)."""
        if self.is_over():
            raise RequestError(field, OVER["decisions"])
        if self.hand.to_act != self.reader:
            raise RequestError(field, f"no es tu turno: le toca a {self.hand.to_act}")
        move = read_decision(request.get("decision"), field)
        if check is not None:
            check()
        try:
            self.act(move)
        except EngineError as exc:
            raise (exc if exc.code == "script-gap" else exc.locate(field=field)) from None
        self.advance()

    def reply(self, key: str) -> dict:
        return {"session": key, "reader": self.reader, **self.viewer.reply()}

    def coach(self, index: int | None = None) -> dict:
        """The coach's notes (:func:`engine.table.coach.note`): one per decision of the reader so far
        (``notes``) and, at his turn, one for the decision he faces (``now``); with ``index``, only that
        decision's note. :raises RequestError: for an ``index`` he has not taken."""
        steps = self.coach_steps(index)
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                return stop.value

    def coach_steps(self, index: int | None = None) -> Generator[tuple[int, int], None, dict]:
        """:meth:`coach` note by note: yields ``(done, total)`` after each and returns the reply.
        :raises RequestError: at once, for an ``index`` he has not taken."""
        if index is not None and not 0 <= index < len(self.spots):
            raise RequestError("decision", decision_range(len(self.spots)))
        chosen = list(range(len(self.spots)) if index is None else (index,))
        now = None
        if index is None and self.reader and not self.is_over() and self.hand.to_act == self.reader:
            now = spot(self.game, self.hand, self.reader, self.seed())
        return self._notes(chosen, now)

    def reviewed(self) -> tuple["Session", Worlds]:
        """The session whose reader's decisions «Revisión de la mano» values (this one, or the hand of a history
        replayed) and the hand's :class:`~engine.table.game.Worlds`.

        :raises RequestError: for a hand without review."""
        raise RequestError("session", "esta mano no tiene revisión")

    def replayed(self, chosen: list[int]) -> Iterator[tuple[int, Spot | None]]:
        """The reader's decisions ``chosen`` (by their number) as his seat saw them: the hand dealt again
        (:attr:`origin`) and played decision after decision up to each."""
        hand, deal = self.origin()
        wanted = {self.spots[i][0]: i for i in chosen}
        for at, decision in enumerate(self.decisions[:max(wanted, default=-1) + 1]):
            seen = spot(self.game, hand, hand.to_act, self.spots[wanted[at]][1]) if at in wanted else None
            start = len(hand.events)
            hand.act(hand.to_act, decision["action"], decision.get("amount"))
            if seen is not None:
                yield wanted[at], Spot(seen.view, seen.seed, seen.when, read_decision(decision, "decision"),
                                       self.game.decision_cite(hand, start))
            if deal is not None:
                deal(hand)

    def _notes(self, chosen: list[int], now: Spot | None) -> Generator[tuple[int, int], None, dict]:
        answer: dict = {"words": dict(COACH_WORDS), "notes": []}
        total = len(chosen) + (now is not None)
        done = 0
        for index, at in self.replayed(chosen):
            answer["notes"].append(note(self.game, at, index))
            done += 1
            yield done, total
        if now is not None:
            answer["now"] = note(self.game, now)
            yield total, total
        return answer


class FreeSession(Session):
    """The free table: the reader against bots, hand after hand (the game's :class:`FreeTable`), the
    visit's results kept for the reply."""

    def __init__(self, game: TableGame, table: FreeTable, visit: list[int] | None = None) -> None:
        self.table = table
        self.visit = list(visit or [])[-MAX_VISIT:]
        #: Every card the hand's replies named (what the reader saw), by deal: its history names no other.
        self.seen: dict[int, set[str]] = {}
        hand, deal, options = table.deal()
        seats = {name: Bot(style) for name, style in table.styles.items()}
        super().__init__(game, hand, game.viewer(hand, **options), seats=seats, deal=deal, origin=table.redeal)
        self._settled = False
        #: The reader's decisions reviewed, hand by hand (:mod:`engine.review`), for the session's summary.
        self.hands_reviewed: dict[int, list[dict]] = {}
        self.after_act()

    def seed(self) -> int:
        return self.table.seed()

    def reviewed(self) -> tuple[Session, Worlds]:
        worlds = self.table.worlds()
        if worlds is None:
            return super().reviewed()
        return self, worlds

    def moment(self) -> dict:
        return self.table.moment(self.hand)

    def when(self, street: object, extra: dict) -> dict:
        return self.table.when(self.hand, street, extra)

    def after_act(self) -> None:
        if self.is_over() and not self._settled:
            self._settled = True
            self.table.end(self.hand)

    def see(self, answer: dict) -> None:
        """Note the cards a reply names, each with the deal its event or showdown is of (Mata Ases deals a
        hand again after a misdeal or for an extension: a card seen in one deal may be hidden in the next)."""
        now = getattr(self.hand, "deal_index", 0)
        result = answer.get("result", {})
        parts = [*answer.get("events", ()), *result.get("shows", ()), {"headline": result.get("headline")}]
        for part in parts:
            self.seen.setdefault(part.get("deal", now), set()).update(_card_tokens(part))

    def change(self) -> int:
        """The reader's result in this hand."""
        return self.hand.stacks[self.reader] - self.hand.starting_stacks[self.reader]

    def next(self, *, again: bool = False) -> None:
        """The next hand at this table (``again``: the same hand once more). :raises RequestError:"""
        if not self.is_over():
            raise RequestError("session", "la mano aún no ha terminado: juégala hasta el final")
        self.visit = (self.visit + [self.change()])[-MAX_VISIT:]
        self.table.next(self.hand, again=again)
        hand, deal, options = self.table.deal()
        self.hand, self.deal = hand, deal
        self.viewer = self.game.viewer(hand, **options)
        self.decisions, self.reasons, self.spots = [], [], []
        self.said = 0
        self.seen = {}
        self.review_cache = {}
        self._settled = False
        self.after_act()

    def everyone(self, key: str) -> dict:
        """Every player's own cards in the hand's last deal, the bots' hidden ones included: only once the
        hand is over and only when the reader asks («Ver las cartas de todos», a learning aid); never in a
        history. :raises RequestError: while the hand is in play."""
        if not self.is_over():
            raise RequestError("session", "la mano aún no ha terminado: las cartas de los demás solo se pueden ver "
                                          "al acabarla")
        hand = self.hand
        players = [{"name": name, "cards": [str(card) for card in hand.hole[name] if card is not None]}
                   for name in hand.names]
        cards = {str(card): card_view(card) for name in hand.names for card in hand.hole[name] if card is not None}
        return {"session": key, "players": [p for p in players if p["cards"]], "cards": cards}

    def reply(self, key: str) -> dict:
        answer = super().reply(key)
        self.see(answer)
        answer.update(self.table.extras(self.hand))
        answer["decisions"] = list(self.decisions)
        if "result" in answer:
            history = self.table.history(self.hand, self.decisions, self.seen)
            if history is not None:
                answer["history"] = history
            answer["summary"] = self.table.summary(self.hand)
            answer["reasons"] = self.said_reasons()
            answer["visit"] = visit_view(self.visit + [self.change()])
            why = self.table.over()
            if why is not None:
                answer["table_over"] = why
        return answer


class SpotTable(FreeTable):
    """A history's hand from one of the reader's decisions (:meth:`ReplaySession.spot`), at a table of his
    own: the seats and stacks of the history, what his seat saw at that decision where it was, every card he
    did not see drawn from the table's secret (never in a reply: a history does not hold them), and the
    other seats played by the history's bots (by the style a review assumes where the history does not
    say). One hand: «Otra vez» deals the same one, nothing follows it."""

    def __init__(self, replayed: Replayed, view, ring) -> None:
        self.source = replayed.worlds
        self.view = view
        self.reader = replayed.reader
        self.ring = list(ring)
        self.styles = dict(self.source.styles)
        self.chance = Chance(None)

    def deal(self):
        hand, deal = self.source.world(self.view, self.chance.rng("spot", 1))
        return hand, deal, {}

    def seed(self) -> int:
        return self.chance.draw("bots", 1)

    def world(self, view, draw):
        return self.source.world(view, draw)

    def unit(self):
        return self.source.unit

    def over(self) -> str:
        return SPOT_OVER

    def next(self, hand, *, again: bool = False) -> None:
        if not again:
            raise RequestError("session", SPOT_OVER)

    def extras(self, hand) -> dict:
        return {"hand": 1, "players": [{"name": n} if n == self.reader else {"name": n, "style": self.styles[n]}
                                       for n in self.ring]}

    def summary(self, hand) -> str:
        return f"{len(self.ring)} jugadores · desde una historia"


class ReplaySession(Session):
    """A hand history shown step by step: each ``play-step`` applies the next recorded step (a dealer's
    step or a decision), ``to_end`` all of them."""

    def __init__(self, game: TableGame, recording: Recording) -> None:
        self.recording = recording
        hand = recording.hand
        viewer = game.viewer(hand, reveal=recording.reveal, names=recording.names)
        super().__init__(game, hand, viewer, seats={}, reader="")
        self.at = 0
        #: The history's hand played again for its review (:meth:`reviewed`) and as the game replays it, once
        #: asked.
        self._played: tuple[Session, Replayed] | None = None

    def forward(self, *, to_end: bool = False) -> None:
        """Apply the next step (all of them with ``to_end``); the hand is completed after the last."""
        for _ in self.forward_steps(to_end=to_end):
            pass

    def forward_steps(self, *, to_end: bool = False) -> Iterator[tuple[int, int]]:
        """:meth:`forward`, yielding ``(steps done, steps)`` every few steps: a place where the worker
        may pause and see a cancellation (a hand history of thousands of actions). With ``to_end`` the
        page is left only the last events to draw (:meth:`~engine.table.view.TableViewer.skip`)."""
        recording = self.recording
        while self.at < recording.steps:
            recording.apply(self.hand, self.at)
            self.at += 1
            if self.at == recording.steps:
                recording.finish(self.hand)
            self.viewer.stop()
            if not to_end:
                break
            if self.at % REPLAY_SLICE == 0:
                yield self.at, recording.steps
        if to_end:
            self.viewer.skip()

    def reviewed(self) -> tuple[Session, Worlds]:
        """The history's hand played again as a session of the reader's seat («Tú»), once the replay has shown
        its end (the review tells what the decisions were). :raises RequestError:"""
        if self.at < self.recording.steps:
            raise RequestError("session", "la revisión llega al final de la historia: pulsa «Ver hasta el final»")
        played, replayed = self.played()
        return played, replayed.worlds

    def played(self) -> tuple[Session, Replayed]:
        """The history's hand played again as a session of the reader's seat, and as the game replays it
        (:attr:`~engine.table.game.Recording.review`), wherever the replay is. :raises RequestError: for a
        history without a seat «Tú»."""
        if self.recording.review is None:
            raise RequestError("session", "esta historia no tiene un asiento «Tú»: la revisión mira las decisiones "
                                          "de quien la jugó aquí y la compartió")
        if self._played is None:
            replayed = self.recording.review()
            hand, deal = replayed.start()
            played = Session(self.game, hand, self.game.viewer(hand), seats={}, deal=deal, reader=replayed.reader,
                             origin=replayed.start)
            for move in replayed.moves:
                played.act(move)
            self._played = played, replayed
        return self._played

    def spot(self, index: int) -> "FreeSession":
        """The history's hand from the reader's decision ``index`` (from 0), at a table of his own
        (:class:`SpotTable`): what his seat saw then, every card he did not see drawn at random, the other
        seats played on by their bots. :raises RequestError: for a decision the history does not hold."""
        played, replayed = self.played()
        if not 0 <= index < len(played.spots):
            raise RequestError("decision", decision_range(len(played.spots), "la historia tiene {} de «Tú»",
                                                          "la historia no tiene decisiones de «Tú»"))
        _, at = next(played.replayed([index]))
        place = played.spots[index][0]
        session = FreeSession(self.game, SpotTable(replayed, at.view, played.hand.names))
        session.restore(played.decisions[:place], others=False)
        return session

    def reply(self, key: str) -> dict:
        answer = super().reply(key)
        answer.pop("next", None)
        answer.pop("reader")
        answer.update(over=self.at >= self.recording.steps and "more" not in answer, step=self.at,
                      steps=self.recording.steps, **self.recording.extras)
        return answer


class PracticeSession(Session):
    """A practice hand in ``variant`` (a Mata Ases hand's modality; None for a game without them): the
    reader against its script (every other seat :class:`Scripted`, one script for all). With ``walk``
    the script plays the reader's seat too (his default line) and nobody waits for a request: the hand
    runs to its end, or to a script gap, on :meth:`advance`.

    :raises EngineError: for a table the game cannot play, in the author's words at the line at fault."""

    def __init__(self, scenario: Scenario, variant: str | None = None, *, walk: bool = False) -> None:
        game = find_game(scenario.game)
        author = game.author()
        try:
            self.practice = author.practice(scenario, variant)
        except EngineError as exc:
            error = EngineError(f"El motor no puede jugar la mano «{scenario.name}»: {exc}")
            error.code = exc.code  # the cause's code (a RequestError's constructor takes a field too)
            raise error.locate(line=author.line_of_field(scenario, getattr(exc, "field", None))) from None
        self.scenario = scenario
        self.variant = variant
        self.author = author
        hand = self.practice.hand
        table = game.play()
        self.script = Scripted(scenario, author.situation)
        seats = {name: self.script for name in hand.names if walk or name != table.reader}
        super().__init__(table, hand, table.viewer(hand), seats=seats, deal=self.practice.deal,
                         reader="" if walk else None, origin=self._origin)
        #: The ``progress`` of the reader's last decision (:meth:`step`), and how many he has made.
        self.judged: dict | None = None
        self.reader_decisions = 0

    def reviewed(self) -> tuple[Session, Worlds]:
        if self.practice.worlds is None or not self.reader:
            raise RequestError("session", "esta mano de práctica no tiene revisión")
        return self, self.practice.worlds

    def _origin(self) -> tuple[Any, Callable[[Any], None] | None]:
        practice = self.author.practice(self.scenario, self.variant)
        return practice.hand, practice.deal

    def act(self, move: Move) -> None:
        try:
            super().act(move)
        except EngineError as exc:
            raise self.practice.fail(self.hand, exc) from None

    def step(self, request: dict, *, field: str = "decision", check: Callable[[], None] | None = None) -> None:
        """:meth:`Session.step`, judging the reader's decision against the hand's script (his default
        line): :attr:`judged`, the ``progress`` of :mod:`engine.progress` (None when the script says nothing
        for this decision)."""
        self.judged = None
        situation = None
        if not self.is_over() and self.hand.to_act == self.reader:
            situation = self.script.situation(self.hand)
        made = len(self.decisions)
        try:
            super().step(request, field=field, check=check)
        except EngineError as exc:  # a move the rules refuse is a rules error (engine.scenarios.script.refused)
            if situation is not None and exc.code in ("illegal-action", "invalid-amount"):
                chosen = read_decision(request.get("decision"), field).as_json()
                exc.progress = refused(self.scenario, self.variant, situation, chosen, str(exc), self.reader_decisions)
            raise
        if situation is not None and len(self.decisions) > made:
            self.judged = self._judge(situation, self.decisions[made], self.reader_decisions)
        self.reader_decisions += 1

    def _judge(self, situation, chosen: dict, at: int) -> dict | None:
        return judge(self.scenario, self.variant, situation, chosen, at)
