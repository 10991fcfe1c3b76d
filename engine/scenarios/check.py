"""Validate scenarios against the hand engine: default line, outcome claims, every reader decision.

:func:`check_scenario` replays a parsed scenario in each of its modalities:

1. along the default line (the reader follows ``Tú`` in the script), comparing the final pots,
   stacks and extensions with the author's ``resultado``;
2. along every path of reader decisions (each option the hand engine offers the reader: check,
   bet, call, fold, raise, card open or closed), making sure the script answers every opponent
   decision that comes up. Reader raises are limited to :data:`MAX_READER_RAISES` per round and,
   without fixed betting, bets and raises are tried at the minimum and at all-in only -- a
   systematic sample that still reaches every branch of the script.

:func:`check_paths` does that for files and reports every problem as ``file:line: message``;
``python -m engine check`` (:mod:`engine.check`) runs it with the quiz questions of the pages.
"""

from __future__ import annotations

import copy
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Generator

from .format import load
from .holdem_format import GAME
from .model import MODALITY_NAMES, READER, ROUND_NAMES, Outcome, Problem, Scenario, ScenarioError
from ..games.mata_ases.records import MAX_EXTENSIONS, MissingDealError
from ..games.mata_ases.hand import MataAsesHand
from .paths import ReaderPath, path_text
from .script import ScriptGap, Situation, decide, missing_deal_gap, new_hand, play, situation_of
from ..spanish import amount, decimal, listing

__all__ = ["MAX_READER_RAISES", "Report", "check_files", "check_paths", "check_scenario", "check_scenario_steps",
           "compare_plays", "check_prose", "default_line_lines",
           "discover", "explore_paths", "explore_paths_steps", "path_text", "run_steps", "Visit"]

#: Reader raises tried per betting round while exploring.
MAX_READER_RAISES = 2
#: Safety net: no hand has more decisions than this.
MAX_DECISIONS = 400


@dataclass
class Report:
    """What a check found: the scenarios that passed, every problem, and how much was explored."""

    scenarios: list[Scenario] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    files: int = 0
    #: Quiz questions (and trainer blocks) checked, and the pages that hold them.
    questions: int = 0
    pages: int = 0
    paths: int = 0
    replays: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self, *, timed: bool = True) -> str:
        """The last line of ``python -m engine check`` (``timed``: with the seconds it took)."""
        if self.problems:
            files = len({p.path for p in self.problems})
            noun = "problema" if len(self.problems) == 1 else "problemas"
            where = "archivo" if files == 1 else "archivos"
            return f"{len(self.problems)} {noun} en {files} {where}."
        parts = []
        if self.scenarios or not self.pages:
            walks = sum(len(s.modalities) or 1 for s in self.scenarios)  # Hold'em: one line
            hands = "mano de práctica correcta" if len(self.scenarios) == 1 else "manos de práctica correctas"
            walked = "recorrido por defecto comprobado" if walks == 1 else "recorridos por defecto comprobados"
            explored = "camino del lector explorado" if self.paths == 1 else "caminos del lector explorados"
            parts.append(f"{len(self.scenarios)} {hands}: {walks} {walked} y {amount(self.paths)} {explored}")
        if self.pages:
            questions = "pregunta comprobada" if self.questions == 1 else "preguntas comprobadas"
            pages = "página" if self.pages == 1 else "páginas"
            parts.append(f"{self.questions} {questions} en {self.pages} {pages}")
        text = "; ".join(parts)
        text = text[:1].upper() + text[1:]
        return f"{text} ({decimal(self.seconds, 1)} s)." if timed else f"{text}."


# ---------------------------------------------------------------------------------------------

def discover(paths: list[str | Path] | None = None, *, root: Path | None = None) -> list[Path]:
    """The scenario files named by ``paths`` (folders give their ``*.md``); none: ``scenarios/*.md``."""
    root = root or Path.cwd()
    if not paths:
        paths = [root / "scenarios"]
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found += sorted(p for p in path.glob("*.md") if not p.name.startswith(("_", ".")))
        else:
            found.append(path)
    return found


