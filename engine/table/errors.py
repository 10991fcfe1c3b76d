"""Errors of the table core: every refused decision is an :class:`ActionError` with a code.

Each class has its own code (``out-of-turn``, ``not-allowed``, ``bad-amount``, ``hand-ended``). A game
that must keep codes of its own (Mata Ases answers ``not-your-turn``, ``illegal-action``...) gives
subclasses with those codes through :attr:`engine.table.Table.errors`.

>>> IllegalActionError("No puede pasar.").code, InvalidAmountError("x").code, NotYourTurnError("x").code
('not-allowed', 'bad-amount', 'out-of-turn')
"""

from __future__ import annotations

from ..errors import EngineError

__all__ = ["ActionError", "HandOverError", "IllegalActionError", "InvalidAmountError", "NotYourTurnError",
           "TableSetupError"]


class TableSetupError(EngineError):
    """A table that cannot be played: no seats, a stack without chips, a forced bet out of range."""

    code = "table-setup"


class ActionError(EngineError):
    """A decision that the rules do not allow now; the message says why and what is allowed."""

    code = "refused"


class HandOverError(ActionError):
    """A decision after the hand ended."""

    code = "hand-ended"


class NotYourTurnError(ActionError):
    """A decision by a player who is not the one to act (or is not seated)."""

    code = "out-of-turn"


class IllegalActionError(ActionError):
    """A decision the player to act cannot make now (check facing a bet, raise in fixed betting...)."""

    code = "not-allowed"


class InvalidAmountError(ActionError):
    """A bet or raise of the wrong size, or without an amount."""

    code = "bad-amount"
