"""Scripted players: what an opponent does at each decision, and a hand played along a script.

The hand itself is played by the ``mata-ases-hand`` command; this module only answers, from the
scenario's script, the decisions the hand engine asks for (its reply's ``next``). Nothing here
knows the betting rules: the script says *what* a player wants to do and the hand engine's
``next.can`` says what is allowed, so an answer the rules forbid becomes a :class:`ScriptGap`.

The ``scenario-play`` command is what the browser simulator calls on every click of the reader.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import EngineError, RequestError, shown
from ..games.mata_ases.records import HandOverError, MissingDealError
from ..games.mata_ases.hand import MataAsesHand
from ..games.mata_ases.command import build_hand, reply as hand_reply
from ..requests import check_type
from ..spanish import amount, listing
from ..table.words import form, option_amount
from ..protocol import answer, command, error_reply
from .json import from_json
from .model import GAME, MODALITY_NAMES, READER, ROUND_NAMES, Scenario

__all__ = [
    "ScriptGap",
    "Situation",
    "decide",
    "decision_for",
    "hand",
    "new_hand",
    "opponent_decision",
    "play",
    "situation",
    "situation_of",
]

HAND_COMMAND = "mata-ases-hand"


class ScriptGap(EngineError):
    """The script cannot answer a decision, or answers with something the rules forbid.

    ``line`` is the scenario line to blame; the message says who, when and what to add.
    """

    def __init__(self, message: str, line: int, *, player: str | None = None, round_: int = 0,
                 deal: int = 1) -> None:
        self.line = line
        self.player = player
        self.round = round_
        self.deal = deal
        super().__init__(message)


def hand(scenario: Scenario, modality: str, actions: list[dict]) -> dict:
    """The ``mata-ases-hand`` reply for the scenario's table and deals with ``actions``."""
    return answer(HAND_COMMAND, scenario.hand_request(modality, actions))


# ---------------------------------------------------------------------------------------------
# Where the hand stands.

@dataclass(frozen=True)
class Situation:
    """A decision the hand asks for.

    ``round`` is the number of own cards the betting round is played with (2..5; for a card
    choice, the card being dealt); ``kind`` is ``"card"`` (up or down), ``"open"`` (nobody has
    bet: check or bet) or ``"facing"`` (call, fold or raise); ``deal`` counts from 1.
    """

    player: str
    deal: int
    round: int
    kind: str
    can: dict
    bring_in: bool = False


def _kind(can: dict) -> str:
    if "up" in can or "down" in can:
        return "card"
    return "open" if "check" in can else "facing"


def _round(kind: str, held: int) -> int:
    return max(2, min(5, held + 1 if kind == "card" else held))


def _facing_bring_in(events: list[tuple[str, Any, int]], deal: int) -> bool:
    """True when the last wager of the current round is a Bring In (events as (type, street, deal))."""
    for kind, street, index in reversed(events):
        if index != deal - 1 or not isinstance(street, int):
            return False
        if kind in ("bet", "raise", "round_end"):
            return False
        if kind == "bring_in":
            return True
    return False


def situation(reply: dict) -> Situation:
    """The decision a ``mata-ases-hand`` reply asks for (its ``next``), read from the reply alone."""
    nxt = reply["next"]
    player = nxt["player"]
    can = {option["action"]: option for option in nxt.get("can", [])}
    events = reply.get("events") or []
    last = events[-1] if events else {}
    deal = (last.get("deal") or 0) + 1  # the engine counts deals from 0; scenarios from 1
    seat = ((last.get("table") or {}).get("players") or {}).get(player) or {}
    held = len(seat.get("open") or []) + len(seat.get("closed") or [])
    kind = _kind(can)
    tail = [(e.get("type"), e.get("street"), e.get("deal") or 0) for e in events[-12:]]
    return Situation(player, deal, _round(kind, held), kind, can, kind == "facing" and _facing_bring_in(tail, deal))


def situation_of(state: MataAsesHand) -> Situation:
    """The decision a :class:`MataAsesHand` in play asks for."""
    player = state.to_act
    can = {option["action"]: option for option in state.legal_actions()}
    kind = _kind(can)
    deal = state.deal_index + 1
    tail = [(e.type, e.street, e.deal) for e in state.events[-12:]]
    return Situation(player, deal, _round(kind, len(state.own_cards(player))), kind, can,
                     kind == "facing" and _facing_bring_in(tail, deal))


# ---------------------------------------------------------------------------------------------
# Answering from the script.

def _options_text(can: dict) -> str:
    return listing([form(action, "infinitive", option_amount(option)) for action, option in can.items()], "o")


def when_text(scenario: Scenario, modality: str, deal: int, round_: int) -> str:
    """«3ª carta, Botón Ante» or «1ª ronda, reparto 2 (extensión 1), Bring In»."""
    parts = [ROUND_NAMES[round_]]
    if deal > 1:
        parts.append(f"reparto {deal}")
    parts.append(MODALITY_NAMES.get(modality, modality))
    return ", ".join(parts)


