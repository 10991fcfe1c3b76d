"""The poker terms the site writes in Spanish, with the English names a reader may know them by.

One table for the whole site: the build adds the English names of the terms a section uses to that
section's entry in the search index (site_hooks/search_terms.py), so that «side pot» finds «botes
secundarios» and «big blind» finds «ciega grande». Terms the pages already write in English («all-in»,
«showdown», «flop») need no entry.

>>> [t.spanish for t in terms_in("El all-in crea un bote secundario; la ciega grande paga.")]
['bote secundario', 'ciega grande']
>>> english_names("Dos botes secundarios y el bote principal")
['main pot', 'side pot']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.spanish import fold, position_name


@dataclass(frozen=True)
class Term:
    """A Spanish term (as the pages write it, with its other forms) and its English names."""

    spanish: str
    english: tuple[str, ...]
    forms: tuple[str, ...] = ()

    def words(self) -> tuple[str, ...]:
        """Every Spanish form, folded (lower case, no accents)."""
        return tuple(fold(w) for w in (self.spanish, *self.forms))


TERMS: tuple[Term, ...] = (
    Term("bote principal", ("main pot",), ("pozo principal",)),
    Term("bote secundario", ("side pot",), ("botes secundarios", "pozo secundario", "pozos secundarios")),
    Term("ciega grande", ("big blind",), ("ciegas grandes",)),
    Term("ciega pequeña", ("small blind",), ("ciegas pequeñas",)),
    Term("ciegas", ("blinds",)),
    Term("botón", ("button", "dealer button")),
    Term("crupier", ("dealer",)),
    Term("cartas comunitarias", ("community cards", "board"), ("cartas de la mesa",)),
    Term("ronda de apuestas", ("betting round",), ("rondas de apuestas",)),
    Term("retirarse", ("fold",), ("se retira", "te retiras", "retirarte", "se retiran", "retirada")),
    Term("pasar", ("check",), ("pasa", "pasas", "pasan")),
    Term("igualar", ("call",), ("iguala", "igualas", "igualan", "pagar la apuesta")),
    Term("subir", ("raise",), ("sube", "subes", "suben", "subida")),
    Term("volver a subir", ("re-raise", "3-bet"), ("resubir", "resubida", "vuelve a subir")),
    Term("apuesta", ("bet",), ("apuestas", "apostar")),
    Term("carta de desempate", ("kicker",), ("cartas de desempate", "desempate", "desempates", "desempatar", "desempata", "desempatan")),
    Term("carta alta", ("high card",)),
    Term("pareja", ("pair", "one pair"), ("par",)),
    Term("doble pareja", ("two pair",), ("dobles parejas",)),
    Term("trío", ("three of a kind", "trips", "set"), ("tríos",)),
    Term("escalera", ("straight",), ("escaleras",)),
    Term("color", ("flush",)),
    Term("full", ("full house", "boat")),
    Term("póker", ("four of a kind", "quads"), ("poker de", "póquer de")),
    Term("escalera de color", ("straight flush",)),
    Term("escalera real", ("royal flush",)),
    Term("mano inicial", ("starting hand", "hole cards"), ("manos iniciales", "cartas propias")),
    Term("ventaja de la casa", ("house edge",)),
    Term("tabla de pagos", ("pay table", "paytable"), ("tablas de pagos",)),
    Term("probabilidad", ("odds", "probability"), ("probabilidades",)),
    Term("proyecto", ("draw",), ("proyectos",)),
)


#: English words the pages keep as they are, each with the Spanish a page gives the reader where it uses
#: it (tests/scenarios/test_prose.py checks that every page that uses one explains it).
LOANWORDS: dict[str, str] = {
    "kicker": "la carta de desempate",
    "equity": "la parte del bote que le corresponde de media",
    "pot odds": "lo que cuesta pagar, como parte del bote que se puede ganar",
    "straddle": "una ciega más, voluntaria",
    "cutoff": "el asiento a la derecha del botón",
    "phh": "un formato abierto de texto para escribir manos de póquer",
}


#: Any of :data:`LOANWORDS`, whole words, in any case, a line break between two words included.
_LOANWORD = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+")
                                                 for w in sorted(LOANWORDS, key=len, reverse=True))
                       + r")(?![\w-])", re.IGNORECASE)


def loanwords_in(text: str) -> list[tuple[int, int, str]]:
    """Where ``text`` uses a word of :data:`LOANWORDS`: ``(start, end, meaning)`` each, so that a page can
    mark it to explain itself on tap and on focus, with the glossary's meaning.

    >>> loanwords_in("Decide el Kicker; la equity no.")
    [(10, 16, 'la carta de desempate'), (21, 27, 'la parte del bote que le corresponde de media')]
    >>> loanwords_in("pot  odds, kickers")  # not «kickers»: the pages keep the word, not a plural
    [(0, 9, 'lo que cuesta pagar, como parte del bote que se puede ganar')]
    """
    return [(m.start(), m.end(), LOANWORDS[" ".join(m.group().lower().split())]) for m in _LOANWORD.finditer(text)]


def terms_of(*texts: str) -> list[dict[str, str]]:
    """The kept English words ``texts`` use, for a page to mark where it writes them: ``text`` (as
    written) and ``title`` (the glossary's meaning), each once, in order of first use.

    >>> terms_of("Decide el kicker.", "Tu equity: 40 %. Otro kicker.")
    [{'text': 'kicker', 'title': 'la carta de desempate'}, {'text': 'equity', 'title': 'la parte del bote que le corresponde de media'}]
    """
    found: dict[str, str] = {}
    for text in texts:
        for start, end, meaning in loanwords_in(text):
            found.setdefault(text[start:end], meaning)
    return [{"text": word, "title": meaning} for word, meaning in found.items()]


def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w)")


_PATTERNS = tuple((term, _pattern(term.words())) for term in TERMS)


def terms_in(text: str) -> list[Term]:
    """The terms ``text`` uses, in the order of :data:`TERMS` (accents and case do not matter).

    >>> [t.english[0] for t in terms_in("Gana el COLOR; el crupier se clasifica")]
    ['dealer', 'flush']
    >>> terms_in("colorado")  # whole words only
    []
    """
    folded = fold(text)
    return [term for term, pattern in _PATTERNS if pattern.search(folded)]


def english_names(text: str) -> list[str]:
    """The English names of the terms ``text`` uses, sorted, each once.

    >>> english_names("Las ciegas: la ciega grande y la ciega pequeña")
    ['big blind', 'blinds', 'small blind']
    """
    return sorted({name for term in terms_in(text) for name in term.english})


# ---------------------------------------------------------------------------------------------
# What a seat's abbreviation means: the badge or <abbr> explains itself on tap and on focus.

#: Where each Hold'em seat sits and what it does, by position code (UTG1, UTG2...: :func:`abbreviation`).
#: tests/engine/test_glossary.py checks each against engine.games.holdem.rules.positions.
_SEATS = {
    "D": "habla el último en cada ronda después del flop",
    "D/SB": "en el heads-up, el botón pone la ciega pequeña y habla el primero antes del flop",
    "SB": "el primer asiento a la izquierda del botón; pone la ciega pequeña",
    "BB": "el asiento a la izquierda de la ciega pequeña; pone la ciega grande",
    "UTG": "el primer asiento a la izquierda de la ciega grande; el primero en hablar antes del flop",
    "HJ": "dos asientos a la derecha del botón",
    "CO": "el asiento justo a la derecha del botón",
}


_SEAT_ORDINALS = ("primer", "segundo", "tercer", "cuarto", "quinto", "sexto", "séptimo")


def abbreviation(code: str) -> str:
    """A seat's abbreviation explained, for its tooltip: its name and where it sits.

    :raises KeyError: for an unknown code.

    >>> abbreviation("BB")
    'ciega grande: el asiento a la izquierda de la ciega pequeña; pone la ciega grande'
    >>> abbreviation("UTG2")
    'under the gun 2: el segundo asiento a la izquierda de la ciega grande'
    """
    if code.startswith("UTG") and code[3:].isdigit():
        n = int(code[3:])
        where = f"el {_SEAT_ORDINALS[n - 1]} asiento a la izquierda de la ciega grande"
        if n == 1:
            where += "; el primero en hablar antes del flop"
        return f"{position_name(code)}: {where}"
    return f"{position_name(code)}: {_SEATS[code]}"


def abbreviations() -> dict[str, str]:
    """Every seat abbreviation the glossary explains, with its explanation: what a table page carries
    once (site_hooks/table_markup.py), so that a reply's seat badges name only their code.

    >>> codes = abbreviations(); codes["CO"] == abbreviation("CO"), "UTG7" in codes
    (True, True)
    """
    codes = [*_SEATS, *(f"UTG{n}" for n in range(1, len(_SEAT_ORDINALS) + 1))]
    return {code: abbreviation(code) for code in codes}
