"""The table core shared by every game: seats, forced bets, betting rounds (TDA 2024), pots, records.

- :class:`Table` (:mod:`.table`): the state and the decisions (``verify_*`` / ``can_*`` / do),
  ``legal_actions()`` derived from the ``can_*`` answers; games subclass it.
- :class:`Rules`, :class:`Street` (:mod:`.rules`): a game's betting structure and streets as data.
- :mod:`.records`: what happens, as frozen records (``Folding``, ``CheckingOrCalling``,
  ``BettingOrRaisingTo``, ``AntePosting``, ``BlindPosting``, ``BringInPosting``, ``HoleDealing``,
  ``Burning``, ``BoardDealing``, ``ChipsReturning``, ``Showing``, ``Mucking``, ``PotAwarding``).
- :mod:`.errors`: the refusals (``ActionError`` and its codes); :mod:`.rotation`: the next hand's button
  and blinds.
- :mod:`.hand`: one hand of a flop game made of its rules as data; :mod:`.texts` and :mod:`.words`: every
  event and every action in Spanish, once.
- :mod:`.game`: what the play layer (:mod:`engine.play`) asks of a game (``TableGame``, ``FreeTable``,
  ``Situation``); :mod:`.hand_game`: such a game made of a table hand's data; :mod:`.bots`: the shapes
  every game's bots share.
- :mod:`.view`: the table page's replies, only what is new and only what the reader's seat sees.

The core knows no game: a game is data on it (its streets, forced bets and words) plus what only it
knows (:mod:`engine.games`).
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
