"""The play layer's protocol: one start, one step and one next for every game and mode.

Requests::

    game-info  {"game"}                       the game's names, the reader's seat, its free table's form and
                                               the coach's and the review's words
    play-start {"session", "game", "mode": "free", "table": {setup}, "actions"?: [...], "visit"?: [...]}
    play-start {"session", "game"?, "mode": "practice", "scenario": {JSON}, "modality"?, "reader"?: [...]}
    play-start {"session", "game", "mode": "replay", "history": "<the hand's history>", "decision"?: n}
                                               (with ``decision``: the history's hand from the decision ``n``
                                               of its seat «Tú», at a table of the reader's own: «Vuelve a esa
                                               decisión» of a history's review)
    play-step  {"session", "decision": {"action", "amount"?}}    the reader's decision, then the others
    play-step  {"session"}                     the rest of a reply that said ``"more": true`` (a replay: the
                                               next step; ``"to_end": true``, every step left)
    play-next  {"session", "again"?: false}   the next hand at a free table (``again``: the same hand; with
                                               ``actions``, played again up to them: «Vuelve a esa decisión»)
    play-coach {"session", "decision"?: n}    the coach's notes on the reader's decisions (``now``: the one
                                               he faces), or on his decision ``n`` (from 0) only
    play-reveal {"session"}                    a finished free-table hand: every player's own cards
    play-review {"session", "decision"?: n}   «Revisión de la mano»: each of the reader's decisions in a hand
    play-review {"game", "table", "actions", "decision"?: n}   (a free table's, a practice hand's, a history's
                                               once replayed to its end, for its seat «Tú») valued and graded
                                               (:mod:`engine.review`); the hand kept as ``session``, or a free
                                               table's restored from its table and every decision in order

- ``free``: the reader against bots; ``table`` is the game's setup (``game-info`` describes its form);
  ``actions`` restores a hand in progress (every decision in order, whoever made it) and ``visit`` the
  reader's results earlier in the visit.
- ``practice``: a practice hand (the scenario's JSON, :func:`engine.scenarios.to_json`, which names its game:
  ``game`` may be left out), ``modality`` for a Mata Ases hand; ``reader`` restores the reader's decisions
  already taken.
- ``replay``: a hand history, shown step by step: a Texas Hold'em hand in PHH, a Mata Ases hand as its
  free table's history (the ``history`` of a free table's last reply).

Replies: the table page's (:class:`engine.table.view.TableViewer`: ``events``, ``more`` or ``next`` or
``result``, ``cards``, ``amounts``, ``labels``) plus ``session`` and ``reader`` (the reader's seat);
a free table adds ``players``, ``decisions`` and what its game adds (the hand's number...), and once the
hand is over ``history`` (for a link and a download, as the reader saw the hand), ``reasons`` (the bots'),
``visit`` and ``table_over`` (why no next hand can be dealt); a replay adds ``step``, ``steps`` and
``over``. ``play-coach`` replies ``words`` (the coach's titles and its notice: suggestions, not rules),
``notes`` (one per decision of the reader so far, :func:`engine.table.coach.note`: ``index``, ``when``,
``you``, ``facts``, ``styles``, ``summary``, ``cite``?) and, at the reader's turn, ``now`` (the same note
for the decision he faces, without ``you``); each note uses only what his seat saw then. ``play-reveal``
replies ``players`` (``name``, ``cards``: his own cards of the hand's last deal, the bots' hidden ones
included) and ``cards`` (each card's name and figure): a learning aid the reader asks for once the hand
is over («Ver las cartas de todos»); no other reply and no history names a card the reader did not see.
``play-review`` replies ``words`` (the review's titles, its notice, the grades' thresholds and, where the
bots' styles are assumed — a practice hand's script, a history that does not name them — ``assumed``),
``decisions`` (one per decision of the reader, :func:`engine.review.grades.graded`: ``index``, ``at``,
``when``, ``you``, ``grade``, ``label``, ``loss``, ``units``, ``actions`` with their figures and margins,
``why``, ``cite``?) and ``summary`` (:func:`engine.review.grades.summary`: the hands of a free table's
session reviewed so far; for any other hand, that hand only) and, the first time a kept
session's finished hand is reviewed whole, ``progress``: a list, one per decision that exercised a play skill
(:mod:`engine.review.learning`), which «Mi progreso» records.

Errors have the protocol's one shape; an unknown session gives ``unknown-session``: start
again. A script that cannot answer gives ``script-gap`` with the scenario's ``line`` and ends the session.
"""

from __future__ import annotations

from typing import Generator

