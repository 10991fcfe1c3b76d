"""The games of the site, in one place: their ids, Spanish names and aliases, and where each one's play
and teaching live (imported on first use, so a page pays only for its own game).

Every other part of the engine finds a game here (:func:`find_game`, or :func:`owner` for a question or
drill kind) instead of comparing names; a game played at a table gives the play layer
(:mod:`engine.play`) its :class:`engine.table.game.TableGame` (the module's ``GAME``), and every game
declares what it teaches in its *facets* (:data:`FACETS`, :meth:`Game.facet`), which the learning layer
(:mod:`engine.progress`, :mod:`engine.quiz`, :mod:`engine.drills`) asks for. A game defined elsewhere (a
test's) joins with :func:`register_game`.

>>> find_game("hold'em").id, find_game("Texas Holdem").name, find_game("Mata-Ases").name
('holdem', "Texas Hold'em", 'Mata Ases')
>>> [game.id for game in GAMES.values()]
['mata-ases', 'holdem', 'ultimate']
>>> find_game("póker")
Traceback (most recent call last):
  ...
engine.games.UnknownGameError: No hay ningún juego «póker»: los juegos son Mata Ases, Texas Hold'em y Ultimate Texas Hold'em.
>>> owner("uth-payout").id, owner("holdem-side-pots").id, owner("mata-ases").id
('ultimate', 'holdem', 'mata-ases')
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..errors import EngineError
from ..spanish import fold, listing
from ..table.cites import slug

__all__ = ["FACETS", "GAMES", "PAGE_ROLES", "FacetError", "Game", "Pages", "UnknownGameError", "declarations",
           "declared", "find_game", "owner", "register_game"]


class UnknownGameError(EngineError):
    """A name that is no game of the site."""

    code = "unknown-game"


class FacetError(EngineError):
    """A game that does not declare one of its facets, or declares it without the names it must define:
    a mistake in the engine, found when the site is built (the message names the game and the facet)."""

    code = "missing-facet"


#: The roles of a game's pages (:class:`Pages`), and what each is.
PAGE_ROLES = {
    "rules": "its rules (every skill's rule is a heading there)",
    "quiz": "its questions with written solutions («Ponte a prueba», «¿Quién gana?»)",
    "drills": "its endless drills («Práctica»)",
    "practice": "its practice hands' simulator (a hand opens with ?mano=<name>)",
    "hands": "the index of its annotated practice hands («Manos comentadas»)",
    "table": "its free table against bots",
    "trainer": "its croupier trainer",
    "odds": "its odds («Probabilidades»)",
}


@dataclass(frozen=True)
class Pages:
    """A game's table of pages: the site address of each of its pages by role (:data:`PAGE_ROLES`), the
    only place the engine writes a site address. Addresses are site-absolute folders («/holdem/»).

    >>> pages = Pages({"rules": "/holdem/", "drills": "/holdem/practica/"})
    >>> pages.rule("Las cartas hablan"), pages.get("table"), pages.source("drills")
    ('/holdem/#las-cartas-hablan', None, 'holdem/practica.md')
    """

    urls: Mapping[str, str]

    def __post_init__(self) -> None:
        unknown = set(self.urls) - set(PAGE_ROLES)
        if unknown or "rules" not in self.urls:
            raise ValueError(f"pages: roles {sorted(unknown)} unknown, or no 'rules' ({', '.join(PAGE_ROLES)})")
        for url in self.urls.values():
            if not (url.startswith("/") and url.endswith("/")):
                raise ValueError(f"pages: {url!r} is no site-absolute folder")

    def get(self, role: str) -> str | None:
        """The address of the page of ``role``, or None when the game has none."""
        return self.urls.get(role)

    def url(self, role: str) -> str:
        """The address of the page of ``role``. :raises KeyError: when the game has none."""
        return self.urls[role]

    def rule(self, heading: str, role: str = "rules") -> str:
        """The address of ``heading`` on the page of ``role`` (its anchor as the build writes it)."""
        return f"{self.urls[role]}#{slug(heading)}"

    def relative(self, role: str) -> str:
        """The address of the page of ``role`` from the site's root, without the first «/» («holdem/»)."""
        return self.urls[role].lstrip("/")

    def source(self, role: str) -> str:
        """The Markdown file of the page of ``role``, from ``docs/``: the rules and the hands' index are
        their folder's ``index.md`` («holdem/index.md»), the others a file of the game's folder."""
        path = self.urls[role].strip("/")
        return f"{path}/index.md" if role in ("rules", "hands") else f"{path}.md"


