"""One module per game: :mod:`.mata_ases`, :mod:`.ultimate` (Ultimate Texas Hold'em), :mod:`.holdem`.

This package module also holds the request parsing the game commands share.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..errors import RequestError
from ..requests import cards as parse_card_list
from ..requests import check_type


def player_hands(value: Any, path: str, count: int, *, max_players: int | None = None) -> dict[str, list[Card]]:
    """``{name: [count card tokens]}`` parsed, in the order given; at least one player.

    Repeated cards inside one hand are reported here; across hands, use
    :func:`engine.requests.unique_cards`.

    :raises RequestError: naming the field (``players``, ``players.Ana``, ``players.Ana[1]``).
    """
    check_type(value, dict, path)
    if not value:
        raise RequestError(path, "debe tener al menos un jugador")
    if max_players is not None and len(value) > max_players:
        raise RequestError(path, f"como máximo {max_players} jugadores (recibidos {len(value)})")
    hands = {}
    for name, tokens in value.items():
        if not name.strip():
            raise RequestError(path, "el nombre de un jugador no puede estar vacío")
        hands[name] = parse_card_list(tokens, f"{path}.{name}", count)
    return hands


def located(hands: dict[str, list[Card]], path: str) -> list[tuple[str, Card]]:
    """``(field, card)`` pairs for :func:`engine.requests.unique_cards`."""
    return [(f"{path}.{name}[{i}]", card) for name, cards in hands.items() for i, card in enumerate(cards)]
