"""Progress: the skills the site teaches, and what each checked answer says about them.

The browser keeps the reader's log (IndexedDB, on the device; ``docs/javascripts``); the engine only
*names* things: the skill catalogue (:func:`catalogue`, also the ``progress-catalogue`` command) and,
in every checked reply, a ``progress`` field saying which skills the answer exercised, which one
failed and why (:mod:`.blame`, computed from the engine's own solution, never guessed).

Contract with the browser (version 1)
-------------------------------------

**Catalogue** -- :func:`catalogue` (pure, fast, JSON-able; embedded in the page at build time, and
the ``progress-catalogue`` command for a review session)::

    {"version": 1,
     "games":  [{"id": "mata-ases" | "holdem" | "ultimate", "name": "Mata Ases",
                 "practice": "/mata-ases/simulador/" | null}],     # its practice hands' page
     "skills": [{"id": "holdem.side-pots.eligibility", "game": "holdem", "name": "Spanish name",
                 "rule": "/holdem/#anchor",                 # a heading of the rules, on the site
                 "practice": {"command": "drill",
                              "request": {"kind", "level", "family", "ask"?}} | null,
                 "review": {"url": "/…/", "text": "Spanish"} | null}],   # only when practice is null
     "path":   {"<game>": [{"id", "name" (Spanish), "url": "/…/",
                            "kind": "read" | "practice" | "drills" | "table",
                            "skills": ["…"],
                            "done_when": {"visit": "/…/"}
                                       | {"correct": n, "skills": ["…"]}}]}}

``practice``: ask ``drill`` with that request plus a ``seed`` for a fresh item of the skill (the
``family`` is one of the level's families; ``ask``, one of the kind's questions, when the kind asks
several: the side pots' chips, who may win a pot, how many pots). A skill with ``practice: null`` (a practice-hand decision,
naming a hand) says in ``review`` where the review sends the reader instead. ``done_when``: a step is
done once the page was visited (``visit``), or once ``n`` answers on those skills were right.

**Every checked reply gains ``progress``** -- ``quiz-check`` (page questions and the croupier trainer),
``drill-check`` (every kind, the strategy trainer's ``uth-strategy`` included) and ``play-step`` in a
practice hand when the request carried the reader's decision::

    "progress": {"item":  {"command": "drill" | "quiz-check" | "uth-trainer-deal" | "play-start",
                           "request": {... enough to ask the same item again, never the answer ...}},
                 "ok": bool,
                 "grade": "good" | "hard" | "again",
                 "skills": [{"id", "ok": bool, "why": "Spanish sentence" | null, "rule": "/…#…"}],
                 "other_game": {"game", "text": "Spanish sentence", "rule": "/…#…"} | null}
               | null

- ``progress`` is null when the reply judges nothing: an unreadable answer without ``reveal`` (but
  «nadie» to a Hold'em showdown, which is judged). A reveal («Ver la solución») counts as wrong, and so
  does a hint: an answer right but not precise enough («needs-detail»: «Par» for «Pareja de Doses»,
  «empate» without the names), its ``why`` the hint.
- ``grade``: right → ``good``; wrong or revealed → ``again``; right but slow in the croupier trainer
  → ``hard`` (the request's ``ms``, the time taken, above :data:`SLOW_MS` of its mode).
- ``skills``: every skill the item exercised; when wrong, the failing one has ``ok: false`` and a
  ``why`` computed by comparing the reader's parsed answer with the parts of the engine's solution
  (:mod:`.blame`); the others keep ``ok: true`` when the blame isolates one, else all are false.
- ``other_game``: the wrong answer is right under another game's rules (judged with that game's
  rule, e.g. the pair-of-Aces minimum of Mata Ases applied to a Hold'em showdown, or two ayudas as
  Hold'em's shared cards).

``item.request`` by command:

- ``drill``: ``{"kind", "seed", "level", "family"?, "ask"?}`` (those the request named);
- ``uth-trainer-deal``: the croupier trainer's hand, ``{"mode", "seed", "unit"?, "trips_table"?}``;
- ``quiz-check``: a question on a page, ``{"page": "/holdem/ponte-a-prueba/", "id": "quiz-3"}`` (reopen
  the page at ``#id``); a question sent without its page, ``{"question": {...}}``;
- ``play-start``: a decision in a practice hand, ``{"scenario": its name, "modality"?, "at": n}`` (the
  reader's ``n``-th decision, from 0; add ``"mode": "practice"`` and the hand's JSON to play it again,
  with ``reader`` holding the first ``n`` decisions to reopen it there); the hand's page is the
  catalogue game's ``practice`` + ``?mano=<name>``.

Requests that say what the item is (all optional; without them ``item`` still reopens it):

- ``quiz-check``: ``"page": "/holdem/ponte-a-prueba/"`` and ``"id": "quiz-3"`` (the block's id on the
  page, ``site_hooks/quizzes.py``); the croupier trainer sends ``"trainer": {"mode", "seed", "unit"?,
  "trips_table"?}`` (from its ``uth-trainer-deal`` reply) and ``"ms"``.
- ``drill`` accepts ``"family"`` (a family of the kind at that level) and ``"ask"`` (one of the kind's
  questions, :attr:`engine.drills.Kind.asks`) to deal an item of one skill.
- ``drill`` kind ``side-by-side`` (:mod:`engine.drills.side`): families ``first-to-act-holdem`` and
  ``first-to-act-mata-ases`` deal the same table for the same seed and level, asked under each game's
  rules (the reply's ``answer.other_game``: the other game's answer). A review of a cross-game mistake
  asks both.


>>> sorted(catalogue())
['games', 'path', 'skills', 'version']
>>> skill_entry("holdem.side-pots.eligibility")["rule"]
'/holdem/#all-in-y-botes-secundarios'
"""

