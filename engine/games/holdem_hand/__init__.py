"""No-Limit Texas Hold'em hands on the table core, PHH hand histories and the ``holdem-hand`` command.

- :class:`HoldemHand` (:mod:`.hand`): one hand, the game's rules on :class:`engine.table.Table`.
- :mod:`.phh`: read (``loads``), replay and write back (``dumps``) PokerKit's PHH.
- :mod:`.texts`: every event in Spanish with its rule and citation; :mod:`.rotation`: the next hand's
  button and blinds (dead button); :mod:`.command`: the protocol command.
"""

from . import command  # noqa: F401  (publishes holdem-hand)
from .hand import STREETS, HoldemHand
from .phh import HandHistory, PhhError, dumps, loads, replay
from .rotation import next_hand

__all__ = ["STREETS", "HandHistory", "HoldemHand", "PhhError", "dumps", "loads", "next_hand", "replay"]
