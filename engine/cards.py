"""Cards: ranks, suits, parsing, formatting and Spanish names.

Every card is one of 52 interned :class:`Card` objects, so ``Card.parse("As") is Card.parse("a♠")``.
Cards compare by rank first and then by suit, with the one suit order the site uses for every tie:
spades > hearts > diamonds > clubs (picas > corazones > diamantes > tréboles).

>>> card = Card.parse("10d")
>>> str(card), card.symbol, card.name_es
('Td', '10♦', '10 de diamantes')
>>> Card.parse("As") > Card.parse("Ah") > Card.parse("Kc")
True
"""

from __future__ import annotations

import re
from enum import IntEnum
from functools import lru_cache
from typing import Iterable

from . import spanish
from .errors import InvalidCardError, shown


class Suit(IntEnum):
    """The four suits, ordered for ties: clubs < diamonds < hearts < spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """``"c"``, ``"d"``, ``"h"``, ``"s"``.

        >>> Suit.HEARTS.letter
        'h'
        """
        return "cdhs"[self]

    @property
    def symbol(self) -> str:
        """``"♣"``, ``"♦"``, ``"♥"``, ``"♠"`` (from :mod:`engine.spanish`).

        >>> Suit.SPADES.symbol
        '♠'
        """
        return spanish.suit_symbol(self)

    @property
    def name_es(self) -> str:
        """``"picas"``, ``"corazones"``... (from :mod:`engine.spanish`).

        >>> Suit.CLUBS.name_es
        'tréboles'
        """
        return spanish.suit_name(self)

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(IntEnum):
    """Card ranks; the Ace is high (14). A-2-3-4-5 straights are handled by the evaluator."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The token letter: ``"A"``, ``"T"``, ``"2"``.

        >>> Rank.TEN.letter
        'T'
        """
        return "23456789TJQKA"[self - 2]

    @property
    def symbol(self) -> str:
        """As printed on a card: ``"A"``, ``"10"`` (from :mod:`engine.spanish`).

        >>> Rank.TEN.symbol
        '10'
        """
        return spanish.rank_symbol(self)

    @property
    def name_es(self) -> str:
        """Singular Spanish name as used on cards: ``"As"``, ``"Rey"``, ``"10"``.

        >>> Rank.QUEEN.name_es
        'Reina'
        """
        return spanish.rank_name(self)

    @property
    def plural_es(self) -> str:
        """Plural Spanish name as used in hand names: ``"Ases"``, ``"Reyes"``, ``"Dieces"``.

        >>> Rank.TEN.plural_es
        'Dieces'
        """
        return spanish.rank_plural(self)

_RANK_TOKENS = {r.letter: r for r in Rank} | {"10": Rank.TEN, "1": None}
_SUIT_TOKENS = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit} | {
    "\u2664": Suit.SPADES, "\u2661": Suit.HEARTS, "\u2662": Suit.DIAMONDS, "\u2667": Suit.CLUBS,
}


class Card:
    """One of the 52 playing cards (interned: build them with :meth:`parse` or ``Card(rank, suit)``).

    ``index`` runs from 0 (2 of clubs) to 51 (Ace of spades) in the site's card order.
    """

    __slots__ = ("rank", "suit", "index", "_text")

    rank: Rank
    suit: Suit
    index: int

    _cache: dict[tuple[int, int], Card] = {}

    def __new__(cls, rank: int, suit: int) -> Card:
        try:
            return cls._cache[rank, suit]
        except KeyError:
            raise InvalidCardError(f"Carta inexistente: rango {shown(rank)}, palo {shown(suit)}") from None

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", (rank - 2) * 4 + suit)
        object.__setattr__(card, "_text", rank.letter + suit.letter)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self):
        return (Card, (int(self.rank), int(self.suit)))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"As"``, ``"Td"``, ``"10d"``, ``"A♠"`` (any case, surrounding spaces ignored).

        :raises InvalidCardError: with a Spanish message quoting the token.
        """
        if not isinstance(text, str):
            raise InvalidCardError(f"Carta no válida: {shown(text)} (se esperaba un texto como «As» o «10d»)")
        token = text.strip()
        if len(token) >= 2:
            rank = _RANK_TOKENS.get(token[:-1].upper())
            suit = _SUIT_TOKENS.get(token[-1].lower())
            if rank is not None and suit is not None:
                return cls._cache[rank, suit]
        raise InvalidCardError(
            f"Carta no válida: «{text}». Escribe el valor (2-9, T o 10, J, Q, K, A) y el palo "
            f"(s ♠ picas, h ♥ corazones, d ♦ diamantes, c ♣ tréboles), por ejemplo «As» o «10d»."
        )

    @property
    def name_es(self) -> str:
        """``"As de picas"``, ``"10 de diamantes"``, ``"Rey de corazones"`` (see :mod:`engine.spanish`).

        >>> Card.parse("Kh").name_es
        'Rey de corazones'
        """
        return spanish.card_name(self)

    @property
    def symbol(self) -> str:
        """The card as a reader sees it: ``"A♠"``, ``"10♥"`` (see :mod:`engine.spanish`).

        >>> Card.parse("Th").symbol
        '10♥'
        """
        return spanish.card_symbol(self)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index


