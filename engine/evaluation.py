"""Hand evaluation: comparable values for 5, 6 and 7 cards, the best five cards and Spanish names.

A hand's value is one integer, its *strength*: the category in the high bits and the ranks that
decide ties below it, four bits each. Higher is better and equal strengths tie. :func:`strength`
returns that integer (the fast path used by the games); :func:`evaluate` wraps it in a
:class:`HandValue`, which also knows the best five cards and the category.

How it stays fast in pure Python (and in Pyodide): every card contributes one precomputed integer
that adds its rank to a rank-multiset key (three bits per rank) and its suit to a suit counter
(four bits per suit). One sum per hand tells whether five cards share a suit; if not, the value
depends only on the rank multiset and is looked up in a dictionary filled on first use. Flushes
are looked up by the 13-bit mask of the flush suit's ranks. Seven cards never go through the 21
five-card subsets.

>>> from engine.cards import parse_cards
>>> value = evaluate(parse_cards("Ah Kh Qh Jh Th 2c 2d"))
>>> value.category, name_es(value)
('royal_flush', 'Escalera real')
>>> pair = evaluate(parse_cards("Qs Qd 9c 5h 3s 2d 7c"))
>>> name_es(pair), name_mx(pair), [str(c) for c in pair.cards]
('Pareja de Reinas', 'Par de Reinas', ['Qs', 'Qd', '9c', '7c', '5h'])
>>> pair < value
True
"""

from __future__ import annotations

from typing import Sequence

from .cards import RANK_NAMES_ES, RANK_PLURALS_ES, Card, Rank
from .errors import EngineError

__all__ = [
    "CATEGORIES",
    "HandValue",
    "InvalidHandError",
    "category_name_es",
    "category_name_mx",
    "category_of",
    "evaluate",
    "key_total",
    "name_es",
    "name_mx",
    "rank_name",
    "strength",
    "strength_with",
]


class InvalidHandError(EngineError):
    """A hand to evaluate does not have 5, 6 or 7 cards."""


#: Category ids, best first.
CATEGORIES: tuple[str, ...] = (
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "pair",
    "high_card",
)

# Category codes inside a strength: 0 = high card ... 9 = royal flush.
HIGH_CARD, PAIR, TWO_PAIR, THREE, STRAIGHT, FLUSH, FULL_HOUSE, FOUR, STRAIGHT_FLUSH, ROYAL = range(10)
_CATEGORY_BY_CODE = CATEGORIES[::-1]
_CODE_BY_CATEGORY = {cat: code for code, cat in enumerate(_CATEGORY_BY_CODE)}
#: How many ranks decide ties in each category (by code).
_TIE_RANKS = (5, 4, 3, 3, 1, 5, 2, 2, 1, 1)
_SHIFT = 20  # category code << 20; up to five 4-bit ranks below


def _pack(code: int, ranks: Sequence[int]) -> int:
    value = code << _SHIFT
    shift = 16
    for rank in ranks:
        value |= rank << shift
        shift -= 4
    return value


def category_of(value: int | HandValue) -> str:
    """The category id of a strength (or of a :class:`HandValue`)."""
    if isinstance(value, HandValue):
        value = value.strength
    return _CATEGORY_BY_CODE[value >> _SHIFT]


def _ranks_of(value: int) -> tuple[int, ...]:
    code = value >> _SHIFT
    return tuple((value >> (16 - 4 * i)) & 15 for i in range(_TIE_RANKS[code]))


# ---------------------------------------------------------------------------------------------
# Lookup tables.

def _straight_high(mask: int) -> int:
    """The high rank of the best straight in a 13-bit rank mask (bit 0 = deuce), or 0."""
    low = (mask << 1) | (mask >> 12 & 1)  # bit 0: the Ace playing low; bit i: rank i + 1
    run = low & (low >> 1) & (low >> 2) & (low >> 3) & (low >> 4)  # bit j: ranks j+1 .. j+5
    return run.bit_length() + 4 if run else 0


def _top_ranks(mask: int, count: int) -> list[int]:
    ranks = []
    bit = 12
    while len(ranks) < count and bit >= 0:
        if mask >> bit & 1:
            ranks.append(bit + 2)
        bit -= 1
    return ranks


def _flush_value(mask: int) -> int:
    """Strength of a flush whose suit holds the ranks of ``mask`` (five or more bits)."""
    high = _straight_high(mask)
    if high == 14:
        return _pack(ROYAL, (14,))
    if high:
        return _pack(STRAIGHT_FLUSH, (high,))
    return _pack(FLUSH, _top_ranks(mask, 5))


