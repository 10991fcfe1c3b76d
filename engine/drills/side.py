"""Side by side: the same table asked under two games' rules (``side-by-side``).

Family ``first-to-act-holdem`` asks who speaks first before the flop in Texas Hold'em; family
``first-to-act-mata-ases`` asks who opens the first round in Mata Ases (Botón Ante) -- on the same
table: with the same seed and level both families deal the same players, button and open cards (the
drill draws its family before dealing, and the deal does not read it), and the two answers always
differ. A review brings both back after a reader mixed the two games up. Each answer is also judged
with the other game's rule: the other game's answer is recognised and named (``other_game``).
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import DECK, format_cards
from ..quiz import AnswerError, parse_names
from ..spanish import card_name, cards_text
from . import deal_until, kind, own_check
from .holdem import NAMES, _seated

_SIZES = {"fácil": (3, 4), "media": (3, 6), "difícil": (4, 8)}
_FAMILIES = (("first-to-act-holdem", 1), ("first-to-act-mata-ases", 1))

_HOLDEM_RULE = "/holdem/#1-antes-del-flop-preflop"
_MATA_RULE = "/mata-ases/#las-dos-modalidades-boton-ante-y-bring-in"


@kind("side-by-side", {level: _FAMILIES for level in ("fácil", "media", "difícil")}, {
    "first-to-act-holdem": "en Hold'em, con el reparto de Mata Ases",
    "first-to-act-mata-ases": "en Mata Ases, con el reparto de Hold'em",
})
def _side_by_side(rng: random.Random, level: str, family: str) -> dict:
    from ..games.holdem.rules import positions, preflop_order
    from ..games.mata_ases.showdown import player_with_highest_open

    low, high = _SIZES[level]

    def deal():
        n = rng.randint(low, high)
        names = list(NAMES[:n])
        start = rng.randrange(n)
        players = names[start:] + names[:start]
        button = rng.choice(players)
        cards = dict(zip(players, rng.sample(DECK, n)))
        seated = _seated(players, button)
        holdem = next(seated[s] for s in preflop_order(n))
        return players, button, cards, holdem, player_with_highest_open(cards)

    players, button, cards, holdem, mata = deal_until(rng, deal, lambda r: r[3] != r[4])
    n = len(players)
    labels = dict(zip(_seated(players, button), positions(n)))
    table = (f"Los jugadores, en el sentido de las agujas del reloj: {', '.join(players)}; el botón es {button}. "
             f"Cartas abiertas: {', '.join(f'{p} {cards_text([cards[p]])}' for p in players)}.")
    holdem_steps = (
        "En Hold'em las cartas propias van tapadas: quién habla lo decide el asiento, no las cartas.",
        f"Posiciones: {', '.join(f'{p} ({labels[p]})' for p in _seated(players, button))}.",
        ("Con tres jugadores, antes del flop habla primero el botón, a la izquierda de la ciega grande."
         if n == 3 else "Antes del flop habla primero el jugador a la izquierda de la ciega grande (BB)."),
        f"Habla primero {holdem} ({labels[holdem]}).",
    )
    mata_steps = (
        "En Mata Ases (Botón Ante) el asiento no decide: abre la primera ronda la carta abierta más alta; si dos "
        "tienen el mismo valor, el palo (picas, corazones, diamantes, tréboles).",
        f"La más alta es {card_name(cards[mata], article=True)}: abre {mata}.",
    )
    if family == "first-to-act-holdem":
        answer, other, steps = holdem, mata, holdem_steps
        question = f"{table} En Texas Hold'em, ¿quién habla primero antes del flop?"
        skill, other_game = "holdem.first-to-act.preflop", ("mata-ases", _MATA_RULE)
        other_text = (f"{other} abriría en Mata Ases (Botón Ante), con la carta abierta más alta; en Hold'em "
                      "manda el asiento: habla primero quien está a la izquierda de la ciega grande.")
    else:
        answer, other, steps = mata, holdem, mata_steps
        question = f"{table} En Mata Ases (Botón Ante), ¿quién abre la primera ronda de apuestas?"
        skill, other_game = "mata-ases.first-to-act", ("holdem", _HOLDEM_RULE)
        other_text = (f"{other} hablaría primero en Hold'em, por su asiento; en Mata Ases (Botón Ante) abre la "
                      "carta abierta más alta.")
    data = {"players": players, "button": button, "cards": format_cards([cards[p] for p in players])}
    hint = f"Escribe un nombre: {', '.join(players)}."

    def read(text: Any) -> str:
        given = parse_names(text, players)
        if not isinstance(given, frozenset) or len(given) != 1:
            raise AnswerError(f"Escribe un solo nombre: {', '.join(players)}.")
        return next(iter(given))

    def verdict(name: str) -> tuple:
        from ..progress.blame import Blame, OtherGame

        crossed = OtherGame(other_game[0], other_text, other_game[1]) if name == other else None
        return (name == answer, name, f"«{name}» no es la respuesta.",
                ([Blame(skill, " ".join(steps[-2:]))], crossed))

    def checker(text: Any, reveal: bool) -> dict:
        return own_check(text, reveal, read=read, verdict=verdict, expected=answer,
                         solution=f"La respuesta es {answer}.", steps=steps)

    from ..quiz.solvers import cards_display

    facts = tuple({"label": p + (" (botón)" if p == button else ""), "cards": cards_display([cards[p]])}
                  for p in players)
    return {"question": question, "data": data, "answer": {"player": answer, "other_game": other},
            "explanation": steps, "hint": hint, "facts": facts, "checker": checker}
