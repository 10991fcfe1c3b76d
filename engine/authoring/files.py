"""``python -m engine check``: every author file validated by the engine, without building the site.

- Markdown files in a folder named ``scenarios`` are practice hands: their format, cards, the
  opponents' script at every decision the reader can reach, and the outcome they claim
  (:mod:`engine.authoring.check`);
- every markdown file (the pages in ``docs/``, and practice hands too) may hold ```` ```pregunta ````
  and ```` ```entrenador-ultimate ```` blocks: each question is solved by the engine and the
  author's key compared with the engine's answer (:mod:`engine.quiz.format`).

Every problem is printed as ``file:line: message`` (in Spanish); the exit status is 1 when there is
any, 0 otherwise.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Generator

from ..keyvalue import Problem, read_source
from ..quiz.format import check_markdown
from ..scenarios.format import parse
from ..scenarios.model import Scenario
from .check import Report, check_files, check_scenario_steps, display_path

__all__ = ["DEFAULT_PATHS", "NOTHING_TO_CHECK", "check", "check_questions", "check_text_steps", "discover",
           "looks_like_scenario", "main"]

#: What ``python -m engine check`` looks at without arguments (relative to the working folder).
DEFAULT_PATHS = ("scenarios", "docs")

USAGE = """Uso: python -m engine check [archivos o carpetas…]

Comprueba sin construir el sitio lo que escriben los autores (por defecto, scenarios/ y docs/):
- las manos de práctica (los .md de una carpeta scenarios/): el formato, las cartas, el guion de
  los rivales ante cada decisión posible del lector y el resultado que declara el archivo;
- cada bloque ```pregunta (y ```entrenador-ultimate) de cualquier .md: el motor resuelve la
  pregunta y compara su respuesta con la del autor.
Escribe cada problema como «archivo:línea: mensaje». Código de salida: 0 si todo está bien, 1 si hay
algún problema.
"""


#: A practice hand's own keys: a file named on the command line that has them in its front matter is a
#: practice hand wherever it is.
_SCENARIO_KEYS = re.compile(r"^(asientos|guion|gui[oó]n|reparto(\s+\d+)?)\s*:", re.M | re.I)


#: Why a file named on the command line is refused when it holds nothing the check knows.
NOTHING_TO_CHECK = ("No hay nada que comprobar: no es una mano de práctica (esas están en una carpeta scenarios/ "
                    "o llevan «asientos:», «reparto 1:» y «guion:» en su cabecera) ni tiene bloques ```pregunta.")


def _is_scenario(path: Path, named: frozenset[Path] = frozenset()) -> bool:
    """A practice hand: a markdown file in a folder named ``scenarios``, or a file named on the command
    line whose front matter has a practice hand's keys (``asientos``, ``reparto``, ``guion``)."""
    if path.parent.name == "scenarios":
        return True
    if path not in named or not path.is_file():
        return False
    return looks_like_scenario(path.read_text(encoding="utf-8", errors="replace"))


def looks_like_scenario(text: str) -> bool:
    """Whether a text's front matter has a practice hand's keys (``asientos``, ``reparto``, ``guion``).

    >>> looks_like_scenario("---\\ntítulo: Una mano\\nasientos: Tú 1000, Ana 1000\\n---\\nTexto.")
    True
    >>> looks_like_scenario("# Una página\\n\\n```pregunta\\njuego: ultimate\\n```")
    False
    """
    if not text.lstrip("\ufeff").startswith("---"):
        return False
    head = text.split("\n---", 1)[0]
    return bool(_SCENARIO_KEYS.search(head))


def discover(paths: list[str | Path] | None = None, *, root: Path | None = None) -> list[Path]:
    """The markdown files named by ``paths`` (folders: their ``*.md``, recursively, except names
    starting with ``_`` or ``.``); none: :data:`DEFAULT_PATHS` under ``root``."""
    root = root or Path.cwd()
    if not paths:
        paths = [root / name for name in DEFAULT_PATHS if (root / name).is_dir()] or [root / DEFAULT_PATHS[0]]
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.md")
                            if not any(part.startswith(("_", ".")) for part in p.relative_to(path).parts))
        else:
            found.append(path)
    return found


def check(paths: list[str | Path] | None = None, *, root: Path | None = None, explore: bool = True) -> Report:
    """Check every practice hand and every question block of the files ``paths`` name."""
    start = time.perf_counter()
    report = Report()
    files = discover(paths, root=root)
    named = frozenset(Path(p) for p in paths or () if not Path(p).is_dir())
    scenarios = {p for p in files if _is_scenario(p, named)}
    check_files([p for p in files if p in scenarios], report, root=root, explore=explore)
    for path in files:
        shown = display_path(path, root)
        if not path.is_file():
            if path not in scenarios:
                report.problems.append(Problem(shown, 1, "El archivo no existe."))
            continue
        text, problem = read_source(path, shown)
        if problem is not None:
            if path not in scenarios:  # a practice hand's was reported with its other checks
                report.problems.append(problem)
            continue
        check_questions(text, shown, report, named=path in named and path not in scenarios)
    if not files:
        where = display_path(Path(paths[0]) if paths else (root or Path.cwd()) / DEFAULT_PATHS[0], root)
        report.problems.append(Problem(where, 1, "No hay ningún archivo .md que comprobar."))
    report.problems.sort()
    report.seconds = time.perf_counter() - start
    return report


def check_questions(text: str, shown: str, report: Report, *, named: bool) -> None:
    """Check the question blocks of one file's text into ``report``; ``named``: a file named on the
    command line that is not a practice hand, refused when it holds nothing to check."""
    count, problems = check_markdown(text, shown)
    report.problems += problems
    report.questions += count
    report.pages += 1 if count else 0
    if named and not count and not problems:
        report.problems.append(Problem(shown, 1, NOTHING_TO_CHECK))


def check_text_steps(text: str, shown: str, report: Report, *, scenario: bool, explore: bool = True,
                     visit=None) -> Generator[tuple[int, int], None, Scenario | None]:
    """One author's text checked into ``report`` as :func:`check` checks a file of that name named on
    the command line (``text`` already read, :func:`engine.keyvalue.clean`), in steps (yields
    ``(reader paths explored, 0)``); returns the practice hand when it is one and sound.
    ``scenario``: check it as a practice hand; ``visit`` as :func:`engine.authoring.check.explore_paths`."""
    start = time.perf_counter()
    sound = None
    report.files += 1 if scenario else 0
    if scenario:
        parsed, problems = parse(text, shown, Path(shown).stem)
        if not problems:
            problems = yield from check_scenario_steps(parsed, report=report, explore=explore, visit=visit)
        report.problems += problems
        if not problems:
            report.scenarios.append(parsed)
            sound = parsed
    check_questions(text, shown, report, named=not scenario)
    report.problems.sort()
    report.seconds += time.perf_counter() - start
    return sound


def main(argv: list[str]) -> int:
    if any(arg in ("-h", "--help") for arg in argv):
        sys.stdout.write(USAGE)
        return 0
    report = check(argv or None)
    for problem in report.problems:
        sys.stdout.write(f"{problem}\n")
    sys.stdout.write(report.summary() + "\n")
    return 0 if report.ok else 1
