"""The table core shared by every game: seats, forced bets, betting rounds (TDA 2024), pots, records.

- :class:`Table` (:mod:`.table`): the state and the decisions (``verify_*`` / ``can_*`` / do),
  ``legal_actions()`` derived from the ``can_*`` answers; games subclass it.
- :class:`Rules`, :class:`Street` (:mod:`.rules`): a game's betting structure and streets as data.
- :mod:`.records`: what happens, as frozen records (``Folding``, ``CheckingOrCalling``,
  ``BettingOrRaisingTo``, ``AntePosting``, ``BlindPosting``, ``BringInPosting``, ``HoleDealing``,
  ``Burning``, ``BoardDealing``, ``ChipsReturning``, ``Showing``, ``Mucking``, ``PotAwarding``).
- :mod:`.errors`: the refusals (``ActionError`` and its codes).
"""

from .errors import (ActionError, HandOverError, IllegalActionError, InvalidAmountError, NotYourTurnError,
                     TableSetupError)
from .records import (AntePosting, BettingOrRaisingTo, BlindPosting, BoardDealing, BringInPosting, Burning,
                      CheckingOrCalling, ChipsReturning, Folding, HoleDealing, Mucking, PotAwarding, Record,
                      Showing)
from .rules import BETTINGS, Rules, Street
from .table import DECISIONS, Table

__all__ = [
    "ActionError", "AntePosting", "BETTINGS", "BettingOrRaisingTo", "BlindPosting", "BoardDealing",
    "BringInPosting", "Burning", "CheckingOrCalling", "ChipsReturning", "DECISIONS", "Folding", "HandOverError",
    "HoleDealing", "IllegalActionError", "InvalidAmountError", "Mucking", "NotYourTurnError", "PotAwarding",
    "Record", "Rules", "Street", "Table", "TableSetupError",
]
