"""The site's Spanish words, in one place: amounts, chips, cards, hand names, positions and streets.

Every text a reader sees that is built from data (a number, a card, a hand, a seat, a betting round)
is made here, so the engine, the MkDocs hooks, the quizzes and the browser (through the engine's
replies) all say it the same way. Rules live in the game modules; this module only words them.

Conventions (Spanish typography, as the pages use it):

- Amounts: thousands with a point, decimals with a comma, the minus sign U+2212 (not a hyphen):
  ``1350 → "1.350"``, ``Fraction(75, 2) → "37,5"``, ``-10 → "−10"``; a signed net shows ``"+"``.
- Cards: the rank as printed on the card (``"10"``, never ``"T"``) and the suit symbol: ``"A♠"``;
  names with the rank word and the suit: ``"As de picas"``, with an article ``"la Reina de corazones"``.
- Hand names start with a capital (``"Full de Ases y Reyes"``); inside a sentence only the category
  is lowered (``"full de Ases y Reyes"``): rank words keep their capital.

This module imports nothing from the rest of the engine (ranks are ints 2-14, suits ints 0-3 in the
order clubs, diamonds, hearts, spades), so every other module may import it.

>>> amount(1350), amount(Fraction(75, 2)), amount(-10), signed(Fraction(15, 2))
('1.350', '37,5', '−10', '+7,5')
>>> from engine.cards import Card
>>> card_symbol(Card.parse("Th")), card_name(Card.parse("Th")), card_name(Card.parse("Qs"), article=True)
('10♥', '10 de corazones', 'la Reina de picas')
"""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction
from typing import Any, Iterable, Sequence

__all__ = [
    "CATEGORY_NAMES",
    "MINUS",
    "NBSP",
    "POSITION_WORDS",
    "count_word",
    "amount",
    "card_display",
    "card_name",
    "capital",
    "card_symbol",
    "cards_display",
    "cards_text",
    "category_name",
    "chips",
    "decimal",
    "fold",
    "hand_name",
    "in_running_text",
    "listing",
    "odds",
    "ordinal",
    "percent",
    "position_name",
    "position_phrase",
    "pot_name",
    "rank_name",
    "rank_plural",
    "rank_symbol",
    "signed",
    "suit_name",
    "suit_symbol",
]

#: The minus sign used in every displayed amount (U+2212, not the hyphen).
MINUS = "\u2212"
#: No-break space (before ``%``).
NBSP = "\u00a0"


# ---------------------------------------------------------------------------------------------
# Amounts.

def amount(value: int | Fraction, *, signed: bool = False) -> str:
    """An exact amount in Spanish: thousands point, decimal comma, minus sign U+2212.

    Exact decimals are written in full (pay tables give halves and quarters); a value with no
    finite decimal expansion is cut after six places. With ``signed`` a gain gets ``"+"``.

    >>> amount(1350), amount(1350000), amount(Fraction(75, 2)), amount(-10), amount(0)
    ('1.350', '1.350.000', '37,5', '−10', '0')
    >>> amount(Fraction(5, 4), signed=True), amount(-1500, signed=True), amount(0, signed=True)
    ('+1,25', '−1.500', '0')
    """
    value = Fraction(value)
    sign = MINUS if value < 0 else ("+" if signed and value > 0 else "")
    value = abs(value)
    whole = int(value)
    text = f"{whole:,}".replace(",", ".")
    rest = value - whole
    if rest:
        digits = ""
        for _ in range(6):
            rest *= 10
            digit = int(rest)
            digits += str(digit)
            rest -= digit
            if not rest:
                break
        text += "," + digits
    return sign + text


def signed(value: int | Fraction) -> str:
    """A net result: ``"+"`` for a gain, ``"−"`` for a loss, ``"0"`` for a push.

    >>> signed(Fraction(15, 2)), signed(-1350), signed(0)
    ('+7,5', '−1.350', '0')
    """
    return amount(value, signed=True)


def chips(count: int | Fraction) -> str:
    """An amount of chips with the noun: ``"1 ficha"``, ``"1.350 fichas"``.

    >>> chips(1), chips(1350), chips(Fraction(5, 2))
    ('1 ficha', '1.350 fichas', '2,5 fichas')
    """
    return f"{amount(count)} {'ficha' if count == 1 else 'fichas'}"


