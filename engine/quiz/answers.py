"""Readers' answers read generously: amounts, player names, hand names and table positions.

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
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import EngineError, RequestError
from ..spanish import MINUS, POSITION_WORDS, fold, listing
from ..spanish import amount as format_amount

if TYPE_CHECKING:
    from .solvers import Solution

__all__ = [
    "MAX_ANSWER_CHARS",
    "AnswerError",
    "display_given",
    "fold",
    "format_amount",
    "is_correct",
    "parse_amount",
    "parse_hand_name",
    "parse_names",
    "parse_position",
    "read_answer",
]

#: Longest answer the engine reads (longer ones get a friendly message, not an error).
MAX_ANSWER_CHARS = 200



class AnswerError(EngineError):
    """A reader's answer cannot be read: empty, too long, not a number, an unknown name..."""


# ---------------------------------------------------------------------------------------------
# Text.

def _quote(text: str, limit: int = 40) -> str:
    """The reader's text for a message: one line, shortened."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _check_length(text: Any) -> str:
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
    sign), ``"1.350,5"``, ``"25 fichas"``. A single point or comma followed by exactly three digits
    groups thousands (chips never have three decimals); otherwise it is the decimal separator.

    :raises AnswerError: with a friendly Spanish message for anything else.
    """
    text = _check_length(text)
    body = fold(text)
    body = _UNIT_WORDS.sub(" ", body)
    body = _CURRENCY.sub(" ", body)
    body = _SPACES.sub("", body)
    sign = 1
    if body and body[0] in _MINUS_SIGNS:
        sign, body = -1, body[1:]
    elif body and body[0] in _PLUS_SIGNS:
        body = body[1:]
    if not body or not re.fullmatch(r"[0-9.,]+", body) or not re.search(r"[0-9]", body):
        raise AnswerError(
            f"«{_quote(text)}» no es una cantidad. Escribe solo el número, por ejemplo 150, "
            "1.350 o 37,5 (con signo menos si el jugador pierde)."
        )
    value = _parse_digits(body)
    if value is None:
        raise AnswerError(
            f"No entiendo «{_quote(text)}» como cantidad: revisa los puntos y las comas "
            "(por ejemplo 1.350 o 37,5)."
        )
    return sign * value


def _parse_digits(body: str) -> Fraction | None:
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
    return Fraction(int(whole or "0")) + (Fraction(int(frac), 10 ** len(frac)) if frac else 0)


def _ungroup(text: str, sep: str) -> str | None:
    groups = text.split(sep)
    if not (1 <= len(groups[0]) <= 3) or any(len(g) != 3 for g in groups[1:]):
        return None
    return "".join(groups)


# ---------------------------------------------------------------------------------------------
# Names of players.

_NAME_SEPARATORS = re.compile(r"\s*(?:[,;/+&]|\by\b|\be\b|\band\b)\s*")
_FILLER = frozenset(
    "gana ganan ganador ganadora ganadores el la los las lo jugador jugadora jugadores "
    "empate empatan entre se reparten dividen divide reparte bote pozo a al de del con "
    "solo solamente habla primero primera es son mano".split()
)
_NOBODY = frozenset("nadie ninguno ninguna nada extension extender extiende extienden".split())
_NOBODY_PHRASES = ("nadie mata", "ninguno mata", "se extiende", "hay extension", "extension de la mano")
_SELF_ALIASES = {"yo": "tu", "mi": "tu", "me": "tu"}


def parse_names(text: Any, choices: Sequence[str], *, allow_nobody: bool = False) -> frozenset[str]:
    """The players named in ``text`` (separated by commas, «y», «/»...), matched without regard to
    case or accents; ``allow_nobody`` lets «nadie» / «extensión» mean the empty set.

    :raises AnswerError: for an empty answer or a name that is not one of ``choices``.
    """
    text = _check_length(text)
    by_fold = {fold(name): name for name in choices}
    if fold(text) in by_fold:  # a name that contains separators or punctuation, written as is
        return frozenset([by_fold[fold(text)]])
    folded = re.sub(r"[.!¡?¿:\"«»()]", " ", fold(text))
    if allow_nobody and (any(p in folded for p in _NOBODY_PHRASES)
                         or any(w in _NOBODY for w in folded.split())):
        leftovers = [w for w in folded.split() if w not in _NOBODY and w not in _FILLER
                     and w not in ("mata", "ases", "hay", "de", "la", "y")]
        if not any(w in by_fold for w in leftovers):
            return frozenset()
    found: list[str] = []
    for part in _NAME_SEPARATORS.split(folded):
        if not part:
            continue
        if part in by_fold:
            found.append(by_fold[part])
            continue
        words = [_SELF_ALIASES.get(w, w) for w in part.split()]
        words = [w for w in words if w not in _FILLER]
        key = " ".join(words)
        if not key:
            continue
        if key in by_fold:
            found.append(by_fold[key])
        else:
            raise AnswerError(
                f"No reconozco «{_quote(part)}»: escribe {_names_hint(choices, allow_nobody)}."
            )
    if not found:
        raise AnswerError(f"Escribe {_names_hint(choices, allow_nobody)}.")
    return frozenset(found)


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
_DETAIL_FILLER = frozenset("de del al a la las los el y con sobre".split())


