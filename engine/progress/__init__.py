"""Progress: what the site teaches, and what each checked answer says about the reader.

The browser keeps the reader's log (IndexedDB, on the device; ``docs/javascripts/progress/``); the engine
only *names* things. Every game declares what it teaches in its facets (:data:`engine.games.FACETS`): its
table of pages (:class:`engine.games.Pages`), its skills (:class:`Skill`) and its path from zero (:class:`Step`), its
question and drill kinds, and how a wrong answer is blamed (:class:`Analysis`, :class:`Decisions`,
:mod:`.blame`). This module holds those types and gathers them, through the registry, into the catalogue
(:func:`catalogue`, also the ``progress-catalogue`` command) and the ``progress`` field of every checked
reply (:func:`progress_reply`). It names no game.

The learner model (the developers' guide, «Mi progreso», says it for readers too):

- an **item** is one thing the engine can ask again exactly: a drill (its kind, seed, level and, when
  chosen, family and question), a question on its page, a croupier-trainer round, a decision of a
  practice hand; the ``item`` of a ``progress`` field asks it again;
- an **attempt** is the reader's first judged answer to an item on a calendar day (a reveal or a hint
  counts as wrong); later answers to the same item that day are repeats: they can solve a mistake, and
  count nowhere else;
- a **skill** is what an item exercises (:class:`Skill`); an attempt counts once for each of its skills,
  right for those that went right.

Contract with the browser (version 2)
-------------------------------------

**Catalogue** -- :func:`catalogue` (pure data, embedded in the page at build time; the
``progress-catalogue`` command for a session)::

    {"version": 2,
     "games":  [{"id", "name", "practice": "/…/simulador/" | null,    # its practice hands' page
                 "table": "/…/mesa/" | null}],                        # its free table's page
     "skills": [{"id": "holdem.side-pots.eligibility", "game": "holdem", "name": "Spanish name",
                 "rule": "/holdem/#anchor",                 # the heading of the rules that states it
                 "practice": {"command": "drill", "request": {"kind", "level", "family", "ask"?}}}],
     "path":   {"<game>": [{"id", "name", "url", "kind": "read" | "practice" | "quiz" | "drills" | "table",
                            "skills": [...], "done_when": {...}, "ticks": "Spanish: what ticks it"}]},
     "cards":  {"Ah": {"card": "Ah", "text": "A♥", "name": "As de corazones", "red": true}, ...}}

``practice``: ask ``drill`` with that request plus a ``seed`` for a fresh item of the skill: every skill has
one, so «Repasar ahora» can serve every skill the schedule calls due. ``done_when`` (:class:`Step`):

- ``{"read": url}``: the reader reached the end of that page;
- ``{"answered": n, "page": url}``: ``n`` different questions of that page answered right;
- ``{"finished": "practice" | "free", "game": id}``: a practice hand, or a hand at the free table, played
  to its end;
- ``{"streak": n, "of": [source, ...]}``: ``n`` right attempts in a row at items of those sources.

**Every checked reply gains ``progress``** -- ``quiz-check`` (page questions and the croupier trainer),
``drill-check``, ``uth-session-decide`` and ``play-step`` in a practice hand when the request carried the
reader's decision::

    "progress": {"item":  {"command": "drill" | "quiz-check" | "uth-trainer-deal" | "play-start",
                           "request": {... enough to ask the same item again, never the answer ...},
                           "source": the drill kind, the question's page, the trainer's command, the
                                     practice hand's name or "uth-session" (what a path step counts)},
                 "ok": bool | null,                  # null: a legal choice off a practice hand's line
                 "grade": "good" | "hard" | "again" | null,
                 "skills": [{"id", "ok": bool, "why": "Spanish sentence" | null, "rule": "/…#…"}],
                 "other_game": {"game", "text": "Spanish sentence", "rule": "/…#…"} | null,
                 "shown": {"facts": [{"label", "cards": ["Ah", …]} | {"label", "text"}],
                           "given": "the answer as read" | null, "expected": "the right one"} | null,
                 "choice": {"text", "reason"} | null,
                 "finished": {"mode": "practice" | "free", "game"} | null}
               | null

- ``progress`` is null when the reply judges nothing: an unreadable answer without ``reveal`` (but a
  recognisable mistake, such as «nadie» to a Hold'em showdown: :class:`Analysis`). A reveal («Ver la
  solución») counts as wrong, and so does a hint (an answer right but not precise enough), its ``why``
  the hint.
- ``grade``: right → ``good``; wrong or revealed → ``again``; right but slow in the croupier trainer →
  ``hard``; null with ``ok: null``.
- ``skills``: every skill the item exercised; when wrong, the failing one has ``ok: false`` and a ``why``
  computed from the engine's own solution (:mod:`.blame`); the others keep ``ok: true`` when the blame
  isolates one, else all are false. Empty for a legal choice (it lowers no skill).
- ``other_game``: the wrong answer is right under another game's rules; ``rule`` is that game's.
- ``shown``: only when wrong, what «Mis errores» shows of the item without the engine: its facts (cards by
  code: the catalogue's ``cards`` draws them), the reader's answer and the right one.
- ``choice``: a decision in a practice hand the rules allow but the hand's line does not take: ``text``
  says the line, ``reason`` is what the hand teaches.
- ``finished``: the reply ends a hand (a practice hand, or a hand at a free table: a ``play-step`` reply
  may carry only this): the path's evidence.

``play-review`` (a hand's review at a free table) carries a list of them, one per decision that exercised
a play skill (:mod:`engine.review.learning`); a skill may carry ``means``, what it means (a play skill's).

``item.request`` by command:

- ``drill``: ``{"kind", "seed", "level", "family"?, "ask"?}`` (those the request named); a decision met
  elsewhere (an Ultimate session's, source ``uth-session``) is the drill of that very ``spot``
  (:func:`engine.drills.spot_item`): ``{"kind", "seed": 0, "level", "family", "spot"}``;
- ``uth-trainer-deal``: the croupier trainer's hand, ``{"mode", "seed", "unit"?, "trips_table"?}``;
- ``quiz-check``: a question on a page, ``{"page": "/holdem/ponte-a-prueba/", "id": "quiz-3"}`` (reopen
  the page at ``#id``); a question sent without its page, ``{"question": {...}}``;
- ``play-review``: a decision at a free table, ``{"game", "spot"}`` (the review's public seed: it names the
  decision, but the spot hangs on the table's secret and is not dealt again: «Mis errores» sends to the table);
- ``play-start``: a decision in a practice hand, ``{"scenario": its name, "modality"?, "at": n}`` (the
  reader's ``n``-th decision, from 0); its game's ``practice`` page opens it with
  ``?mano=<name>&decision=<n>``.

>>> sorted(catalogue())
['cards', 'games', 'path', 'skills', 'version']
>>> skill("holdem.side-pots.eligibility").rule
'/holdem/#all-in-y-botes-secundarios'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from ..cards import DECK
from ..games import GAMES, FacetError, Game, UnknownGameError, declared, owner
from ..protocol import command
from ..spanish import card_display, count_word

__all__ = ["Analysis", "Blame", "Decisions", "OtherGame", "Practice", "Skill", "Step", "VERSION",
           "answered", "catalogue", "check_game", "check_games", "drill_item", "finished", "played", "practice_item",
           "progress_reply", "read", "skill", "skill_entry", "skills_of", "streak"]

VERSION = 2


# ---------------------------------------------------------------------------------------------
# What a game declares.

@dataclass(frozen=True)
class Practice:
    """The drill that deals a fresh item of a skill: ``kind`` at ``level``, of ``family`` and, for a kind
    that asks several things, ``ask``."""

    kind: str
    level: str
    family: str
    ask: str | None = None

    def request(self) -> dict:
        request = {"kind": self.kind, "level": self.level, "family": self.family}
        if self.ask is not None:
            request["ask"] = self.ask
        return {"command": "drill", "request": request}


@dataclass(frozen=True)
class Skill:
    """A skill the game teaches: ``id`` (``<game>.<what>``), its Spanish ``name``, the address of the
    ``rule`` that states it (:meth:`engine.games.Pages.rule`), the drill that reviews it (``practice``) and,
    for a play skill, a sentence of what it means (``means``: its page says it)."""

    id: str
    name: str
    rule: str
    practice: Practice
    means: str | None = None

    def entry(self, game: str) -> dict:
        out = {"id": self.id, "game": game, "name": self.name, "rule": self.rule, "practice": self.practice.request()}
        if self.means is not None:
            out["means"] = self.means
        return out


def read(url: str) -> dict:
    """Evidence: the reader reached the end of the page at ``url``."""
    return {"read": url}


def answered(n: int, page: str) -> dict:
    """Evidence: ``n`` different questions of ``page`` answered right."""
    return {"answered": n, "page": page}


def played(mode: str, game: str) -> dict:
    """Evidence: a hand of ``game`` played to its end in ``mode`` (``practice`` or ``free``)."""
    return {"finished": mode, "game": game}


def streak(n: int, *sources: str) -> dict:
    """Evidence: ``n`` right attempts in a row at items of ``sources`` (drill kinds, or a command)."""
    return {"streak": n, "of": list(sources)}


def ticks(done_when: Mapping) -> str:
    """What ticks a step, in the reader's words.

    >>> ticks(streak(5, "holdem-winner")), ticks(played("free", "holdem"))
    ('Se marca con cinco aciertos seguidos en estos ejercicios.', 'Se marca al jugar una mano entera en la mesa.')
    """
    if "read" in done_when:
        return "Se marca al llegar al final de la página."
    if "answered" in done_when:
        n = done_when["answered"]
        return f"Se marca al responder bien {count_word(n)} preguntas distintas de la página."
    if "finished" in done_when:
        return ("Se marca al terminar una mano de práctica." if done_when["finished"] == "practice"
                else "Se marca al jugar una mano entera en la mesa.")
    if "streak" in done_when:
        return f"Se marca con {count_word(done_when['streak'])} aciertos seguidos en estos ejercicios."
    raise ValueError(f"unknown evidence {dict(done_when)!r}")


@dataclass(frozen=True)
class Step:
    """A step of the game's path from zero: ``id`` (``<game>.<what>``), its Spanish ``name``, the page it
    sends to (``url``), its ``kind`` (``read``, ``practice``, ``quiz``, ``drills`` or ``table``), the
    evidence that ticks it (``done_when``: :func:`read`, :func:`answered`, :func:`played`, :func:`streak`;
    never a mere visit) and the skills it teaches."""

    id: str
    name: str
    url: str
    kind: str
    done_when: Mapping
    skills: tuple[str, ...] = ()
    #: What ticks it, when the evidence's own words (:func:`ticks`) would not say where (None: those).
    says: str | None = None

    def entry(self) -> dict:
        return {"id": self.id, "name": self.name, "url": self.url, "kind": self.kind, "skills": list(self.skills),
                "done_when": dict(self.done_when), "ticks": self.says or ticks(self.done_when)}


@dataclass(frozen=True)
class Decisions:
    """The skills of a reader's decision at a game's table: the rule skill each decision kind exercises
    (``slots``: ``card``, ``open``, ``facing``, as :class:`engine.table.game.Situation` names them), the
    one a bet or raise of a size the rules refuse fails (``size``) and the play skill each kind exercises
    when «Revisión de la mano» grades it (``play``, by slot: :mod:`engine.review.learning`)."""

    slots: Mapping[str, str]
    size: str
    play: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Blame:
    """A skill a wrong answer failed, and why (Spanish)."""

    skill: str
    why: str


@dataclass(frozen=True)
class OtherGame:
    """A wrong answer that is right under another game's rules: the other game's ``skill`` (its rule is
    the link «Compara las reglas» follows) and the ``text`` that says so."""

    skill: str
    text: str


#: ``(spec, given) -> (blamed skills, another game whose rules it follows or None)``.
Judge = Callable[[dict, Any], "tuple[list[Blame], OtherGame | None]"]


@dataclass(frozen=True)
class Analysis:
    """How a game blames a wrong answer to one of its question kinds: ``wrong`` (the reader's parsed answer
    against the engine's solution), ``vague`` (the skill an answer right but not precise enough fails;
    None: the question's first skill) and ``unreadable`` (an answer the reader could not have meant as
    the kind's answer but that shows a mistake, such as «nadie» where someone always wins; None: none)."""

    wrong: Judge
    vague: Callable[[dict], str] | None = None
    unreadable: Callable[[dict, str], "tuple[list[Blame], OtherGame | None] | None"] | None = None


# ---------------------------------------------------------------------------------------------
# The catalogue, from every game's facets.

def _skills(game: Game) -> dict[str, Skill]:
    return {s.id: s for s in game.facet("skills").SKILLS}


def skill(skill_id: str) -> Skill:
    """The skill ``skill_id``, from its game's facet. :raises KeyError: for an unknown skill."""
    try:
        game = owner(skill_id)
    except UnknownGameError:
        raise KeyError(skill_id) from None
    return _skills(game)[skill_id]


def skill_entry(skill_id: str) -> dict:
    """One skill of the catalogue."""
    return skill(skill_id).entry(owner(skill_id).id)


def skills_of(game: Game) -> list[Skill]:
    """The skills ``game`` teaches."""
    return list(game.facet("skills").SKILLS)


def check_game(game: Game) -> None:
    """Every facet of ``game`` is declared, and what it declares is its own: kinds, skills and steps named
    after the game, each skill's rule on one of its pages, its practice a drill kind some game declares.

    :raises FacetError: naming the game and what is wrong."""
    pages = game.facet("pages").PAGES
    skills = game.facet("skills")
    kinds = [*game.facet("questions").QUESTIONS, *game.facet("drills").DRILLS, *game.facet("blame").BLAME]
    for name in [*(s.id for s in skills.SKILLS), *(step.id for step in skills.PATH), *kinds]:
        try:
            found = owner(name)
        except UnknownGameError:
            found = None
        if found is None or found.id != game.id:
            raise FacetError(f"{game.name} declara «{name}», que no lleva su nombre delante ({game.id}…).")
    decisions = game.facet("blame").DECISIONS
    for slot, played_skill in (decisions.play.items() if decisions is not None else ()):
        if played_skill not in {s.id for s in skills.SKILLS}:
            raise FacetError(f"{game.name} gradúa sus decisiones de «{slot}» con «{played_skill}», que no está entre "
                             "sus destrezas.")
    for s in skills.SKILLS:
        if not any(s.rule.startswith(url + "#") for url in pages.urls.values()):
            raise FacetError(f"La destreza «{s.id}» de {game.name} enlaza su regla fuera de sus páginas: {s.rule}.")
        if declared(s.practice.kind, "drills", "DRILLS") is None:
            raise FacetError(f"La destreza «{s.id}» de {game.name} se repasa con «{s.practice.kind}», que no es un "
                             "tipo de ejercicio de ningún juego.")


def check_games() -> None:
    """:func:`check_game` for every game (the build calls it: a game missing a facet stops it, named)."""
    for game in GAMES.values():
        check_game(game)


def catalogue() -> dict:
    """The catalogue (see the module docstring), from every game's pages and skills facets (only those are
    imported: the build embeds it in pages, and a session may ask for it)."""
    return {"version": VERSION,
            "games": [{"id": g.id, "name": g.name, "practice": g.facet("pages").PAGES.get("practice"),
                       "table": g.facet("pages").PAGES.get("table")} for g in GAMES.values()],
            "skills": [s.entry(g.id) for g in GAMES.values() for s in skills_of(g)],
            "path": {g.id: [step.entry() for step in g.facet("skills").PATH] for g in GAMES.values()},
            "cards": {str(c): _card(c) for c in DECK}}


def _card(card) -> dict:
    shown = card_display(card)
    return {"card": shown["code"], "text": shown["rank"] + shown["suit"], "name": shown["name"],
            "red": shown["color"] == "red"}


# ---------------------------------------------------------------------------------------------
# Items and the progress field.

def drill_item(kind: str, seed: int, level: str) -> dict:
    """The ``item`` of a drill: the ``drill`` request that deals it again (:func:`engine.drills.check_drill`
    adds the ``family`` and ``ask`` a request chose)."""
    return {"command": "drill", "request": {"kind": kind, "seed": seed, "level": level}, "source": kind}


def practice_item(name: str, modality: str | None, at: int) -> dict:
    """The ``item`` of the reader's decision number ``at`` (from 0) in a practice hand: ``play-start`` with
    the hand's name (the browser holds its JSON; its game's ``practice`` page opens it with
    ``?mano=<name>&decision=<at>``) and modality. Small: it rides on a click's reply."""
    request: dict = {"scenario": name}  # the browser adds "mode": "practice" and its session
    if modality is not None:
        request["modality"] = modality
    request["at"] = at
    return {"command": "play-start", "request": request, "source": name}


def compact_facts(facts: Iterable[Mapping]) -> list[dict]:
    """A solution's facts as «Mis errores» keeps them: cards by their code (the catalogue draws them)."""
    return [{"label": f["label"], "cards": [c["card"] for c in f["cards"]]} if "cards" in f
            else {"label": f["label"], "text": f["text"]} for f in facts]


def progress_reply(item: dict, ok: bool, skills: list[str], found: list[Blame], other: OtherGame | None, *,
                   slow: bool = False, generic: str | None = None, shown: dict | None = None) -> dict:
    """The ``progress`` field (see the module docstring): ``skills`` the item exercised, ``found`` the
    blamed ones when wrong (added when not listed); ``generic``: the reason when no part is blamed;
    ``shown``: what «Mis errores» shows of a wrong answer (kept only then)."""
    entries: dict[str, dict] = {}
    for b in found:
        if b.skill not in entries:
            entries[b.skill] = {"id": b.skill, "ok": False, "why": b.why, "rule": skill(b.skill).rule}
    for s in skills:
        if s not in entries:
            entries[s] = {"id": s, "ok": ok or bool(found), "why": None, "rule": skill(s).rule}
    listed = list(entries.values())
    if not ok and not found and listed:
        listed[0]["why"] = generic
    grade = "again" if not ok else "hard" if slow else "good"
    crossed = None
    if other is not None and not ok:
        rule = skill(other.skill)
        crossed = {"game": owner(other.skill).id, "text": other.text, "rule": rule.rule}
    return {"item": item, "ok": ok, "grade": grade, "skills": listed, "other_game": crossed,
            "shown": None if ok else shown}


def finished(progress: dict | None, mode: str, game: str) -> dict:
    """``progress`` (or, when None, a field that judges nothing) saying that a hand of ``game`` was played to
    its end in ``mode`` (``practice`` or ``free``): the path's evidence."""
    return {**(progress or {"item": None, "ok": None, "grade": None, "skills": [], "other_game": None,
                            "shown": None}), "finished": {"mode": mode, "game": game}}


@command("progress-catalogue", "Mi progreso: las habilidades que enseña el sitio, sus reglas y el camino de cada juego.")
def _catalogue_command(request: dict) -> dict:
    """``{}`` -> :func:`catalogue`."""
    return catalogue()
