"""Mata Ases's questions (its ``questions`` facet): the showdown question kind ``mata-ases`` (who collects
the pot, or a player's play) with its solver, its skills, and how a ```pregunta block of the game reads.
"""

from __future__ import annotations

from typing import Any

from ...errors import RequestError
from ...evaluation import category_of, hand_name
from ...quiz import QuestionKind, Solution, ask, cards_display
from ...quiz.answers import hand_detail
from ...quiz.format import Field, Fields, cards_of, choice, of, players
from ...requests import cards as parse_card_list
from ...requests import located, player_hands, require, unique_cards
from ...spanish import card_symbol, cards_text, listing
from .showdown import MAX_PLAYERS, showdown, with_every_ayuda

__all__ = ["ASKS", "QUESTIONS", "READ", "WIDGETS"]

#: A block's ``tipo`` -> the question's ``ask``.
ASKS = {"ganador": "winners", "ganadores": "winners", "jugada": "hand"}


def _solve(spec: dict) -> Solution:
    """``{"kind": "mata-ases", "ask": "winners" | "hand", "players": {name: [5]}, "ayudas": [3],
    "of": name}`` (``of`` only for ``hand``)."""
    asked = ask(spec, ("winners", "hand"))
    hands = player_hands(require(spec, "players", "question.players"), "question.players", 5,
                         max_players=MAX_PLAYERS)
    ayudas = parse_card_list(require(spec, "ayudas", "question.ayudas"), "question.ayudas", 3)
    unique_cards(located(hands, "question.players")
                 + [(f"question.ayudas[{i}]", c) for i, c in enumerate(ayudas)])
    result = showdown(hands, ayudas)
    names = tuple(hands)
    facts = tuple([{"label": name, "cards": cards_display(cards)} for name, cards in hands.items()]
                  + [{"label": "Ayudas", "cards": cards_display(ayudas)}])
    steps = [
        f"Cada jugador usa sus cinco cartas propias, o cuatro propias y una sola ayuda "
        f"(ayudas: {cards_text(ayudas)}); nunca dos ayudas."
    ]
    for name, play in result.plays.items():
        how = (f"con la ayuda {card_symbol(play.ayuda)}" if play.ayuda is not None
               else "solo con sus cartas propias")
        verdict = "mata los Ases" if play.kills_aces else "no llega a par de Ases, así que no mata los Ases"
        steps.append(f"{name}: {play.name} ({cards_text(play.cards)}), {how}; {verdict}.")
        # Would two ayudas have given more? Say so: it is the most common mistake.
        unrestricted = with_every_ayuda(hands[name], ayudas)
        if category_of(unrestricted) != play.category:
            steps.append(f"Con dos ayudas {name} tendría {hand_name(unrestricted, 'mx', running=True)}, "
                         "pero solo se puede usar una.")
    if not result.winners:
        steps.append(
            "Nadie llega a par de Ases: el pozo no se cobra y se juega una extensión de la mano "
            "entre quienes llegaron al showdown."
        )
    elif len(result.winners) == 1:
        steps.append(
            f"Se lleva el pozo: {result.winners[0]}, con la mejor de las jugadas que matan los Ases."
        )
    else:
        steps.append(f"Empatan {listing(result.winners)} con la misma jugada: se reparten el pozo.")
    if asked == "winners":
        winners = frozenset(result.winners)
        display = (listing(result.winners) if result.winners
                   else "Nadie (nadie mata los Ases: extensión de la mano)")
        return Solution("names", winners, display, tuple(steps), choices=names, allow_nobody=True,
                        facts=facts)
    of = require(spec, "of", "question.of", str)
    if of not in result.plays:
        raise RequestError("question.of", f"«{of}» no es uno de los jugadores ({', '.join(names)})")
    play = result.plays[of]
    return Solution("hand", hand_detail(play.name, play.strength), play.name, tuple(steps), choices=names,
                    facts=facts, data={"vocabulary": "mx"})


def _skills(spec: dict) -> list[str]:
    """A showdown question exercises killing the Aces, the one ayuda and the ranking; naming a play, the
    hand's name and the one ayuda."""
    if spec.get("ask") == "hand":
        return ["mata-ases.hand-name", "mata-ases.one-ayuda"]
    return ["mata-ases.kill-aces", "mata-ases.one-ayuda", "mata-ases.ranking"]


def read(fields: Fields, ask_field: Field, lines: dict) -> tuple[dict, str]:
    """A ```pregunta block of Mata Ases (``juego: mata-ases``): its fields into the question."""
    asked = choice(ask_field, ASKS)
    hands = players(fields, 5, lines)
    f = fields.get("ayudas")
    spec: dict[str, Any] = {"kind": "mata-ases", "ask": asked, "players": hands, "ayudas": cards_of(f, 3)}
    lines["question.ayudas"] = f.line
    if asked == "hand":
        of(fields, spec, lines)
    return spec, "Campos de Mata Ases: jugador (Nombre = 5 cartas), ayudas, de."


QUESTIONS = {"mata-ases": QuestionKind(_solve, _skills)}
READ = read
WIDGETS: dict = {}