# Lookup tables. Nothing heavy is built at import (Pyodide runs Python several times slower
# than CPython): the two dictionaries below fill up on first use of each key.

#: Strength of a flush by the 13-bit mask of its suit's ranks.
_FLUSH: dict[int, int] = {}

#: Per card index: rank-multiset key (3 bits per rank, shifted up 16) plus suit counter (4 bits per suit).
_CARD_KEY = [(1 << (16 + 3 * (i >> 2))) | (1 << (4 * (i & 3))) for i in range(52)]
_RANK_BIT = [1 << (i >> 2) for i in range(52)]
_SUIT_BASE = 0x3333  # each suit nibble starts at 3, so a nibble reaches 8 (bit 3) with five cards
_FLUSH_BITS = 0x8888


def _nonflush_value(key: int) -> int:
    """Strength of a hand with no flush, from its rank-multiset key."""
    by_count: tuple[list[int], ...] = ([], [], [], [], [])
    mask = 0
    for rank in range(14, 1, -1):
        count = (key >> (3 * (rank - 2))) & 7
        if count:
            by_count[count].append(rank)
            mask |= 1 << (rank - 2)
    quads, trips, pairs = by_count[4], by_count[3], by_count[2]
    if quads:
        quad = quads[0]
        return _pack(FOUR, (quad, max(r for r in _top_ranks(mask, 13) if r != quad)))
    if trips and (len(trips) > 1 or pairs):
        trip = trips[0]
        pair = max(trips[1:] + pairs)
        return _pack(FULL_HOUSE, (trip, pair))
    high = _straight_high(mask)
    if high:
        return _pack(STRAIGHT, (high,))
    if trips:
        trip = trips[0]
        return _pack(THREE, [trip] + [r for r in _top_ranks(mask, 13) if r != trip][:2])
    if len(pairs) >= 2:
        high_pair, low_pair = pairs[0], pairs[1]
        kicker = next(r for r in _top_ranks(mask, 13) if r != high_pair and r != low_pair)
        return _pack(TWO_PAIR, (high_pair, low_pair, kicker))
    if pairs:
        pair = pairs[0]
        return _pack(PAIR, [pair] + [r for r in _top_ranks(mask, 13) if r != pair][:3])
    return _pack(HIGH_CARD, _top_ranks(mask, 5))


#: Strength by rank-multiset key for hands without a flush; filled on first use of each key.
_NONFLUSH: dict[int, int] = {}


def _flush_strength(cards: Sequence[Card], total: int) -> int:
    suit = ((total & _FLUSH_BITS).bit_length() >> 2) - 1
    mask = 0
    for card in cards:
        index = card.index
        if index & 3 == suit:
            mask |= _RANK_BIT[index]
    try:
        return _FLUSH[mask]
    except KeyError:
        value = _FLUSH[mask] = _flush_value(mask)
        return value


def strength(cards: Sequence[Card]) -> int:
    """The strength of the best five of 5, 6 or 7 distinct cards: an int, higher is better.

    Distinctness is not checked (protocol requests are checked before they get here).

    :raises InvalidHandError: if there are not 5, 6 or 7 cards.
    """
    key = _CARD_KEY
    n = len(cards)
    if n == 7:
        a, b, c, d, e, f, g = cards
        total = (_SUIT_BASE + key[a.index] + key[b.index] + key[c.index] + key[d.index]
                 + key[e.index] + key[f.index] + key[g.index])
    elif n == 5:
        a, b, c, d, e = cards
        total = _SUIT_BASE + key[a.index] + key[b.index] + key[c.index] + key[d.index] + key[e.index]
    elif n == 6:
        a, b, c, d, e, f = cards
        total = (_SUIT_BASE + key[a.index] + key[b.index] + key[c.index] + key[d.index]
                 + key[e.index] + key[f.index])
    else:
        raise InvalidHandError(f"Una mano se evalúa con 5, 6 o 7 cartas (recibidas {n}).")
    if total & _FLUSH_BITS:
        return _flush_strength(cards, total)
    ranks = total >> 16
    try:
        return _NONFLUSH[ranks]
    except KeyError:
        value = _NONFLUSH[ranks] = _nonflush_value(ranks)
        return value


# ---------------------------------------------------------------------------------------------
# Hand values.