#: What every game declares about what it teaches, facet by facet, and the names each facet defines (the
#: types are the learning layer's; the guide's «Añadir un juego» says what each holds):
FACETS: dict[str, tuple[str, ...]] = {
    #: its table of pages (:class:`Pages`): every site address the game has, by role.
    "pages": ("PAGES",),
    #: the skills it teaches (:class:`engine.progress.Skill`) and its path from zero (:class:`engine.progress.Step`).
    "skills": ("SKILLS", "PATH"),
    #: its question kinds (:class:`engine.quiz.QuestionKind`), how its ```pregunta blocks read (``READ``, or
    #: None) and the other blocks its pages may hold (``WIDGETS``: info string -> checker).
    "questions": ("QUESTIONS", "READ", "WIDGETS"),
    #: its drill kinds (:class:`engine.drills.DrillKinds`).
    "drills": ("DRILLS",),
    #: why a wrong answer failed, per question kind (:class:`engine.progress.Analysis`), and the skills of a
    #: reader's decision at its table (:class:`engine.progress.Decisions`, or None).
    "blame": ("BLAME", "DECISIONS"),
}


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
    it gives: :class:`engine.scenarios.model.Authoring`); None: the game has no practice hands.
    ``teaching``: the package whose modules are the game's facets (``teaching + "." + facet``, each
    imported on first use: :meth:`facet`), or, for a game defined in code, one object holding every
    facet's names. Question and drill kinds, skills and path steps a game declares start with its id or
    an alias (``uth-payout``, ``holdem.positions``): :func:`owner` finds a kind's game without importing."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    module: str | None = None
    table: Any = field(default=None, compare=False)
    authoring: Any = field(default=None, compare=False)
    teaching: Any = field(default=None, compare=False)

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

    def facet(self, name: str):
        """The module (or object) of the game's facet ``name`` (one of :data:`FACETS`), imported on first use.

        :raises FacetError: when the game does not declare it, or it lacks a name it must define."""
        if name not in FACETS:
            raise ValueError(f"no facet {name!r}; facets: {', '.join(FACETS)}")
        where = self.teaching
        if where is None:
            raise FacetError(f"{self.name} no declara lo que enseña: le falta su faceta «{name}».")
        if isinstance(where, str):
            module = f"{where}.{name}"
            try:
                where = importlib.import_module(module)
            except ModuleNotFoundError as exc:
                if not (module == exc.name or module.startswith(f"{exc.name}.")):
                    raise  # the facet exists and imports something that does not: its own bug
                raise FacetError(f"{self.name} no declara su faceta «{name}»: falta el módulo {module}.") from None
        missing = [attr for attr in FACETS[name] if not hasattr(where, attr)]
        if missing:
            raise FacetError(f"La faceta «{name}» de {self.name} no define {', '.join(missing)}.")
        return where


#: The site's games, in the order the site lists them.
GAMES: dict[str, Game] = {game.id: game for game in (
    Game("mata-ases", "Mata Ases", ("mata ases", "mataases"), "engine.games.mata_ases.play",
         authoring="engine.games.mata_ases.authoring", teaching="engine.games.mata_ases"),
    Game("holdem", "Texas Hold'em", ("texas hold em", "texas holdem", "hold em", "holdem", "texas",
                                     "no limit texas hold em", "texas hold em sin limite"), "engine.games.holdem.play",
         authoring="engine.games.holdem.authoring", teaching="engine.games.holdem"),
    Game("ultimate", "Ultimate Texas Hold'em", ("ultimate texas hold em", "ultimate", "uth"),
         teaching="engine.games.ultimate"),
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


def owner(kind: object) -> Game:
    """The game that declares ``kind`` (a question or drill kind, a skill, a path step): the one whose id
    or alias begins it, as a whole word (``holdem-winner``, ``uth``, ``mata-ases.betting``); the longest
    such name wins.

    :raises UnknownGameError: when no game's name begins it.
    """
    key = game_key(kind) if isinstance(kind, str) else ""
    found = max((name for name in _KEYS if key == name or key.startswith(name + " ")), key=len, default=None)
    if found is None:
        raise UnknownGameError(f"«{kind}» no empieza por el nombre de ningún juego "
                               f"({listing(game.id for game in GAMES.values())}).")
    return GAMES[_KEYS[found]]


def declared(name: object, facet: str, table: str) -> Any | None:
    """What the game that owns ``name`` (:func:`owner`) declares as ``name`` in the table ``table`` (a dict)
    of its facet ``facet``; None when no game's name begins it or its game does not declare it.

    :raises FacetError: when that game lacks the facet (never taken for an unknown name)."""
    try:
        game = owner(name)
    except UnknownGameError:
        return None
    return getattr(game.facet(facet), table).get(name)


def declarations(facet: str, table: str) -> dict:
    """The tables ``table`` (dicts) of every game's facet ``facet``, merged in the games' order.

    :raises FacetError: naming a game that lacks the facet."""
    return {name: value for game in GAMES.values() for name, value in getattr(game.facet(facet), table).items()}


def register_game(game: Game) -> Game:
    """Add (or replace) ``game``: a game defined in code, played by the same play layer."""
    GAMES[game.id] = game
    _index(game)
    return game
