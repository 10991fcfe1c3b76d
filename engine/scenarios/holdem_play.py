"""Texas Hold'em practice hands played: the script's answers, a hand along it, its check, its session.

The hand is :class:`engine.games.holdem.hand.HoldemHand`; the cards are the author's (``cartas``,
``mesa``; the burnt cards are never named). Scripted players answer from their lines
(:meth:`.holdem_format.HoldemScenario.moves`): the n-th decision of a kind in a street takes the
n-th move of that kind (the last repeats); a move the rules do not allow there is a :class:`ScriptGap`
at its line. Nothing here restates a betting rule: the hand's ``legal_actions`` say what is allowed.

- :func:`play`: the hand along the reader's decisions (then, with ``default_line``, along «Tú»'s
  script), as the walkthroughs and ``scenario-play`` show it: every event with the table at each
  decision (:class:`engine.table.view.HandViewer`'s views), ``result``, ``pots``,
  ``stacks``, ``decisions``.
- :func:`check_holdem`: the default line against ``resultado``, then every path the reader can
  choose (fold, check or call, the least bet or raise and all-in, at most
  :data:`MAX_READER_RAISES` raises a street), each answered by the script.
- :class:`HoldemSession`: ``scenario-start``/``scenario-step`` for a Hold'em hand.
"""

from __future__ import annotations

from typing import Any, Callable, Generator

from ..errors import EngineError
from ..games.holdem.hand import HoldemHand
from ..games.holdem.texts import WORDS
from ..table.view import HandViewer
from ..spanish import amount, listing
from ..table import BettingOrRaisingTo, CheckingOrCalling, Folding, Record
from ..table.words import form, option_amount
from .holdem_format import STREET_NAMES, HoldemScenario
from .model import READER, Problem
from .paths import ReaderPath
from .script import ScriptGap

__all__ = ["MAX_READER_RAISES", "HoldemSession", "check_holdem", "decide", "new_hand", "play"]

MAX_READER_RAISES = 2
MAX_DECISIONS = 400
#: Work done in steps (as :data:`engine.scenarios.check.Steps`): yields ``(paths explored, 0)``, returns
#: the problems.
Steps = Generator[tuple[int, int], None, "list[Problem]"]
_DECISIONS = (Folding, CheckingOrCalling, BettingOrRaisingTo)


def new_hand(scenario: HoldemScenario) -> HoldemHand:
    """The scenario's hand, dealt up to its first decision.

    :raises EngineError: when the table cannot be played (the message says why).
    """
    hand = HoldemHand([(s.name, s.stack) for s in scenario.seats], button=scenario.button,
                      blinds=list(scenario.blinds), antes=[scenario.ante] * len(scenario.seats),
                      min_bet=scenario.blinds[1])
    deal(hand, scenario)
    return hand


def deal(hand: HoldemHand, scenario: HoldemScenario) -> None:
    """The dealer's steps due now, with the author's cards."""
    if hand.phase == "deal-hole":
        for name in hand.deal_order():
            hand.deal_hole(name, list(scenario.hole[name]))
    while hand.phase == "deal-board":
        done = len(hand.board)
        hand.deal_board(list(scenario.board[done:done + hand.board_due()]))
    if hand.phase == "showdown":
        hand.finish()


def _slot(hand: HoldemHand) -> str:
    return "open" if any(o["action"] == "check" for o in hand.legal_actions()) else "facing"


def _made(hand: HoldemHand, player: str, slot: str) -> int:
    """How many decisions of kind ``slot`` ``player`` made in this street."""
    def kind(rec: Record) -> str:
        if isinstance(rec, BettingOrRaisingTo):
            return "open" if rec.kind == "bet" else "facing"
        if isinstance(rec, CheckingOrCalling):
            return "open" if rec.amount == 0 else "facing"
        return "open" if rec.free else "facing"
    return sum(1 for rec in hand.events if isinstance(rec, _DECISIONS) and rec.player == player
               and rec.street == hand.street and kind(rec) == slot)


def _options_text(options: list[dict]) -> str:
    return listing([form(o["action"], "infinitive", option_amount(o)) for o in options], "o")