def parse_hand_name(text: Any) -> tuple[str, tuple[str, ...]]:
    """A hand name in words: ``(category, ranks mentioned)``, e.g. ``"full de ases y reyes"`` ->
    ``("full_house", ("as", "rey"))``; both vocabularies (Par/Pareja, Full/Full House...).

    :raises AnswerError: when no hand category is recognised.
    """
    text = _check_length(text)
    folded = re.sub(r"[.,;:!¡?¿\"«»()\-]", " ", fold(text))
    folded = " ".join(folded.split())
    best: tuple[int, str, str] | None = None
    for category, words in _HAND_WORDS.items():
        for word in words:
            if folded == word or folded.startswith(word + " "):
                if best is None or len(word) > best[0]:
                    best = (len(word), category, word)
    if best is None:
        raise AnswerError(
            f"No reconozco «{_quote(text)}» como jugada. Escribe su nombre, por ejemplo "
            "«Color», «Full de Ases y Reyes» o «Escalera de color al Rey»."
        )
    _, category, word = best
    ranks = []
    for w in folded[len(word):].split():
        if w in _DETAIL_FILLER:
            continue
        if w not in _RANK_WORDS:
            raise AnswerError(
                f"No entiendo «{_quote(w)}» en «{_quote(text)}». Escribe la jugada y, si quieres, "
                "sus cartas: «Pareja de Reyes», «Escalera al 9»."
            )
        ranks.append(_RANK_WORDS[w])
    return category, tuple(ranks)


def hand_detail(name: str) -> tuple[str, tuple[str, ...]]:
    """The (category, ranks) a full engine name stands for (the engine's names always parse)."""
    return parse_hand_name(name)


# ---------------------------------------------------------------------------------------------
# Table positions.


def parse_position(text: Any, choices: Sequence[str]) -> str:
    """A seat name (``"UTG1"``, ``"botón"``, ``"ciega grande"``, ``"utg+1"``), as one of ``choices``.

    ``"SB/D"``-style heads-up names are matched by either part.

    :raises AnswerError: for anything that is not one of ``choices``.
    """
    text = _check_length(text)
    folded = fold(text)
    folded = re.sub(r"[.!¡?¿:\"«»()]", " ", folded)
    folded = " ".join(w for w in folded.split() if w not in ("el", "la", "en", "posicion", "de"))
    folded = re.sub(r"\butg\s*\+?\s*(\d)\b", r"utg\1", folded)
    canonical = POSITION_WORDS.get(folded, folded.upper().replace(" ", ""))
    for choice in choices:
        parts = {p.strip().upper() for p in choice.split("/")}
        if canonical.upper() == choice.upper() or canonical.upper() in parts:
            return choice
    raise AnswerError(
        f"No reconozco «{_quote(text)}» como posición. Escribe una de estas: {', '.join(choices)}."
    )



# ---------------------------------------------------------------------------------------------
# An answer against the engine's solution.

def read_answer(solution: Solution, text: Any) -> Any:
    """The reader's answer as a value comparable with ``solution.value``.

    :raises AnswerError: with a friendly Spanish message.
    """
    if solution.answer_type == "amount":
        return parse_amount(text)
    if solution.answer_type == "names":
        try:
            return parse_names(text, solution.choices, allow_nobody=solution.allow_nobody)
        except AnswerError:
            # a position name where a player is asked: accept it when it names one seat
            positions = solution.data.get("positions") or {}
            if positions:
                try:
                    seat = parse_position(text, list(positions.values()))
                except AnswerError:
                    pass
                else:
                    return frozenset(n for n, p in positions.items() if p == seat)
            raise
    if solution.answer_type == "position":
        return parse_position(text, solution.choices)
    if solution.answer_type == "hand":
        return parse_hand_name(text)
    raise RequestError("kind", f"tipo de respuesta desconocido: {solution.answer_type}")


def display_given(solution: Solution, value: Any, text: str) -> str:
    if solution.answer_type == "amount":
        return format_amount(value, signed=solution.signed)
    if solution.answer_type == "names":
        if not value:
            return "Nadie"
        return listing([n for n in solution.choices if n in value])
    if solution.answer_type == "position":
        return value
    words = _quote(text, 60)
    return words[:1].upper() + words[1:]


def is_correct(solution: Solution, given: Any) -> bool:
    if solution.answer_type != "hand":
        return given == solution.value
    category, ranks = given
    expected_category, expected_ranks = solution.value
    if category != expected_category:
        return False
    # The reader may name the hand only, or with its ranks; named ranks must be the right ones.
    return not ranks or tuple(ranks) == tuple(expected_ranks[: len(ranks)])