class HandValue:
    """The value of a hand: totally ordered (higher is better, equal is a tie) and hashable.

    Equality and hashing use only the strength, so two hands that tie are equal even when their
    cards differ. ``cards`` (the best five, combination first, then kickers) is worked out on first
    access from the cards the value was evaluated from.
    """

    __slots__ = ("strength", "_source", "_cards")

    strength: int

    def __init__(self, strength: int, source: Sequence[Card] = ()) -> None:
        self.strength = strength
        self._source = source  # the slot _cards stays unset until first asked for

    @property
    def category(self) -> str:
        """One of :data:`CATEGORIES`."""
        return _CATEGORY_BY_CODE[self.strength >> _SHIFT]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks that decide ties, most significant first (a wheel straight has high rank 5)."""
        return _ranks_of(self.strength)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The best five cards, ordered for display: the combination first, then the kickers."""
        try:
            return self._cards
        except AttributeError:
            self._cards: tuple[Card, ...] = best_five(self.strength, self._source)
            return self._cards

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self.strength == other.strength
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.strength)

    def __lt__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.strength < other.strength
        return NotImplemented

    def __le__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.strength <= other.strength
        return NotImplemented

    def __gt__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.strength > other.strength
        return NotImplemented

    def __ge__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.strength >= other.strength
        return NotImplemented

    def __repr__(self) -> str:
        cards = " ".join(str(c) for c in self.cards) if self._source else ""
        return f"<HandValue {self.category} {self.ranks} {cards}>".replace(" >", ">")


def evaluate(cards: Sequence[Card]) -> HandValue:
    """The value of the best five of 5, 6 or 7 distinct cards.

    :raises InvalidHandError: if there are not 5, 6 or 7 cards.
    """
    source = tuple(cards)
    key = _CARD_KEY
    n = len(source)
    # The body of strength(), inlined: one call less matters at this speed.
    if n == 5:
        a, b, c, d, e = source
        total = 0x3333 + key[a.index] + key[b.index] + key[c.index] + key[d.index] + key[e.index]
    elif n == 7:
        a, b, c, d, e, f, g = source
        total = (0x3333 + key[a.index] + key[b.index] + key[c.index] + key[d.index] + key[e.index]
                 + key[f.index] + key[g.index])
    else:
        return HandValue(strength(source), source)
    if total & 0x8888:
        return HandValue(_flush_strength(source, total), source)
    try:
        return HandValue(_NONFLUSH[total >> 16], source)
    except KeyError:
        return HandValue(strength_with(total, source), source)


def strength_with(base: int, cards: Sequence[Card]) -> int:
    """The strength of ``cards`` (5 to 7 of them) whose key total is already known.

    ``base`` is :func:`key_total` of ``cards``; games that evaluate one set of cards plus each
    of several extra cards use it to add one card's key instead of recomputing the sum.
    """
    if base & _FLUSH_BITS:
        return _flush_strength(cards, base)
    ranks = base >> 16
    try:
        return _NONFLUSH[ranks]
    except KeyError:
        value = _NONFLUSH[ranks] = _nonflush_value(ranks)
        return value


def key_total(cards: Sequence[Card]) -> int:
    """The summed lookup key of ``cards`` (any number up to 7), for :func:`strength_with`."""
    key = _CARD_KEY
    total = _SUIT_BASE
    for card in cards:
        total += key[card.index]
    return total


#: Per card index, the key :func:`key_total` adds (read-only).
CARD_KEYS: tuple[int, ...] = tuple(_CARD_KEY)


