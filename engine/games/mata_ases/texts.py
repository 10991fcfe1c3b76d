"""Spanish wording of the hand's events and errors, and the citations they carry.

Second person for the reader (the player named :data:`engine.table.words.YOU`, ``"Tú"``), third
person for everybody else; the actions' own words, the reader and the name listings are the table's
(:mod:`engine.table.words`). Citations are quoted as the guide writes them; where the guide gives none, the event cites
the section of this site's rules page (``docs/mata-ases/index.md``) that states the rule.
"""

from __future__ import annotations

from ...cards import Card
from ...spanish import card_name
from ...table.rules import Street, street_named
from ...table.words import YOU

#: The modalities (ids as in the ``mata-ases-hand`` request) and the kinds of betting, by name.
MODALITY_NAMES = {"boton-ante": "Botón Ante", "bring-in": "Bring In"}
BETTING_NAMES = {"fixed": "Apuestas fijas, sin subidas", "no-limit": "Sin límite"}

#: The ayudas on the table, said for the reader: not down yet, down and closed, open.
AYUDAS_LABELS = {"none": "Ayudas: se bajan al terminar la primera ronda.",
                 "closed": "Ayudas (cerradas) · se abren con la tercera carta",
                 "open": "Ayudas (abiertas) · cada jugador usa una o ninguna"}
#: The labels of a Mata Ases table beyond the table's own (:data:`engine.table.words.LABELS`).
TABLE_LABELS = {"out": "Fuera de la extensión", "ayuda_closed": "Ayuda cerrada", "not_dealt": "No juega este reparto"}

_REGLAMENTO = "Reglamento Mata Ases Emporium Academy 2024"
_FORMATO = "Mata Ases, formato de juego"


def site(section: str) -> str:
    """Citation of a section of this site's rules page."""
    return f"Reglas de este sitio: «{section}»"


#: Every citation the events use, by rule.
CITE = {
    "deal": f"{_REGLAMENTO}, desarrollo A y B",
    "ante": f"{_REGLAMENTO}, desarrollo C-1",
    "opener": f"{_REGLAMENTO}, desarrollo C-1",
    "bring_in": site("Las dos modalidades: Botón Ante y Bring In"),
    "ayudas_down": f"{_REGLAMENTO}, desarrollo D · {_FORMATO}",
    "ayudas_open": f"{_REGLAMENTO}, desarrollo E",
    "visible": f"{_REGLAMENTO}, desarrollo E",
    "card": f"{_REGLAMENTO}, desarrollo E y F",
    "all_checked": f"{_REGLAMENTO}, desarrollo F",
    "showdown": f"{_REGLAMENTO}, desarrollo H y regla 10-A · {_FORMATO}",
    "kill": f"{_REGLAMENTO}, regla 10-A",
    "all_in": site("All-in antes de la última carta"),
    "side_pots": site("Pozos secundarios"),
    "extension": site("La extensión de la mano"),
    "lone": site("El último que queda también tiene que matar los Ases"),
    "exposed": site("Cartas expuestas por error"),
    "convention": site("Convención de este sitio"),
}

#: How the best visible hand is formed (said once per hand, with the first round it decides).
VISIBLE_RULE = "Cuentan las cartas abiertas de cada uno y, como mucho, una ayuda."

#: Mata Ases's streets as data (the hand's ``street``: 1, the first betting round, played with the first two
#: cards; 3, 4 and 5, the card each player gets and the round after it): their titles, their betting round
#: in a sentence, and their names in a practice hand's script.
STREETS = (
    Street(1, title="Reparto inicial y primera ronda", round="la primera ronda de apuestas", short="1ª ronda"),
    Street(3, title="Tercera carta", round="la segunda ronda de apuestas", short="3ª carta"),
    Street(4, title="Cuarta carta", round="la tercera ronda de apuestas", short="4ª carta"),
    Street(5, title="Quinta carta y última ronda", round="la última ronda de apuestas", short="5ª carta"),
)
#: The parts of a hand that are no street: the ayudas put down after the first round, the showdown.
SECTIONS = {"ayudas": "Las ayudas", "showdown": "Showdown"}


def street_title(street: object) -> str:
    """A part of the hand as its section title: ``3 → "Tercera carta"``, ``"ayudas" → "Las ayudas"``.

    >>> street_title(1), street_title("showdown")
    ('Reparto inicial y primera ronda', 'Showdown')
    """
    return SECTIONS.get(street) or street_named(STREETS, street).title


def the(card: Card) -> str:
    """The card with its article: ``"el As de picas"``, ``"la Reina de corazones"``."""
    return card_name(card, article=True)


def whose(player: str, card: Card) -> str:
    """``"tu As de picas"`` for the reader, ``"el As de picas de Ana"`` for anybody else."""
    return f"tu {card.name_es}" if player == YOU else f"{the(card)} de {player}"


def of(label: str) -> str:
    """``"del pozo"`` from ``"el pozo"`` (Spanish contraction)."""
    return "del " + label[3:] if label.startswith("el ") else "de " + label


def to(label: str) -> str:
    """``"al pozo"`` from ``"el pozo"`` (Spanish contraction)."""
    return "al " + label[3:] if label.startswith("el ") else "a " + label