for _rank in Rank:
    for _suit in Suit:
        Card._cache[_rank, _suit] = Card._make(_rank, _suit)
del _rank, _suit

#: The 52 cards in index order (2♣ first, A♠ last).
DECK: tuple[Card, ...] = tuple(sorted(Card._cache.values(), key=lambda c: c.index))


def parse_cards(tokens: Iterable[str] | str) -> list[Card]:
    """Parse a list of tokens, or one string of tokens separated by spaces or commas.

    >>> [str(c) for c in parse_cards("As 10d, kh")]
    ['As', 'Td', 'Kh']
    """
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    return [Card.parse(token) for token in tokens]


def format_cards(cards: Iterable[Card]) -> list[str]:
    """The canonical tokens of ``cards``.

    >>> format_cards(parse_cards("A♠ 10d"))
    ['As', 'Td']
    """
    return [str(card) for card in cards]


def starting_hand(hole: Iterable[Card]) -> str:
    """The class of two cards among the 169 starting hands: ``"AA"``, ``"AKs"`` (suited),
    ``"T9o"`` (offsuit); the higher rank first.

    >>> starting_hand(parse_cards("Kh Ah")), starting_hand(parse_cards("9c Td")), starting_hand(parse_cards("2s 2d"))
    ('AKs', 'T9o', '22')
    """
    high, low = sorted(hole, key=lambda c: c.rank, reverse=True)
    if high.rank == low.rank:
        return high.rank.letter * 2
    return high.rank.letter + low.rank.letter + ("s" if high.suit == low.suit else "o")


@lru_cache(maxsize=1)
def mention_pattern() -> tuple[re.Pattern, dict[str, Card]]:
    """A pattern for a card named in running Spanish text («el As de picas», «A♠», «10♥»; group ``card``,
    and ``tu``: «tu …» before it) and the card of each name (lower case)."""
    cards = {spanish.card_name(c).lower(): c for c in DECK} | {spanish.card_symbol(c).lower(): c for c in DECK}
    names = "|".join(re.escape(n) for n in sorted(cards, key=len, reverse=True))
    return re.compile(rf"(?<![\w♠♥♦♣])(?P<tu>\btu\s+)?(?P<card>{names})(?![\w♠♥♦♣])", re.I), cards


def mentions(text: str) -> list[Card]:
    """The cards ``text`` names, in order.

    >>> mentions("Juegas el As de picas y el 10♥; no el rey de copas.")
    [Card.parse('As'), Card.parse('Th')]
    """
    pattern, cards = mention_pattern()
    return [cards[m["card"].lower()] for m in pattern.finditer(text)]