from __future__ import annotations

from ..protocol import command

__all__ = ["DECISION_SKILLS", "DRILL_SKILLS", "GAMES", "PATH", "PRACTICE_PAGES", 
           "QUESTION_SKILLS", "SIZE_SKILLS", "SKILLS", "SLOW_MS", "TRAINER_SKILLS", "catalogue", "decision_skills",
           "drill_item", "drill_skills", "practice_item", "question_skills", "skill_entry"]

VERSION = 1

GAMES = (("mata-ases", "Mata Ases"), ("holdem", "Texas Hold'em"), ("ultimate", "Ultimate Texas Hold'em"))


def _drill(kind: str, level: str, family: str, ask: str | None = None) -> dict:
    request = {"kind": kind, "level": level, "family": family}
    if ask is not None:
        request["ask"] = ask
    return {"command": "drill", "request": request}


def _review(url: str, text: str) -> dict:
    return {"url": url, "text": text}


#: The page of each game's practice hands (a hand opens with ``?mano=<name>``): the catalogue's games say it.
PRACTICE_PAGES = {"mata-ases": "/mata-ases/simulador/", "holdem": "/holdem/simulador/"}

_MATA_SIM = _review(PRACTICE_PAGES["mata-ases"], "Juega una mano de práctica del simulador de Mata Ases.")
_HOLDEM_SIM = _review(PRACTICE_PAGES["holdem"], "Juega una mano de práctica del simulador de Hold'em.")

