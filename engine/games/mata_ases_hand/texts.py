"""Spanish wording of the hand's events and errors, and the citations they carry.

Second person for the reader (the player named :data:`YOU`, ``"Tú"``), third person for everybody
else. Citations are quoted as the guide writes them; where the guide gives none, the event cites
the section of this site's rules page (``docs/mata-ases/index.md``) that states the rule.
"""

from __future__ import annotations

from typing import Iterable

from ...cards import Card
from ...spanish import amount, card_name

#: The reader: events about this player are written in the second person.
YOU = "Tú"

#: The modalities (ids as in the ``mata-ases-hand`` request) and the kinds of betting, by name.
MODALITY_NAMES = {"boton-ante": "Botón Ante", "bring-in": "Bring In"}
BETTING_NAMES = {"fixed": "Apuestas fijas", "no-limit": "Sin límite"}

#: The ayudas on the table, said for the reader: not down yet, down and closed, open.
AYUDAS_LABELS = {"none": "Ayudas: se bajan al terminar la primera ronda.",
                 "closed": "Ayudas (cerradas) · se abren con la tercera carta",
                 "open": "Ayudas (abiertas) · cada jugador usa una o ninguna"}

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

ORDINAL = {1: "primera", 2: "segunda", 3: "tercera", 4: "cuarta", 5: "quinta"}
#: The betting round after each street, as a reader counts them.
ROUND_NAME = {1: "primera", 3: "segunda", 4: "tercera", 5: "última"}
EXTENSION_NAME = {1: "primera", 2: "segunda", 3: "tercera"}
COUNT = {1: "una", 2: "dos", 3: "tres"}


def is_you(player: str | None) -> bool:
    return player == YOU


def say(player: str, you: str, other: str) -> str:
    """``you`` for the reader, ``other`` (with ``{p}`` for the name) for anybody else."""
    return you if player == YOU else other.format(p=player)


def the(card: Card) -> str:
    """The card with its article: ``"el As de picas"``, ``"la Reina de corazones"``."""
    return card_name(card, article=True)


def whose(player: str, card: Card) -> str:
    """``"tu As de picas"`` for the reader, ``"el As de picas de Ana"`` for anybody else."""
    return f"tu {card.name_es}" if player == YOU else f"{the(card)} de {player}"


def name_list(names: Iterable[str]) -> str:
    """``"Ana"``, ``"Ana y Beto"``, ``"tú, Ana y Beto"`` (the reader in lower case inside a sentence)."""
    items = ["tú" if n == YOU else n for n in names]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " y " + items[-1]


def of(label: str) -> str:
    """``"del pozo"`` from ``"el pozo"`` (Spanish contraction)."""
    return "del " + label[3:] if label.startswith("el ") else "de " + label


def to(label: str) -> str:
    """``"al pozo"`` from ``"el pozo"`` (Spanish contraction)."""
    return "al " + label[3:] if label.startswith("el ") else "a " + label


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def chips(n: int) -> str:
    """Chip amounts the site's one way (:func:`engine.spanish.amount`): ``"50"``, ``"1.000"``."""
    return amount(n)


def choices(player: str, options: list[dict]) -> str:
    """What ``player`` may do, as an imperative for the reader or "Puede ..." for anybody else.

    ``options`` are :meth:`MataAsesHand.legal_actions` entries.
    """
    you = player == YOU
    if [o["action"] for o in options] == ["up", "down"]:
        return ("Pide la carta abierta («up») o la cerrada («down»)." if you
                else f"{player} puede pedir la carta abierta («up») o la cerrada («down»).")
    parts = []
    for option in options:
        action = option["action"]
        if action == "check":
            parts.append("pasa" if you else "pasar")
        elif action == "call":
            parts.append(f"{'paga' if you else 'pagar'} {chips(option['amount'])}")
        elif action in ("bet", "raise"):
            verb = ("apuesta" if you else "apostar") if action == "bet" else ("sube a" if you else "subir a")
            low, high = option["min"], option["max"]
            amount = chips(low) if low == high else f"entre {chips(low)} y {chips(high)}"
            parts.append(f"{verb} {amount}")
        elif action == "fold":
            parts.append("retírate" if you else "retirarse")
    if not parts:
        return ""
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " o " + parts[-1]
    return capital(listed) + "." if you else f"{player} puede {listed}."