def decide(scenario: Scenario, modality: str, sit: Situation) -> dict:
    """The scripted decision for ``sit`` (any player, the reader included: their default line).

    :raises ScriptGap: when the script is silent, or says something the rules do not allow here.
    """
    who, deal, round_, kind, can = sit.player, sit.deal, sit.round, sit.kind, sit.can
    when = when_text(scenario, modality, deal, round_)
    subject = "Tu línea por defecto" if who == READER else f"El guion de {who}"

    def gap(message: str, line: int) -> ScriptGap:
        return ScriptGap(message, line, player=who, round_=round_, deal=deal)

    slot = scenario.slot(who, modality, deal, round_, kind)
    if slot is None:
        line = scenario.script_line(who, modality, deal, round_)
        if kind == "card":
            raise gap(f"{subject} no dice cómo recibe la {ROUND_NAMES[round_]} ({when}): añade «abierta» o "
                      "«cerrada».", line)
        if kind == "open":
            raise gap(f"{subject} no dice qué hace si nadie ha apostado ({when}): añade «pasa» o «apuesta».", line)
        facing = (f"el Bring In delante (que es una apuesta; {_amount(can)} por pagar)" if sit.bring_in
                  else f"una apuesta delante ({_amount(can)} por pagar)")
        other = scenario.slot(who, modality, deal, round_, "open")
        if other is not None and other.action == "check":
            raise gap(f"{subject} no dice qué hace ante una apuesta ({when}): solo dice «{other.word}», y no se "
                      f"puede pasar con {facing}. Añade «paga», «se retira» o «sube».", other.line)
        raise gap(f"{subject} no dice qué hace ante una apuesta ({when}): tiene {facing}. "
                  "Añade «paga», «se retira» o «sube».", line)

    action = slot.action
    if action not in can:
        target = "no puedes" if who == READER else f"{who} no puede"
        why = " (con apuestas fijas no se sube)" if action == "raise" and scenario.betting == "fixed" else ""
        raise gap(f"{subject} dice «{slot.word}» ({when}), pero {target} hacerlo aquí{why}; las opciones son: "
                  f"{_options_text(can)}.", slot.line)
    decision: dict[str, Any] = {"player": who, "action": action}
    if action in ("bet", "raise"):
        decision["amount"] = can[action]["min"]
    return decision


def _amount(can: dict) -> str:
    call = can.get("call") or {}
    return amount(call["amount"]) if "amount" in call else "?"


def decision_for(scenario: Scenario, modality: str, reply: dict) -> dict:
    """The scripted decision of whoever is to act in a ``mata-ases-hand`` reply."""
    return decide(scenario, modality, situation(reply))


def opponent_decision(scenario: Scenario | dict, modality: str, reply: dict) -> dict:
    """What the scripted opponent to act does, given the current ``mata-ases-hand`` reply.

    ``scenario`` may be a :class:`Scenario` or its JSON (:func:`~engine.scenarios.to_json`).
    Returns a decision for the ``actions`` list: ``{"player", "action"[, "amount"]}``.

    :raises ScriptGap: when the script cannot answer (the message says what to add, ``line`` where).
    :raises ValueError: when the hand is over or it is the reader's turn.
    """
    if isinstance(scenario, dict):
        scenario = from_json(scenario)
    nxt = reply.get("next")
    if not nxt:
        raise ValueError("the hand is over: nobody is to act")
    if nxt["player"] == READER:
        raise ValueError("it is the reader's turn")
    return decision_for(scenario, modality, reply)


# ---------------------------------------------------------------------------------------------
# Playing a hand along the script.

def new_hand(scenario: Scenario, modality: str) -> MataAsesHand:
    """A :class:`MataAsesHand` for the scenario in ``modality``, at its first decision.

    :raises EngineError: when the hand engine cannot set the table up (the message says why).
    """
    state, _ = build_hand(scenario.hand_request(modality))
    return state


def missing_deal_gap(scenario: Scenario, state: MataAsesHand, exc: MissingDealError) -> ScriptGap:
    """A :class:`MissingDealError` in the authors' words, at the line of the last deal."""
    number = state.deal_index + 1
    line = scenario.deals[-1].line if scenario.deals else 1
    if number > len(scenario.deals):
        what = (f"la {state.extensions}ª extensión" if state.extensions else "un nuevo reparto")
        return ScriptGap(f"Falta el reparto {number}: la mano sigue en {what}. Añade «reparto {number}:» con las "
                         "cartas de los jugadores que la juegan.", line, deal=number)
    for deal in scenario.deals:
        if deal.number == number:
            line = deal.line
    return ScriptGap(f"El reparto {number} no trae las cartas de todos los que lo juegan ({exc}).", line, deal=number)