from ..errors import EngineError, RequestError, shown
from ..games import find_game
from ..progress import finished
from ..review import WORDS as REVIEW_WORDS
from ..review import review_steps, summary
from ..review.learning import hand_progress
from ..protocol import command, refuse_unknown_fields
from ..requests import check_type, optional, require
from ..scenarios.json import from_json
from ..scenarios.model import Scenario
from ..table.game import ScriptGap
from ..table.words import OVER
from .session import FreeSession, PracticeSession, ReplaySession, SessionStore, read_decision

__all__ = ["MODES", "SESSIONS", "game_info", "play_coach", "play_next", "play_reveal", "play_review",
           "play_start", "play_step", "practice_request"]

MODES = ("free", "practice", "replay")
#: The sessions the engine keeps (every game and mode).
SESSIONS = SessionStore()


def _game(request: dict):
    game = find_game(require(request, "game", "game", str))
    if not game.playable:
        raise RequestError("game", f"{game.name} no se juega en una mesa de este sitio")
    return game.play()


@command("game-info", "Un juego de mesa: sus nombres, el asiento del lector y el formulario de su mesa libre.")
def game_info(request: dict) -> dict:
    return {**_game(request).info(), "review": dict(REVIEW_WORDS)}


@command("play-start", "Empieza una mano en una mesa: contra bots, una mano de práctica o una mano guardada paso a "
                       "paso; juega a los demás hasta tu primera decisión.")
def play_start(request: dict) -> dict:
    key = SESSIONS.key(request)
    mode = require(request, "mode", "mode", str)
    if mode not in MODES:
        raise RequestError("mode", f"debe ser {', '.join(f'«{m}»' for m in MODES)} (recibido: {shown(mode)})")
    game = _game(request) if mode != "practice" or "game" in request else None
    SESSIONS.forget(key)
    if mode == "free":
        setup = game.free_setup(require(request, "table", "table"))
        actions = optional(request, "actions", "actions", list, [])
        visit = optional(request, "visit", "visit", list, [])
        for i, change in enumerate(visit):
            check_type(change, int, f"visit[{i}]")
        session = FreeSession(game, game.free_table(setup), visit)
        session.restore(actions, others=True)
    elif mode == "practice":
        scenario, modality, reader = practice_request(request)
        if game is not None and scenario.game != game.id:
            raise RequestError("game", f"la mano de práctica es de {find_game(scenario.game).name}, no de {game.name}")
        session = PracticeSession(scenario, modality)
        session.advance()
        for index, value in enumerate(reader):
            field = f"reader[{index}]"
            try:
                if session.is_over():
                    raise RequestError(field, OVER["extra"])
                session.step({"decision": value}, field=field)
            except ScriptGap:
                raise
            except EngineError as exc:
                exc.progress = None  # a decision restored, not one the reader just took: nothing to record
                raise exc.locate(field=field, at=index) from None
    else:
        decision = optional(request, "decision", "decision", int, None)
        session = ReplaySession(game, game.recording(require(request, "history", "history", str)))
        if decision is not None:  # «Vuelve a esa decisión»: the hand from there, at a table of the reader's own
            session = session.spot(decision)
    SESSIONS.keep(key, session)
    return session.reply(key)


@command("play-step", "Tu decisión y los demás hasta la siguiente; en una mano guardada, el paso siguiente. Solo "
                      "lo nuevo.")
def play_step(request: dict) -> dict:
    key = SESSIONS.key(request)
    session = SESSIONS.find(key)
    if isinstance(session, ReplaySession):
        to_end = optional(request, "to_end", "to_end", bool, False)
        refuse_unknown_fields(request)
        if to_end:  # from wherever it is: a jump cancelled half-way goes on from there
            return _to_end(session, key)
        if session.viewer.sent >= session.viewer.event_count():  # else: the rest of a reply that said "more"
            session.forward()
        return session.reply(key)
    if request.get("decision") is None and session.viewer.sent < session.viewer.event_count():
        return session.reply(key)  # the rest of a reply that said "more"
    try:
        session.step(request, check=lambda: refuse_unknown_fields(request))
    except ScriptGap:
        SESSIONS.forget(key)
        raise
    reply = session.reply(key)
    practice = isinstance(session, PracticeSession)
    progress = session.judged if practice else None  # the reader's decision against the script (engine.progress)
    if session.is_over():  # a hand played to its end: the path's evidence
        progress = finished(progress, "practice" if practice else "free", session.game.id)
    if progress is not None or practice:
        reply["progress"] = progress
    return reply


def _to_end(session: ReplaySession, key: str) -> Generator[tuple[int, int], None, dict]:
    """Every step left of a hand history, in slices (progress and a place to stop between two)."""
    yield from session.forward_steps(to_end=True)
    return session.reply(key)