def display_path(path: Path, root: Path | None = None) -> str:
    root = (root or Path.cwd()).resolve()
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def check_paths(paths: list[str | Path] | None = None, *, root: Path | None = None,
                explore: bool = True) -> Report:
    """Parse and check every scenario file named by ``paths``; all problems of all files are collected."""
    start = time.perf_counter()
    report = Report()
    files = discover(paths, root=root)
    check_files(files, report, root=root, explore=explore)
    if not files:
        report.problems.append(Problem(display_path(Path(paths[0]) if paths else Path("scenarios"), root), 1,
                                       "No hay ningún archivo de escenario (*.md)."))
    report.problems.sort()
    report.seconds = time.perf_counter() - start
    return report


def check_files(files: list[Path], report: Report, *, root: Path | None = None, explore: bool = True) -> None:
    """Parse and check each scenario file into ``report`` (orders must differ across the files)."""
    report.files += len(files)
    orders: dict[tuple[str, int], Problem] = {}
    for path in files:
        shown = display_path(path, root)
        if not path.is_file():
            report.problems.append(Problem(shown, 1, "El archivo no existe."))
            continue
        try:
            scenario = load(path, display=shown)
        except ScenarioError as exc:
            report.problems += exc.problems
            continue
        problems = check_scenario(scenario, report=report, explore=explore)
        report.problems += problems
        line = scenario.line_of("orden")
        if (scenario.game, scenario.order) in orders:  # each game's hands have their own order
            first = orders[scenario.game, scenario.order]
            report.problems.append(Problem(shown, line, f"El orden {scenario.order} ya lo tiene {first.path} "
                                                        f"(línea {first.line}): cada mano lleva un orden distinto."))
        else:
            orders[scenario.game, scenario.order] = Problem(shown, line, "")
        if not problems:
            report.scenarios.append(scenario)
    report.scenarios.sort(key=lambda s: (s.order, s.name))


#: The explorers' hook: ``visit(state, path)`` on every state a path of reader decisions reaches (the
#: game's hand after each decision, a :class:`MataAsesHand` or a Hold'em hand), with that path so far.
Visit = Callable[[object, ReaderPath], None]

#: Work done in steps: a generator that yields ``(done, total)`` now and then (``total`` 0: unknown)
#: and returns its result -- the protocol's progress channel (engine.protocol.registry.Handler).
Steps = Generator[tuple[int, int], None, "list"]


def run_steps(steps: Generator):
    """The result of work done in steps, run to its end (no progress wanted).

    >>> def count():
    ...     yield 1, 2
    ...     return "listo"
    >>> run_steps(count())
    'listo'
    """
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        return stop.value


def check_scenario(scenario: Scenario, *, report: Report | None = None, explore: bool = True) -> list[Problem]:
    """Every problem the hand engine finds in a parsed scenario (an empty list when it is sound)."""
    return run_steps(check_scenario_steps(scenario, report=report, explore=explore))


def check_scenario_steps(scenario: Scenario, *, report: Report | None = None, explore: bool = True,
                         visit: Visit | None = None) -> Steps:
    """:func:`check_scenario` in steps: yields ``(reader paths explored, 0)`` while it explores (a
    long check can report progress and be abandoned between two); ``visit`` as :func:`explore_paths`
    (for a Hold'em hand too: :func:`engine.scenarios.holdem_play.check_holdem`)."""
    if scenario.game == GAME:
        from .holdem_play import check_holdem
        return (yield from check_holdem(scenario, report=report, explore=explore, visit=visit))
    report = report if report is not None else Report()
    problems: list[Problem] = []
    seen: set[tuple[int, str]] = set()

    def add(line: int, message: str, key: str | None = None) -> None:
        if (line, key or message) in seen:
            return
        seen.add((line, key or message))
        problems.append(Problem(scenario.path, line, message))

    used: set[int] = set()
    for modality in scenario.modalities:
        name = MODALITY_NAMES[modality]
        yield report.paths, 0  # the default line is replayed whole: a place to pause before it
        reply = play(scenario, modality, [], default_line=True)
        report.replays += 1
        if "scenario_error" in reply and "scenario_line" in reply:
            add(reply["scenario_line"], f"Con la línea por defecto ({name}): {reply['scenario_error']}")
            continue
        if "error" in reply:
            add(scenario.line_of_field(reply.get("field")),
                f"El motor rechaza la mano ({name}): {reply.get('scenario_error') or reply['error']}")
            continue
        if "next" in reply:
            add(1, f"Con la línea por defecto ({name}) la mano no termina.")
            continue
        outcome = scenario.outcomes.get(modality)
        if outcome is not None:
            for line, message in compare_outcome(outcome, reply) + compare_plays(scenario, outcome, reply):
                add(line, f"Resultado de {name}: {message}")
        for line, message in check_prose(scenario, reply):
            add(line, message)
        if explore:
            used |= default_line_lines(scenario, modality)
            found = yield from explore_paths_steps(scenario, modality, report, used=used, visit=visit)
            for line, message, key in found:
                add(line, message, key)
    if explore and not problems:
        for entry in scenario.script:
            if entry.line not in used:
                who = "Tu línea por defecto" if entry.player == READER else f"El guion de {entry.player}"
                add(entry.line, f"{who} en esta línea no se usa en ningún camino del lector: bórrala o revisa "
                                "a qué ronda, modalidad o reparto se refiere.")
    return problems


