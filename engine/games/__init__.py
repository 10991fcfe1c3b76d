"""The games of the site, in one place: their ids, Spanish names and aliases, and where each one's play
lives (imported on first use, so a page pays only for its own game).

Every other part of the engine finds a game here (:func:`find_game`) instead of comparing names; a
game played at a table gives the play layer (:mod:`engine.play`) its :class:`engine.table.game.TableGame`
(the module's ``GAME``). A game defined elsewhere (a test's) joins with :func:`register_game`.

>>> find_game("hold'em").id, find_game("Texas Holdem").name, find_game("Mata-Ases").name
('holdem', "Texas Hold'em", 'Mata Ases')
>>> [game.id for game in GAMES.values()]
['mata-ases', 'holdem', 'ultimate']
>>> find_game("póker")
Traceback (most recent call last):
  ...
engine.games.UnknownGameError: No hay ningún juego «póker»: los juegos son Mata Ases, Texas Hold'em y Ultimate Texas Hold'em.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from ..errors import EngineError
from ..spanish import fold, listing

__all__ = ["GAMES", "Game", "UnknownGameError", "find_game", "register_game"]


class UnknownGameError(EngineError):
    """A name that is no game of the site."""

    code = "unknown-game"


def game_key(name: str) -> str:
    """A game's name folded for lookups: «Texas Hold’em» -> ``"texas hold em"``."""
    return fold(name.replace("’", " ").replace("'", " "), punctuation=True)


@dataclass(frozen=True)
class Game:
    """One game: ``id`` (as requests and files name it), its Spanish ``name``, the ``aliases`` a reader or
    an author may write, and where its table play lives: ``module`` (a module whose ``GAME`` is its
    :class:`~engine.table.game.TableGame`, imported on first use) or the table game itself (``table``,
    for a game defined in code). A game without either is not played at a table (Ultimate).
    ``authoring``: the module (or, for a game defined in code, the object) that adds the game's own
    fields to the practice-hand format and plays its practice hands (:mod:`engine.scenarios.format`; what
    it gives: :class:`engine.scenarios.model.Authoring`); None: the game has no practice hands."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    module: str | None = None
    table: Any = field(default=None, compare=False)
    authoring: Any = field(default=None, compare=False)

    @property
    def playable(self) -> bool:
        """Whether the game is played at a table (free table, practice hands, replays)."""
        return self.module is not None or self.table is not None

    def play(self):
        """The game's :class:`~engine.table.game.TableGame`. :raises UnknownGameError: for a game without one."""
        if self.table is not None:
            return self.table
        if self.module is None:
            raise UnknownGameError(f"{self.name} no se juega en una mesa de este sitio.")
        return importlib.import_module(self.module).GAME

    def author(self):
        """The game's part of the practice-hand format (see ``authoring``), imported on first use.

        :raises UnknownGameError: for a game without practice hands."""
        if self.authoring is None:
            raise UnknownGameError(f"{self.name} no tiene manos de práctica en este sitio.")
        if isinstance(self.authoring, str):
            return importlib.import_module(self.authoring)
        return self.authoring


#: The site's games, in the order the site lists them.
GAMES: dict[str, Game] = {game.id: game for game in (
    Game("mata-ases", "Mata Ases", ("mata ases", "mataases"), "engine.games.mata_ases.play",
         authoring="engine.games.mata_ases.authoring"),
    Game("holdem", "Texas Hold'em", ("texas hold em", "texas holdem", "hold em", "holdem", "texas",
                                     "no limit texas hold em", "texas hold em sin limite"), "engine.games.holdem.play",
         authoring="engine.games.holdem.authoring"),
    Game("ultimate", "Ultimate Texas Hold'em", ("ultimate texas hold em", "ultimate", "uth")),
)}
_KEYS: dict[str, str] = {}


def _index(game: Game) -> None:
    for key in (game.id, game.name, *game.aliases):
        _KEYS[game_key(key)] = game.id


for _game in GAMES.values():
    _index(_game)


def find_game(name: object) -> Game:
    """The game called ``name`` (its id, its name or an alias; case, accents and apostrophes aside).

    :raises UnknownGameError: naming the games there are.
    """
    found = _KEYS.get(game_key(name)) if isinstance(name, str) else None
    if found is None:
        shown = name if isinstance(name, str) else repr(name)
        raise UnknownGameError(f"No hay ningún juego «{shown}»: los juegos son "
                               f"{listing(game.name for game in GAMES.values())}.")
    return GAMES[found]


def register_game(game: Game) -> Game:
    """Add (or replace) ``game``: a game defined in code, played by the same play layer."""
    GAMES[game.id] = game
    _index(game)
    return game
