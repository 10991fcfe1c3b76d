"""Spots: a betting round on the table core (:class:`engine.table.Table`), played to the reader's turn and
asked about -- the review of the skills a reader practises at a table or in a practice hand (what he may do,
how much a call costs, the least he may raise to), for any game whose betting is the core's.

A game's drills facet says how its round starts (:class:`Opening`: the table core's rules for its stakes and
the forced bets it posts) and adds a spot kind with :func:`spot_kind`; everything else is here: the seats
(the reader among them, deep stacks), the others' random legal decisions up to the reader's turn, the
round told in the table's own sentences (:func:`engine.table.texts.event`), and the answer, read and
judged against :meth:`engine.table.Table.legal_actions`. A wrong answer's reason is the table's own refusal.

>>> from engine.table import Rules
>>> def start(table, rng):
...     table.new_round("flop"); table.open_betting(table.names[0]); return "Después del flop."
>>> opening = Opening(lambda rng: Rules(minimum=20), start, lambda table: "Sin límite; apuesta mínima 20.")
>>> fields = spot_fields(random.Random(3), opening, "min-raise")
>>> [f["text"] for f in fields["facts"]][::2], fields["answer"]
(['Sin límite; apuesta mínima 20.', 'Después del flop. Elena apuesta 50.'], {'amount': 100})
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from ..errors import EngineError
from ..progress import Blame
from ..quiz import parse_actions, parse_amount
from ..spanish import amount, listing
from ..table import Rules, Table
from ..table.texts import HandWords, event
from ..table.words import LABELS, YOU, form
from . import deal_until, own_check

__all__ = ["FAMILIES", "NAMES", "Opening", "spot_fields"]

NAMES = ("Ana", "Beto", "Carla", "David", "Elena")

#: What a spot asks, by family: ``options`` (what the reader may do), ``call`` (what a call adds),
#: ``min-raise`` (the least round total he may raise to).
FAMILIES = ("options", "call", "min-raise")


@dataclass(frozen=True)
class Opening:
    """How a game's betting round starts: ``rules(rng)`` (the table core's rules, with the minimum of these
    stakes), ``start(table, rng)`` (post the forced bets and open the betting; it may return what the reader
    needs to know of that start, such as the round, as a sentence) and ``stakes(table)`` (the stakes and the
    betting structure, for the reader: «Sin límite; apuesta mínima 20.»)."""

    rules: Callable[[random.Random], Rules]
    start: Callable[[Table, random.Random], str | None]
    stakes: Callable[[Table], str]


def _table(rng: random.Random, opening: Opening) -> tuple[Table, list[str]]:
    """A round dealt to a decision of the reader: the table and the sentences of what happened."""
    rules = opening.rules(rng)
    others = rng.sample(NAMES, rng.randint(2, 4))
    seats = [*others]
    seats.insert(rng.randrange(len(seats) + 1), YOU)
    table = Table([(name, rules.minimum * rng.choice((40, 60, 80, 100))) for name in seats], rules)
    said = opening.start(table, rng)
    while table.to_act is not None and table.to_act != YOU:
        option = _random_option(rng, table.legal_actions())
        table.act(table.to_act, option["action"], option.get("amount"))
    words = HandWords()
    texts = [event(rec, {}, words=words)["text"] for rec in table.events]
    return table, [t for t in [said, *texts] if t]


def _random_option(rng: random.Random, options: list[dict]) -> dict:
    """A legal decision: mostly passive, sometimes a bet or a raise of a random size."""
    weights = {"check": 5, "call": 5, "fold": 2, "bet": 2, "raise": 2}
    chosen = rng.choices(options, [weights[o["action"]] for o in options])[0]
    if chosen["action"] in ("bet", "raise"):
        low, high = chosen["min"], min(chosen["max"], chosen["min"] * 3)
        return {"action": chosen["action"], "amount": rng.randint(low, high)}
    return chosen


def _wanted(family: str, table: Table) -> bool:
    if table.to_act != YOU:
        return False
    options = {o["action"]: o for o in table.legal_actions()}
    if any(o.get("max") == o.get("min") and o["action"] == "raise" for o in options.values()):
        return False  # a raise that is only all-in: the spot would need the stacks to answer
    if family == "call":
        return "call" in options and options["call"]["amount"] < table.stacks[YOU]
    if family == "min-raise":
        return "raise" in options and table.target > 0
    return True


def _facts(table: Table, texts: list[str], opening: Opening) -> tuple[dict, ...]:
    spoken = [t for t in texts[1:] if t] if texts else []
    return ({"label": "Apuestas", "text": opening.stakes(table)},
            {"label": "Tus fichas", "text": amount(table.stacks[YOU])},
            {"label": LABELS["bet"], "text": " ".join(texts) + ("" if spoken else " Nadie ha hablado todavía.")})


_QUESTIONS = {
    "options": "¿Qué puedes hacer ahora? Escribe todas tus opciones (por ejemplo «pagar, subir o retirarse»).",
    "call": "¿Cuántas fichas más tienes que poner para pagar?",
    "min-raise": "¿A cuánto puedes subir como mínimo? Di el total que tendrías delante en esta ronda.",
}


def spot_fields(rng: random.Random, opening: Opening, family: str, skill: str | None = None) -> dict:
    """The fields of a spot drill of ``family`` (one of :data:`FAMILIES`) for a game whose round starts as
    ``opening``; ``skill`` is the one a wrong answer fails (by default none is named)."""
    table, texts = deal_until(rng, lambda: _table(rng, opening), lambda r: _wanted(family, r[0]))
    options = table.legal_actions()
    facts = _facts(table, texts, opening)
    names = [o["action"] for o in options]
    said = listing([form(a, "infinitive") for a in names], "o")
    by = {o["action"]: o for o in options}
    if family == "options":
        expected, steps = said, (f"Puedes {said}.",)
        answer = {"options": names}

        def read(text: Any):
            return parse_actions(text)

        def verdict(given: frozenset) -> tuple:
            wrong = [_refusal(table, a) for a in sorted(given - set(names))]
            missing = [a for a in names if a not in given]
            why = " ".join(wrong + ([f"También puedes {listing([form(a, 'infinitive') for a in missing])}."]
                                    if missing else []))
            shown = listing([form(a, "infinitive") for a in sorted(given)], "o")
            return (given == set(names), shown, f"«{shown}» no son tus opciones.",
                    ([Blame(skill, why)] if skill else [], None))
    else:
        value = by["call"]["amount"] if family == "call" else by["raise"]["min"]
        expected = amount(value)
        answer = {"amount": value}
        mine, top = table.bets[YOU], table.target
        steps = ((f"La apuesta más alta de la ronda es {amount(top)} y tú tienes {amount(mine)} delante: para pagar "
                  f"pones {amount(top)} − {amount(mine)} = {amount(value)}.",) if family == "call" else
                 (f"La apuesta más alta de la ronda es {amount(top)}, y una subida añade al menos la mayor apuesta o "
                  f"subida de la ronda, {amount(table.last_raise)}: como mínimo subes a {amount(value)} en total.",))

        def read(text: Any):
            return parse_amount(text)

        def verdict(given) -> tuple:
            shown = amount(given) if given == int(given) else str(given)
            return (given == value, shown, f"«{shown}» no es la respuesta.", ([Blame(skill, steps[0])] if skill else [], None))

    def checker(text: Any, reveal: bool) -> dict:
        return own_check(text, reveal, read=read, verdict=verdict, expected=expected,
                         solution=f"La respuesta es {expected}.", steps=steps)

    hint = ("Escribe tus opciones: pasar, apostar, pagar, subir o retirarse." if family == "options"
            else "Escribe una cantidad, por ejemplo 60.")
    return {"question": _QUESTIONS[family], "data": {"facts": [f["text"] for f in facts]}, "answer": answer,
            "explanation": steps, "hint": hint, "facts": facts, "checker": checker}


def _refusal(table: Table, action: str, chips: int | None = None) -> str:
    """Why the reader may not do ``action`` now, in the table's own words."""
    verify = getattr(table, f"verify_{'raise' if action == 'raise' else action}")
    try:
        verify(YOU, chips) if action in ("bet", "raise") else verify(YOU)
    except EngineError as exc:
        return str(exc)
    return f"Puedes {form(action, 'infinitive')}."