def default_line_lines(scenario: Scenario, modality: str) -> set[int]:
    """The script lines that answer some decision along the default line (the reader's included)."""
    used: set[int] = set()
    state = new_hand(scenario, modality)
    while not state.is_over:
        sit = situation_of(state)
        decision = decide(scenario, modality, sit)
        used.add(scenario.slot(sit.player, modality, sit.deal, sit.round, sit.kind).line)
        state.act(decision["player"], decision["action"], decision.get("amount"))
    return used


def compare_outcome(outcome: Outcome, reply: dict) -> list[tuple[int, str]]:
    """(line, message) for every difference between the claimed outcome and the engine's reply."""
    found: list[tuple[int, str]] = []
    actual = [(p["amount"], tuple(sorted(p.get("winners") or []))) for p in reply.get("pots") or []]
    claimed = [(p.amount, tuple(sorted(p.winners))) for p in outcome.pots]
    if Counter(actual) != Counter(claimed):
        shown = "; ".join(_pot_text(a, w) for a, w in actual) or "ningún pozo"
        found.append((outcome.pots[0].line if outcome.pots else outcome.line,
                      f"el motor da «{shown}», no «{'; '.join(_pot_text(a, w) for a, w in claimed)}». "
                      "Escribe un «pozo:» por cada pozo que da el motor."))
    stacks = reply.get("stacks") or {}
    for player, amount in stacks.items():
        if player not in outcome.stacks:
            found.append((outcome.stacks_line or outcome.line, f"faltan las fichas finales de {player} ({amount})."))
        elif outcome.stacks[player] != amount:
            found.append((outcome.stacks_line, f"{player} termina con {amount} fichas según el motor, "
                                               f"no con {outcome.stacks[player]}."))
    if outcome.extensions is not None and outcome.extensions != reply.get("extensions", 0):
        found.append((outcome.extensions_line, f"el motor juega {reply.get('extensions', 0)} extensiones, "
                                               f"no {outcome.extensions}."))
    return found


def compare_plays(scenario: Scenario, outcome: Outcome, reply: dict) -> list[tuple[int, str]]:
    """(line, message) for every «jugada …» claim that is not the engine's play at the last showdown.

    The play is what the hand engine shows for that player: its five cards, named by the engine,
    and which ayuda (if any) it uses -- the facts the page's prose should tell.
    """
    from ..cards import Card
    from ..evaluation import category_of, name_mx, strength
    from ..spanish import cards_text, in_running_text

    found: list[tuple[int, str]] = []
    shows = {e["player"]: e for e in reply.get("events") or [] if e["type"] == "show"}
    for claim in outcome.plays:
        event = shows.get(claim.player)
        if event is None:
            found.append((claim.line, f"{claim.player} no enseña su jugada en el showdown con la línea por "
                                      f"defecto: quita «jugada {claim.player}»."))
            continue
        cards = [Card.parse(c) for c in event["cards"]]
        if set(cards) == set(claim.cards):
            continue
        value = strength(cards)
        deal = scenario.deals[min(event.get("deal") or 0, len(scenario.deals) - 1)]
        ayudas = [c for c in cards if c in deal.ayudas]
        how = f"con la ayuda {cards_text(ayudas)}" if ayudas else "solo con sus cartas propias"
        found.append((claim.line, f"según el motor, {claim.player} juega "
                                  f"{in_running_text(name_mx(value), category_of(value))} ({cards_text(cards)}), "
                                  f"{how}; no «{cards_text(claim.cards)}». Corrige la jugada y el texto que la "
                                  "explica."))
    return found


