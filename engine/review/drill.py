"""The decision drill: a spot of a game's free table, dealt from a seed, answered with an action and graded by
«Revisión de la mano» (every game with a reviewed free table, one mechanism): the route «Repasar ahora» takes
for a play skill (:mod:`.learning`).

The game's free table with its form's defaults is dealt from the drill's random source; the bots play their
styles and the reader's seat the review's reference style until the reader faces a decision of the family's
kind (:func:`.learning.slot_of`: ``facing`` or ``open``). There the review values each candidate action once
(:func:`.worlds.estimate_steps`, the same worlds and margins as at the table, in steps), and the reader's answer
is graded as it would be at the table (:func:`.grades.graded`): right when «Correcta», which includes every
action the worlds cannot tell from the best. The page shows only what the reader's seat saw; the cards the
drill dealt to the bots play no part in any figure (the review draws them anew).
"""

from __future__ import annotations

import random
from typing import Any, Generator

from ..drills import own_check
from ..progress import Blame
from ..cards import Card
from ..quiz import AnswerError, cards_display, parse_actions
from ..spanish import amount, listing
from ..table.bots import MAX_SEED
from ..table.game import Move
from ..table.words import YOU
from .grades import WORDS, graded
from .learning import counts_right, play_skill, slot_of
from .worlds import PLAYED, REFERENCE, WORLDS, estimate_steps

__all__ = ["FAMILIES", "TOPICS", "decision_fields"]

#: The families of a decision drill (its kinds of decision) and what each practises.
TOPICS = {"facing": "una decisión frente a una apuesta", "open": "una decisión sin apuesta delante"}
FAMILIES = {level: (("facing", 1), ("open", 1)) for level in ("fácil", "media", "difícil")}
#: Spots valued at most to find one where some action is not «Correcta» (else the one whose actions the
#: review came nearest to telling apart: any action is right there).
SEPARATED_TRIES = 8
#: Hands dealt at most to meet a decision of the family (a bug if reached: every table meets both soon).
MAX_HANDS = 200


def _setup(game, seed: int) -> dict:
    """The game's free table with its form's defaults, dealt from ``seed``."""
    return game.free_setup({**{field["key"]: field["default"] for field in game.setup_form()}, "seed": seed})


def _deal_to(game, rng: random.Random, family: str):
    """A hand of the game's free table played to a decision of the reader's of kind ``family``: ``(table,
    hand, viewer, decisions)``."""
    for _ in range(MAX_HANDS):
        table = game.free_table(_setup(game, rng.randrange(2**32)))
        hand, deal, options = table.deal()
        viewer = game.viewer(hand, **options)
        decisions: list[dict] = []
        while not hand.over:
            player = hand.to_act
            if player == game.reader:
                view = game.seat_view(hand, player)
                if slot_of(view) == family and rng.random() < 0.5:
                    return table, hand, viewer, decisions
                move = _policy_move(game, view, rng)
            else:
                move = game.bot(hand, player, table.styles[player], table.seed())
            hand.act(player, move.action, move.amount)
            decisions.append(move.as_json())
            if deal is not None:
                deal(hand)
    raise RuntimeError(f"no {family} decision in {MAX_HANDS} hands")  # a bug: never the reader's


def _policy_move(game, view, rng: random.Random) -> Move:
    chosen = game.policy(view, REFERENCE, rng.randrange(MAX_SEED))
    return Move(chosen.action, chosen.amount if chosen.action in ("bet", "raise") else None)


def _facts(viewer, view) -> tuple[dict, ...]:
    """What the reader's seat saw, from the table's own viewer: his cards, the cards face up, the hand so
    far, the pot and the price of a call."""
    table = viewer.table()
    facts = []
    for seat in table["seats"]:
        shown = [c for c in (*seat.get("closed", ()), *seat.get("open", ())) if c != "??"] if seat["name"] == YOU \
            else list(seat.get("open", ()))
        if shown:
            label = "Tus cartas" if seat["name"] == YOU else f"Cartas vistas de {seat['name']}"
            facts.append({"label": label, "cards": cards_display(map(Card.parse, shown))})
    for part in table.values():
        if isinstance(part, dict) and part.get("cards"):
            cards = cards_display(map(Card.parse, part["cards"]))
            facts.append({"label": part["label"].partition(":")[0], "cards": cards})
    said = " ".join(e["text"] for e in viewer.event_views(0) if e.get("text"))
    facts.append({"label": "La mano hasta ahora", "text": said})
    price = f"; pagar te cuesta {amount(view.to_call)}" if view.to_call else "; nadie ha apostado"
    facts.append({"label": "Bote", "text": f"{amount(view.pot)}{price}; tus fichas: {amount(view.stack)}"})
    return tuple(facts)


