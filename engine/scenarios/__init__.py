"""Practice hands ("manos de práctica") written by authors as markdown files in ``scenarios/``.

A scenario is a markdown file whose front matter (between two ``---`` lines) describes the table,
the cards of every deal, the opponents' script, the reader's default line and the outcome the
author claims; the body is the Spanish text shown on the simulator page.

- :mod:`engine.scenarios.model` is the parsed hand: seats, deals, script, claimed outcomes, each
  value with its source line;
- :mod:`engine.scenarios.format` parses a file into a :class:`Scenario` with the shared
  key-value reader (:mod:`engine.keyvalue`) and reports every problem as ``file:line: message``;
- :mod:`engine.scenarios.json` turns a scenario into plain JSON for the browser, and back;
- :mod:`engine.scenarios.script` answers what a scripted player does (``opponent_decision``),
  plays a hand along a script and publishes the ``scenario-play`` protocol command;
- :mod:`engine.scenarios.check` replays each scenario in the hand engine, explores every reader
  decision and checks the outcome claims; ``python -m engine check`` is its command line.

Standard library only: the browser simulator loads scenarios as JSON (:func:`to_json`) and plays
them with the same code inside Pyodide.
"""

from .json import from_json, to_json
from .model import MODALITIES, MODALITY_NAMES, READER, ROUND_NAMES, Problem, Scenario, ScenarioError


def __getattr__(name: str):
    """:func:`load` and :func:`parse` (the file format, with the Hold'em one) are imported on first use:
    the browser plays scenarios from JSON and never needs them."""
    if name in ("load", "parse"):
        from . import format

        return getattr(format, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "MODALITIES",
    "MODALITY_NAMES",
    "READER",
    "ROUND_NAMES",
    "Problem",
    "Scenario",
    "ScenarioError",
    "from_json",
    "load",
    "parse",
    "to_json",
]
