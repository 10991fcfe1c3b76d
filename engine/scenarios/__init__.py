"""Practice hands ("manos de práctica") written by authors as markdown files in ``scenarios/``.

A scenario is a markdown file whose front matter (between two ``---`` lines) describes the table,
the cards of every deal, the opponents' script, the reader's default line and the outcome the
author claims; the body is the Spanish text shown on the simulator page.

- :mod:`engine.scenarios.format` parses a file into a :class:`Scenario`, keeping the source line
  of every value, and reports every syntax problem as ``file:line: message``;
- :mod:`engine.scenarios.script` answers what a scripted player does (``opponent_decision``),
  plays a hand along a script and publishes the ``scenario-play`` protocol command;
- :mod:`engine.scenarios.check` replays each scenario in the hand engine, explores every reader
  decision and checks the outcome claims; ``python -m engine check`` is its command line.

Standard library only: the browser simulator loads scenarios as JSON (:func:`to_json`) and plays
them with the same code inside Pyodide.
"""

from .format import (
    MODALITIES,
    MODALITY_NAMES,
    READER,
    ROUND_NAMES,
    Problem,
    Scenario,
    ScenarioError,
    from_json,
    load,
    parse,
    to_json,
)

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
