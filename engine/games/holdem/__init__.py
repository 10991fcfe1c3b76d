"""No-Limit Texas Hold'em: every rule of the game, its texts, bots, odds and free table.

- :class:`~.hand.HoldemHand` (:mod:`.hand`, its records and errors in :mod:`.records`): one hand, the
  game's rules on :class:`engine.table.Table`; :mod:`.rules`: positions, showdown order and the pots of
  a showdown (``holdem-pots``, ``holdem-showdown``); :mod:`.rotation`: the next hand's button and blinds
  (dead button).
- :mod:`.phh`: read (``loads``), replay and write back (``dumps``) PokerKit's PHH.
- :mod:`.texts`: every event in Spanish with its rule and citation; :mod:`.view`: the table page's replies.
- :mod:`.command`: ``holdem-hand``; :mod:`.equity`: ``holdem-equity``.
- The bots: :mod:`.bot_view` (what a player sees), :mod:`.bot_chart` (the pre-flop chart),
  :mod:`.bot_policy` (the styles and the decision), :mod:`.bot_texts` (the reasons), :mod:`.bot`
  (``holdem-bot``) and :mod:`.bot_play` (hands between bots, for tests and benchmarks).
- :mod:`.free`: the free table against bots (``holdem-mesa-*``); :mod:`.replay`: a PHH hand history
  shown step by step (``holdem-replay-*``: imported files and share links).
"""