def decimal(value: float | Fraction, places: int) -> str:
    """A rounded number with exactly ``places`` decimals: ``17.4119 → "17,41"``.

    >>> decimal(17.41195, 2), decimal(Fraction(-2185, 1000), 3), decimal(12345.6, 1)
    ('17,41', '−2,185', '12.345,6')
    """
    text = f"{float(value):,.{places}f}"
    return text.replace(",", "\0").replace(".", ",").replace("\0", ".").replace("-", MINUS)


def percent(value: float | Fraction, places: int = 3) -> str:
    """A fraction as a percentage, with a no-break space before ``%``.

    >>> percent(Fraction(23294460, 133784560), 2) == "17,41" + NBSP + "%"
    True
    """
    return decimal(value * 100, places) + NBSP + "%"


def odds(value: Fraction | tuple[int, int] | int) -> str:
    """Payout odds: ``"3 a 2"``, ``"500 a 1"``.

    >>> odds(Fraction(3, 2)), odds(500), odds((6, 5))
    ('3 a 2', '500 a 1', '6 a 5')
    """
    if isinstance(value, tuple):
        num, den = value
    else:
        value = Fraction(value)
        num, den = value.numerator, value.denominator
    return f"{amount(num)} a {amount(den)}"


# ---------------------------------------------------------------------------------------------
# Cards. Ranks are ints 2..14 (Ace high); suits ints 0..3: clubs, diamonds, hearts, spades.

_RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
               11: "Jota", 12: "Reina", 13: "Rey", 14: "As"}
_RANK_PLURALS = {2: "Doses", 3: "Treses", 4: "Cuatros", 5: "Cincos", 6: "Seises", 7: "Sietes",
                 8: "Ochos", 9: "Nueves", 10: "Dieces", 11: "Jotas", 12: "Reinas", 13: "Reyes",
                 14: "Ases"}
_RANK_SYMBOLS = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
_FEMININE = frozenset((11, 12))  # la Jota, la Reina
_SUIT_NAMES = ("tréboles", "diamantes", "corazones", "picas")
_SUIT_SYMBOLS = "♣♦♥♠"
_RED = frozenset((1, 2))


def rank_name(rank: int) -> str:
    """The rank's Spanish word as used in card and hand names: ``"As"``, ``"Reina"``, ``"10"``.

    >>> rank_name(14), rank_name(12), rank_name(11), rank_name(10)
    ('As', 'Reina', 'Jota', '10')
    """
    return _RANK_NAMES[int(rank)]


def rank_plural(rank: int) -> str:
    """The plural used in hand names: ``"Ases"``, ``"Dieces"``, ``"Seises"``.

    >>> rank_plural(14), rank_plural(10), rank_plural(6)
    ('Ases', 'Dieces', 'Seises')
    """
    return _RANK_PLURALS[int(rank)]


def rank_symbol(rank: int) -> str:
    """The rank as printed on a card face: ``"A"``, ``"K"``, ``"10"``.

    >>> rank_symbol(14), rank_symbol(10), rank_symbol(2)
    ('A', '10', '2')
    """
    return _RANK_SYMBOLS[int(rank)]


def suit_name(suit: int) -> str:
    """``"picas"``, ``"corazones"``, ``"diamantes"``, ``"tréboles"``.

    >>> [suit_name(s) for s in (3, 2, 1, 0)]
    ['picas', 'corazones', 'diamantes', 'tréboles']
    """
    return _SUIT_NAMES[int(suit)]


def suit_symbol(suit: int) -> str:
    """``"♠"``, ``"♥"``, ``"♦"``, ``"♣"``.

    >>> "".join(suit_symbol(s) for s in (3, 2, 1, 0))
    '♠♥♦♣'
    """
    return _SUIT_SYMBOLS[int(suit)]


def card_symbol(card: Any) -> str:
    """A card as a reader sees it: ``"A♠"``, ``"10♥"`` (``card`` has ``rank`` and ``suit``).

    >>> from engine.cards import parse_cards
    >>> [card_symbol(c) for c in parse_cards("As Th 2c")]
    ['A♠', '10♥', '2♣']
    """
    return _RANK_SYMBOLS[card.rank] + _SUIT_SYMBOLS[card.suit]