#: ``id -> (game, Spanish name, rule anchor, practice (a drill) or None, review when practice is None)``.
SKILLS: dict[str, tuple[str, str, str, dict | None, dict | None]] = {
    # Mata Ases
    "mata-ases.kill-aces": ("mata-ases", "Matar los Ases: par de Ases o más", "/mata-ases/#el-objetivo-matar-los-ases",
                            _drill("mata-ases-winner", "fácil", "kings"), None),
    "mata-ases.extension": ("mata-ases", "Nadie mata los Ases: la extensión", "/mata-ases/#la-extension-de-la-mano",
                            _drill("mata-ases-winner", "fácil", "nobody-kills"), None),
    "mata-ases.one-ayuda": ("mata-ases", "Una sola ayuda", "/mata-ases/#como-se-forma-tu-jugada",
                            _drill("mata-ases-winner", "media", "one-ayuda"), None),
    "mata-ases.ranking": ("mata-ases", "Comparar jugadas y repartir el pozo", "/mata-ases/#ranking-de-manos",
                          _drill("mata-ases-winner", "difícil", "split"), None),
    "mata-ases.hand-name": ("mata-ases", "Nombrar la jugada", "/mata-ases/#ranking-de-manos", None,
                            _review("/mata-ases/quien-gana/", "Responde las preguntas de «¿Quién gana?».")),
    "mata-ases.cards": ("mata-ases", "Pedir la carta abierta o cerrada",
                        "/mata-ases/#como-se-juega-una-mano-fase-por-fase", None, _MATA_SIM),
    "mata-ases.betting": ("mata-ases", "Pasar, apostar, pagar, subir o retirarse",
                          "/mata-ases/#apuestas-sin-limite-la-apuesta-minima-y-las-subidas", None, _MATA_SIM),
    "mata-ases.first-to-act": ("mata-ases", "Quién abre la primera ronda",
                               "/mata-ases/#las-dos-modalidades-boton-ante-y-bring-in",
                               _drill("side-by-side", "media", "first-to-act-mata-ases"), None),
    # Texas Hold'em
    "holdem.showdown.best-five": ("holdem", "La mejor mano de cinco cartas", "/holdem/#las-cartas-hablan",
                                  _drill("holdem-winner", "fácil", "plain"), None),
    "holdem.showdown.kicker": ("holdem", "El kicker decide", "/holdem/#las-cartas-hablan",
                               _drill("holdem-winner", "media", "kicker"), None),
    "holdem.showdown.split": ("holdem", "Bote repartido", "/holdem/#empates-y-fichas-sueltas",
                              _drill("holdem-winner", "media", "split"), None),
    "holdem.showdown.board": ("holdem", "La mesa juega", "/holdem/#las-cartas-hablan",
                              _drill("holdem-winner", "media", "board"), None),
    "holdem.showdown.wheel": ("holdem", "La escalera más baja (A-2-3-4-5)", "/holdem/#ranking-de-manos",
                              _drill("holdem-winner", "media", "wheel"), None),
    "holdem.hand-name": ("holdem", "Nombrar la jugada", "/holdem/#ranking-de-manos", None,
                         _review("/holdem/ponte-a-prueba/", "Responde las preguntas de «Ponte a prueba».")),
    "holdem.side-pots.sum": ("holdem", "Las fichas de cada bote", "/holdem/#all-in-y-botes-secundarios",
                             _drill("holdem-side-pots", "fácil", "simple", "amount"), None),
    "holdem.side-pots.eligibility": ("holdem", "Quién opta a cada bote", "/holdem/#all-in-y-botes-secundarios",
                                     _drill("holdem-side-pots", "difícil", "dead-money", "eligible"), None),
    "holdem.side-pots.count": ("holdem", "Cuántos botes hay", "/holdem/#all-in-y-botes-secundarios",
                               _drill("holdem-side-pots", "media", "several", "count"), None),
    "holdem.side-pots.below-blinds": ("holdem", "Un all-in menor que la ciega grande",
                                      "/holdem/#all-in-y-botes-secundarios",
                                      _drill("holdem-side-pots", "media", "below-blinds"), None),
    "holdem.positions": ("holdem", "Las posiciones en la mesa", "/holdem/#las-posiciones-en-la-mesa",
                         _drill("holdem-position", "media", "late"), None),
    "holdem.heads-up": ("holdem", "Heads-up: el botón es la ciega pequeña", "/holdem/#las-posiciones-en-la-mesa",
                        _drill("holdem-first-to-act", "media", "heads-up"), None),
    "holdem.first-to-act.preflop": ("holdem", "Quién habla primero antes del flop", "/holdem/#1-antes-del-flop-preflop",
                                    _drill("holdem-first-to-act", "fácil", "preflop"), None),
    "holdem.first-to-act.postflop": ("holdem", "Quién habla primero después del flop", "/holdem/#2-el-flop",
                                     _drill("holdem-first-to-act", "media", "postflop-folded"), None),
    "holdem.betting": ("holdem", "Pasar, apostar, pagar, subir o retirarse", "/holdem/#las-acciones", None,
                       _HOLDEM_SIM),
    "holdem.min-raise": ("holdem", "Apuesta y subida mínimas", "/holdem/#apuesta-y-subida-minimas", None,
                         _HOLDEM_SIM),
    # Ultimate Texas Hold'em
    "ultimate.blind": ("ultimate", "La tabla de pagos del Blind", "/ultimate/#tabla-de-pagos-del-blind",
                       _drill("uth-payout", "fácil", "blind"), None),
    "ultimate.dealer-qualifies": ("ultimate", "La clasificación del crupier", "/ultimate/#la-clasificacion-del-crupier",
                                  _drill("uth-payout", "fácil", "ante-play"), None),
    "ultimate.ante-play": ("ultimate", "Ante y Play", "/ultimate/#la-liquidacion",
                           _drill("uth-payout", "fácil", "ante-play"), None),
    "ultimate.trips": ("ultimate", "La tabla de pagos de Trips", "/ultimate/#tabla-de-pagos-de-trips",
                       _drill("uth-payout", "media", "trips"), None),
    "ultimate.settlement": ("ultimate", "La liquidación completa", "/ultimate/#la-liquidacion",
                            _drill("uth-payout", "difícil", "total"), None),
    "ultimate.strategy.preflop": ("ultimate", "Antes del flop: 4x, 3x o pasar",
                                  "/ultimate/#una-estrategia-sencilla-antes-del-flop",
                                  _drill("uth-strategy", "fácil", "preflop-clear"), None),
    "ultimate.strategy.flop": ("ultimate", "En el flop: 2x o pasar", "/ultimate/practica/#la-estrategia-simple",
                               _drill("uth-strategy", "fácil", "flop-made"), None),
    "ultimate.strategy.river": ("ultimate", "En el river: 1x o retirarse", "/ultimate/practica/#la-estrategia-simple",
                                _drill("uth-strategy", "fácil", "river-clear"), None),
}