@command("play-next", "La mano siguiente en la misma mesa libre (o la misma mano otra vez).")
def play_next(request: dict) -> dict:
    key = SESSIONS.key(request)
    session = SESSIONS.find(key)
    if not isinstance(session, FreeSession):
        raise RequestError("session", "esta mano no es de una mesa libre: no tiene mano siguiente")
    again = optional(request, "again", "again", bool, False)
    actions = optional(request, "actions", "actions", list, [])
    if actions and not again:
        raise RequestError("actions", "solo se repiten decisiones con la misma mano otra vez («again»)")
    for index, value in enumerate(actions):  # read (and checked) before the hand moves
        read_decision(value, f"actions[{index}]")
    refuse_unknown_fields(request)
    session.next(again=again)
    session.restore(actions, others=True)  # the same hand up to a decision (the table keeps what deals it)
    return session.reply(key)


@command("play-coach", "Consejos del entrenador: qué haría cada estilo de bot en cada una de tus decisiones, con "
                       "lo que tu asiento veía entonces (sugerencias, no reglas).")
def play_coach(request: dict) -> dict:
    key = SESSIONS.key(request)
    session = SESSIONS.find(key)
    index = optional(request, "decision", "decision", int, None)
    refuse_unknown_fields(request)
    steps = session.coach_steps(index)  # a wrong index is refused here, before any step

    def reply():
        return {"session": key, **(yield from steps)}
    return reply()


@command("play-review", "Revisión de la mano: lo que vale cada acción posible en cada una de tus decisiones contra "
                        "los bots de la mesa, con lo que tu asiento veía entonces, y la nota de cada decisión.")
def play_review(request: dict) -> dict:
    index = optional(request, "decision", "decision", int, None)
    if "session" in request:
        key = SESSIONS.key(request)
        session = SESSIONS.find(key)
    else:
        game = _game(request)
        session = FreeSession(game, game.free_table(game.free_setup(require(request, "table", "table"))))
        session.restore(require(request, "actions", "actions", list), others=False)
    refuse_unknown_fields(request)
    free = isinstance(session, FreeSession)
    steps = review_steps(session, index, cache=session.review_cache)  # a hand without review is refused here
    _, hand_worlds = session.reviewed()

    def reply():
        answer = yield from steps
        learned = []
        reviewed = session.hands_reviewed if free else {}
        if free and index is None and session.is_over():  # a whole hand: into the session's summary
            if "session" in request and session.table.number not in reviewed:  # once: «Mi progreso» records it
                learned = hand_progress(session.game, answer["decisions"])
            reviewed[session.table.number] = answer["decisions"]
        done = [d for hand in reviewed.values() for d in hand] or answer["decisions"]
        told = summary(done, hand_worlds.unit)
        if not free:  # the summary is of this hand alone
            answer["words"] = {**answer["words"], "session": answer["words"]["hand"]}
        out = {**answer, "decisions": _public(answer["decisions"]),
               "summary": {**told, "costliest": _public(told["costliest"])}}
        if learned:
            out["progress"] = learned
        return out
    return reply()


def _public(decisions: list[dict]) -> list[dict]:
    """Reviewed decisions as a reply carries them: without the cards the reader saw at each (kept for «Mi
    progreso»), so that no reply during a later hand names a card of an earlier one."""
    return [{k: v for k, v in d.items() if k != "seen"} for d in decisions]


@command("play-reveal", "Al terminar una mano de una mesa libre, las cartas de todos los jugadores (también las de "
                        "quien se retiró): una ayuda para aprender que solo se da si la pides.")
def play_reveal(request: dict) -> dict:
    key = SESSIONS.key(request)
    session = SESSIONS.find(key)
    refuse_unknown_fields(request)
    if not isinstance(session, FreeSession):
        raise RequestError("session", "esta mano no es de una mesa libre: sus cartas ya se ven como se jugó")
    return session.everyone(key)


def practice_request(request: dict) -> tuple[Scenario, str | None, list]:
    """The practice hand, its modality (None for a game without them) and the reader's decisions of a
    ``play-start`` request in practice mode.

    :raises RequestError: naming the field at fault."""
    data = request.get("scenario")
    if not isinstance(data, dict):
        raise RequestError("scenario", "falta el escenario (el JSON que exporta el sitio)")
    scenario = from_json(data)
    modality = request.get("modality")
    if not scenario.modalities:
        if modality is not None:
            raise RequestError("modality", f"una mano de {find_game(scenario.game).name} no tiene modalidad: quita "
                                           "«modality»")
    elif modality not in scenario.modalities:
        names = " o ".join(f"«{m}»" for m in scenario.modalities)
        raise RequestError("modality", f"esta mano se juega en {names} (recibido: {shown(modality)})")
    reader = optional(request, "reader", "reader", list, [])
    return scenario, modality, reader
