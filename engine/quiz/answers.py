"""Readers' answers read generously: amounts, player names, hand names and table positions.

One rule: every correct wording a Spanish speaker would write is accepted (accents and case
optional, «Escalera del 6 al 10», «empate», «los dos», «botón, ciega grande y UTG2»...); an answer
that is true but does not say enough (a bare «par» for «Pareja de Doses», «empate» when the
question is who ties) is neither right nor wrong: :func:`judge` asks for the detail with a hint
(«¿Qué pareja?»).

A reader's answer never makes these functions crash: anything unreadable raises
:class:`AnswerError` with a friendly Spanish message (the page shows it as is).

>>> parse_amount("1.350"), parse_amount("−500"), parse_amount(" + 37,5 ")
(Fraction(1350, 1), Fraction(-500, 1), Fraction(75, 2))
>>> sorted(parse_names("ana y BETO", ["Tú", "Ana", "Beto"]))
['Ana', 'Beto']
>>> parse_hand_name("full de ases y reyes")
('full_house', ('as', 'rey'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

from ..errors import EngineError
from ..evaluation import ranks_of
from ..spanish import MINUS, PAIR_WORDS, POSITION_WORDS, category_name, fold, hand_name, listing
from ..spanish import amount as format_amount
from ..table.words import ACTIONS

__all__ = [
    "check_length",
    "MAX_ANSWER_CHARS",
    "AnswerError",
    "TieAnswer",
    "fold",
    "format_amount",
    "hand_examples",
    "parse_actions",
    "parse_amount",
    "parse_hand_name",
    "parse_names",
    "parse_position",
    "quote",
    "read_amount",
]

#: Longest answer the engine reads (longer ones get a friendly message, not an error).
MAX_ANSWER_CHARS = 200



class AnswerError(EngineError):
    """A reader's answer cannot be read: empty, too long, not a number, an unknown name..."""


# ---------------------------------------------------------------------------------------------
# Text.

