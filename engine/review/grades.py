"""Grading a decision from its :class:`~.worlds.Estimate`, its sentence, and a session's summary.

A decision's loss is the best action's value minus the value of the reader's, in chips, measured world by
world (:meth:`~.worlds.Estimate.difference`: the same worlds play both); its grade comes from that loss as
a share of the pot before the decision, in the four levels every game's decisions share
(:mod:`engine.table.grades`, said on the page through :data:`WORDS`). Where the difference lies within its margin, the worlds cannot tell the two actions apart:
the decision is «Correcta» and the review says «cualquiera de las dos vale aquí».
"""

from __future__ import annotations

from fractions import Fraction

from ..spanish import amount, capital, decimal, percent
from ..table.grades import GRADES, Grade, grade, summarize, thresholds_text
from ..table.words import YOU, did, form
from .worlds import PLAYED, REFERENCE, WORLDS, Candidate, Estimate, Value

__all__ = ["TIE", "WORDS", "grade_of", "graded", "summary"]

#: Said where the margins of the best action and another overlap.
TIE = "cualquiera de las dos vale aquí"
#: The costliest decisions a session's summary lists.
COSTLIEST = 3


#: The review's words around the decisions (the page writes none).
WORDS = {
    "title": "Revisión de la mano",
    "how": "Cómo se calcula",
    "notice": (f"Cada cifra es lo que vale cada acción, en fichas, contra los bots de esta mesa y con lo que tu "
               f"asiento veía entonces. Las cartas que no veías se reparten de nuevo al azar, hasta {WORLDS} veces "
               f"por decisión, y cada reparto pesa según lo probable que era que cada bot jugara como jugó con "
               f"esas cartas (no con las que tenía de verdad); luego la mano se juega {PLAYED} veces hasta el final, "
               f"en repartos sacados según su peso: el resto lo juegan los bots y, en tu asiento, el "
               f"estilo {REFERENCE}. "
               "Cada cifra lleva su margen (95 %), que crece cuando los pesos dejan pocos repartos distintos."),
    "grades": (f"La nota sale de lo que pierdes frente a la mejor acción, como parte del bote: "
               f"{thresholds_text('del bote')} "
               "La diferencia entre dos acciones se mide en los mismos repartos y lleva su propio margen, más "
               "estrecho que el de cada cifra: si la de tu acción con la mejor cabe en él, es «Correcta»."),
    "back": "Vuelve a esa decisión",
    "you": "Tu decisión",
    "best": "La mejor",
    "tie": TIE,
    "wait": "Revisando la mano…",
    "none": "No tomaste ninguna decisión en esta mano.",
    "session": "Tu sesión",
    "hand": "Esta mano",
    "costliest": "Las decisiones más caras",
}


def grade_of(loss: float, pot: int, tied: bool) -> Grade:
    """The grade of a ``loss`` in chips at a ``pot`` (:func:`engine.table.grades.grade`); ``tied``: the worlds
    cannot tell the reader's action from the best, «Correcta».

    >>> grade_of(30, 100, False).name, grade_of(30, 100, True).name, grade_of(2, 100, False).name
    ('Error', 'Correcta', 'Correcta')
    """
    return GRADES[0] if tied else grade(Fraction(loss), max(1, pot))


def _within(gap: Value) -> bool:
    """Whether a difference between two actions lies within its margin."""
    return abs(gap.mean) <= gap.margin


def _figure(value: Value) -> str:
    return f"{amount(round(value.mean), signed=True)} ± {amount(round(value.margin))}"


def _action_text(candidate: Candidate, to_call: int) -> str:
    n = candidate.amount if candidate.action in ("bet", "raise") else to_call if candidate.action == "call" else None
    return capital(form(candidate.action, "infinitive", n))


def _why(view, estimate: Estimate, best: Candidate, chosen: Candidate, tied: bool) -> str:
    """One sentence: the equity against the holdings the bots' actions left (and at random), the pot odds."""
    equity, prior = estimate.equity, estimate.prior
    said = (f"tu parte del bote yendo todos hasta el final era del {percent(equity.mean, 0)} "
            f"(± {percent(equity.margin, 0)}) contra las manos que encajan con lo que hicieron los bots, "
            f"y del {percent(prior, 0)} contra manos al azar")
    if view.to_call and view.winnable:
        odds = view.to_call / view.winnable
        price = (f"; pagar {amount(view.to_call)} para un bote de {amount(view.winnable)} pedía ganar al menos el "
                 f"{percent(odds, 0)}")
    elif any(o["action"] == "check" for o in view.options):
        price = "; nadie había apostado"
    else:  # not a bet: how a card comes
        price = ""
    if chosen == best or tied:
        end = "." if chosen == best else f": {_action_text(best, view.to_call).lower()} y lo tuyo, {TIE}."
    else:
        end = f": lo que más valía era {_action_text(best, view.to_call).lower()}."
    return capital(said) + price + end