def best_five(value: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The five of ``cards`` that make strength ``value``, ordered for display.

    Where several choices give the same value, the higher suit is taken (spades first), so the
    answer is deterministic.
    """
    code = value >> _SHIFT
    ranks = _ranks_of(value)
    pool = sorted(cards, reverse=True)  # rank, then suit, high first
    if code in (FLUSH, STRAIGHT_FLUSH, ROYAL):
        suits = [c.suit for c in pool]
        suit = max(set(suits), key=suits.count)
        pool = [c for c in pool if c.suit == suit]
    by_rank: dict[int, list[Card]] = {}
    for card in pool:
        by_rank.setdefault(int(card.rank), []).append(card)
    if code in (STRAIGHT, STRAIGHT_FLUSH, ROYAL):
        high = ranks[0]
        wanted = [high - i for i in range(5)]
        if high == 5:
            wanted[4] = 14
        return tuple(by_rank[r][0] for r in wanted)
    if code == FLUSH:
        return tuple(by_rank[r][0] for r in ranks)
    sizes = {FOUR: (4, 1), FULL_HOUSE: (3, 2), THREE: (3, 1, 1), TWO_PAIR: (2, 2, 1),
             PAIR: (2, 1, 1, 1), HIGH_CARD: (1, 1, 1, 1, 1)}[code]
    chosen: list[Card] = []
    for rank, size in zip(ranks, sizes):
        chosen.extend(by_rank[rank][:size])
    return tuple(chosen)


# ---------------------------------------------------------------------------------------------
# Spanish names.

_CATEGORY_NAMES_MX = {
    "royal_flush": "Escalera real",
    "straight_flush": "Escalera de color",
    "four_of_a_kind": "Póker",
    "full_house": "Full House",
    "flush": "Color",
    "straight": "Escalera",
    "three_of_a_kind": "Trío",
    "two_pair": "Doble par",
    "pair": "Par",
    "high_card": "Carta alta",
}

_CATEGORY_NAMES_ES = _CATEGORY_NAMES_MX | {
    "full_house": "Full",
    "two_pair": "Doble pareja",
    "pair": "Pareja",
}


def category_name_mx(category: str) -> str:
    """Category name in the Mata Ases (Mexico) vocabulary: ``"Doble par"``, ``"Full House"``.

    :raises KeyError: for an unknown category id.
    """
    return _CATEGORY_NAMES_MX[category]


def category_name_es(category: str) -> str:
    """Category name in the Spain vocabulary (Ultimate Texas Hold'em, Hold'em): ``"Doble pareja"``, ``"Full"``.

    :raises KeyError: for an unknown category id.
    """
    return _CATEGORY_NAMES_ES[category]


def rank_name(rank: int) -> str:
    """Singular rank name for hand names: ``"As"``, ``"Rey"``, ``"Reina"``, ``"Jota"``, ``"10"``."""
    return RANK_NAMES_ES[Rank(rank)]


def _to_rank(rank: int) -> str:
    """``"al As"``, ``"al 9"``, ``"a la Reina"``, ``"a la Jota"`` (Reina and Jota are feminine)."""
    if rank in (Rank.QUEEN, Rank.JACK):
        return f"a la {rank_name(rank)}"
    return f"al {rank_name(rank)}"


def _plural(rank: int) -> str:
    return RANK_PLURALS_ES[Rank(rank)]


def _name(value: int, category_names: dict[str, str]) -> str:
    code = value >> _SHIFT
    category = _CATEGORY_BY_CODE[code]
    base = category_names[category]
    ranks = _ranks_of(value)
    if code == ROYAL:
        return base
    if code in (STRAIGHT_FLUSH, STRAIGHT, FLUSH):
        return f"{base} {_to_rank(ranks[0])}"
    if code in (FOUR, THREE, PAIR):
        return f"{base} de {_plural(ranks[0])}"
    if code in (FULL_HOUSE, TWO_PAIR):
        return f"{base} de {_plural(ranks[0])} y {_plural(ranks[1])}"
    return f"{base}: {rank_name(ranks[0])}"


def name_mx(value: HandValue | int) -> str:
    """Full name in the Mata Ases vocabulary: ``"Par de Reinas"``, ``"Doble par de Ases y Reyes"``,
    ``"Full House de Ases y Reyes"``, ``"Escalera de color al Rey"``, ``"Carta alta: As"``."""
    return _name(value.strength if isinstance(value, HandValue) else value, _CATEGORY_NAMES_MX)


def in_running_text(name: str, category: str, category_names: dict[str, str] = _CATEGORY_NAMES_MX) -> str:
    """A hand name as it reads inside a sentence: the category in lower case, ranks unchanged.

    >>> in_running_text("Full House de Ases y Cincos", "full_house")
    'full house de Ases y Cincos'
    """
    base = category_names[category]
    if not name.startswith(base):
        raise ValueError(f"{name!r} does not start with the name of {category!r}")
    return base.lower() + name[len(base):]


def name_es(value: HandValue | int) -> str:
    """Full name in the Spain vocabulary: ``"Pareja de Reinas"``, ``"Doble pareja de Ases y Reyes"``,
    ``"Full de Ases y Reyes"``, ``"Color al As"``, ``"Escalera a la Reina"``."""
    return _name(value.strength if isinstance(value, HandValue) else value, _CATEGORY_NAMES_ES)
