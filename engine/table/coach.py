"""The coach: a note on each of the reader's decisions, in the bots' own terms (every game, one mechanism).

At each decision of the reader a session keeps a :class:`Spot` (:func:`spot`): the game's seat view
(:meth:`~engine.table.game.TableGame.seat_view`, the same frozen view its bots decide from: the reader's
own cards, the cards on the table that everybody sees, the chips and the actions so far; never another
player's hidden card nor a card still to come), the seed the bots use, the reader's move and the rules
its record cites. A note (:func:`note`) asks each style's policy what it would do at that view
(:meth:`~engine.table.game.TableGame.advise`: the bots' own code path, seed and figures) and words it:
the price of a call (the pot odds the bots compute), the equity they reckon, what each style does and
why, and which styles did what the reader did. Notes are suggestions, never rules (:data:`WORDS`).

A note gives one equity per decision (:class:`Reckoning`, the game's
:meth:`~engine.table.game.TableGame.seat_equity`), the same every time it is asked: exact where counting every
deal fits the game's budget, otherwise drawn from enough deals that its 95 % margin is at most
:data:`MARGIN` (the margin is shown), the draw seeded by what the seat sees (:func:`spot_seed`: never the
table's secret, never a hidden card). Every style's line compares its own thresholds with that one figure.

A game gives the few parts that are its own: :meth:`~engine.table.game.TableGame.seat_view`,
:meth:`~engine.table.game.TableGame.advise`, :meth:`~engine.table.game.TableGame.seat_equity` and
:meth:`~engine.table.game.TableGame.decision_cite`; a game without bots to ask has no notes.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from typing import Any

from ..glossary import terms_of
from ..spanish import amount, capital, decimal, listing, percent
from .bots import STYLE_NAMES, Decision
from .words import YOU, did, form

__all__ = ["MARGIN", "SAMPLES", "SUBJECTS", "WORDS", "Advice", "Reckoning", "Spot", "margin_of", "note", "spot",
           "spot_seed"]

#: The widest 95 % margin a sampled equity may have (one point), and the deals that guarantee it whatever
#: the equity (a share of the pot varies at most as a yes-or-no outcome does: 1,96 × √(¼ / n) ≤ 1 point).
MARGIN = 0.01
_Z95 = 1.959963984540054
SAMPLES = math.ceil((_Z95 * 0.5 / MARGIN) ** 2)

#: Who a style's reason speaks of.
SUBJECTS = {"prudente": "Un bot prudente", "equilibrado": "Un bot equilibrado", "agresivo": "Un bot agresivo"}
#: Each style's name on its line of a note.
LABELS = {"prudente": "Prudente", "equilibrado": "Equilibrado", "agresivo": "Agresivo"}
#: The coach's words around the notes (the page writes none).
WORDS = {
    "title": "Consejos del entrenador",
    "ask": "¿Qué haría un bot?",
    "notice": "Son sugerencias, no reglas: así jugarían aquí los bots de la mesa, cada estilo a su manera, con lo "
              "que tu asiento veía en ese momento (tus cartas, las cartas a la vista y las apuestas hasta entonces). "
              "Cualquier decisión legal vale y ninguna gana siempre.",
    "you": "Tu decisión",
    "now": "Ahora te toca a ti",
    "styles": "Lo que haría cada estilo de bot",
    "rule": "Regla",
    "none": "Aún no has tomado ninguna decisión en esta mano.",
    "wait": "El entrenador está mirando la jugada…",
}


@dataclass(frozen=True)
class Advice:
    """What a style would do at a view: its ``decision`` (with the figures behind it), its ``reason``
    (a sentence about :data:`SUBJECTS`) and the ``figures`` its game's bot command also reports."""

    decision: Decision
    reason: str
    figures: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Reckoning:
    """The one equity a note gives for a decision: ``value`` (a share of the pot), ``against`` what
    («una mano al azar»), whether it is ``exact`` (every deal counted) or drawn from ``deals`` deals with a
    95 % ``margin``, ``basis``: the game's own figures behind it, handed back to its ``advise``, and its
    ``detail``."""

    value: float
    against: str
    exact: bool
    deals: int
    margin: float = 0.0
    basis: Any = None
    #: What the figure is made of, in the game's words (a sentence after it), when it is more than a share of wins.
    detail: str = ""


def margin_of(value: float, deals: int) -> float:
    """The 95 % margin of a share of the pot drawn from ``deals`` deals, at most (a share in [0, 1] varies no
    more than a yes-or-no outcome of the same mean).

    >>> round(margin_of(0.5, SAMPLES), 4)
    0.01
    """
    return _Z95 * math.sqrt(max(0.0, value * (1 - value)) / deals)


def spot_seed(*seen: object) -> int:
    """A seed made of what a seat sees (its own cards, the open cards, the betting): the same spot draws
    the same deals every time, and the table's secret never enters it."""
    text = "|".join(str(part) for part in seen)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@dataclass(frozen=True)
class Spot:
    """A decision of the reader as his seat saw it: the game's seat ``view``, the bots' ``seed``, ``when``
    (a street's title), the reader's ``move`` (None: still to decide) and the ``cite`` of the rule its record
    applied."""

    view: Any
    seed: int
    when: str
    move: Any = None  # an engine.table.game.Move
    cite: str | None = None


