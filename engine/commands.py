"""General protocol commands that belong to no single game."""

from __future__ import annotations

from typing import Any

from . import requests
from .cards import Card
from .errors import EngineError, InvalidCardError, RequestError
from .errors import shown as show
from .evaluation import evaluate, hand_name
from .protocol import command
from .spanish import CATEGORY_NAMES, card_display, cards_display

#: The cards of the widget, counted as a reader counts them.
_ORDINALS = ("primera", "segunda", "tercera", "cuarta", "quinta", "sexta", "séptima")


class CardCountError(EngineError):
    """The home widget got fewer than 5 or more than 7 cards."""


@command("hand-evaluate", "Mejor jugada de cinco cartas entre 5 y 7 cartas, con su nombre en español.")
def hand_evaluate(request: dict) -> dict:
    """``{"cards": [5–7 cards], "vocabulary": "es" | "mx"}`` → best five (``cards``: tokens; ``faces``:
    :func:`engine.spanish.card_display` of each, for a page to draw; ``typed``: each of the five as
    the reader wrote it, so a page answers in the reader's notation, «A♠» or «As»), category id and
    Spanish name.

    ``es`` is the vocabulary of Spain used for Hold'em ("Pareja de Reinas", "Full"); ``mx`` the one of
    Mata Ases ("Par de Reinas", "Full House").

    A reader's mistake is told in the reader's words, naming the card by its place («La segunda
    carta («Xx») no es una carta…», «La quinta carta («A♠») repite la primera.»), with ``field``
    (``cards[1]``) for a program.

    >>> reply = hand_evaluate({"cards": ["10♦", "10♣", "7♥", "7♠", "2♦"]})
    >>> reply["name"], reply["typed"]
    ('Doble pareja de Dieces y Sietes', ['10♦', '10♣', '7♠', '7♥', '2♦'])
    """
    vocabulary = requests.optional(request, "vocabulary", "vocabulary", str, "es")
    if vocabulary not in CATEGORY_NAMES:
        raise RequestError("vocabulary", f"debe ser «es» o «mx» (recibido: «{vocabulary}»)")
    tokens = requests.require(request, "cards", "cards", list)
    if not 5 <= len(tokens) <= 7:
        raise CardCountError(f"Escribe entre 5 y 7 cartas: hay {len(tokens)}.").locate(field="cards")
    cards = _read_cards(tokens)
    value = evaluate(cards)
    typed = {card: str(token).strip() for card, token in zip(cards, tokens)}
    return {
        "cards": [str(card) for card in value.cards],
        "category": value.category,
        "name": hand_name(value, vocabulary),
        "faces": cards_display(value.cards),
        "typed": [typed[card] for card in value.cards],
    }


def _read_cards(tokens: list[Any]) -> list[Card]:
    """The reader's cards, or an error that names the card by its place and quotes it as typed."""
    cards: list[Card] = []
    for i, token in enumerate(tokens):
        shown = str(token).strip() if isinstance(token, str) else show(token)
        try:
            card = Card.parse(token)
        except InvalidCardError as exc:
            how = str(exc).partition("». ")[2] or "Escribe el valor y el palo, por ejemplo «As» o «10d»."
            raise InvalidCardError(f"La {_ORDINALS[i]} carta («{shown}») no es una carta. {how}").locate(
                field=f"cards[{i}]") from None
        if card in cards:
            first = cards.index(card)
            raise InvalidCardError(
                f"La {_ORDINALS[i]} carta («{shown}») repite la {_ORDINALS[first]}: "
                f"{card_display(card)['name_with_article']} solo está una vez en la baraja."
            ).locate(field=f"cards[{i}]")
        cards.append(card)
    return cards