def card_name(card: Any, *, article: bool = False) -> str:
    """The card's Spanish name: ``"As de picas"``; with ``article``: ``"el As de picas"``,
    ``"la Jota de diamantes"``.

    >>> from engine.cards import Card
    >>> card_name(Card.parse("As")), card_name(Card.parse("Jd"), article=True)
    ('As de picas', 'la Jota de diamantes')
    >>> card_name(Card.parse("10c"), article=True)
    'el 10 de tréboles'
    """
    name = f"{_RANK_NAMES[card.rank]} de {_SUIT_NAMES[card.suit]}"
    if article:
        return ("la " if card.rank in _FEMININE else "el ") + name
    return name


def cards_text(cards: Iterable[Any]) -> str:
    """Several cards in running text: ``"A♠ 10♥ 2♣"``.

    >>> from engine.cards import parse_cards
    >>> cards_text(parse_cards("As Th 2c"))
    'A♠ 10♥ 2♣'
    """
    return " ".join(card_symbol(c) for c in cards)


def card_display(card: Any) -> dict[str, str]:
    """Everything a page needs to draw a card, as JSON-ready data (the browser keeps no card words).

    ``code`` is the engine's token, ``rank`` and ``suit`` the face, ``color`` ``"red"`` or
    ``"black"``, ``name`` the text alternative and ``name_with_article`` the name in a sentence.

    >>> from engine.cards import Card
    >>> card_display(Card.parse("10h"))  # doctest: +NORMALIZE_WHITESPACE
    {'code': 'Th', 'rank': '10', 'suit': '♥', 'color': 'red', 'name': '10 de corazones',
     'name_with_article': 'el 10 de corazones'}
    """
    return {
        "code": str(card),
        "rank": _RANK_SYMBOLS[card.rank],
        "suit": _SUIT_SYMBOLS[card.suit],
        "color": "red" if card.suit in _RED else "black",
        "name": card_name(card),
        "name_with_article": card_name(card, article=True),
    }


def cards_display(cards: Iterable[Any]) -> list[dict[str, str]]:
    """:func:`card_display` for each card, in order.

    >>> from engine.cards import parse_cards
    >>> [d["name"] for d in cards_display(parse_cards("As Kd"))]
    ['As de picas', 'Rey de diamantes']
    """
    return [card_display(c) for c in cards]


# ---------------------------------------------------------------------------------------------
# Hand names.

#: Category names by vocabulary: ``"es"`` (Spain: Hold'em, Ultimate) and ``"mx"`` (Mata Ases).
CATEGORY_NAMES: dict[str, dict[str, str]] = {
    "mx": {
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
    },
}
CATEGORY_NAMES["es"] = CATEGORY_NAMES["mx"] | {"full_house": "Full", "two_pair": "Doble pareja", "pair": "Pareja"}


#: The word for two cards of one rank, as each vocabulary names the hands: ``(noun, plural, article,
#: «other»)``. Mata Ases says «Par» and «Doble par», so its pages say «un par», «dos pares».
PAIR_WORDS: dict[str, tuple[str, str, str, str]] = {
    "es": ("pareja", "parejas", "la", "otra"),
    "mx": ("par", "pares", "el", "otro"),
}


def _vocabulary(vocabulary: str) -> dict[str, str]:
    try:
        return CATEGORY_NAMES[vocabulary]
    except KeyError:
        raise ValueError(f"unknown vocabulary {vocabulary!r} (use 'es' or 'mx')") from None


def category_name(category: str, vocabulary: str = "es") -> str:
    """A category's name: ``"Doble pareja"`` (``"es"``) or ``"Doble par"`` (``"mx"``).

    :raises KeyError: for an unknown category id; ValueError for an unknown vocabulary.

    >>> category_name("two_pair"), category_name("two_pair", "mx"), category_name("full_house", "mx")
    ('Doble pareja', 'Doble par', 'Full House')
    """
    return _vocabulary(vocabulary)[category]


def _to_rank(rank: int) -> str:
    return f"{'a la' if rank in _FEMININE else 'al'} {_RANK_NAMES[rank]}"