def graded(view, estimate: Estimate, move, *, index: int, at: int, when: str, cite: str | None,
           unit: tuple[int, str] | None) -> dict:
    """A decision's review, render-ready: ``index`` (the reader's decision, from 0), ``at`` (its place among
    the hand's decisions: «Vuelve a esa decisión» restores the ones before it), ``when``, ``you``, ``grade``,
    ``label``, ``loss`` (chips) and ``units`` (in the table's unit; 0 when the worlds cannot tell the reader's
    action from the best: what a session's summary counts), ``share`` (of the pot), ``actions``
    (``action``, ``amount``?, ``text``, ``value``, ``margin``, ``figure``, ``best``, ``chosen``, ``gap`` and
    ``gap_margin``: its loss against the best, world by world, ``gap_text``, ``tie``),
    ``why``, ``cite``?, ``worlds`` and ``effective``."""
    values = estimate.values
    chosen = next((c for c in values if c.action == move.action
                   and (c.amount == move.amount or c.action not in ("bet", "raise"))), None)
    best = max(values, key=lambda c: values[c].mean)
    if chosen is None:  # an action the review does not value (never: every legal one is a candidate)
        raise ValueError(f"decision not valued: {move}")
    gaps = {c: estimate.difference(best, c) for c in values}
    tied = chosen != best and _within(gaps[chosen])
    loss = max(0.0, gaps[chosen].mean)
    level = grade_of(loss, view.pot, tied)
    actions = []
    for candidate, value in sorted(values.items(), key=lambda item: -item[1].mean):
        line = {"action": candidate.action, "text": _action_text(candidate, view.to_call),
                "value": round(value.mean, 1), "margin": round(value.margin, 1), "figure": _figure(value),
                "best": candidate == best, "chosen": candidate == chosen,
                "gap": round(gaps[candidate].mean, 1), "gap_margin": round(gaps[candidate].margin, 1),
                "tie": candidate != best and _within(gaps[candidate])}
        if candidate != best:
            line["gap_text"] = f"{amount(-round(gaps[candidate].mean))} ± {amount(round(gaps[candidate].margin))} " \
                               "frente a la mejor"
        if candidate.amount is not None:
            line["amount"] = candidate.amount
        actions.append(line)
    to_call = view.to_call
    out = {"index": index, "at": at, "when": when,
           "you": did(YOU, move.action, move.amount if move.action in ("bet", "raise") else
                      to_call if move.action == "call" else None),
           "grade": level.code, "label": level.name, "loss": round(loss, 1), "share": round(loss / max(1, view.pot), 4),
           "actions": actions, "why": _why(view, estimate, best, chosen, tied),
           "worlds": estimate.worlds, "effective": round(estimate.effective, 1)}
    counted = 0.0 if tied else loss  # what the summary counts: only a loss the worlds tell from the best
    out["units"] = round(counted / unit[0], 2) if unit else round(counted, 1)
    if cite:
        out["cite"] = cite
    return out


def summary(decisions: list[dict], unit: tuple[int, str] | None) -> dict:
    """A session's summary from its decisions' reviews (:func:`graded`, through
    :func:`engine.table.grades.summarize`): ``decisions``, ``counts`` by grade, ``per_100`` (what was lost per
    100 decisions, in the table's unit), ``text`` and ``costliest`` (the three dearest, dearest first)."""
    levels = {g.code: g for g in GRADES}
    total = summarize((Fraction(d["units"]), levels[d["grade"]]) for d in decisions)
    per_100 = round(float(total.per_100), 1)
    name = unit[1] if unit else "fichas"
    noun = "decisión revisada" if total.count == 1 else "decisiones revisadas"
    labels = ", ".join(f"{total.by_grade[g.code]} «{g.name}»" for g in GRADES if total.by_grade[g.code])
    text = (f"{total.count} {noun}" + (f" ({labels})" if labels else "") +
            f": pierdes {decimal(per_100, 1)} {name} por cada 100 decisiones frente a la mejor acción (solo "
            "cuenta lo que la revisión distingue de la mejor, fuera de su margen).")
    return {"decisions": total.count, "counts": total.by_grade, "per_100": per_100, "unit": name, "text": text,
            "costliest": [decisions[i] for i in total.costliest]}
