"""The croupier's trainer for Ultimate Texas Hold'em: endless random hands and a question each, and the
```` ```entrenador-ultimate ```` block that sets it on a page (:func:`settings`, one of the game's
``WIDGETS``; :func:`form` gives the page its choices).

:func:`deal` shuffles a fresh deck, deals the player, the dealer and the board, picks the bets and
builds an :mod:`engine.quiz` question for the chosen mode; the reader's amount is then checked with
``quiz-check``. Hands are drawn uniformly but *selected* so that the interesting cases come up
often (the Blind only pays with a straight or better, Trips with three of a kind or better); every
hand is still a valid deal of nine distinct cards.

The *unit* means what it means on the rules page: the Ante (and so the Blind), the bet the Play is
measured in («Unidad 5»: Ante 5, Blind 5, Play 5 to 20). Payouts are never rounded: a 3 a 2 Blind
on an odd unit pays the exact half (+7,5 on 5), this site's convention, applied by
:func:`engine.games.ultimate.rules.settle`; the trainer expects that exact amount.

>>> hand = deal("blind", seed=7)
>>> hand["question"]["kind"], len(set(hand["question"]["player"] + hand["question"]["dealer"]
...                                     + hand["question"]["board"]))
('uth', 9)
"""

from __future__ import annotations

import random
from typing import Any

from dataclasses import dataclass

from ...cards import DECK, format_cards
from ...errors import RequestError
from ...evaluation import CATEGORIES
from ...protocol import command
from ...quiz import solve
from ...quiz.format import Block, Fields, QuestionError, int_of, short
from ...requests import optional
from .rules import DEFAULT_TRIPS_TABLE, TRIPS_TABLES, settle

__all__ = ["INFO", "LABELS", "MODES", "SKILLS", "SLOW_MS", "TRIPS_MODES", "UNITS", "Settings", "deal", "form", "settings"]

#: The info string of the block that sets the trainer on a page.
INFO = "entrenador-ultimate"
#: Trainer modes: what the reader computes (the ``ask`` of the question) and the prompt.
MODES: dict[str, tuple[str, str]] = {
    "blind": ("blind", "¿Cuál es el resultado neto del Blind?"),
    "trips": ("trips", "¿Cuál es el resultado neto de la apuesta Trips?"),
    "ante-play": ("ante+play", "¿Cuál es el resultado neto de Ante y Play juntos?"),
    "total": ("total", "¿Cuál es el resultado neto total del jugador (Ante, Blind, Play y Trips)?"),
}
#: Each mode as the settings form names it.
LABELS = {"blind": "Pago del Blind", "trips": "Pago de Trips", "ante-play": "Ante + Play",
          "total": "Liquidación completa"}
#: Units the trainer offers: the Ante (and the Blind) of every hand.
UNITS = (1, 5, 10, 25, 100)
#: Modes whose question depends on the Trips pay table (the others leave it out).
TRIPS_MODES = ("trips", "total")
#: The skills each mode exercises (the question's parts add theirs); the ``uth-payout`` drill's families too.
SKILLS: dict[str, tuple[str, ...]] = {
    "blind": ("ultimate.blind",),
    "ante-play": ("ultimate.ante-play", "ultimate.dealer-qualifies"),
    "trips": ("ultimate.trips",),
    "total": ("ultimate.settlement",),
}
#: Right but slow (milliseconds, by mode) is graded ``hard``: about what a dealer who knows the tables takes
#: to read the hand and add the bets the mode asks for.
SLOW_MS = {"blind": 12_000, "trips": 12_000, "ante-play": 15_000, "total": 25_000}

#: The Trips bet, in units.
_TRIPS_MULTIPLES = (1, 1, 2, 5)
#: Play in Antes, weighted like a table (4x is the most common raise); 0 = fold.
_PLAY_WEIGHTS = {4: 40, 3: 10, 2: 20, 1: 20, 0: 10}
_MAX_SEED = 2**32

_RANK = {category: len(CATEGORIES) - i for i, category in enumerate(CATEGORIES)}


def _at_least(category: str) -> int:
    """The rank of ``category`` in the order high card (1) ... royal flush (10)."""
    return _RANK[category]


def _want(mode: str, rng: random.Random) -> dict[str, Any]:
    """What the next hand should show, so that every mode practises what it is about."""
    roll = rng.random()
    if mode == "blind":
        if roll < 0.6:
            return {"outcome": "win", "player_min": "straight"}
        if roll < 0.8:
            return {"outcome": "win"}
        return {}
    if mode == "trips":
        return {"player_min": "three_of_a_kind"} if roll < 0.65 else {}
    if mode == "ante-play":
        return {"dealer_fails": True} if roll < 0.25 else {}
    return {"player_min": "straight", "outcome": "win"} if roll < 0.3 else {}


