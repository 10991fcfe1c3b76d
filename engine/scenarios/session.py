"""Practice-hand sessions: the engine keeps the parsed scenario and the hand between the reader's clicks.

The browser simulator calls ``scenario-start`` once per hand and ``scenario-step`` on every click;
each reply carries only what is new (:class:`engine.games.mata_ases.view.Viewer`): the new
events without table snapshots, the table after each decision as per-seat structured state, the
reader's options with their labels, the result once the hand is over, and the display of every card
mentioned. (``scenario-play`` replays the whole hand instead: the static walkthroughs use it.)

Requests::

    scenario-start {"session": "<id chosen by the caller>", "scenario": <scenario JSON>,
                    "modality": "boton-ante" | "bring-in", "reader"?: [decisions already taken]}
                   (a Texas Hold'em hand, ``"game": "holdem"`` in its JSON, has no ``modality``: refused
                   if given; it is played by :class:`.holdem_play.HoldemSession`, same replies)
    scenario-step  {"session": "<id>", "decision": {"action": "check", "amount"?: 50}}
    scenario-step  {"session": "<id>"}          (the rest, after a reply with "more": true)

``reader`` (optional) replays decisions already taken (a page coming back to a hand in progress).
Replies: ``{"session", "events", "more": true | "next" | "result", "cards", "amounts"?}``; each
stays under 5 KB (a long stretch of the opponents' play comes in several replies). Errors have the
protocol's one shape: a refused decision keeps the session as it was (``field`` ``"decision"``, or
``"reader[i]"`` with ``at`` = ``i`` when replaying); a script that cannot answer gives ``code``
``"script-gap"`` with the scenario ``line`` and ends the session; an unknown (or evicted) session
gives ``code`` ``"unknown-session"``: start again.

At most :data:`engine.sessions.MAX_SESSIONS` hands are kept; starting another forgets the one used least
recently.
"""

from __future__ import annotations

from ..errors import EngineError, RequestError
from ..games.mata_ases.hand import MataAsesHand
from ..games.mata_ases.records import MissingDealError
from ..games.mata_ases.view import Viewer
from ..protocol import command, refuse_unknown_fields
from ..sessions import SessionStore
from .model import GAME, READER, Scenario
from .script import ScriptGap, decide, missing_deal_gap, new_hand, parse_request, reader_decision, situation_of

class Session:
    """One practice hand in play: the scenario, the hand and what the reader has already been shown."""

    def __init__(self, scenario: Scenario, modality: str) -> None:
        self.scenario = scenario
        self.modality = modality
        try:
            self.hand: MataAsesHand = new_hand(scenario, modality)
        except EngineError as exc:
            error = EngineError(f"El motor no puede jugar la mano «{scenario.name}»: {exc}")
            error.code = exc.code  # the cause's code (a RequestError's constructor takes a field too)
            raise error.locate(line=1) from None
        self.viewer = Viewer(self.hand)

    def act(self, decision: dict) -> None:
        """The reader's decision, then every scripted decision up to the reader's next one."""
        try:
            self.hand.act(READER, decision["action"], decision.get("amount"))
        except MissingDealError as exc:
            raise missing_deal_gap(self.scenario, self.hand, exc) from None
        self.viewer.stop()
        self.advance()

    def advance(self) -> None:
        """Play the scripted opponents until it is the reader's turn or the hand is over.

        :raises ScriptGap: when the script cannot answer (its ``line`` says where).
        """
        hand = self.hand
        while not hand.is_over and hand.to_act != READER:
            try:
                made = decide(self.scenario, self.modality, situation_of(hand))
                hand.act(made["player"], made["action"], made.get("amount"))
            except MissingDealError as exc:
                raise missing_deal_gap(self.scenario, hand, exc) from None
            self.viewer.stop()


_SESSIONS = SessionStore()


def _new(scenario: Scenario, modality: str | None):
    if scenario.game == GAME:
        from .holdem_play import HoldemSession  # (a Mata Ases page never imports Hold'em)

        return HoldemSession(scenario)
    return Session(scenario, modality)


def session_end(scenario: Scenario, modality: str | None, reader: list[dict]) -> dict:
    """A line of the reader's decisions played in a table session, as the live page plays it, to the end:
    ``{"labels", "cards", "amounts", "result"}`` of its replies (``result`` None when the line stops
    before the end). The «Manos comentadas» pages and the authors' workshop end their walkthroughs with it.
    """
    session = _new(scenario, modality)
    session.advance()
    for value in reader:
        if session.viewer.is_over():
            break
        session.act(reader_decision(value, "reader"))
    out: dict = {"labels": None, "cards": {}, "amounts": {}, "result": None}
    while True:
        reply = session.viewer.reply()
        out["labels"] = out["labels"] or reply.get("labels")
        out["cards"].update(reply.get("cards") or {})
        out["amounts"].update(reply.get("amounts") or {})
        if not reply.get("more"):
            out["result"] = reply.get("result")
            return out


def _reply(key: str, session: Session) -> dict:
    return {"session": key, **session.viewer.reply()}


@command("scenario-start", "Mano de práctica en el navegador: empieza una sesión y juega a los rivales hasta tu "
                           "primera decisión.")
def scenario_start(request: dict) -> dict:
    key = SessionStore.key(request)
    scenario, modality, reader = parse_request(request)
    _SESSIONS.forget(key)
    session = _new(scenario, modality)
    session.advance()
    for index, value in enumerate(reader):
        field = f"reader[{index}]"
        try:
            if session.viewer.is_over():
                raise RequestError(field, "la mano ya terminó: sobran decisiones")
            session.act(reader_decision(value, field))
        except ScriptGap:
            raise
        except EngineError as exc:
            raise exc.locate(field=field, at=index) from None
    _SESSIONS.keep(key, session)
    return _reply(key, session)


@command("scenario-step", "Mano de práctica en el navegador: tu decisión, y los rivales hasta la siguiente; "
                          "solo lo nuevo.")
def scenario_step(request: dict) -> dict:
    key = SessionStore.key(request)
    session = _SESSIONS.find(key)
    if request.get("decision") is None and session.viewer.sent < session.viewer.event_count():
        return _reply(key, session)  # the rest of a reply that said "more"
    if session.viewer.is_over():
        raise RequestError("decision", "la mano ya terminó: no admite más decisiones")
    decision = reader_decision(request.get("decision"), "decision")
    refuse_unknown_fields(request)  # before the hand moves on
    try:
        session.act(decision)
    except ScriptGap:
        _SESSIONS.forget(key)
        raise
    except EngineError as exc:
        raise exc.locate(field="decision") from None
    return _reply(key, session)
