"""No-Limit Texas Hold'em: every rule of the game, its texts, bots, odds and free table.

- :class:`~.hand.HoldemHand` (:mod:`.hand`): one hand, the game's rules on :class:`engine.table.Table`;
  :mod:`.rules`: positions, showdown order and the pots of a showdown (``holdem-pots``,
  ``holdem-showdown``); :mod:`.rotation`: the next hand's button and blinds (dead button).
- :mod:`.phh`: read (``loads``), replay and write back (``dumps``) PokerKit's PHH.
- :mod:`.texts`: every event in Spanish with its rule and citation; :mod:`.view`: the table page's replies.
- :mod:`.command`: ``holdem-hand``; :mod:`.bots`: ``holdem-bot``; :mod:`.equity`: ``holdem-equity``.
- :mod:`.free`: the free table against bots (``holdem-mesa-*``); :mod:`.replay`: a PHH hand history
  shown step by step (``holdem-replay-*``: imported files and share links).
"""
