"""Spanish wording of the hand's events and errors, and the citations they carry.

Second person for the reader (the player named :data:`engine.table.words.YOU`, ``"Tú"``), third
person for everybody else; the actions' own words, the reader and the name listings are the table's
(:mod:`engine.table.words`). Citations are quoted as the guide writes them; where the guide gives none, the event cites
the section of this site's rules page (``docs/mata-ases/index.md``) that states the rule.
"""

from __future__ import annotations

from ...cards import Card
from ...spanish import card_name
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

#: The betting round after each street, as a reader counts them.
ROUND_NAME = {1: "primera", 3: "segunda", 4: "tercera", 5: "última"}


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
