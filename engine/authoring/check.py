"""Practice hands checked by the engine, one checker for every game: default line, claims, every reader
decision.

:func:`check_scenario` plays a parsed practice hand in each of its variants (a Mata Ases hand's
modalities; once for a game without them) with the play layer, as the live page plays it:

1. along the default line (the reader follows «Tú»'s script; :func:`engine.authoring.walkthrough.walk`),
   comparing the pots and the final stacks with the author's ``resultado``, then the game's own claims
   and its page text (the game's ``compare_extra`` and ``check_prose``: a Mata Ases hand's extensions
   and plays);
2. along every path of reader decisions (each option the hand offers the reader: check, bet, call,
   fold, raise, a card open or closed), making sure the script answers every other decision that comes
   up. Reader raises are limited to :data:`MAX_READER_RAISES` per round and, without fixed betting,
   bets and raises are tried at the least and at all-in only -- a systematic sample that still reaches
   every branch of the script;
3. every line of the script must answer some decision on some path.

:func:`check_paths` does that for files and reports every problem as ``file:line: message``;
``python -m engine check`` (:mod:`engine.authoring.files`) runs it with the quiz questions of the pages.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Generator

from ..errors import EngineError
from ..games import find_game
from ..scenarios.format import load
from ..scenarios.model import READER, Outcome, Problem, Scenario, ScenarioError
from ..table.words import say
from ..scenarios.script import decide, subject
from ..spanish import amount, decimal, listing
from ..table.game import Move, ScriptGap, Situation
from .paths import ReaderPath
from .walkthrough import walk

__all__ = ["MAX_READER_RAISES", "Report", "Visit", "check_files", "check_paths", "check_scenario",
           "check_scenario_steps", "compare_outcome", "discover", "explore_paths", "explore_paths_steps",
           "reader_options", "run_steps"]

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
            walks = sum(len(s.variants) for s in self.scenarios)
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


#: The explorer's hook: ``visit(hand, path)`` on every state a path of reader decisions reaches (the
#: game's hand after each decision), with that path so far.
Visit = Callable[[Any, ReaderPath], None]

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
    """Every problem the engine finds in a parsed practice hand (an empty list when it is sound)."""
    return run_steps(check_scenario_steps(scenario, report=report, explore=explore))


def check_scenario_steps(scenario: Scenario, *, report: Report | None = None, explore: bool = True,
                         visit: Visit | None = None) -> Steps:
    """:func:`check_scenario` in steps: yields ``(reader paths explored, 0)`` while it explores (a long
    check can report progress and be abandoned between two); ``visit`` as :func:`explore_paths_steps`."""
    report = report if report is not None else Report()
    author = find_game(scenario.game).author()
    problems: list[Problem] = []
    seen: set[tuple[int, str]] = set()

    def add(line: int, message: str, key: str | None = None) -> None:
        if (line, key or message) in seen:
            return
        seen.add((line, key or message))
        problems.append(Problem(scenario.path, line, message))

    used: set[int] = set()
    for variant in scenario.variants:
        name = author.variant_name(variant)
        yield report.paths, 0  # the default line is played whole: a place to pause before it
        try:
            walked = walk(scenario, variant)
        except EngineError as exc:
            add(getattr(exc, "line", None) or 1, str(exc))
            continue
        report.replays += 1
        if walked.gap is not None:
            add(walked.gap.line, f"Con la línea por defecto{f' ({name})' if name else ''}: {walked.gap}")
            continue
        outcome = scenario.outcomes.get(variant or "")
        if outcome is not None:
            found = compare_outcome(scenario, outcome, walked.result, author.POT_WORD)
            for line, message in found + author.compare_extra(scenario, outcome, walked.result):
                add(line, f"Resultado de {name}: {message}" if name else f"Resultado: {message}")
        for line, message in author.check_prose(scenario, walked.result):
            add(line, message)
        if explore:
            used |= walked.used
            found = yield from explore_paths_steps(scenario, variant, report, used=used, visit=visit)
            for line, message, key in found:
                add(line, message, key)
    if explore and not problems:
        for entry in scenario.script:
            if entry.line not in used:
                add(entry.line, f"{subject(entry.player)} en esta línea no se usa en ningún camino del lector: bórrala "
                                f"o revisa a qué {author.WHERE_WORDS} se refiere.")
    return problems


def _pot_text(word: str, chips: int, winners: tuple[str, ...]) -> str:
    if not winners:
        return f"{word} {amount(chips)} sin ganador"
    return f"{word} {amount(chips)} para {listing(winners)}"


def compare_outcome(scenario: Scenario, outcome: Outcome, result: dict, word: str) -> list[tuple[int, str]]:
    """(line, message) for every difference between the pots and stacks the author claims and the hand's
    end (the table viewer's ``result``); ``word``: what the game calls a pot («pozo», «bote»)."""
    found: list[tuple[int, str]] = []
    actual = [(p["amount"], tuple(sorted(p.get("winners") or []))) for p in result.get("pots") or []]
    claimed = [(p.amount, tuple(sorted(p.winners))) for p in outcome.pots]
    if Counter(actual) != Counter(claimed):
        shown = "; ".join(_pot_text(word, a, w) for a, w in actual) or f"ningún {word}"
        found.append((outcome.pots[0].line if outcome.pots else outcome.line,
                      f"el motor da «{shown}», no «{'; '.join(_pot_text(word, a, w) for a, w in claimed)}». "
                      f"Escribe un «{word}:» por cada {word} que da el motor."))
    for row in result.get("stacks") or []:
        player, chips = row["name"], row["stack"]
        if player not in outcome.stacks:
            found.append((outcome.stacks_line or outcome.line, say(player, "faltan tus fichas finales",
                                                                   "faltan las fichas finales de {p}")
                          + f" ({amount(chips)})."))
        elif outcome.stacks[player] != chips:
            found.append((outcome.stacks_line, say(player, "terminas", "{p} termina")
                          + f" con {amount(chips)} fichas según el motor, no con {amount(outcome.stacks[player])}."))
    return found


# ---------------------------------------------------------------------------------------------
# Exploring the reader's decisions.

def reader_options(sit: Situation) -> list[Move]:
    """The reader's decisions tried at one decision: every option, a bet or raise at its least and (without
    fixed betting) at all-in."""
    options = []
    for action, option in sit.can.items():
        if action in ("bet", "raise"):
            amounts = [option["min"]]
            if not sit.fixed and option.get("max") not in (None, option["min"]):
                amounts.append(option["max"])
            options += [Move(action, a) for a in amounts]
        else:
            options.append(Move(action))
    return options


def explore_paths(scenario: Scenario, variant: Any, report: Report, *, used: set[int] | None = None,
                  visit: Visit | None = None) -> list[tuple[int, str, str]]:
    """(line, message, dedup key) for each script gap reached by some path of reader decisions
    (:func:`explore_paths_steps` run to its end)."""
    return run_steps(explore_paths_steps(scenario, variant, report, used=used, visit=visit))


def explore_paths_steps(scenario: Scenario, variant: Any, report: Report, *, used: set[int] | None = None,
                        visit: Visit | None = None) -> Steps:
    """(line, message, dedup key) for each script gap reached by some path of reader decisions; yields
    ``(report.paths, 0)`` at each reader decision, where the work may pause.

    ``used`` collects the script lines that answer some decision; ``visit(hand, path)`` is called on
    every state reached (after each decision and the dealer's steps after it) with the
    :class:`ReaderPath` so far: how the tests check the hand's invariants along every path, and how the
    workshop lists the reader's complete paths.

    Depth first: at each reader decision the hand is copied once per option (the game's ``fork``). A
    path that reaches a point the game says was explored already (its ``explore_key``: a Mata Ases
    extension starting as an earlier one did) is not explored again.
    """
    return _Explorer(scenario, variant, report, used, visit).steps()


class _Explorer:
    """The explorer of :func:`explore_paths_steps`: the hands still to follow and the gaps found."""

    def __init__(self, scenario: Scenario, variant: Any, report: Report, used: set[int] | None,
                 visit: Visit | None) -> None:
        self.scenario, self.variant, self.report, self.used, self.visit = scenario, variant, report, used, visit
        self.author = find_game(scenario.game).author()
        self.practice = self.author.practice(scenario, variant)
        self.gaps: dict[tuple[int, str], tuple[int, str, str, int]] = {}
        self.explored: set = set()
        self.stack: list[tuple[Any, ReaderPath, Counter]] = []

    def record(self, gap: ScriptGap, path: ReaderPath) -> None:
        key = (gap.line, str(gap))
        if key not in self.gaps or len(path) < self.gaps[key][3]:
            self.gaps[key] = (gap.line, f"{gap} Pasa {path.text}.", str(gap), len(path))
        self.report.paths += 1

    def act(self, hand, player: str, move: Move, path: ReaderPath) -> bool:
        """Make a decision and the dealer's steps after it; False (the gap recorded) when the hand needs
        what the practice hand lacks."""
        practice = self.practice
        try:
            hand.act(player, move.action, move.amount)
            if practice.deal is not None:
                practice.deal(hand)
        except EngineError as exc:
            error = practice.fail(hand, exc)
            if not isinstance(error, ScriptGap):
                raise error from None
            self.record(error, path)
            return False
        if self.visit is not None:
            self.visit(hand, path)
        return True

    def branch(self, hand, path: ReaderPath, raises: Counter, sit) -> None:
        """One copy of the hand per option the reader has, each on the stack once it is played."""
        round_key = (tuple(sorted(sit.where.items())), sit.round)
        for option in reversed(reader_options(sit)):
            if option.action == "raise" and raises[round_key] >= MAX_READER_RAISES:
                continue
            more = raises.copy()
            if option.action == "raise":
                more[round_key] += 1
            child = self.author.fork(hand, self.scenario)
            self.report.replays += 1
            step = path.then(option, self.author.ROUNDS[sit.round])
            if self.act(child, READER, option, step):
                self.stack.append((child, step, more))

    def seen_before(self, hand) -> bool:
        """Whether the hand reached a point explored already (the game's ``explore_key``)."""
        key = self.author.explore_key(hand, self.scenario)
        if key is None:
            return False
        if key in self.explored:
            return True
        self.explored.add(key)
        return False

    def steps(self) -> Steps:
        report, author = self.report, self.author
        self.stack.append((self.practice.hand, ReaderPath(self.variant, author.variant_name(self.variant)), Counter()))
        report.replays += 1
        while self.stack:
            hand, path, raises = self.stack.pop()
            steps = 0
            while True:
                if hand.is_over or steps > MAX_DECISIONS or self.seen_before(hand):
                    report.paths += 1
                    break
                sit = author.situation(hand)
                if sit.player == READER:
                    yield report.paths, 0
                    self.branch(hand, path, raises, sit)
                    break
                try:
                    move, line = decide(self.scenario, sit)
                except ScriptGap as gap:
                    self.record(gap, path)
                    break
                if self.used is not None:
                    self.used.add(line)
                if not self.act(hand, sit.player, move, path):
                    break
                steps += 1
        return [(line, message, key) for line, message, key, _ in self.gaps.values()]
