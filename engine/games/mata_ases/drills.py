"""Mata Ases drills: who collects the pot at the showdown (``mata-ases-winner``).

Families: ``plain`` (one player kills the Aces), ``nobody-kills`` (extension), ``kings`` (a pair of
Kings, which does not kill), ``one-ayuda`` (two ayudas would give a better hand; in «difícil» they
would even change who collects), ``ayuda-decides`` (a winner wins only thanks to the ayuda) and
``split`` (two plays of the same value share the pot).
"""

from __future__ import annotations

import random
from ..cards import DECK, Card, format_cards
from ..evaluation import category_of, strength
from ..games.mata_ases.showdown import Showdown, kills_aces, showdown, with_every_ayuda
from . import deal_until, kind, quiz_fields

NAMES = ("Ana", "Beto", "Carla", "David", "Elena")
_PLAYERS = {"fácil": (2, 3), "media": (3, 4), "difícil": (3, 5)}


def _take(deck: list[Card], rank: int, count: int) -> list[Card]:
    picked = [card for card in deck if card.rank == rank][:count]
    for card in picked:
        deck.remove(card)
    return picked


def _deal(rng: random.Random, n: int, family: str) -> tuple[dict[str, list[Card]], list[Card]]:
    """A deal for ``n`` players, stacked toward ``family`` (the family test decides, not this)."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands: list[list[Card]] = [[] for _ in range(n)]
    ayudas: list[Card] = []
    who = rng.randrange(n)
    if family == "one-ayuda":
        rank = rng.randrange(2, 15)
        ayudas += _take(deck, rank, 2)
        hands[who] += _take(deck, rank, 1)
    elif family == "kings":
        hands[who] += _take(deck, 13, 2)
    elif family == "split":
        other = (who + 1 + rng.randrange(n - 1)) % n
        ranks = [14] + rng.sample(range(2, 14), 3)
        for rank in ranks:
            pair = _take(deck, rank, 2) if rank != 14 else _take(deck, 14, 4)
            if rank == 14:
                hands[who] += pair[:2]
                hands[other] += pair[2:]
            else:
                hands[who].append(pair[0])
                hands[other].append(pair[1])
    for hand in hands:
        while len(hand) < 5:
            hand.append(deck.pop())
    while len(ayudas) < 3:
        ayudas.append(deck.pop())
    rng.shuffle(ayudas)
    return {NAMES[i]: sorted(hand, reverse=True) for i, hand in enumerate(hands)}, ayudas


def _winners_without_limit(hands: dict[str, list[Card]], ayudas: list[Card]) -> list[str]:
    values = {name: with_every_ayuda(cards, ayudas) for name, cards in hands.items()}
    killers = [name for name, value in values.items() if kills_aces(value)]
    top = max((values[name] for name in killers), default=None)
    return [name for name in killers if values[name] == top]


def _in_family(family: str, level: str, hands: dict[str, list[Card]], ayudas: list[Card], result: Showdown) -> bool:
    plays, winners = result.plays, result.winners
    if family == "plain":
        return len(winners) == 1
    if family == "nobody-kills":
        return not winners
    if family == "kings":
        return any(p.category == "pair" and p.value.ranks[0] == 13 for p in plays.values())
    if family == "one-ayuda":
        if level == "difícil":
            return _winners_without_limit(hands, ayudas) != winners
        return any(category_of(with_every_ayuda(hands[n], ayudas)) != p.category for n, p in plays.items())
    if family == "ayuda-decides":
        for name in winners:
            if plays[name].ayuda is None:
                continue
            alone = strength(hands[name])
            rivals = [p.strength for n, p in plays.items() if n != name and p.kills_aces]
            if not kills_aces(alone) or any(alone < r for r in rivals):
                return True
        return False
    if family == "split":
        return len(winners) >= 2
    raise ValueError(family)


@kind("mata-ases-winner", {
    "fácil": (("plain", 3), ("nobody-kills", 3), ("kings", 3)),
    "media": (("plain", 1), ("nobody-kills", 2), ("kings", 2), ("one-ayuda", 3), ("ayuda-decides", 2)),
    "difícil": (("nobody-kills", 1), ("one-ayuda", 3), ("ayuda-decides", 2), ("split", 2), ("kings", 1)),
}, {
    "plain": "quién mata los Ases",
    "nobody-kills": "el mínimo para cobrar: par de Ases",
    "kings": "un par de Reyes",
    "one-ayuda": "una sola ayuda",
    "ayuda-decides": "la ayuda decide",
    "split": "jugadas que se parecen",
})
def _mata_ases_winner(rng: random.Random, level: str, family: str) -> dict:
    low, high = _PLAYERS[level]

    def deal():
        hands, ayudas = _deal(rng, rng.randint(low, high), family)
        return hands, ayudas, showdown(hands, ayudas)

    hands, ayudas, result = deal_until(rng, deal, lambda r: _in_family(family, level, *r))
    data = {"players": {name: format_cards(cards) for name, cards in hands.items()},
            "ayudas": format_cards(ayudas)}
    answer = {"winners": list(result.winners), "hands": {name: p.name for name, p in result.plays.items()}}
    spec = {"kind": "mata-ases", "ask": "winners", **data}
    question = "¿Quién se lleva el pozo? Si nadie mata los Ases, responde «nadie»."
    return quiz_fields(spec, question, data, answer)
