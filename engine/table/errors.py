"""Errors of the table core: every refused decision is an :class:`ActionError` with a code.

Each class has its own code, the same in every game (``not-your-turn``, ``illegal-action``,
``invalid-amount``, ``hand-over``); every game's hand raises these, one family for all.

>>> IllegalActionError("No puede pasar.").code, InvalidAmountError("x").code, NotYourTurnError("x").code
('illegal-action', 'invalid-amount', 'not-your-turn')
"""

from __future__ import annotations

from ..errors import EngineError

__all__ = ["ActionError", "DealError", "DuplicateCardError", "HandOverError", "IllegalActionError",
           "InvalidAmountError", "MissingCardsError", "MissingDealError", "NotYourTurnError", "TableSetupError"]


class TableSetupError(EngineError):
    """A table that cannot be played: no seats, a stack without chips, a forced bet out of range."""

    code = "table-setup"


class MissingDealError(TableSetupError):
    """The hand needs another deal (an extension, or a new deal after a misdeal) that was not given."""

    code = "missing-deal"


class ActionError(EngineError):
    """A decision that the rules do not allow now; the message says why and what is allowed."""

    code = "refused"


class HandOverError(ActionError):
    """A decision after the hand ended."""

    code = "hand-over"


class NotYourTurnError(ActionError):
    """A decision by a player who is not the one to act (or is not seated)."""

    code = "not-your-turn"


class IllegalActionError(ActionError):
    """A decision the player to act cannot make now (check facing a bet, raise in fixed betting...)."""

    code = "illegal-action"


class InvalidAmountError(ActionError):
    """A bet or raise of the wrong size, or without an amount."""

    code = "invalid-amount"


class DealError(ActionError):
    """A dealer's step the hand does not expect now (board before the hole cards, five flop cards...)."""

    code = "illegal-deal"


class DuplicateCardError(DealError):
    """A card dealt twice: a deck has one of each."""

    code = "duplicate-card"


class MissingCardsError(DealError):
    """The showdown needs a player's cards (or a board card) that the hand never gave."""

    code = "missing-cards"