#: A sentence about the reader's own play at the showdown («Tú juegas…», «juegas tus cinco cartas…»).
_READER_PLAYS = re.compile(r"\bjuegas\b", re.I)
_READER_HAS = re.compile(r"\b(juegas|tienes)\b", re.I)
#: What says that play uses no ayuda.
_NO_AYUDA = re.compile(r"\b(tus\s+cinco\s+cartas\s+propias|sin\s+(usar\s+)?(ninguna\s+)?ayuda)\b", re.I)


def _sentences(body: str, first_line: int) -> list[tuple[int, str]]:
    """``(line, sentence)`` for each sentence of the page text; a sentence may span lines but not
    paragraphs, list items or headings."""
    found = []
    for match in re.finditer(r"[^.!?\n]+(?:\n(?![ \t]*(?:\n|[-*+][ \t]|#|\d+\.[ \t]))[^.!?\n]*)*[.!?]?", body):
        text = " ".join(match.group(0).split())
        if text:
            start = match.start() + len(match.group(0)) - len(match.group(0).lstrip())
            found.append((first_line + body.count("\n", 0, start), text))
    return found


def check_prose(scenario: Scenario, reply: dict) -> list[tuple[int, str]]:
    """(line, message) for each sentence of the page text that says how the reader plays at the
    showdown («juegas …») and contradicts the engine's play: «tus cinco cartas propias» or «sin
    ayuda» when the play uses an ayuda, or an ayuda card named that the play does not use."""
    from ..cards import Card
    from ..spanish import card_name, cards_text
    from .format import card_mentions

    show = next((e for e in reply.get("events") or [] if e["type"] == "show" and e["player"] == READER), None)
    if show is None:
        return []
    play = [Card.parse(c) for c in show["cards"]]
    deal = scenario.deals[min(show.get("deal") or 0, len(scenario.deals) - 1)]
    used = [c for c in play if c in deal.ayudas]
    engine_says = f"según el motor juegas {cards_text(play)}, " + (
        f"con la ayuda {cards_text(used)}" if used else "solo con tus cartas propias")
    found = []
    for line, sentence in _sentences(scenario.body, scenario.body_line):
        if used and _READER_HAS.search(sentence) and (match := _NO_AYUDA.search(sentence)):
            found.append((line, f"El texto dice «{match.group(0)}», pero {engine_says}. Corrige el texto."))
        if not _READER_PLAYS.search(sentence):
            continue
        for card in card_mentions(sentence):
            if card in deal.ayudas and card not in play:
                found.append((line, f"El texto dice que juegas {card_name(card, article=True)} de las ayudas, "
                                    f"pero {engine_says}. Corrige el texto."))
    return found


def _pot_text(amount: int, winners: tuple[str, ...]) -> str:
    if not winners:
        return f"pozo {amount} sin ganador"
    return f"pozo {amount} para {listing(winners)}"


# ---------------------------------------------------------------------------------------------
# Exploring the reader's decisions.

def reader_options(sit: Situation, betting: str) -> list[dict]:
    """The reader decisions to try at one decision point."""
    options = []
    for action, option in sit.can.items():
        if action in ("bet", "raise"):
            amounts = [option["min"]]
            if betting != "fixed" and option.get("max") not in (None, option["min"]):
                amounts.append(option["max"])
            options += [{"action": action, "amount": a} for a in amounts]
        elif action == "call":
            options.append({"action": "call"})
        else:
            options.append({"action": action})
    return options


def fork(state: MataAsesHand) -> MataAsesHand:
    """An independent copy of a hand in play (its recorded events, which never change, are shared)."""
    memo = {id(state.events): list(state.events), id(state.moves): list(state.moves)}
    return copy.deepcopy(state, memo)


