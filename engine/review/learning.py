"""The play skills «Revisión de la mano» grades, and what a reviewed decision records in «Mi progreso».

A game whose free table has a review names, in its ``blame`` facet (:class:`engine.progress.Decisions`'s
``play``), the play skill each kind of decision exercises, by slot (:func:`slot_of`): ``facing`` (a bet to
pay: pay when the price is right, fold when it is not) and ``open`` (nobody has bet: bet what the worse hands
pay, check the rest); its ``skills`` facet declares them with the words here (:data:`FACING`, :data:`OPEN`),
so both games say them once. A slot a game does not name is reviewed but not recorded.

Each decision of a hand the review graded is one attempt on its play skill (:func:`hand_progress`): right
when its grade is «Correcta», wrong for «Imprecisión», «Error» and «Error grave». A decision the worlds cannot
tell from the best (the review's «cualquiera de las dos vale aquí») is «Correcta»: it is never a mistake.

Its ``item`` (command ``play-review``, source ``<game>-table``) names the decision by the review's public
seed (:func:`engine.review.worlds.public_seed`: the reader's view and the decisions before it, never a hidden
card): the same decision reviewed twice is one attempt. The exact spot depends on the table's secret, so no
stored item can deal it again: «Mis errores» shows what the reader saw and sends him to the table, and
«Repasar ahora» deals the skill's decision drill (:mod:`engine.review.drill`), a spot of the same kind graded
the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..games import find_game
from ..progress import Blame, progress_reply
from ..table.grades import GRADES
from ..table.words import ACTIONS

__all__ = ["FACING", "HEADING", "INTRO", "KEPT", "OPEN", "PlayWords", "RIGHT", "counts_right", "decision_progress",
           "hand_progress", "play_skill", "slot_of"]


@dataclass(frozen=True)
class PlayWords:
    """A play skill's words, the same in every game: its ``name``, the ``heading`` of the table page's section
    that says it, and what it means (``means``)."""

    name: str
    heading: str
    means: str


#: The heading of each table page's section on the play skills (their rule).
HEADING = "Tus destrezas de juego"

FACING = PlayWords("Frente a una apuesta: ¿pagas o te retiras?", HEADING,
                   "Frente a una apuesta, pagar (o subir) cuando tu parte del bote vale más de lo que cuesta "
                   "pagar, y retirarte cuando no.")
OPEN = PlayWords("Sin apuesta delante: ¿apuestas o pasas?", HEADING,
                 "Cuando nadie ha apostado, apostar cuando las manos que te pagarían son peores que la tuya, y "
                 "pasar cuando no.")

#: What a free table's page says of its play skills, before listing them.
INTRO = ("Al terminar cada mano, la «Revisión de la mano» valora cada una de tus decisiones contra los bots de "
         "esta mesa y le pone nota. Esas notas alimentan tus destrezas de juego en «Mi progreso»:")
#: How a grade counts in «Mi progreso» (the page says it).
RIGHT = (f"Cada decisión tuya que revisa la «Revisión de la mano» de una mesa libre cuenta como un intento en su "
         f"destreza de juego: «{GRADES[0].name}» cuenta bien; "
         + ", ".join(f"«{g.name}»" for g in GRADES[1:-1]) + f" y «{GRADES[-1].name}», mal. Si la revisión no "
         "distingue tu acción de la mejor dentro de su margen («cualquiera de las dos vale aquí»), tu decisión es "
         f"«{GRADES[0].name}»: no cuenta como error.")
#: When a hand's decisions are kept, and how «Repasar ahora» reviews them («Mi progreso» says it after RIGHT).
KEPT = ("Se guardan una vez por mano, cuando se muestra su revisión; «Repasar ahora» te trae una decisión de la "
        "mesa del mismo tipo, que se valora igual.")


def slot_of(view) -> str:
    """The kind of a decision at ``view`` (a game's seat view): ``card`` (how a card comes), ``facing`` (a bet
    to pay) or ``open`` (nobody has bet)."""
    slots = {ACTIONS[o["action"]].slot for o in view.options}
    if "card" in slots:
        return "card"
    return "facing" if view.to_call else "open"


def counts_right(grade: str) -> bool:
    """Whether a decision graded ``grade`` (a code of :data:`GRADES`) counts as right (:data:`RIGHT` says it)."""
    return grade == GRADES[0].code


def play_skill(game, slot: str) -> str | None:
    """The play skill a decision of kind ``slot`` exercises at ``game``'s table (its ``blame`` facet's
    ``play``); None: the game names none."""
    decisions = find_game(game.id).facet("blame").DECISIONS
    return decisions.play.get(slot) if decisions is not None else None


def decision_progress(game, decision: dict) -> dict | None:
    """The ``progress`` of one reviewed decision at ``game``'s table (:func:`engine.review.review_decision`:
    its ``slot``, ``spot`` and ``seen``, the cards the reader's seat saw then). None: the game names no play
    skill for that kind of decision."""
    played = play_skill(game, decision["slot"])
    if played is None:
        return None
    item = {"command": "play-review", "request": {"game": game.id, "spot": decision["spot"]},
            "source": f"{game.id}-table"}
    ok = counts_right(decision["grade"])
    best = next(a for a in decision["actions"] if a["best"])
    shown = {"facts": [{"label": "Lo que veías", "cards": list(decision["seen"])},
                       {"label": "Cuándo", "text": decision["when"]}],
             "given": f"{decision['you']} ({decision['label']})", "expected": best["text"]}
    found = [] if ok else [Blame(played, decision["why"])]
    return {**progress_reply(item, ok, [played], found, None, shown=shown), "game": game.id}


def hand_progress(game, decisions: list[dict]) -> list[dict]:
    """The ``progress`` of every reviewed decision of a hand that exercised a play skill of ``game``."""
    out = []
    for decision in decisions:
        entry = decision_progress(game, decision)
        if entry is not None:
            out.append(entry)
    return out