def hand_name(category: str, ranks: Sequence[int], vocabulary: str = "es", *, running: bool = False) -> str:
    """A hand's full name from its category and the ranks that decide ties (highest first).

    With ``running`` the name is for the middle of a sentence: only the category word is lowered.

    >>> hand_name("pair", (12, 9, 7, 5)), hand_name("pair", (12,), "mx")
    ('Pareja de Reinas', 'Par de Reinas')
    >>> hand_name("full_house", (14, 13)), hand_name("full_house", (14, 5), "mx", running=True)
    ('Full de Ases y Reyes', 'full house de Ases y Cincos')
    >>> hand_name("straight", (12,)), hand_name("flush", (14, 9, 7, 4, 2)), hand_name("high_card", (14, 9))
    ('Escalera a la Reina', 'Color al As', 'Carta alta: As')
    >>> hand_name("royal_flush", (14,), running=True)
    'escalera real'
    """
    base = _vocabulary(vocabulary)[category]
    if running:
        base = base.lower()
    if category == "royal_flush":
        return base
    if category in ("straight_flush", "straight", "flush"):
        return f"{base} {_to_rank(ranks[0])}"
    if category in ("four_of_a_kind", "three_of_a_kind", "pair"):
        return f"{base} de {_RANK_PLURALS[ranks[0]]}"
    if category in ("full_house", "two_pair"):
        return f"{base} de {_RANK_PLURALS[ranks[0]]} y {_RANK_PLURALS[ranks[1]]}"
    return f"{base} ({_RANK_NAMES[ranks[0]]})" if running else f"{base}: {_RANK_NAMES[ranks[0]]}"


def in_running_text(name: str, category: str, vocabulary: str = "mx") -> str:
    """A full hand name as it reads inside a sentence: the category lowered, ranks unchanged.

    :raises ValueError: if ``name`` does not start with the category's name.

    >>> in_running_text("Full House de Ases y Cincos", "full_house")
    'full house de Ases y Cincos'
    >>> in_running_text("Doble pareja de Ases y Reyes", "two_pair", "es")
    'doble pareja de Ases y Reyes'

    High card names its card in brackets, so that the sentence's own colon stays the only one:

    >>> in_running_text("Carta alta: Rey", "high_card", "es")
    'carta alta (Rey)'
    """
    base = _vocabulary(vocabulary)[category]
    if not name.startswith(base):
        raise ValueError(f"{name!r} does not start with the name of {category!r}")
    rest = name[len(base):]
    if category == "high_card" and rest.startswith(": "):
        rest = f" ({rest[2:]})"
    return base.lower() + rest


# ---------------------------------------------------------------------------------------------
# Table positions (Texas Hold'em). Codes are the engine's: D, D/SB, SB, BB, UTG, UTG1.., HJ, CO.

_POSITION_NAMES = {
    "D": "botón", "D/SB": "botón y ciega pequeña", "SB": "ciega pequeña", "BB": "ciega grande",
    "UTG": "under the gun", "MP": "posición media", "LJ": "lowjack", "HJ": "hijack", "CO": "cutoff",
}
_POSITION_ARTICLES = {"D": "el", "SB": "la", "BB": "la"}


def position_name(code: str) -> str:
    """The Spanish name of a seat: ``"botón"``, ``"ciega pequeña"``, ``"under the gun 2"``, ``"cutoff"``.

    :raises KeyError: for an unknown code.

    >>> [position_name(c) for c in ("D", "SB", "BB", "UTG", "UTG2", "HJ", "CO", "D/SB")]
    ['botón', 'ciega pequeña', 'ciega grande', 'under the gun', 'under the gun 2', 'hijack', 'cutoff', 'botón y ciega pequeña']
    """
    if code.startswith("UTG") and code[3:].isdigit():
        return f"{_POSITION_NAMES['UTG']} {code[3:]}"
    return _POSITION_NAMES[code]


def position_phrase(code: str) -> str:
    """A seat in a sentence, with its article and its code: ``"la ciega grande (BB)"``,
    ``"el botón (D)"``; English names lead with the code: ``"CO (cutoff)"``.

    >>> position_phrase("BB"), position_phrase("D"), position_phrase("CO"), position_phrase("UTG1")
    ('la ciega grande (BB)', 'el botón (D)', 'CO (cutoff)', 'UTG1 (under the gun 1)')
    >>> position_phrase("D/SB")
    'el botón, que en heads-up es también la ciega pequeña (D/SB)'
    """
    if code == "D/SB":
        return "el botón, que en heads-up es también la ciega pequeña (D/SB)"
    article = _POSITION_ARTICLES.get(code)
    if article:
        return f"{article} {position_name(code)} ({code})"
    return f"{code} ({position_name(code)})"