#: The skills of each drill kind's families: ``{kind: {family: (skill, ...)}}`` (the first is the main one).
DRILL_SKILLS: dict[str, dict[str, tuple[str, ...]]] = {
    "mata-ases-winner": {
        "plain": ("mata-ases.kill-aces", "mata-ases.ranking"),
        "nobody-kills": ("mata-ases.extension", "mata-ases.kill-aces"),
        "kings": ("mata-ases.kill-aces",),
        "one-ayuda": ("mata-ases.one-ayuda", "mata-ases.kill-aces"),
        "ayuda-decides": ("mata-ases.one-ayuda", "mata-ases.ranking"),
        "split": ("mata-ases.ranking", "mata-ases.kill-aces"),
    },
    "holdem-winner": {
        "plain": ("holdem.showdown.best-five",),
        "split": ("holdem.showdown.split", "holdem.showdown.best-five"),
        "board": ("holdem.showdown.board", "holdem.showdown.best-five"),
        "kicker": ("holdem.showdown.kicker", "holdem.showdown.best-five"),
        "wheel": ("holdem.showdown.wheel", "holdem.showdown.best-five"),
    },
    "holdem-side-pots": {  # the ask (amount, eligible, count) adds its own skill: question_skills
        "simple": (),
        "below-blinds": ("holdem.side-pots.below-blinds",),
        "dead-money": (),
        "several": (),
    },
    "holdem-position": {
        "blinds": ("holdem.positions",),
        "heads-up": ("holdem.heads-up", "holdem.positions"),
        "early": ("holdem.positions",),
        "late": ("holdem.positions",),
    },
    "holdem-first-to-act": {  # the street adds preflop or postflop: question_skills
        "preflop": (),
        "three-handed": (),
        "heads-up": ("holdem.heads-up",),
        "postflop": (),
        "postflop-folded": (),
    },
    "uth-payout": {  # the trainer's modes; the question's parts add theirs: question_skills
        "blind": ("ultimate.blind",),
        "ante-play": ("ultimate.ante-play", "ultimate.dealer-qualifies"),
        "trips": ("ultimate.trips",),
        "total": ("ultimate.settlement",),
    },
    "uth-strategy": {
        "preflop-clear": ("ultimate.strategy.preflop",),
        "preflop-close": ("ultimate.strategy.preflop",),
        "river-clear": ("ultimate.strategy.river",),
        "river-close": ("ultimate.strategy.river",),
        "flop-made": ("ultimate.strategy.flop",),
        "flop-draw": ("ultimate.strategy.flop",),
        "flop-nothing": ("ultimate.strategy.flop",),
    },
    "side-by-side": {  # the same seed and level: the same table, asked under each game's rules
        "first-to-act-holdem": ("holdem.first-to-act.preflop",),
        "first-to-act-mata-ases": ("mata-ases.first-to-act",),
    },
}

