"""The core's Spanish for refused decisions: why a decision is not allowed now.

Second person for the reader (:data:`YOU`), third person for anybody else. The action words
(«pagar», «subir a») come from one table; this module only builds the reasons.

>>> refusal("Ana", "check", "hay una apuesta de 40")
'Ana no puede pasar: hay una apuesta de 40.'
>>> refusal(YOU, "raise", "en esta mesa las apuestas son fijas y no se sube", 200)
'No puedes subir a 200: en esta mesa las apuestas son fijas y no se sube.'
"""

from __future__ import annotations

from ..spanish import amount

__all__ = ["YOU", "did", "infinitive", "refusal", "say", "turn_of"]

#: The reader: sentences about this seat are in the second person.
YOU = "Tú"

# The infinitive of each action, without and with an amount (the one place to switch to words.py).
_INFINITIVE = {
    "check": ("pasar", "pasar"),
    "call": ("pagar", "pagar {n}"),
    "bet": ("apostar", "apostar {n}"),
    "raise": ("subir", "subir a {n}"),
    "fold": ("retirarse", "retirarse"),
}

# The sentence of each decision: (reader, anybody else with {p}), each without and with an amount.
_DID = {
    "check": (("Pasas", "Pasas"), ("{p} pasa", "{p} pasa")),
    "call": (("Pagas", "Pagas {n}"), ("{p} paga", "{p} paga {n}")),
    "bet": (("Apuestas", "Apuestas {n}"), ("{p} apuesta", "{p} apuesta {n}")),
    "raise": (("Subes", "Subes a {n}"), ("{p} sube", "{p} sube a {n}")),
    "fold": (("Te retiras", "Te retiras"), ("{p} se retira", "{p} se retira")),
}


def say(player: str, you: str, other: str) -> str:
    """``you`` for the reader, ``other`` (``{p}``: the name) for anybody else.

    >>> say(YOU, "Ganas.", "{p} gana."), say("Ana", "Ganas.", "{p} gana.")
    ('Ganas.', 'Ana gana.')
    """
    return you if player == YOU else other.format(p=player)


def did(player: str, action: str, n: int | None = None, *, end: str = ".") -> str:
    """The sentence of a decision.

    >>> did("Ana", "call", 50), did(YOU, "raise", 1200), did(YOU, "fold")
    ('Ana paga 50.', 'Subes a 1.200.', 'Te retiras.')
    """
    you, other = _DID[action]
    forms = you if player == YOU else other
    text = forms[0] if n is None else forms[1]
    return text.format(p=player, n=amount(n) if n is not None else "") + end


def infinitive(action: str, n: int | None = None, player: str = "") -> str:
    """``"subir a 200"``; the reader folds as «retirarte».

    >>> infinitive("call", 40), infinitive("fold", player=YOU)
    ('pagar 40', 'retirarte')
    """
    plain, with_n = _INFINITIVE[action]
    text = plain if n is None else with_n.format(n=amount(n))
    return "retirarte" if action == "fold" and player == YOU else text


def refusal(player: str, action: str, reason: str, n: int | None = None) -> str:
    """The sentence refusing ``player``'s ``action`` (of ``n`` chips) for ``reason``."""
    verb = infinitive(action, n, player)
    head = f"No puedes {verb}" if player == YOU else f"{player} no puede {verb}"
    return f"{head}: {reason}."


def turn_of(player: str | None) -> str:
    """``"te toca a ti"``, ``"le toca a Ana"``, or that nobody is to act."""
    if player is None:
        return "ahora no le toca a ningún jugador"
    return "te toca a ti" if player == YOU else f"le toca a {player}"