def quote(text: str, limit: int = 40) -> str:
    """The reader's text for a message: one line, shortened."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_length(text: Any) -> str:
    if not isinstance(text, str):
        raise AnswerError("Escribe tu respuesta como texto.")
    if not text.strip():
        raise AnswerError("Escribe una respuesta antes de comprobarla.")
    if len(text) > MAX_ANSWER_CHARS:
        raise AnswerError(
            f"La respuesta es demasiado larga ({len(text)} caracteres): basta con una cantidad o "
            f"unos nombres, en menos de {MAX_ANSWER_CHARS} caracteres."
        )
    return text


# ---------------------------------------------------------------------------------------------
# Amounts.

_MINUS_SIGNS = "-\u2212\u2013\u2014\u2012\ufe63\uff0d"
_PLUS_SIGNS = "+\uff0b"
_UNIT_WORDS = re.compile(r"\b(fichas?|euros?|pesos?|dolares?|unidades?|eur|usd|mxn)\b")
_CURRENCY = re.compile(r"[€$£¥]")
_SPACES = re.compile(r"[\s\u00a0\u2007\u2009\u202f\u2005\u2006\u2008\u200a\u205f\u3000']+")


def parse_amount(text: Any) -> Fraction:
    """A number written the Spanish way or the plain way, as an exact fraction.

    ``"1.350"``, ``"1350"``, ``"1 350"``, ``"37,5"``, ``"37.5"``, ``"+200"``, ``"−500"`` (any minus
    sign), ``"1.350,5"``, ``"25 fichas"``, and a net result in words: ``"pierde 150"`` (−150),
    ``"gana 7.5"``, ``"el jugador cobra 25 fichas"``.

    The rule for a single point or comma: followed by exactly three digits (and a whole part of
    one to three digits, not 0) it groups thousands, because chips never have three decimals:
    ``"1.000"`` and ``"1,000"`` are a thousand, ``"0,125"`` is an eighth. Followed by one, two, or
    more than three digits it is the decimal separator: ``"1.00"`` is 1,00 (one), ``"37.5"`` is
    37,5, ``"2.50"`` is 2,5. With both a point and a comma, the last one is the decimal separator.

    >>> parse_amount("1.000"), parse_amount("1.00"), parse_amount("1,5"), parse_amount("0,125")
    (Fraction(1000, 1), Fraction(1, 1), Fraction(3, 2), Fraction(1, 8))
    >>> parse_amount("pierde 150"), parse_amount("gana 7.5")
    (Fraction(-150, 1), Fraction(15, 2))

    :raises AnswerError: with a friendly Spanish message for anything else.
    """
    return read_amount(text)[0]


#: Words that say a net result's sign: «pierde 150» is −150, «gana 7.5» is +7,5.
_GAIN_WORDS = frozenset("gana gano ganas ganan cobra cobro cobras cobran recibe recibo".split())
_LOSS_WORDS = frozenset("pierde pierdo pierdes pierden".split())
#: Words around such a result that say nothing more: «el jugador pierde 150 fichas».
_AMOUNT_FILLER = frozenset("el la jugador jugadora se le un total de neto".split())


def _sign_words(body: str) -> tuple[int | None, str]:
    """The sign said in words (1, -1, or None) and the text without the words."""
    words = re.split(r"(\s+)", body)
    said = {1 for w in words if w in _GAIN_WORDS} | {-1 for w in words if w in _LOSS_WORDS}
    if not said:
        return None, body
    if len(said) > 1:
        return 0, body
    kept = "".join(w for w in words if w not in _GAIN_WORDS and w not in _LOSS_WORDS and w not in _AMOUNT_FILLER)
    return said.pop(), kept


def read_amount(text: Any, *, signed: bool = True) -> tuple[Fraction, int]:
    """The amount and how many decimal places the reader wrote (``"1.00"`` -> ``(1, 2)``).

    ``signed``: the question asks for a net result, so the refusal says how to write a loss.
    """
    text = check_length(text)
    body = fold(text)
    body = _UNIT_WORDS.sub(" ", body)
    body = _CURRENCY.sub(" ", body)
    said, body = _sign_words(body)
    body = _SPACES.sub("", body)
    sign = 1
    if body and body[0] in _MINUS_SIGNS:
        sign, body = -1, body[1:]
    elif body and body[0] in _PLUS_SIGNS:
        body = body[1:]
    if said == 0 or (said is not None and sign == -1 and said == 1):
        raise AnswerError(f"En «{quote(text)}» el signo no está claro: escribe «gana» o «pierde», o solo "
                          "el número con su signo, por ejemplo 150 o −150.")
    if said is not None:
        sign = said
    if not body or not re.fullmatch(r"[0-9.,]+", body) or not re.search(r"[0-9]", body):
        how = ("; si el jugador pierde, con signo menos (−150) o «pierde 150»" if signed else "")
        raise AnswerError(
            f"«{quote(text)}» no es una cantidad. Escribe solo el número, por ejemplo 150, "
            f"1.350 o 37,5{how}."
        )
    parsed = _parse_digits(body)
    if parsed is None:
        raise AnswerError(
            f"No entiendo «{quote(text)}» como cantidad: revisa los puntos y las comas "
            "(por ejemplo 1.350 o 37,5)."
        )
    value, places = parsed
    return sign * value, places


def _parse_digits(body: str) -> tuple[Fraction, int] | None:
    points, commas = body.count("."), body.count(",")
    if points and commas:
        decimal = "." if body.rfind(".") > body.rfind(",") else ","
        if body.count(decimal) > 1:
            return None
        whole, frac = body.split(decimal)
        grouping = "," if decimal == "." else "."
        whole = _ungroup(whole, grouping)
    elif points + commas > 1:
        whole = _ungroup(body, "." if points else ",")
        frac = ""
    elif points + commas == 1:
        sep = "." if points else ","
        whole, frac = body.split(sep)
        if len(frac) == 3 and 1 <= len(whole) <= 3 and whole.lstrip("0"):
            whole, frac = whole + frac, ""
    else:
        whole, frac = body, ""
    if whole is None or not (whole or frac) or not (whole + frac).isdigit():
        return None
    value = Fraction(int(whole or "0")) + (Fraction(int(frac), 10 ** len(frac)) if frac else 0)
    return value, len(frac)


def _ungroup(text: str, sep: str) -> str | None:
    groups = text.split(sep)
    if not (1 <= len(groups[0]) <= 3) or any(len(g) != 3 for g in groups[1:]):
        return None
    return "".join(groups)


# ---------------------------------------------------------------------------------------------
# Names of players.

_NAME_SEPARATORS = re.compile(r"\s*(?:[,;/+&]|\b(?:y|e|and)\b)\s*", re.IGNORECASE)
_ANSWER_PUNCTUATION = re.compile(r"[.!¡?¿:\"«»()]")
_UTG_PLUS = re.compile(r"\b(utg)\s*\+\s*(\d)\b", re.IGNORECASE)
_FILLER = frozenset(
    "gana ganan ganador ganadora ganadores el la los las lo jugador jugadora jugadores "
    "entre se bote pozo a al de del con hay "
    "solo solamente habla primero primera es son mano".split()
)
_NOBODY = frozenset("nadie ninguno ninguna nada extension extender extiende extienden".split())
_NOBODY_PHRASES = ("nadie mata", "ninguno mata", "se extiende", "hay extension", "extension de la mano")
_SELF_ALIASES = {"yo": "tu", "mi": "tu", "me": "tu"}
#: Words for «all of them» or a tie, with how many players they count (None: any number).
_GROUP_WORDS: dict[str, int | None] = {
    "empate": None, "empatan": None, "empatados": None, "empatadas": None, "empatar": None,
    "reparten": None, "repartir": None, "dividen": None, "divide": None, "reparte": None, "comparten": None,
    "ambos": 2, "ambas": 2, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
    "todos": -1, "todas": -1,
}


@dataclass(frozen=True)
class TieAnswer:
    """«Empate», «los tres»: a tie (of ``count`` players, None = any) without the names. True but
    not specific when the question has several winners out of more players; see :func:`judge`."""

    words: str
    count: int | None = None


def parse_names(text: Any, choices: Sequence[str], *, allow_nobody: bool = False) -> frozenset[str] | TieAnswer:
    """The players named in ``text`` (separated by commas, «y», «/»...), matched without regard to
    case or accents; seat names (``"botón"``, ``"ciega grande"``, ``"utg+2"``) match choices that
    are position codes; ``allow_nobody`` lets «nadie» / «extensión» mean the empty set.

    «Todos» names every choice; «empate», «ambos», «los dos» name every choice when there are as
    many; otherwise they give a :class:`TieAnswer` (a tie, without saying between whom).

    >>> sorted(parse_names("botón, ciega grande y UTG2", ["UTG1", "UTG2", "D", "BB"]))
    ['BB', 'D', 'UTG2']
    >>> sorted(parse_names("empate", ["Ana", "Beto"])), parse_names("empate", ["Ana", "Beto", "Carla"])
    (['Ana', 'Beto'], TieAnswer(words='empate', count=None))

    :raises AnswerError: for an empty answer or a name that is not one of ``choices`` (quoted as
        the reader wrote it).
    """
    text = check_length(text)
    by_fold = {fold(name): name for name in choices}
    if fold(text) in by_fold:  # a name that contains separators or punctuation, written as is
        return frozenset([by_fold[fold(text)]])
    plain = _UTG_PLUS.sub(r"\1\2", _ANSWER_PUNCTUATION.sub(" ", text))
    folded = fold(plain)
    if allow_nobody and (any(p in folded for p in _NOBODY_PHRASES)
                         or any(w in _NOBODY for w in folded.split())):
        leftovers = [w for w in folded.split() if w not in _NOBODY and w not in _FILLER
                     and w not in _GROUP_WORDS and w not in ("mata", "ases", "hay", "de", "la", "y")]
        if not any(w in by_fold for w in leftovers):
            return frozenset()
    found: list[str] = []
    group: list[str] = []
    for part in _NAME_SEPARATORS.split(plain):
        key_folded = fold(part)
        if not key_folded:
            continue
        if key_folded in by_fold:
            found.append(by_fold[key_folded])
            continue
        words = [_SELF_ALIASES.get(w, w) for w in key_folded.split()]
        group += [w for w in words if w in _GROUP_WORDS]
        key = " ".join(w for w in words if w not in _FILLER and w not in _GROUP_WORDS)
        if not key:
            continue
        if key in by_fold:
            found.append(by_fold[key])
            continue
        try:
            found.append(parse_position(key, choices))
        except AnswerError:
            raise AnswerError(
                f"No reconozco «{quote(part.strip())}»: escribe {_names_hint(choices, allow_nobody)}."
            ) from None
    if found:
        return frozenset(found)
    if group:
        counts = [_GROUP_WORDS[w] for w in group]
        if -1 in counts:
            return frozenset(choices)
        count = next((c for c in counts if c is not None), None)
        if count == len(choices) or (count is None and len(choices) == 2):
            return frozenset(choices)
        return TieAnswer(quote(text.strip(), 30), count)
    raise AnswerError(f"Escribe {_names_hint(choices, allow_nobody)}.")


def _names_hint(choices: Sequence[str], allow_nobody: bool) -> str:
    names = listing(list(choices), "o")
    extra = ", o «nadie» si nadie cobra" if allow_nobody else ""
    return f"el nombre de un jugador ({names}); si son varios, sepáralos con comas o «y»{extra}"


# ---------------------------------------------------------------------------------------------
# Names of hands.

#: Folded words a reader may use for each category, longest first within each.
_HAND_WORDS: dict[str, tuple[str, ...]] = {
    "royal_flush": ("escalera real de color", "escalera real", "flor imperial", "royal flush", "royal"),
    "straight_flush": ("escalera de color", "escalera color", "straight flush", "flor"),
    "four_of_a_kind": ("poker", "cuatro iguales", "four of a kind", "quads", "poquer"),
    "full_house": ("full house", "full", "casa llena"),
    "flush": ("color", "flush"),
    "straight": ("escalera", "straight"),
    "three_of_a_kind": ("trio", "tercia", "three of a kind", "trips", "set"),
    "two_pair": ("doble pareja", "doble par", "dobles parejas", "dos pares", "dos parejas", "two pair"),
    "pair": ("pareja", "par", "pair"),
    "high_card": ("carta alta", "carta mas alta", "high card", "nada"),
}

_RANK_WORDS = {
    "as": "as", "ases": "as", "a": "as", "rey": "rey", "reyes": "rey", "k": "rey",
    "reina": "reina", "reinas": "reina", "dama": "reina", "damas": "reina", "q": "reina",
    "jota": "jota", "jotas": "jota", "j": "jota", "sota": "jota", "sotas": "jota", "valet": "jota",
    "10": "10", "diez": "10", "dieces": "10", "dieses": "10", "t": "10",
    "9": "9", "nueve": "9", "nueves": "9", "8": "8", "ocho": "8", "ochos": "8",
    "7": "7", "siete": "7", "sietes": "7", "6": "6", "seis": "6", "seises": "6",
    "5": "5", "cinco": "5", "cincos": "5", "4": "4", "cuatro": "4", "cuatros": "4",
    "3": "3", "tres": "3", "treses": "3", "2": "2", "dos": "2", "doses": "2",
}
_DETAIL_FILLER = frozenset("de del al a la las los el y con sobre hasta desde "
                           "picas pica corazones corazon diamantes diamante treboles trebol".split())  # suits
#: Words a reader may put before the hand: «Ana tiene un full…», «ligo una escalera…».
_LEAD_FILLER = frozenset("tiene tengo ligo liga lleva llevo hace hizo forma un una es".split())
_RANK_VALUES = {"as": 14, "rey": 13, "reina": 12, "jota": 11, "10": 10, "9": 9, "8": 8, "7": 7,
                "6": 6, "5": 5, "4": 4, "3": 3, "2": 2}
_RANK_BY_VALUE = {v: k for k, v in _RANK_VALUES.items()}


def parse_hand_name(text: Any, *, vocabulary: str = "es") -> tuple[str, tuple[str, ...]]:
    """A hand name in words: ``(category, ranks mentioned)``, e.g. ``"full de ases y reyes"`` ->
    ``("full_house", ("as", "rey"))``; both vocabularies (Par/Pareja, Full/Full House...), whatever
    ``vocabulary`` (``"es"`` or ``"mx"``), which only sets the examples of a refusal.

    A straight (or straight flush) is named by its top card, or by its two ends with «del … al …»,
    «de … a …», «desde … hasta …» (either order), or by its five cards: ``"escalera de color del
    3 al 7"`` -> ``("straight_flush", ("7",))``. An ace-high straight flush is the royal flush.

    >>> parse_hand_name("Escalera del 6 al 10"), parse_hand_name("escalera de color del 10 al as")
    (('straight', ('10',)), ('royal_flush', ()))

    :raises AnswerError: when no hand category is recognised, or the ends of a straight are not
        five cards apart.
    """
    text = check_length(text)
    folded = re.sub(r"[.,;:!¡?¿\"«»()\-]", " ", fold(text))
    words = folded.split()
    while words and words[0] in _LEAD_FILLER:
        words.pop(0)
    folded = " ".join(words)
    best: tuple[int, str, str] | None = None
    for category, names in _HAND_WORDS.items():
        for word in names:
            if folded == word or folded.startswith(word + " "):
                if best is None or len(word) > best[0]:
                    best = (len(word), category, word)
    if best is None:
        raise AnswerError(
            f"No reconozco «{quote(text)}» como jugada. Escribe su nombre, por ejemplo "
            f"«Color al As», «{hand_name('full_house', (14, 13), vocabulary)}» o «Escalera de color al Rey»."
        )
    _, category, word = best
    ranks = []
    for w in folded[len(word):].split():
        if w in _DETAIL_FILLER:
            continue
        if w not in _RANK_WORDS:
            raise AnswerError(
                f"No entiendo «{quote(w)}» en «{quote(text)}». Escribe la jugada y sus cartas: "
                f"«{hand_name('pair', (13,), vocabulary)}», «Escalera al 9», «Escalera del 5 al 9»."
            )
        ranks.append(_RANK_WORDS[w])
    if category in ("straight", "straight_flush") and len(ranks) > 1:
        ranks = [_straight_top(ranks, text)]
    if category == "straight_flush" and ranks == ["as"]:
        return "royal_flush", ()
    return category, tuple(ranks)


def _straight_top(ranks: list[str], text: str) -> str:
    """The top card of a straight named by its two ends or its five cards."""
    values = sorted({_RANK_VALUES[r] for r in ranks})
    if len(values) == len(ranks) and len(values) in (2, 5):
        if values[-1] - values[0] == 4 and (len(values) == 2 or values == list(range(values[0], values[0] + 5))):
            return _RANK_BY_VALUE[values[-1]]
        if set(values) in ({5, 14}, {2, 3, 4, 5, 14}):  # A-2-3-4-5: the Ace counts as 1
            return "5"
    raise AnswerError(
        f"En «{quote(text)}» las cartas no forman una escalera: son cinco cartas seguidas, por "
        "ejemplo «Escalera del 6 al 10» o «Escalera al 10»."
    )


#: Categories whose name leaves cards out that still rank the hand: a reader may name them after
#: «con» («Par de Doses con As, Rey y Reina»).
_KICKER_CATEGORIES = frozenset({"high_card", "pair", "two_pair", "three_of_a_kind", "flush", "four_of_a_kind"})


def hand_detail(name: str, value: int | None = None) -> tuple:
    """The (category, ranks) a full engine name stands for (the engine's names always parse); with
    the hand's strength ``value``, also the ranks that break ties below the name (its kickers),
    best first: (category, ranks, kickers).

    >>> from engine.cards import parse_cards
    >>> from engine.evaluation import strength
    >>> hand_detail("Par de Doses", strength(parse_cards("2c 2d Ah Kh Qh")))
    ('pair', ('2',), ('as', 'rey', 'reina'))
    """
    category, ranks = parse_hand_name(name)
    if value is None:
        return category, ranks
    ties = ranks_of(value)
    kickers = ties[len(ranks):] if category in _KICKER_CATEGORIES else ()
    return category, ranks, tuple(_RANK_BY_VALUE[rank] for rank in kickers)


# ---------------------------------------------------------------------------------------------
# Decisions at a table.

#: The betting decisions a reader may name.
_BETTING = ("check", "bet", "call", "raise", "fold")
#: First-person words a reader writes for them («paso», «me retiro»), beside the table's own forms.
_FIRST_PERSON = {"check": ("paso",), "bet": ("apuesto",), "call": ("pago", "igualo", "igualar"), "raise": ("subo",),
                 "fold": ("retiro", "retirarme", "retirarte", "me voy")}


def _action_words() -> dict[str, str]:
    words: dict[str, str] = {}
    for action in _BETTING:
        row = ACTIONS[action]
        for spelling in (*row.label, *row.imperative, *row.infinitive, *row.second, *row.script,
                         *_FIRST_PERSON[action]):
            words[fold(spelling.replace("{n}", "")).strip()] = action
    return words


def parse_actions(text: Any) -> frozenset[str]:
    """The betting decisions a reader names: ``"pagar, subir o retirarse"``, ``"paso o apuesto"``,
    ``"pagar/subir"`` (amounts are ignored: «pagar 20» is a call).

    >>> sorted(parse_actions("Pagar 20, subir o me retiro"))
    ['call', 'fold', 'raise']

    :raises AnswerError: with a friendly Spanish message for a part that is no decision.
    """
    body = check_length(text)
    words = _action_words()
    found = set()
    for part in re.split(r",|;|/|\by\b|\bo\b|\be\b|\bu\b", fold(body)):
        part = re.sub(r"[\d.,+()«»!¡?¿]", " ", part).strip()
        if not part:
            continue
        action = words.get(part) or next((words[w] for w in part.split() if w in words), None)
        if action is None:
            raise AnswerError(f"No entiendo «{quote(part)}» como decisión: escribe pasar, apostar, pagar, subir o "
                              "retirarse.")
        found.add(action)
    if not found:
        raise AnswerError("Escribe tus opciones: pasar, apostar, pagar, subir o retirarse.")
    return frozenset(found)


# ---------------------------------------------------------------------------------------------
# Table positions.


def parse_position(text: Any, choices: Sequence[str]) -> str:
    """A seat name (``"UTG1"``, ``"botón"``, ``"ciega grande"``, ``"utg+1"``), as one of ``choices``.

    ``"D/SB"``-style heads-up names are matched by either part, or both in either order.

    :raises AnswerError: for anything that is not one of ``choices``.
    """
    text = check_length(text)
    folded = fold(text)
    folded = re.sub(r"[.!¡?¿:\"«»()]", " ", folded)
    folded = " ".join(w for w in folded.split() if w not in ("el", "la", "en", "posicion", "de"))
    folded = re.sub(r"\butg\s*\+?\s*(\d)\b", r"utg\1", folded)
    canonical = POSITION_WORDS.get(folded, folded.upper().replace(" ", ""))
    given = {p.strip() for p in canonical.upper().split("/")}
    for choice in choices:
        parts = {p.strip().upper() for p in choice.split("/")}
        if canonical.upper() == choice.upper() or given <= parts:
            return choice
    raise AnswerError(
        f"No reconozco «{quote(text)}» como posición. Escribe una de estas: {', '.join(choices)}."
    )


def hand_examples(vocabulary: str = "es", avoid: Sequence[str] = ()) -> dict[str, str]:
    """Example hand names and the pair words for hints, in ``vocabulary`` (``"es"`` or ``"mx"``),
    with ranks other than ``avoid`` (rank words) so that a hint never gives the answer away.

    >>> hand_examples("mx")["one_pair"], hand_examples("es", ["rey"])["full_house"]
    ('Par de Reyes', 'Full de Nueves y Ochos')
    """
    taken = {_RANK_VALUES[r] for r in avoid}
    free = [v for v in (13, 9, 8, 7, 6, 5, 4, 3) if v not in taken]  # all read «al …», not «a la …»
    top = next(v for v in (9, 8, 7, 6) if v not in taken)
    pair, pairs, the, other = PAIR_WORDS[vocabulary]
    full = category_name("full_house", vocabulary)
    return {
        "pair": pair, "pairs": pairs, "the": the, "other": other, "the_pairs": the + "s",
        "full": full, "full_lower": full.lower(), "top": str(top), "low": str(top - 4),
        "high": hand_name("high_card", (free[0],), vocabulary),
        "one_pair": hand_name("pair", (free[0],), vocabulary),
        "two_pair": hand_name("two_pair", (free[0], free[1]), vocabulary),
        "three": hand_name("three_of_a_kind", (free[0],), vocabulary),
        "straight": hand_name("straight", (top,), vocabulary),
        "flush": hand_name("flush", (free[0],), vocabulary),
        "full_house": hand_name("full_house", (free[0], free[1]), vocabulary),
        "four": hand_name("four_of_a_kind", (free[0],), vocabulary),
        "straight_flush": hand_name("straight_flush", (top,), vocabulary),
    }
