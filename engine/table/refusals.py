"""The core's Spanish for refused decisions: why a decision is not allowed now.

Second person for the reader (:data:`~.words.YOU`), third person for anybody else. The action words
(«pagar», «subir a») come from the table's one vocabulary, :mod:`.words`; this module only builds the
reasons.

>>> refusal("Ana", "check", "hay una apuesta de 40")
'Ana no puede pasar: hay una apuesta de 40.'
>>> refusal(YOU, "raise", "en esta mesa las apuestas son fijas y no se sube", 200)
'No puedes subir a 200: en esta mesa las apuestas son fijas y no se sube.'
>>> refusal(YOU, "fold", "nadie ha apostado")
'No puedes retirarte: nadie ha apostado.'
"""

from __future__ import annotations

from .words import YOU, cannot

__all__ = ["YOU", "refusal", "turn_of"]


def refusal(player: str, action: str, reason: str, n: int | None = None) -> str:
    """The sentence refusing ``player``'s ``action`` (of ``n`` chips) for ``reason``."""
    return f"{cannot(player, action, n)}: {reason}."


def turn_of(player: str | None) -> str:
    """``"te toca a ti"``, ``"le toca a Ana"``, or that nobody is to act."""
    if player is None:
        return "ahora no le toca a ningún jugador"
    return "te toca a ti" if player == YOU else f"le toca a {player}"
