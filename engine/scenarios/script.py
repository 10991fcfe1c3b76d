"""A practice hand's script answering a decision, for every game, and the reader's decision judged against it.

The game describes the decision (:class:`~engine.table.game.Situation`: whose, which round, which kind,
the legal options, how many decisions of that kind the player has made in the round); :func:`decide`
finds the script's word for it (:meth:`Scenario.moves`: the n-th decision of a kind in a round takes
the n-th word of that kind, the last repeats) and checks it against the legal options. Nothing here
restates a betting rule: what the hand offers is what is allowed, and a word it does not allow, or a
decision the script is silent about, is a :class:`~engine.table.game.ScriptGap` at the line to fix,
in words that say who, when and what to add.

The reader's decisions are judged here too (:func:`judge`, :func:`refused`): the hand's line is right on the
decision's rule skill, a move the rules allow but the line does not take is a *choice* (shown with what the
hand teaches, it lowers no skill), and only a move the rules refuse is a rules error (:mod:`engine.progress.blame`).

>>> from engine.table.game import Situation
>>> from engine.scenarios.model import Move, Scenario, ScriptLine, Seat
>>> line = ScriptLine("Ana", 9, None, {"open": (Move("check", "pasa", 9),)})
>>> hand = Scenario("x", "x.md", "holdem", "", 1, "", (Seat("Ana", 100, 3), Seat("Tú", 100, 3)), "Ana", (line,), {})
>>> decide(hand, Situation("Ana", "flop", "open", {}, {"check": {"action": "check"}}, when="flop"))
(Move(action='check', amount=None, reason=None), 9)
>>> decide(hand, Situation("Ana", "flop", "facing", {}, {"call": {"action": "call", "amount": 20}},
...                        when="flop", facing="una apuesta delante (20 por pagar)"))
Traceback (most recent call last):
  ...
engine.table.game.ScriptGap: El guion de Ana no dice qué hace ante una apuesta (flop): solo dice «pasa», y no se puede pasar con una apuesta delante (20 por pagar). Añade «paga», «se retira» o «sube».
"""

from __future__ import annotations

from ..errors import EngineError
from ..progress import practice_item
from ..progress import blame as progress_blame
from ..spanish import amount, listing
from ..table.game import Move, ScriptGap, Situation
from ..table.words import form, option_amount
from .model import READER, Scenario

__all__ = ["ScriptGap", "decide", "judge", "refused", "subject"]

#: What to add to a script silent about a kind of decision.
_ADD = {"card": "«abierta» o «cerrada»", "open": "«pasa» o «apuesta»", "facing": "«paga», «se retira» o «sube»"}


def subject(player: str) -> str:
    """Who a script's message is about: «Tu línea por defecto» or «El guion de Ana»."""
    return "Tu línea por defecto" if player == READER else f"El guion de {player}"


def _options_text(can: dict) -> str:
    return listing([form(action, "infinitive", option_amount(option)) for action, option in can.items()], "o")


def decide(scenario: Scenario, sit: Situation) -> tuple[Move, int]:
    """The script's move for ``sit`` (any player's, the reader's default line included) and the line of
    the script it comes from.

    :raises ScriptGap: when the script is silent, or says something the rules do not allow here.
    """
    who, slot, can = sit.player, sit.slot, sit.can
    title = subject(who)
    moves, line = scenario.moves(who, sit.round, slot, sit.where)
    if not moves:
        if slot == "card":
            raise ScriptGap(f"{title} no dice cómo recibe la carta ({sit.when}): añade {_ADD['card']}.", line,
                            player=who)
        if slot == "open":
            raise ScriptGap(f"{title} no dice qué hace si nadie ha apostado ({sit.when}): añade {_ADD['open']}.",
                            line, player=who)
        unopposed, at = scenario.moves(who, sit.round, "open", sit.where)
        if unopposed and all(m.action == "check" for m in unopposed):
            said = listing([f"«{m.word}»" for m in unopposed])
            raise ScriptGap(f"{title} no dice qué hace ante una apuesta ({sit.when}): solo dice {said}, y no se puede "
                            f"pasar con {sit.facing}. Añade {_ADD['facing']}.", at, player=who)
        raise ScriptGap(f"{title} no dice qué hace ante una apuesta ({sit.when}): tiene {sit.facing}. "
                        f"Añade {_ADD['facing']}.", line, player=who)
    written = move = moves[min(sit.made, len(moves) - 1)]
    target = "no puedes" if who == READER else f"{who} no puede"
    while True:
        action, chips = move.action, move.amount
        if move.all_in:
            if action in can:
                chips = can[action]["max"]
            elif "call" in can:
                action = "call"  # all-in for what he has: no raise is possible
        problem = None
        if action not in can:
            why = " (con apuestas fijas no se sube)" if action == "raise" and sit.fixed else ""
            problem = f"hacerlo aquí{why}; las opciones son: {_options_text(can)}."
        elif action in ("bet", "raise"):
            low, high = can[action]["min"], can[action]["max"]
            chips = low if chips is None else chips
            if not low <= chips <= high:
                problem = (f"{form(action, 'infinitive', chips)}: {form(action, 'label').lower()} va de "
                           f"{amount(low)} a {amount(high)} aquí.")
        if problem is None:
            return Move(action, chips if action in ("bet", "raise") else None), written.line
        if move.otherwise is None:
            also = "" if written.otherwise is None else " (ni lo que va después de «o»)"
            hint = "" if sit.fixed else " Añade otra opción con «o», por ejemplo «sube a 100 o paga»."
            raise ScriptGap(f"{title} dice «{written.word}» ({sit.when}), pero {target} {problem}{also}{hint}",
                            written.line, player=who)
        move = move.otherwise


def judge(scenario: Scenario, variant: str | None, sit: Situation, chosen: dict, at: int) -> dict | None:
    """The ``progress`` of the reader's decision number ``at`` (a move the hand accepted): right when it is
    the script's line for him, else a choice with what the hand teaches. None when the script has no line
    here or the game no skill for the decision (:func:`engine.progress.blame.decision`)."""
    try:
        line, _ = decide(scenario, sit)
    except EngineError:  # the script has no word for the reader here: nothing to judge against
        return None
    item = practice_item(scenario.name, variant, at)
    return progress_blame.decision(scenario.game, sit.slot, line.as_json(), chosen, item, scenario.lesson or None)


def refused(scenario: Scenario, variant: str | None, sit: Situation, chosen: dict, why: str, at: int) -> dict | None:
    """The ``progress`` of a decision the rules refused (``why``, the table's words): a rules error on the
    decision's skill, or on the sizing skill for a bet or raise the rules allow but not of that size."""
    sized = chosen.get("action") in sit.can and chosen.get("action") in ("bet", "raise")
    shown = {"facts": [{"label": "Momento", "text": sit.when}]
             + ([{"label": "Delante", "text": sit.facing}] if sit.facing else []),
             "given": progress_blame.said(chosen), "expected": _options_text(sit.can)}
    item = practice_item(scenario.name, variant, at)
    return progress_blame.refused(scenario.game, sit.slot, sized, why, item, shown)
