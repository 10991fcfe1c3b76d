"""Practice hands («manos de práctica»): the hands authors write as markdown files in ``scenarios/``, one
format for every game played at a table. The site has Mata Ases hands (each in one or both modalities,
Botón Ante and Bring In) and Texas Hold'em hands (``juego: Texas Hold'em``, from two to ten seats); a
game without an ``authoring`` module in the registry (:mod:`engine.games`) has none.

A practice hand is a markdown file whose front matter (between two ``---`` lines) describes its game, the
table, the cards, the script of every player (the reader's default line too) and the result the author
claims; the body is the Spanish text of its page.

- :mod:`.model`: the parsed hand, every value with its source line;
- :mod:`.format`: a file parsed into a :class:`Scenario`, every problem as ``file:line: message``; the
  keys every game shares are read there, a game's own by its ``authoring`` module
  (:mod:`engine.games.mata_ases.authoring`, :mod:`engine.games.holdem.authoring`, found through
  :mod:`engine.games`);
- :mod:`.json`: a practice hand as plain JSON for the browser, and back;
- :mod:`.script`: the script's answer to a decision.

The play layer (:mod:`engine.play`) plays practice hands; :mod:`engine.authoring` checks them and shows
them. Standard library only: the browser plays practice hands from JSON with the same code in Pyodide.
"""

from .json import from_json, to_json
from .model import READER, Problem, Scenario, ScenarioError

__all__ = ["READER", "Problem", "Scenario", "ScenarioError", "from_json", "to_json"]
