"""Texas Hold'em's own words: the rules its events cite and its table's labels (the sentences are the
table hand's, :mod:`engine.table.texts`; each street's words are in :data:`.rules.STREETS`).

Citations: the TDA 2024 rules by number, the «Guía de Texas Hold'em» by section, and this site's rules
page (docs/holdem/index.md) by section where it states a convention.
"""

from __future__ import annotations

from ...table.texts import HandWords
from .rule_links import LINKS

__all__ = ["CITE", "WORDS"]

_GUIDE = "Guía de Texas Hold'em"


def _site(section: str) -> str:
    return f"Reglas de este sitio: «{section}»"


def _tda(rule: str) -> str:
    return f"TDA 2024, regla {rule}"


#: Every citation the events use, by rule (and by street, for its dealing).
CITE = {
    "blinds": f"{_GUIDE}, «Las ciegas, SB y BB. El ante»",
    "ante": f"{_GUIDE}, «Las ciegas, SB y BB. El ante» · {_site('Las ciegas y el ante')}",
    "blind_first": _site("Convención de este sitio: ciega antes que ante"),
    "straddle": _site("El straddle"),
    "short_blind": _site("Convención de este sitio"),
    "deal": f"{_GUIDE}, «Reparto de cartas» · {_site('El reparto')}",
    "open_blinds": f"{_GUIDE}, «Primera ronda de apuestas – Apuestas preflop»",
    "open_button": f"{_GUIDE}, «Segunda ronda de apuestas – Apuestas Postflop» · "
                   f"{_site('Las cuatro rondas de apuestas')}",
    "flop": f"{_GUIDE}, «Reparto del Flop» · {_site('Las cartas quemadas')}",
    "turn": f"{_GUIDE}, «Reparto del Turn» · {_site('Las cartas quemadas')}",
    "river": f"{_GUIDE}, «Reparto del River» · {_site('Las cartas quemadas')}",
    "bet": _site("Apuesta y subida mínimas"),
    "raise": f"{_tda('43')} · {_site('Apuesta y subida mínimas')}",
    "short": f"{_tda('47')} · {_site('Apuesta y subida mínimas')}",
    "fold_free": f"{_tda('58')} · {_site('Las acciones')}",
    "uncalled": _site("Apuesta y subida mínimas"),
    "all_in": _site("All-in y botes secundarios"),
    "lone": f"{_GUIDE}, «Primera ronda de apuestas – Apuestas preflop»",
    "showdown": f"{_tda('17')} · {_GUIDE}, «Muestra de cartas – Showdown» · {_site('El showdown: quién enseña primero')}",
    "showdown_all_in": f"{_tda('16')} · {_site('All-in y botes secundarios')}",
    "muck": _site("Las cartas hablan"),
    "pots": f"{_tda('21')} · {_site('All-in y botes secundarios')}",
    "odd_chip": f"{_tda('20-A')} · {_site('Empates y fichas sueltas')}",
    "rotation": _site("La rotación del botón"),
}

#: The words of a Hold'em hand and table: the citations, the sentence over the board by the number of
#: board cards out, and the labels beyond the table's own (:data:`engine.table.words.LABELS`).
WORDS = HandWords(
    cites=CITE,
    links=LINKS,
    board_labels={0: "Cartas comunes: el flop sale al terminar la ronda antes del flop",
                  3: "Flop", 4: "Flop y turn", 5: "Flop, turn y river"},
    labels={"pot": "Bote", "closed": "Carta tapada", "closed_suffix": "tapada",
            "own_closed": "tu carta, tapada para los demás", "own_closed_title": "Tu carta: solo la ves tú",
            "own_closed_note": "tapada para los demás", "dead_cards": "Sus cartas ya no cuentan"},
)