#: The skills of a quiz question, by ``(kind, ask)`` (an Ultimate question with Trips adds Trips).
QUESTION_SKILLS: dict[tuple[str, str], tuple[str, ...]] = {
    ("mata-ases", "winners"): ("mata-ases.kill-aces", "mata-ases.one-ayuda", "mata-ases.ranking"),
    ("mata-ases", "hand"): ("mata-ases.hand-name", "mata-ases.one-ayuda"),
    ("uth", "blind"): ("ultimate.blind",),
    ("uth", "trips"): ("ultimate.trips",),
    ("uth", "ante"): ("ultimate.ante-play", "ultimate.dealer-qualifies"),
    ("uth", "play"): ("ultimate.ante-play",),
    ("uth", "ante+play"): ("ultimate.ante-play", "ultimate.dealer-qualifies"),
    ("uth", "total"): ("ultimate.settlement", "ultimate.blind", "ultimate.dealer-qualifies", "ultimate.ante-play"),
    ("holdem-position", "position"): ("holdem.positions",),
    ("holdem-position", "first-to-act"): (),  # by street: below
    ("holdem-pots", "amount"): ("holdem.side-pots.sum",),
    ("holdem-pots", "eligible"): ("holdem.side-pots.eligibility",),
    ("holdem-pots", "count"): ("holdem.side-pots.count",),
    ("holdem-showdown", "winners"): ("holdem.showdown.best-five",),
    ("holdem-showdown", "hand"): ("holdem.hand-name",),
}

#: The croupier trainer's modes (:data:`engine.quiz.format.MODES`) are the ``uth-payout`` families.
TRAINER_SKILLS = DRILL_SKILLS["uth-payout"]

#: Right but slow in the croupier trainer (milliseconds, by mode) is graded ``hard``: about what a
#: dealer who knows the tables takes to read the hand and add the bets the mode asks for.
SLOW_MS = {"blind": 12_000, "trips": 12_000, "ante-play": 15_000, "total": 25_000}

#: The skills of a reader's decision in a practice hand, by game and the decision's slot
#: (``card``: a Mata Ases card asked open or closed; ``open``: nobody has bet; ``facing``: a bet to face).
DECISION_SKILLS: dict[str, dict[str, tuple[str, ...]]] = {
    "mata-ases": {"card": ("mata-ases.cards",), "open": ("mata-ases.betting",), "facing": ("mata-ases.betting",)},
    "holdem": {"open": ("holdem.betting",), "facing": ("holdem.betting",)},
}
#: A bet or raise of the right kind but the wrong size blames this skill instead (by game).
SIZE_SKILLS = {"mata-ases": "mata-ases.betting", "holdem": "holdem.min-raise"}