def decide(scenario: HoldemScenario, hand: HoldemHand) -> dict:
    """The scripted decision of the player to act (the reader included: his default line).

    :raises ScriptGap: when the script is silent, or says something the rules do not allow here.
    """
    who, street = hand.to_act, hand.street
    slot = _slot(hand)
    subject = "Tu línea por defecto" if who == READER else f"El guion de {who}"
    when = STREET_NAMES[street]
    options = hand.legal_actions()
    can = {o["action"]: o for o in options}
    moves = scenario.moves(who, street, slot)
    if not moves:
        line = scenario.script_line(who, street)
        if slot == "open":
            raise ScriptGap(f"{subject} no dice qué hace en el {when} si nadie ha apostado: añade «pasa» o "
                            "«apuesta».", line, player=who)
        raise ScriptGap(f"{subject} no dice qué hace en el {when} ante una apuesta ({amount(can['call']['amount'])} "
                        "por pagar): añade «paga», «se retira» o «sube».", line, player=who)
    written = move = moves[min(_made(hand, who, slot), len(moves) - 1)]
    target = "no puedes" if who == READER else f"{who} no puede"
    while True:
        action, chips = move.action, move.amount
        if move.all_in:
            if action in can:
                chips = can[action]["max"]
            elif "call" in can:
                action = "call"  # all-in for what he has: no raise is possible
        problem = None
        if action not in can:
            problem = f"hacerlo aquí; las opciones son: {_options_text(options)}."
        elif action in ("bet", "raise"):
            low, high = can[action]["min"], can[action]["max"]
            chips = low if chips is None else chips
            if not low <= chips <= high:
                problem = (f"{form(action, 'infinitive', chips)}: {form(action, 'label').lower()} va de "
                           f"{amount(low)} a {amount(high)} aquí.")
        if problem is None:
            break
        if move.otherwise is None:
            also = "" if written.otherwise is None else " (ni lo que va después de «o»)"
            raise ScriptGap(f"{subject} dice «{written.word}» en el {when}, pero {target} {problem}{also} "
                            "Añade otra opción con «o», por ejemplo «sube a 100 o paga».", written.line, player=who)
        move = move.otherwise
    decision: dict[str, Any] = {"player": who, "action": action}
    if action in ("bet", "raise"):
        decision["amount"] = chips
    return decision


def _act(hand: HoldemHand, scenario: HoldemScenario, decision: dict) -> None:
    hand.act(decision["player"], decision["action"], decision.get("amount"))
    deal(hand, scenario)


def play(scenario: HoldemScenario, reader: list, *, default_line: bool = False) -> dict:
    """The hand along ``reader`` (then «Tú»'s script with ``default_line``), every event with its text and
    the table at each decision; see the module docstring. A script that cannot answer gives
    ``scenario_error`` and ``scenario_line``; a refused reader decision the error reply."""
    from ..protocol import error_reply
    from .script import reader_decision
    try:
        hand = new_hand(scenario)
    except EngineError as exc:
        return {"error": f"El motor no puede jugar la mano «{scenario.name}»: {exc}", "code": exc.code,
                "scenario_error": str(exc), "scenario_line": 1}
    viewer = HandViewer(hand, WORDS)
    tables: dict[int, dict] = {}
    decisions: list[dict] = []
    queue = list(reader)
    taken = 0
    gap = None
    while not hand.over:
        if hand.to_act == READER and (queue or not default_line):
            if not queue:
                break
            try:
                made = reader_decision(queue.pop(0), f"reader[{taken}]")
                _act(hand, scenario, made)
            except EngineError as exc:
                return error_reply(exc.locate(field=f"reader[{taken}]", at=taken))
            taken += 1
        else:
            try:
                made = decide(scenario, hand)
            except ScriptGap as exc:
                gap = exc
                break
            _act(hand, scenario, made)
        decisions.append(made)
        tables[len(hand.events)] = viewer.table()
    if queue and gap is None:
        from ..table.errors import HandOverError
        return error_reply(HandOverError("La mano ya terminó: sobran decisiones.").locate(
            field=f"reader[{taken}]", at=taken))
    tables[len(hand.events)] = viewer.table()
    events = list(viewer.event_views(0))
    for index, event in enumerate(events, 1):
        if index in tables:
            event["table"] = tables[index]
    out: dict[str, Any] = {"game": scenario.game, "events": events, "decisions": decisions,
                           "stacks": dict(hand.stacks), "labels": viewer.labels()}
    if hand.over:
        out["result"] = viewer.result()
        out["pots"] = out["result"]["pots"]
    else:
        out["next"] = viewer.next()
    if gap is not None:
        out["scenario_error"], out["scenario_line"] = str(gap), gap.line
    return out


# ---------------------------------------------------------------------------------------------
# The check.

def _compare(scenario: HoldemScenario, reply: dict) -> list[tuple[int, str]]:
    outcome = scenario.outcome
    found: list[tuple[int, str]] = []
    pots = reply.get("pots") or []
    said = [(p.amount, tuple(sorted(p.winners))) for p in outcome.pots]
    real = [(p["amount"], tuple(sorted(p["winners"]))) for p in pots]

    def text(pots_: list[tuple[int, tuple[str, ...]]]) -> str:
        return "; ".join(f"{amount(a)} para {listing(w)}" for a, w in pots_) or "ninguno"
    if said != real:
        line = outcome.pots[0].line if outcome.pots else outcome.line
        found.append((line, f"Con la línea por defecto los botes son: {text(real)} (el resultado dice: "
                            f"{text(said)}). Los botes van en orden: el principal primero."))
    for name, chips in outcome.stacks.items():
        if reply["stacks"].get(name) != chips:
            found.append((outcome.stacks_line, f"Con la línea por defecto {name} termina con "
                                               f"{amount(reply['stacks'].get(name, 0))} fichas, no {amount(chips)}."))
    missing = [n for n in scenario.players if n not in outcome.stacks]
    if missing:
        found.append((outcome.stacks_line or outcome.line, f"Faltan las fichas finales de {listing(missing)}."))
    return found