def reader_decision(value: Any, field: str) -> dict:
    """A reader's decision from a request: ``{"action": str, "amount"?: int}`` -> a decision with the player.

    :raises RequestError: naming ``field``.
    """
    check_type(value, dict, field)
    action = value.get("action")
    if not isinstance(action, str):
        raise RequestError(f"{field}.action", f"cada decisión necesita su acción, un texto (recibido: {shown(action)})")
    amount = value.get("amount")
    if amount is not None and (not isinstance(amount, int) or isinstance(amount, bool)):
        raise RequestError(f"{field}.amount", f"debe ser un número entero (recibido: {shown(amount)})")
    made: dict[str, Any] = {"player": READER, "action": action}
    if action in ("bet", "raise"):
        made["amount"] = amount
    return made


def play(scenario: Scenario, modality: str | None, reader: list[dict], *, default_line: bool = False) -> dict:
    """Play the hand: the reader's ``reader`` decisions in order, every opponent from the script.

    Stops at the reader's next decision (or at the end of the hand). With ``default_line`` the
    reader also follows the script (their default line) once ``reader`` runs out, to the end.

    The reply is the ``mata-ases-hand`` reply plus ``"decisions"`` (every decision made, in order).
    A reader decision the rules forbid gives the protocol's error shape with ``field`` ``"reader[i]"``
    and ``at`` = ``i``, its index in ``reader``. For authors (``engine check``, the static
    walkthroughs), when the script cannot answer, the reply where the hand stopped carries
    ``"scenario_error"`` (Spanish) and ``"scenario_line"`` (the scenario line to fix); the
    ``scenario-play`` command turns that into an error reply with ``code`` ``"script-gap"`` and ``line``.

    A Hold'em hand (no modality: ``modality`` is None) is played by :func:`.holdem_play.play`.
    """
    if scenario.game == GAME:
        from .holdem_play import play as play_holdem
        return play_holdem(scenario, reader, default_line=default_line)
    try:
        state = new_hand(scenario, modality)
    except EngineError as exc:
        return {"error": f"El motor no puede jugar la mano «{scenario.name}»: {exc}", "code": exc.code,
                "scenario_error": str(exc), "scenario_line": scenario.line_of_field(exc.field)}
    decisions: list[dict] = []
    queue = list(reader)
    taken = 0

    def stopped(gap: ScriptGap) -> dict:
        try:
            out = hand_reply(state)
        except Exception:  # the engine stopped half-way (a missing deal): show nothing half-built
            out = {"events": [e.to_json() for e in state.events], "stacks": dict(state.stacks), "pots": [],
                   "extensions": state.extensions}
        out["decisions"] = decisions
        out["scenario_error"] = str(gap)
        out["scenario_line"] = gap.line
        return out

    while not state.is_over:
        if state.to_act == READER and (queue or not default_line):
            if not queue:
                break
            try:
                made = reader_decision(queue.pop(0), f"reader[{taken}]")
                state.act(READER, made["action"], made.get("amount"))
            except MissingDealError as exc:
                return stopped(missing_deal_gap(scenario, state, exc))
            except EngineError as exc:
                return error_reply(exc.locate(field=f"reader[{taken}]", at=taken))
            taken += 1
            decisions.append(made)
            continue
        try:
            made = decide(scenario, modality, situation_of(state))
            state.act(made["player"], made["action"], made.get("amount"))
        except ScriptGap as gap:
            return stopped(gap)
        except MissingDealError as exc:
            return stopped(missing_deal_gap(scenario, state, exc))
        decisions.append(made)
    if queue:
        return error_reply(HandOverError("La mano ya terminó: sobran decisiones.").locate(
            field=f"reader[{taken}]", at=taken))
    out = hand_reply(state)
    out["decisions"] = decisions
    return out


def parse_request(request: dict) -> tuple[Scenario, str | None, list]:
    """The scenario, modality (None for Hold'em) and reader decisions of a ``scenario-play``/``scenario-start``
    request."""
    data = request.get("scenario")
    if not isinstance(data, dict):
        raise RequestError("scenario", "falta el escenario (el JSON que exporta el sitio)")
    scenario = from_json(data)
    modality = request.get("modality")
    if scenario.game == GAME:
        if modality is not None:
            raise RequestError("modality", "una mano de Texas Hold'em no tiene modalidad: quita «modality»")
    elif modality not in scenario.modalities:
        names = " o ".join(f"«{m}»" for m in scenario.modalities)
        raise RequestError("modality", f"esta mano se juega en {names} (recibido: {shown(modality)})")
    reader = request.get("reader", [])
    if not isinstance(reader, list):
        raise RequestError("reader", "debe ser una lista de decisiones")
    return scenario, modality, reader


@command("scenario-play", "Mano de práctica entera (para las manos comentadas): juega a los rivales según el guion "
                          "hasta tu siguiente decisión.")
def _scenario_play(request: dict) -> dict:
    """Full replay: the whole hand so far, every event with its table (see :func:`play`)."""
    scenario, modality, reader = parse_request(request)
    out = play(scenario, modality, reader)
    if "scenario_error" in out:
        return {"error": out.get("error", out["scenario_error"]), "code": out.get("code", ScriptGap.code),
                "line": out["scenario_line"]}
    return out