def _read(text: Any, texts: dict[str, str]) -> str:
    """The one action the reader names, among those offered (``texts``: by action)."""
    try:
        named = parse_actions(text)
    except AnswerError:
        named = frozenset()
    if len(named) != 1 or next(iter(named)) not in texts:
        raise AnswerError(f"Escribe una sola de tus opciones: {listing(list(texts.values()), 'o')}.")
    return next(iter(named))


def decision_fields(game, rng: random.Random, family: str) -> Generator[tuple[int, int], None, dict]:
    """The fields of a decision drill of ``game`` (:class:`engine.drills.Drill`), in steps (a world each,
    ``(done, total)`` as a command's)."""
    kept, nearest = None, -1.0
    for _ in range(SEPARATED_TRIES):  # a spot where some action is not «Correcta», when one comes soon
        table, hand, viewer, decisions = _deal_to(game, rng, family)
        view = game.seat_view(hand, game.reader)
        reference = _policy_move(game, view, rng)
        estimate = yield from _counted(estimate_steps(game, table, view, decisions, len(decisions), reference,
                                                      table.styles, game.reader))
        moves = {c.action: Move(c.action, c.amount) for c in estimate.values}
        reviews = {action: graded(view, estimate, move, index=0, at=len(decisions), when=game.coach_when(hand),
                                  cite=None, unit=table.unit()) for action, move in moves.items()}
        if not all(counts_right(r["grade"]) for r in reviews.values()):
            break
        near = _nearest(next(iter(reviews.values()))["actions"])
        if near > nearest:
            kept, nearest = (hand, viewer, view, reviews), near
    else:
        hand, viewer, view, reviews = kept
    texts = {a["action"]: a["text"] for a in next(iter(reviews.values()))["actions"]}
    best = next(a for a in next(iter(reviews.values()))["actions"] if a["best"])
    steps = tuple(f"{a['text']}: {a['figure']}" + (f" ({a['gap_text']})" if a.get("gap_text") else "")
                  + (f", {WORDS['tie']}" if a["tie"] else "") + "." for a in reviews[best["action"]]["actions"])
    steps += (reviews[best["action"]]["why"], WORDS["notice"], WORDS["grades"])

    def verdict(given: str) -> tuple:
        review = reviews[given]
        right = counts_right(review["grade"])
        wrong = f"«{texts[given]}» es «{review['label']}»: {review['why']}"
        blamed = [Blame(play_skill(game, family), review["why"])]
        return right, f"{texts[given]} ({review['label']})", wrong, (blamed, None)

    def checker(text: Any, reveal: bool) -> dict:
        return own_check(text, reveal, read=lambda t: _read(t, texts), verdict=verdict, expected=best["text"],
                         solution=f"Lo que más vale aquí es {best['text'].lower()}.", steps=steps,
                         correct=f"«Correcta»: {reviews[best['action']]['why']}")

    question = f"{game.name}, {game.coach_when(hand)}: ¿qué haces: {listing(list(texts.values()), 'o')}?"
    return {"question": question, "data": {"when": game.coach_when(hand), "options": list(texts),
                                               "seen": sorted(str(card) for card in view.seen)},
            "answer": {"best": best["action"], "grades": {action: r["grade"] for action, r in reviews.items()}},
            "explanation": steps, "hint": f"Escribe tu decisión: {listing(list(texts.values()), 'o')}.",
            "facts": _facts(viewer, view), "checker": checker}


def _nearest(actions: list[dict]) -> float:
    """How near the review came to telling the best action from another: the largest loss over its margin."""
    return max((a["gap"] / a["gap_margin"] if a["gap_margin"] else 0.0) for a in actions if not a["best"])


def _counted(steps: Generator[int, None, Any]) -> Generator[tuple[int, int], None, Any]:
    """The review's steps (worlds done) as a command's: ``(done, total)``."""
    while True:
        try:
            done = next(steps)
        except StopIteration as stop:
            return stop.value
        yield done, WORLDS + PLAYED  # weighed, then played: at most