def spot(game, hand, player: str, seed: int) -> Spot | None:
    """The spot of ``player``'s decision now (None: the game has no coach)."""
    view = game.seat_view(hand, player)
    if view is None:
        return None
    return Spot(view, seed, game.coach_when(hand))


def _move_text(move, to_call: int) -> str:
    n = move.amount if move.action in ("bet", "raise") else to_call if move.action == "call" else None
    return did(YOU, move.action, n)


def _same(decision: Decision, move) -> bool:
    return decision.action == move.action


def _round(value: float | None) -> float | None:
    return None if value is None else round(float(value), 4)


def _facts(view, advices: dict[str, Advice], own: Reckoning | None) -> list[str]:
    facts = []
    kinds = {o["action"] for o in view.options}
    if view.to_call and view.winnable:
        odds = view.to_call / view.winnable
        pay = capital(form("call", "infinitive", view.to_call))
        facts.append(f"{pay} para un bote de {amount(view.winnable)}: pot odds del {percent(odds, 0)}. Pagar "
                     f"compensa si ganas al menos ese {percent(odds, 0)} de las veces; cada estilo ajusta ese "
                     "precio con su propio margen.")
        asked = {style: a.decision.needed for style, a in advices.items() if a.decision.needed is not None}
        if asked:
            facts.append(_asked(asked))
    elif "check" in kinds:
        facts.append("Nadie ha apostado: pasar no te cuesta nada.")
    if own is not None:
        facts.append(_equity_fact(own))
    return facts


def _asked(asked: dict[str, float]) -> str:
    """What equity each style asks before paying: every style, or only those that reckon with it."""
    parts = [f"{style}, un {percent(needed, 0)}" for style, needed in asked.items()]
    if len(asked) == len(STYLE_NAMES):
        return f"Para pagar, cada estilo pide al menos: {'; '.join(parts)}."
    if len(asked) == 1:
        (style, needed), = asked.items()
        return f"Para pagar, el estilo {style} pide al menos un {percent(needed, 0)}."
    return f"Para pagar, los estilos {listing(list(asked))} piden al menos: {'; '.join(parts)}."


def _equity_fact(own: Reckoning) -> str:
    """The one equity of the note, exact or with its margin, and what it is made of."""
    detail = f" {capital(own.detail)}." if own.detail else ""
    if own.exact:
        return (f"Tu equity: {percent(own.value, 1)} contra {own.against}, exacta: cuenta todos los repartos "
                f"posibles de las cartas que no ves.{detail}")
    return (f"Tu equity: {percent(own.value, 1)} contra {own.against}, ± {decimal(own.margin * 100, 1)} puntos "
            f"({percent(0.95, 0)} de confianza): {amount(own.deals)} repartos al azar de las cartas que no ves, siempre los "
            f"mismos en esta jugada.{detail}")


def _summary(agree: list[str]) -> str:
    if len(agree) == len(STYLE_NAMES):
        return "Los tres estilos de bot habrían hecho lo mismo que tú."
    if not agree:
        return "Ningún estilo de bot habría hecho lo mismo que tú."
    if len(agree) == 1:
        return f"Habría hecho lo mismo que tú el estilo {agree[0]}."
    return f"Habrían hecho lo mismo que tú los estilos {listing(agree)}."


def note(game, at: Spot, index: int | None = None) -> dict:
    """The note of a spot, render-ready: ``when``, ``you`` (the reader's decision; absent while still to
    decide), ``facts`` (the price of a call, the equity), ``styles`` (``style``, ``label``, ``action``,
    ``amount``?, ``text``, ``same``?, ``figures``), ``summary`` and ``cite``; ``index``: which of the
    reader's decisions it is (from 0)."""
    view = at.view
    own = game.seat_equity(view)
    advices = {style: game.advise(view, style, at.seed, SUBJECTS[style], own) for style in STYLE_NAMES}
    out: dict = {"when": at.when}
    if index is not None:
        out["index"] = index
    if at.move is not None:
        out["you"] = _move_text(at.move, view.to_call)
    out["facts"] = _facts(view, advices, own)
    styles, agree = [], []
    for style, advice in advices.items():
        decision = advice.decision
        line: dict = {"style": style, "label": LABELS[style], "action": decision.action}
        if decision.action in ("bet", "raise") and decision.amount is not None:
            line["amount"] = decision.amount
        line["text"] = advice.reason
        figures = {key: _round(getattr(decision, key)) for key in ("equity", "pot_odds", "needed")
                   if getattr(decision, key) is not None}
        line["figures"] = {**figures, **advice.figures}
        if at.move is not None:
            line["same"] = _same(decision, at.move)
            if line["same"]:
                agree.append(style)
        styles.append(line)
    out["styles"] = styles
    if at.move is not None:
        out["summary"] = _summary(agree)
    if at.cite:
        out["cite"] = at.cite
    terms = terms_of(*out["facts"], *(line["text"] for line in styles), out.get("summary", ""))
    if terms:
        out["terms"] = terms  # the English words it keeps, with their meaning: the page marks them
    return out
