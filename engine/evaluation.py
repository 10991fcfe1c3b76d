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

from . import spanish
from .cards import DECK, Card, parse_cards
from .errors import EngineError

__all__ = [
    "CARD_KEYS",
    "CATEGORIES",
    "CATEGORY_BY_CODE",
    "TIE_RANKS",
    "HIGH_CARD",
    "PAIR",
    "TWO_PAIR",
    "THREE",
    "STRAIGHT",
    "FLUSH",
    "FLUSH_BITS",
    "FULL_HOUSE",
    "FOUR",
    "STRAIGHT_FLUSH",
    "ROYAL",
    "HandValue",
    "InvalidHandError",
    "best_five",
    "best_with_one_of",
    "category_name_es",
    "category_name_mx",
    "category_of",
    "code_of",
    "evaluate",
    "hand_name",
    "in_running_text",
    "kills_aces",
    "WEAKEST_KILL",
    "key_total",
    "kicker_decides",
    "name_es",
    "name_mx",
    "pack",
    "rank_name",
    "ranks_of",
    "strength",
    "strength_of_flush",
    "strength_of_ranks",
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
#: Category ids by code (the code is a strength's category number: 0 = high card ... 9 = royal flush).
CATEGORY_BY_CODE: tuple[str, ...] = CATEGORIES[::-1]
_CODE_BY_CATEGORY = {cat: code for code, cat in enumerate(CATEGORY_BY_CODE)}
#: How many ranks decide ties in each category, by code (a pair: its rank and three kickers).
TIE_RANKS: tuple[int, ...] = (5, 4, 3, 3, 1, 5, 2, 2, 1, 1)
_SHIFT = 20  # category code << 20; up to five 4-bit ranks below


def pack(code: int, ranks: Sequence[int]) -> int:
    """The strength of category ``code`` (:data:`HIGH_CARD` 0 ... :data:`ROYAL` 9) with tie ``ranks``,
    most significant first; missing ranks count as 0 (below any card), so a partial list gives the
    weakest strength of that shape.

    >>> pack(PAIR, (14, 0, 0, 0)) < strength(parse_cards("As Ad 2c 3h 4s")) < pack(PAIR, (14, 13))
    True
    """
    value = code << _SHIFT
    shift = 16
    for rank in ranks:
        value |= rank << shift
        shift -= 4
    return value


def code_of(value: int | HandValue) -> int:
    """The category code of a strength: 0 (high card) to 9 (royal flush).

    >>> code_of(strength(parse_cards("As Ad Kh Kc 5s"))) == TWO_PAIR
    True
    """
    if isinstance(value, HandValue):
        value = value.strength
    return value >> _SHIFT


def category_of(value: int | HandValue) -> str:
    """The category id of a strength (or of a :class:`HandValue`).

    >>> category_of(pack(FULL_HOUSE, (14, 13)))
    'full_house'
    """
    if isinstance(value, HandValue):
        value = value.strength
    return CATEGORY_BY_CODE[value >> _SHIFT]


def ranks_of(value: int) -> tuple[int, ...]:
    """The ranks that decide ties inside a strength, most significant first.

    >>> ranks_of(strength(parse_cards("Qs Qd 9c 5h 3s")))
    (12, 9, 5, 3)
    """
    code = value >> _SHIFT
    return tuple((value >> (16 - 4 * i)) & 15 for i in range(TIE_RANKS[code]))


#: How many of a category's tie ranks (:func:`ranks_of`) make its combination, by code: the pair, the two
#: pairs, the trio, the full house's two, the four of a kind, or the top card of a high card or of a flush
#: (the hand's name says it: «color al As»); the ranks after them are kickers (a flush's lower cards decide
#: as kickers do). Straights have none: their top card is all there is.
COMBINATION_RANKS = {HIGH_CARD: 1, PAIR: 1, TWO_PAIR: 2, THREE: 1, FLUSH: 1, FULL_HOUSE: 2, FOUR: 1}


def kicker_decides(a: int, b: int) -> bool:
    """Whether strengths ``a`` and ``b`` share their category and the ranks of its combination, so that
    only a kicker can tell them apart (when they differ at all).

    >>> kicker_decides(strength(parse_cards("Ah Ad Kc 7s 2d")), strength(parse_cards("As Ac Qh 7d 2c")))
    True
    >>> kicker_decides(strength(parse_cards("Ah Ad Kc 7s 2d")), strength(parse_cards("Ks Kc Qh 7d 2c")))
    False
    >>> kicker_decides(strength(parse_cards("Ah Kh Qh 9h 7h")), strength(parse_cards("Ah Kh 9h 7h 3h")))
    True
    """
    code = code_of(a)
    combination = COMBINATION_RANKS.get(code)
    if combination is None or code != code_of(b) or TIE_RANKS[code] <= combination:
        return False
    return ranks_of(a)[:combination] == ranks_of(b)[:combination]


#: The weakest strength that kills the Aces («matar los Ases»: a pair of Aces or better), a pair of Aces with the
#: lowest kickers: Mata Ases's qualifying hand, which the other games' lessons compare a showdown with.
WEAKEST_KILL = pack(PAIR, (14, 0, 0, 0))


def kills_aces(value: int | HandValue) -> bool:
    """True for a pair of Aces or better ("mata los Ases").

    >>> kills_aces(strength(parse_cards("Ah Ad 2c 3s 4d"))), kills_aces(strength(parse_cards("Kh Kd Qc Js 9d")))
    (True, False)
    """
    return (value.strength if isinstance(value, HandValue) else value) >= WEAKEST_KILL


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


def strength_of_flush(mask: int) -> int:
    """Strength of a flush whose suit holds the ranks of ``mask`` (five or more bits; bit 0 is the
    deuce, bit 12 the Ace). With at most seven cards such a hand has no quads or full house, so
    the flush suit's ranks decide.

    >>> category_of(strength_of_flush(0b1111100000000))
    'royal_flush'
    """
    high = _straight_high(mask)
    if high == 14:
        return pack(ROYAL, (14,))
    if high:
        return pack(STRAIGHT_FLUSH, (high,))
    return pack(FLUSH, _top_ranks(mask, 5))


# Lookup tables. Nothing heavy is built at import (Pyodide runs Python several times slower
# than CPython): the two dictionaries below fill up on first use of each key.

#: Strength of a flush by the 13-bit mask of its suit's ranks.
_FLUSH: dict[int, int] = {}

#: Per card index: rank-multiset key (3 bits per rank, shifted up 16) plus suit counter (4 bits per suit).
_CARD_KEY = [(1 << (16 + 3 * (i >> 2))) | (1 << (4 * (i & 3))) for i in range(52)]
_RANK_BIT = [1 << (i >> 2) for i in range(52)]
_SUIT_BASE = 0x3333  # each suit nibble starts at 3, so a nibble reaches 8 (bit 3) with five cards
_FLUSH_BITS = 0x8888
#: The bits of a :func:`key_total` that are set when five cards share a suit: a total without
#: them is a hand without a flush, whose strength depends on ``total >> 16`` alone.
FLUSH_BITS = _FLUSH_BITS


def strength_of_ranks(key: int) -> int:
    """Strength of a hand with no flush, from its rank-multiset key: three bits per rank, the
    deuce's count in bits 0-2 and the Ace's in bits 36-38 (``count << 3 * (rank - 2)``).

    >>> name_es(strength_of_ranks(3 << 36 | 2 << 33))  # three Aces and two Kings
    'Full de Ases y Reyes'
    """
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
        return pack(FOUR, (quad, max(r for r in _top_ranks(mask, 13) if r != quad)))
    if trips and (len(trips) > 1 or pairs):
        trip = trips[0]
        pair = max(trips[1:] + pairs)
        return pack(FULL_HOUSE, (trip, pair))
    high = _straight_high(mask)
    if high:
        return pack(STRAIGHT, (high,))
    if trips:
        trip = trips[0]
        return pack(THREE, [trip] + [r for r in _top_ranks(mask, 13) if r != trip][:2])
    if len(pairs) >= 2:
        high_pair, low_pair = pairs[0], pairs[1]
        kicker = next(r for r in _top_ranks(mask, 13) if r != high_pair and r != low_pair)
        return pack(TWO_PAIR, (high_pair, low_pair, kicker))
    if pairs:
        pair = pairs[0]
        return pack(PAIR, [pair] + [r for r in _top_ranks(mask, 13) if r != pair][:3])
    return pack(HIGH_CARD, _top_ranks(mask, 5))


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
        value = _FLUSH[mask] = strength_of_flush(mask)
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
        value = _NONFLUSH[ranks] = strength_of_ranks(ranks)
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
        return CATEGORY_BY_CODE[self.strength >> _SHIFT]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks that decide ties, most significant first (a wheel straight has high rank 5)."""
        return ranks_of(self.strength)

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
        value = _NONFLUSH[ranks] = strength_of_ranks(ranks)
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


def best_with_one_of(cards: Sequence[Card], extras: Sequence[Card]) -> tuple[int, Card | None]:
    """The best strength of ``cards`` alone or with one of ``extras`` (at most one), and the extra
    used (None when ``cards`` alone are as good). Between extras giving the same strength, the
    higher card (rank, then suit) is reported. Mata Ases: five own cards and up to three ayudas.

    ``cards`` holds 5 or 6 cards; all cards are assumed distinct (the caller checks).

    >>> value, used = best_with_one_of(parse_cards("Qs Qd 7d 7c 2h"), parse_cards("Ad 3c 7h"))
    >>> name_es(value), str(used)
    ('Full de Sietes y Reinas', '7h')
    >>> value, used = best_with_one_of(parse_cards("Qs Qd 7d 7c 2h"), parse_cards("Ad 3c"))
    >>> name_es(value), str(used)
    ('Doble pareja de Reinas y Sietes', 'Ad')
    """
    key = _CARD_KEY
    nonflush = _NONFLUSH
    base = _SUIT_BASE
    for card in cards:
        base += key[card.index]
    best = strength_with(base, cards)
    used: Card | None = None
    for extra in extras:
        total = base + key[extra.index]
        if total & _FLUSH_BITS:
            value = _flush_strength(tuple(cards) + (extra,), total)
        else:
            value = nonflush.get(total >> 16)
            if value is None:
                value = nonflush[total >> 16] = strength_of_ranks(total >> 16)
        if value > best or (value == best and used is not None and extra > used):
            best, used = value, extra
    return best, used


def best_five(value: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The five of ``cards`` that make strength ``value``, ordered for display.

    Where several choices give the same value, the higher suit is taken (spades first), so the
    answer is deterministic.
    """
    return tuple([DECK[i] for i in best_five_indexes(value, [card.index for card in cards])])


def best_five_indexes(value: int, indexes: Sequence[int]) -> list[int]:
    """:func:`best_five` on card indexes (``Card.index``: rank = index >> 2, suit = index & 3).

    Every protocol reply names each player's five cards, so this runs once per player: it sorts
    plain ints and reads ranks and suits with shifts.
    """
    code = value >> _SHIFT
    pool = sorted(indexes, reverse=True)  # rank, then suit, high first
    if code == HIGH_CARD:
        return pool[:5]
    if code == PAIR or code == THREE or code == FOUR:  # the made cards, then the best other cards
        rank = (value >> 16 & 15) - 2
        made = [i for i in pool if i >> 2 == rank]
        return made + [i for i in pool if i >> 2 != rank][:5 - len(made)]
    if code == TWO_PAIR or code == FULL_HOUSE:
        high, low = (value >> 16 & 15) - 2, (value >> 12 & 15) - 2
        made = [i for i in pool if i >> 2 == high] + [i for i in pool if i >> 2 == low][:2]
        if code == TWO_PAIR:
            made.append(next(i for i in pool if i >> 2 != high and i >> 2 != low))
        return made
    if code != STRAIGHT:  # flush, straight flush, royal flush: only the flush suit's cards
        counts = [0, 0, 0, 0]
        for i in pool:
            counts[i & 3] += 1
        suit = counts.index(max(counts))
        pool = [i for i in pool if i & 3 == suit]
        if code == FLUSH:
            return pool[:5]
    high = value >> 16 & 15
    by_rank: dict[int, int] = {}
    for i in pool:
        by_rank.setdefault((i >> 2) + 2, i)
    return [by_rank[r] for r in (high, high - 1, high - 2, high - 3, 14 if high == 5 else high - 4)]


# ---------------------------------------------------------------------------------------------
# Spanish names (the words live in :mod:`engine.spanish`; these read a strength for it).

def category_name_mx(category: str) -> str:
    """Category name in the Mata Ases (Mexico) vocabulary: ``"Doble par"``, ``"Full House"``.

    :raises KeyError: for an unknown category id.

    >>> category_name_mx("two_pair")
    'Doble par'
    """
    return spanish.category_name(category, "mx")


def category_name_es(category: str) -> str:
    """Category name in the Spain vocabulary (Ultimate Texas Hold'em, Hold'em): ``"Doble pareja"``, ``"Full"``.

    :raises KeyError: for an unknown category id.

    >>> category_name_es("full_house")
    'Full'
    """
    return spanish.category_name(category, "es")


def rank_name(rank: int) -> str:
    """Singular rank name for hand names: ``"As"``, ``"Rey"``, ``"Reina"``, ``"Jota"``, ``"10"``.

    >>> rank_name(11)
    'Jota'
    """
    return spanish.rank_name(rank)


def hand_name(value: HandValue | int, vocabulary: str = "es", *, running: bool = False) -> str:
    """The full Spanish name of a strength in ``vocabulary`` (``"es"`` or ``"mx"``), see
    :func:`engine.spanish.hand_name`.

    >>> hand_name(pack(TWO_PAIR, (14, 13, 5)), "mx", running=True)
    'doble par de Ases y Reyes'
    """
    value = value.strength if isinstance(value, HandValue) else value
    return spanish.hand_name(CATEGORY_BY_CODE[value >> _SHIFT], ranks_of(value), vocabulary, running=running)


def name_mx(value: HandValue | int) -> str:
    """Full name in the Mata Ases vocabulary: ``"Par de Reinas"``, ``"Doble par de Ases y Reyes"``,
    ``"Full House de Ases y Reyes"``, ``"Escalera de color al Rey"``, ``"Carta alta: As"``.

    >>> name_mx(evaluate(parse_cards("As Ad Kh Kc 5s")))
    'Doble par de Ases y Reyes'
    """
    return hand_name(value, "mx")


def in_running_text(name: str, category: str, vocabulary: str = "mx") -> str:
    """A hand name as it reads inside a sentence (see :func:`engine.spanish.in_running_text`).

    >>> in_running_text("Full House de Ases y Cincos", "full_house")
    'full house de Ases y Cincos'
    """
    return spanish.in_running_text(name, category, vocabulary)


def name_es(value: HandValue | int) -> str:
    """Full name in the Spain vocabulary: ``"Pareja de Reinas"``, ``"Doble pareja de Ases y Reyes"``,
    ``"Full de Ases y Reyes"``, ``"Color al As"``, ``"Escalera a la Reina"``.

    >>> name_es(evaluate(parse_cards("Qs Jd Th 9c 8s")))
    'Escalera a la Reina'
    """
    return hand_name(value, "es")