def explore_paths(scenario: Scenario, modality: str, report: Report, *, used: set[int] | None = None,
                  visit: Visit | None = None) -> list[tuple[int, str, str]]:
    """(line, message, dedup key) for each script gap reached by some path of reader decisions
    (:func:`explore_paths_steps` run to its end)."""
    return run_steps(explore_paths_steps(scenario, modality, report, used=used, visit=visit))


def explore_paths_steps(scenario: Scenario, modality: str, report: Report, *, used: set[int] | None = None,
                        visit: Visit | None = None) -> Steps:
    """(line, message, dedup key) for each script gap reached by some path of reader decisions; yields
    ``(report.paths, 0)`` at each reader decision, where the work may pause.

    ``used`` collects the script lines that answer some opponent decision; ``visit(state, path)``
    is called on every state reached (after each decision, and on each finished hand) with the
    :class:`ReaderPath` so far: how the tests check the hand's invariants along every path, and how
    the workshop lists the reader's complete paths.

    Depth first: at each reader decision the hand is copied once per option. Paths that start an
    extension in a state already explored are not explored again: what follows depends only on
    that state -- the deal, its players and button, who has put chips in, and each stack (with
    fixed betting, only up to what can still be bet in the remaining deals: a bigger stack
    changes nothing the script is asked).
    """
    gaps: dict[tuple[int, str], tuple[int, str, str, int]] = {}
    deal_starts: set[tuple] = set()

    def seen_deal_start(state: MataAsesHand) -> bool:
        stacks = state.stacks
        if scenario.betting == "fixed":
            per_deal = scenario.ante + scenario.bring_in + 4 * scenario.minimum
            cap = per_deal * (1 + MAX_EXTENSIONS - state.extensions)
            stacks = {name: min(chips, cap) for name, chips in stacks.items()}
        key = (state.deal_index, state.participants, state.button, tuple(sorted(stacks.items())),
               tuple(sorted(n for n, c in state.contributions.items() if c > 0)), state.extensions)
        if key in deal_starts:
            return True
        deal_starts.add(key)
        return False

    def record(gap: ScriptGap, path: ReaderPath) -> None:
        key = (gap.line, str(gap))
        if key not in gaps or len(path) < gaps[key][3]:
            gaps[key] = (gap.line, f"{gap} Pasa {path.text}.", str(gap), len(path))
        report.paths += 1

    def act(state: MataAsesHand, decision: dict, path: ReaderPath) -> bool:
        """Apply a decision; False (and the gap recorded) when the hand needs a deal it lacks."""
        try:
            state.act(decision["player"], decision["action"], decision.get("amount"))
        except MissingDealError as exc:
            record(missing_deal_gap(scenario, state, exc), path)
            return False
        if visit is not None:
            visit(state, path)
        return True

    stack: list[tuple[MataAsesHand, int, ReaderPath, Counter]] = [
        (new_hand(scenario, modality), 0, ReaderPath(modality), Counter())]
    report.replays += 1
    while stack:
        state, dealt, path, raises = stack.pop()
        steps = 0
        while True:
            if state.is_over or steps > MAX_DECISIONS:
                report.paths += 1
                break
            if state.deal_index != dealt:
                dealt = state.deal_index
                if seen_deal_start(state):
                    report.paths += 1
                    break
            sit = situation_of(state)
            if sit.player == READER:
                yield report.paths, 0
                round_key = (sit.deal, sit.round)
                for option in reversed(reader_options(sit, scenario.betting)):
                    if option["action"] == "raise" and raises[round_key] >= MAX_READER_RAISES:
                        continue
                    more = raises.copy()
                    if option["action"] == "raise":
                        more[round_key] += 1
                    child = fork(state)
                    report.replays += 1
                    step = path.then(option, ROUND_NAMES.get(sit.round))
                    if act(child, {"player": READER, **option}, step):
                        stack.append((child, dealt, step, more))
                break
            try:
                decision = decide(scenario, modality, sit)
            except ScriptGap as gap:
                record(gap, path)
                break
            if used is not None:
                used.add(scenario.slot(sit.player, modality, sit.deal, sit.round, sit.kind).line)
            if not act(state, decision, path):
                break
            steps += 1
    return [(line, message, key) for line, message, key, _ in gaps.values()]