def deal(mode: str, *, trips_table: str | None = None, unit: int = 5, seed: int | None = None) -> dict:
    """A random hand for ``mode`` and its question (see :data:`MODES`).

    :returns: ``{"seed", "mode", "prompt", "question", "facts", "hint", "uses_trips_table"}``;
        ``question`` is the :mod:`engine.quiz` question to send back with the reader's answer;
        ``uses_trips_table`` says whether the Trips pay table matters in this mode (a page shows
        its control only then). The Ante is ``unit``.
    :raises RequestError: for an unknown mode, table or unit.
    """
    if mode not in MODES:
        raise RequestError("mode", f"modo desconocido «{mode}»; modos: {', '.join(MODES)}")
    table = trips_table or DEFAULT_TRIPS_TABLE
    if table not in TRIPS_TABLES:
        raise RequestError("trips_table", f"tabla desconocida «{table}»; tablas: {', '.join(TRIPS_TABLES)}")
    if unit not in UNITS:
        raise RequestError("unit", f"la unidad debe ser una de {', '.join(map(str, UNITS))} (recibido: {unit})")
    if seed is None:
        seed = random.SystemRandom().randrange(_MAX_SEED)
    rng = random.Random(seed)
    want = _want(mode, rng)
    ante = unit
    trips = unit * rng.choice(_TRIPS_MULTIPLES) if mode in TRIPS_MODES else 0
    multiples, weights = zip(*_PLAY_WEIGHTS.items())
    if mode == "trips" or "outcome" in want:
        multiples, weights = multiples[:-1], weights[:-1]  # no fold when a showdown is wanted
    play = ante * rng.choices(multiples, weights)[0]
    deck = list(DECK)
    for _ in range(2000):  # selection by rejection: a few dozen tries at most on average
        cards = rng.sample(deck, 9)
        player, dealer, board = cards[:2], cards[2:4], cards[4:]
        result = settle(ante=ante, play=play or ante, player=player, dealer=dealer, board=board)
        if "player_min" in want and _at_least(result.player.category) < _at_least(want["player_min"]):
            continue
        if "outcome" in want and result.outcome != want["outcome"]:
            continue
        if want.get("dealer_fails") and result.dealer_qualifies:
            continue
        break
    ask, prompt = MODES[mode]
    question = {"kind": "uth", "ask": ask, "ante": ante, "play": play, "trips": trips,
                "player": format_cards(player), "dealer": format_cards(dealer),
                "board": format_cards(board), "trips_table": table}
    solution = solve(question)
    return {
        "seed": seed,
        "mode": mode,
        "prompt": prompt,
        "question": question,
        "facts": list(solution.facts),
        "hint": solution.hint,
        "uses_trips_table": mode in TRIPS_MODES,
    }


@command("uth-trainer-deal", "Entrenador de crupier de Ultimate: reparte una mano al azar y plantea la pregunta del modo elegido.")
def _deal_command(request: dict) -> dict:
    """``{"mode": "blind" | "trips" | "ante-play" | "total", "trips_table", "unit", "seed"}``."""
    mode = optional(request, "mode", "mode", str, "total")
    table = optional(request, "trips_table", "trips_table", str, None)
    unit = optional(request, "unit", "unit", int, 5)
    seed = optional(request, "seed", "seed", int, None)
    if seed is not None and not 0 <= seed < _MAX_SEED:
        raise RequestError("seed", f"debe estar entre 0 y {_MAX_SEED - 1} (recibido: {seed})")
    return deal(mode, trips_table=table, unit=unit, seed=seed)


@dataclass(frozen=True)
class Settings:
    """What an ```entrenador-ultimate block chooses: the first ``mode``, the Trips ``table`` and the ``unit``."""

    mode: str
    table: str
    unit: int


def settings(block: Block) -> Settings:
    """The block's optional ``modo``, ``tabla-trips`` and ``unidad``.

    :raises QuestionError: for an unknown mode, table or unit, or an unknown field.
    """
    fields = Fields(block)
    mode_field = fields.get("modo", required=False)
    mode = mode_field.value.strip() if mode_field else "blind"
    if mode not in MODES:
        raise QuestionError(mode_field.line, f"Modo desconocido «{short(mode)}»; modos: {', '.join(MODES)}.")
    table_field = fields.get("tabla-trips", required=False)
    table = table_field.value.strip() if table_field else DEFAULT_TRIPS_TABLE
    if table not in TRIPS_TABLES:
        raise QuestionError(table_field.line, f"Tabla desconocida «{short(table)}»; tablas: {', '.join(TRIPS_TABLES)}.")
    unit_field = fields.get("unidad", required=False)
    unit = int_of(unit_field, 1) if unit_field else 5
    if unit not in UNITS:
        raise QuestionError(unit_field.line, f"La unidad debe ser una de {', '.join(map(str, UNITS))}.")
    fields.finish("Campos del entrenador: modo, tabla-trips, unidad.")
    return Settings(mode, table, unit)


def form(chosen: Settings) -> dict:
    """The settings form's choices, each with its words and whether it is chosen: ``modes``, ``tables``
    (the site's own table marked) and ``units``."""
    return {"modes": [(key, LABELS[key], key == chosen.mode) for key in MODES],
            "tables": [(name, name + (" (la de este sitio)" if name == DEFAULT_TRIPS_TABLE else ""), name == chosen.table)
                       for name in TRIPS_TABLES],
            "units": [(unit, unit == chosen.unit) for unit in UNITS]}