#: The way from zero, per game: read the rules, play a practice hand, pass drills, the free table.
PATH: dict[str, tuple[dict, ...]] = {
    "mata-ases": (
        {"id": "mata-ases.read", "name": "Lee las reglas de Mata Ases", "url": "/mata-ases/", "kind": "read",
         "skills": ["mata-ases.kill-aces", "mata-ases.one-ayuda"], "done_when": {"visit": "/mata-ases/"}},
        {"id": "mata-ases.practice", "name": "Juega las manos de práctica", "url": PRACTICE_PAGES["mata-ases"],
         "kind": "practice", "skills": ["mata-ases.cards", "mata-ases.betting"],
         "done_when": {"correct": 5, "skills": ["mata-ases.cards", "mata-ases.betting"]}},
        {"id": "mata-ases.quiz", "name": "Responde «¿Quién gana?»", "url": "/mata-ases/quien-gana/", "kind": "drills",
         "skills": ["mata-ases.kill-aces", "mata-ases.one-ayuda", "mata-ases.hand-name"],
         "done_when": {"correct": 5, "skills": ["mata-ases.kill-aces", "mata-ases.one-ayuda", "mata-ases.hand-name",
                                                "mata-ases.ranking"]}},
        {"id": "mata-ases.drills", "name": "Supera los ejercicios de Mata Ases", "url": "/mata-ases/practica/",
         "kind": "drills", "skills": ["mata-ases.kill-aces", "mata-ases.extension", "mata-ases.one-ayuda",
                                      "mata-ases.ranking"],
         "done_when": {"correct": 10, "skills": ["mata-ases.kill-aces", "mata-ases.extension", "mata-ases.one-ayuda",
                                                 "mata-ases.ranking"]}},
        {"id": "mata-ases.table", "name": "Juega en la mesa libre", "url": "/mata-ases/mesa-libre/", "kind": "table",
         "skills": [], "done_when": {"visit": "/mata-ases/mesa-libre/"}},
    ),
    "holdem": (
        {"id": "holdem.read", "name": "Lee las reglas de Hold'em", "url": "/holdem/", "kind": "read",
         "skills": ["holdem.positions", "holdem.first-to-act.preflop", "holdem.side-pots.sum"],
         "done_when": {"visit": "/holdem/"}},
        {"id": "holdem.practice", "name": "Juega las manos de práctica", "url": PRACTICE_PAGES["holdem"],
         "kind": "practice", "skills": ["holdem.betting", "holdem.min-raise"],
         "done_when": {"correct": 5, "skills": ["holdem.betting", "holdem.min-raise"]}},
        {"id": "holdem.quiz", "name": "Ponte a prueba", "url": "/holdem/ponte-a-prueba/", "kind": "drills",
         "skills": ["holdem.positions", "holdem.side-pots.sum", "holdem.showdown.best-five"],
         "done_when": {"correct": 5, "skills": ["holdem.positions", "holdem.first-to-act.preflop",
                                                "holdem.first-to-act.postflop", "holdem.side-pots.sum",
                                                "holdem.side-pots.eligibility", "holdem.side-pots.count",
                                                "holdem.showdown.best-five", "holdem.hand-name"]}},
        {"id": "holdem.drills", "name": "Supera los ejercicios de Hold'em", "url": "/holdem/practica/",
         "kind": "drills", "skills": ["holdem.showdown.kicker", "holdem.side-pots.eligibility",
                                      "holdem.first-to-act.postflop"],
         "done_when": {"correct": 10, "skills": ["holdem.showdown.best-five", "holdem.showdown.kicker",
                                                 "holdem.showdown.split", "holdem.side-pots.sum",
                                                 "holdem.side-pots.eligibility", "holdem.positions",
                                                 "holdem.first-to-act.preflop", "holdem.first-to-act.postflop"]}},
        {"id": "holdem.table", "name": "Juega en la Mesa de Hold'em", "url": "/holdem/mesa/", "kind": "table",
         "skills": [], "done_when": {"visit": "/holdem/mesa/"}},
    ),
    "ultimate": (
        {"id": "ultimate.read", "name": "Lee las reglas y los pagos", "url": "/ultimate/", "kind": "read",
         "skills": ["ultimate.blind", "ultimate.dealer-qualifies"], "done_when": {"visit": "/ultimate/"}},
        {"id": "ultimate.quiz", "name": "Ponte a prueba", "url": "/ultimate/ponte-a-prueba/", "kind": "drills",
         "skills": ["ultimate.blind", "ultimate.trips", "ultimate.ante-play"],
         "done_when": {"correct": 5, "skills": ["ultimate.blind", "ultimate.trips", "ultimate.ante-play",
                                                "ultimate.dealer-qualifies", "ultimate.settlement"]}},
        {"id": "ultimate.trainer", "name": "Entrena como crupier", "url": "/ultimate/entrenador/", "kind": "drills",
         "skills": ["ultimate.settlement"],
         "done_when": {"correct": 10, "skills": ["ultimate.blind", "ultimate.trips", "ultimate.ante-play",
                                                 "ultimate.dealer-qualifies", "ultimate.settlement"]}},
        {"id": "ultimate.strategy", "name": "Decide como un buen jugador", "url": "/ultimate/practica/",
         "kind": "drills", "skills": ["ultimate.strategy.preflop", "ultimate.strategy.flop", "ultimate.strategy.river"],
         "done_when": {"correct": 10, "skills": ["ultimate.strategy.preflop", "ultimate.strategy.flop",
                                                 "ultimate.strategy.river"]}},
    ),
}