#: Words a reader may write for a seat (folded with :func:`fold`), by position code.
POSITION_WORDS: dict[str, str] = {
    "d": "D", "btn": "D", "bu": "D", "boton": "D", "button": "D", "dealer": "D", "repartidor": "D",
    "sb": "SB", "ciega pequena": "SB", "small blind": "SB", "ciega chica": "SB", "cp": "SB",
    "bb": "BB", "ciega grande": "BB", "big blind": "BB", "cg": "BB",
    "utg": "UTG", "under the gun": "UTG",
    "co": "CO", "cut off": "CO", "cutoff": "CO", "cut-off": "CO",
    "hj": "HJ", "hijack": "HJ", "high jack": "HJ", "hi jack": "HJ",
    "mp": "MP", "posicion media": "MP", "lj": "LJ", "lowjack": "LJ", "low jack": "LJ",
}


# ---------------------------------------------------------------------------------------------
# Sentences, ordinals, lists and pots.

def capital(text: str) -> str:
    """The text with its first letter in upper case (the rest unchanged).

    >>> capital("full de Ases"), capital(""), capital("¿qué?")
    ('Full de Ases', '', '¿qué?')
    """
    return text[:1].upper() + text[1:]


_COUNTS = ("una", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez")


def count_word(n: int) -> str:
    """A small count in words, for feminine nouns (cartas, rondas): ``1 → "una"``, ``2 → "dos"``; digits
    from 11 on.

    >>> count_word(1), count_word(3), count_word(12)
    ('una', 'tres', '12')
    """
    return _COUNTS[n - 1] if 1 <= n <= len(_COUNTS) else str(n)


_ORDINALS = ("primera", "segunda", "tercera", "cuarta", "quinta", "sexta", "séptima", "octava", "novena", "décima")


def ordinal(n: int) -> str:
    """A feminine ordinal (cards, rounds, extensions): ``"primera"`` … ``"décima"``, then ``"11.ª"``.

    >>> ordinal(1), ordinal(3), ordinal(7), ordinal(12)
    ('primera', 'tercera', 'séptima', '12.ª')
    """
    return _ORDINALS[n - 1] if 1 <= n <= len(_ORDINALS) else f"{n}.ª"

def listing(items: Iterable[str], last: str = "y") -> str:
    """Words in a sentence: ``"Ana"``, ``"Ana y Beto"``, ``"Tú, Ana y Beto"`` (``last="o"``: a choice).

    >>> listing(["Ana"]), listing(["Ana", "Beto"]), listing(["Tú", "Ana", "Beto"], "o"), listing([])
    ('Ana', 'Ana y Beto', 'Tú, Ana o Beto', '')
    """
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


_POT_NAMES = ("bote principal", "bote secundario", "bote terciario", "cuarto bote", "quinto bote")


def pot_name(index: int) -> str:
    """A Hold'em pot by its place, main pot first (1-based): ``"bote principal"``, ``"bote secundario"``,
    ``"bote terciario"``, ``"cuarto bote"``, ``"quinto bote"``, then ``"bote 6"``…

    >>> pot_name(1), pot_name(3), pot_name(4), pot_name(7)
    ('bote principal', 'bote terciario', 'cuarto bote', 'bote 7')
    """
    return _POT_NAMES[index - 1] if 1 <= index <= len(_POT_NAMES) else f"bote {index}"


# ---------------------------------------------------------------------------------------------
# Reading what people write.

_KEY_PUNCTUATION = re.compile(r"[¿?¡!.()_\-]")


def fold(text: str, *, punctuation: bool = False) -> str:
    """Text folded for comparison: lower case, no accents, single spaces; with ``punctuation``,
    ``_ - ¿ ? ¡ ! . ( )`` count as spaces too (keys of the author formats).

    >>> fold("  Tú  y BETO "), fold("Botón-Ante", punctuation=True), fold("1ª ronda", punctuation=True)
    ('tu y beto', 'boton ante', '1a ronda')
    """
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    if punctuation:
        bare = _KEY_PUNCTUATION.sub(" ", bare)
    return " ".join(bare.casefold().split())