def _reader_options(hand: HoldemHand) -> list[dict]:
    out = []
    for option in hand.legal_actions():
        if option["action"] in ("bet", "raise"):
            for chips in sorted({option["min"], option["max"]}):
                out.append({"player": READER, "action": option["action"], "amount": chips})
        else:
            out.append({"player": READER, "action": option["action"]})
    return out


def check_holdem(scenario: HoldemScenario, *, report=None, explore: bool = True,
                 visit: Callable[[HoldemHand, ReaderPath], None] | None = None) -> Steps:
    """Every problem of a Hold'em hand: the default line's result, then every reader path (see the
    module docstring), in steps as :func:`engine.scenarios.check.check_scenario_steps` (a yield at each
    reader decision); ``report`` counts the paths explored; ``visit(hand, path)`` is called on every
    state reached (after each decision) with the :class:`.paths.ReaderPath` so far, as the Mata Ases
    explorer calls it (:func:`engine.scenarios.check.explore_paths_steps`)."""
    problems: list[Problem] = []
    reply = play(scenario, [], default_line=True)
    if "error" in reply and "scenario_error" not in reply:
        return [Problem(scenario.path, reply.get("line", 1), reply["error"])]
    if "scenario_error" in reply:
        return [Problem(scenario.path, reply["scenario_line"], f"{reply['scenario_error']} Pasa con tu línea "
                                                                "por defecto.")]
    problems += [Problem(scenario.path, line, message) for line, message in _compare(scenario, reply)]
    if report is not None:
        report.replays += 1
    if not explore:
        return problems

    def act(hand: HoldemHand, decision: dict, path: ReaderPath) -> None:
        _act(hand, scenario, decision)
        if visit is not None:
            visit(hand, path)

    gaps: dict[tuple[int, str], str] = {}
    #: (the hand, the reader's path to it, the reader's bets and raises in each street of that path)
    stack: list[tuple[HoldemHand, ReaderPath, dict[str, int]]] = [(new_hand(scenario), ReaderPath(None), {})]
    start = report.paths if report is not None else 0
    paths = 0
    while stack:
        hand, path, raises = stack.pop()
        steps = 0
        while not hand.over and steps < MAX_DECISIONS:
            steps += 1
            if hand.to_act == READER:
                yield start + paths, 0
                street = hand.street
                options = [o for o in _reader_options(hand)
                           if o["action"] not in ("bet", "raise") or raises.get(street, 0) < MAX_READER_RAISES]
                branches = []
                for option in options:
                    more = {**raises, street: raises.get(street, 0) + 1} if option["action"] in ("bet", "raise") \
                        else raises
                    branches.append((option, path.then(option, STREET_NAMES[street]), more))
                for option, step, more in branches[1:]:
                    branch = _fork(hand, scenario)
                    act(branch, option, step)
                    stack.append((branch, step, more))
                option, path, raises = branches[0]
                act(hand, option, path)
                continue
            try:
                act(hand, decide(scenario, hand), path)
            except ScriptGap as gap:
                key = (gap.line, str(gap))
                gaps.setdefault(key, f"{gap} Pasa {path.text}.")
                break
        paths += 1
    if report is not None:
        report.paths += paths
    problems += [Problem(scenario.path, line, message) for (line, _), message in gaps.items()]
    return problems


def _fork(hand: HoldemHand, scenario: HoldemScenario) -> HoldemHand:
    """A copy of ``hand`` (replayed: the hand keeps no other state than its decisions)."""
    copy = new_hand(scenario)
    for rec in hand.events:
        if isinstance(rec, _DECISIONS):
            action = ("fold" if isinstance(rec, Folding) else
                      ("check" if rec.amount == 0 else "call") if isinstance(rec, CheckingOrCalling) else rec.kind)
            _act(copy, scenario, {"player": rec.player, "action": action,
                                  "amount": rec.amount if action in ("bet", "raise") else None})
    return copy


# ---------------------------------------------------------------------------------------------
# The session of scenario-start / scenario-step.

class HoldemSession:
    """One Hold'em practice hand in play: the hand, its viewer and the scripted opponents."""

    def __init__(self, scenario: HoldemScenario) -> None:
        self.scenario = scenario
        try:
            self.hand = new_hand(scenario)
        except EngineError as exc:
            error = EngineError(f"El motor no puede jugar la mano «{scenario.name}»: {exc}")
            error.code = exc.code
            raise error.locate(line=1) from None
        self.viewer = HandViewer(self.hand, WORDS)

    def act(self, decision: dict) -> None:
        """The reader's decision, then every scripted decision up to the reader's next one."""
        _act(self.hand, self.scenario, decision)
        self.viewer.stop()
        self.advance()

    def advance(self) -> None:
        """:raises ScriptGap: when the script cannot answer (its ``line`` says where)."""
        while not self.hand.over and self.hand.to_act != READER:
            _act(self.hand, self.scenario, decide(self.scenario, self.hand))
            self.viewer.stop()