def skill_entry(skill_id: str) -> dict:
    """One skill of the catalogue."""
    game, name, rule, practice, review = SKILLS[skill_id]
    return {"id": skill_id, "game": game, "name": name, "rule": rule, "practice": practice, "review": review}


def catalogue() -> dict:
    """The catalogue (see the module docstring): plain data, no game module imported."""
    return {"version": VERSION,
            "games": [{"id": game, "name": name, "practice": PRACTICE_PAGES.get(game)} for game, name in GAMES],
            "skills": [skill_entry(s) for s in SKILLS],
            "path": {game: [dict(step) for step in steps] for game, steps in PATH.items()}}


def question_skills(spec: dict) -> list[str]:
    """The skills a quiz question exercises (from its kind, what it asks and its data)."""
    kind, ask = spec.get("kind"), spec.get("ask")
    found = list(QUESTION_SKILLS.get((kind, ask), ()))
    if kind == "holdem-position":
        if ask == "first-to-act":
            street = spec.get("street", "preflop")
            found.append("holdem.first-to-act.preflop" if street == "preflop" else "holdem.first-to-act.postflop")
        players = spec.get("players")
        if ask in ("first-to-act", "position") and (len(players) if isinstance(players, list) else players) == 2:
            found.append("holdem.heads-up")
    if kind == "uth" and ask == "total" and spec.get("trips"):
        found.append("ultimate.trips")
    return list(dict.fromkeys(found))


def drill_skills(kind: str, family: str, spec: dict | None = None) -> list[str]:
    """The skills of a drill: its family's, then those of its quiz question (``spec``), if any."""
    return list(dict.fromkeys([*DRILL_SKILLS[kind][family], *(question_skills(spec) if spec else [])]))


def drill_item(kind: str, seed: int, level: str) -> dict:
    """The ``item`` of a drill: the ``drill`` request that deals it again (:func:`engine.drills.check_drill`
    adds the ``family`` and ``ask`` a request chose)."""
    return {"command": "drill", "request": {"kind": kind, "seed": seed, "level": level}}


def practice_item(name: str, modality: str | None, at: int) -> dict:
    """The ``item`` of the reader's decision number ``at`` (from 0) in a practice hand: ``play-start``
    with the hand's name (the browser holds its JSON; its game's ``practice`` page in the catalogue
    opens it with ``?mano=<name>``) and modality. Small: it rides on a click's reply (at most 5 KB,
    with the end of the hand)."""
    request: dict = {"scenario": name}  # the browser adds "mode": "practice" and its session
    if modality is not None:
        request["modality"] = modality
    request["at"] = at
    return {"command": "play-start", "request": request}


def decision_skills(game: str, slot: str) -> list[str]:
    """The skills of a reader's decision in a practice hand."""
    return list(DECISION_SKILLS.get(game, {}).get(slot, ()))


@command("progress-catalogue", "Mi progreso: las habilidades que enseña el sitio, sus reglas y el camino de cada juego.")
def _catalogue_command(request: dict) -> dict:
    """``{}`` -> :func:`catalogue`."""
    return catalogue()
