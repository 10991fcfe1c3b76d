"""General protocol commands that belong to no single game."""

from __future__ import annotations

from . import requests
from .errors import RequestError
from .evaluation import evaluate, hand_name
from .protocol import command
from .spanish import CATEGORY_NAMES, cards_display


@command("hand-evaluate", "Mejor jugada de cinco cartas entre 5 y 7 cartas, con su nombre en español.")
def hand_evaluate(request: dict) -> dict:
    """``{"cards": [5–7 cards], "vocabulary": "es" | "mx"}`` → best five (``cards``: tokens; ``faces``:
    :func:`engine.spanish.card_display` of each, for a page to draw), category id and Spanish name.

    ``es`` is the vocabulary of Spain used for Hold'em ("Pareja de Reinas", "Full"); ``mx`` the one of
    Mata Ases ("Par de Reinas", "Full House").
    """
    vocabulary = requests.optional(request, "vocabulary", "vocabulary", str, "es")
    if vocabulary not in CATEGORY_NAMES:
        raise RequestError("vocabulary", f"debe ser «es» o «mx» (recibido: «{vocabulary}»)")
    tokens = requests.require(request, "cards", "cards", list)
    if not 5 <= len(tokens) <= 7:
        raise RequestError("cards", f"escribe entre 5 y 7 cartas (hay {len(tokens)})")
    cards = requests.cards(tokens, "cards")
    value = evaluate(cards)
    return {
        "cards": [str(card) for card in value.cards],
        "category": value.category,
        "name": hand_name(value, vocabulary),
        "faces": cards_display(value.cards),
    }
