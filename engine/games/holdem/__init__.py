"""No-Limit Texas Hold'em: every rule of the game, its texts, bots, odds, free table and practice hands.

- :mod:`.rules`: the streets as data (the table hand's :class:`~engine.table.rules.Street`), positions,
  order of action, showdown order and the pots of a showdown (``holdem-pots``, ``holdem-showdown``).
- :class:`~.hand.HoldemHand` (:mod:`.hand`): one hand, the table hand (:mod:`engine.table.hand`) with its
  position names; :mod:`.texts`: its citations and labels (the sentences are the table's).
- :mod:`.phh`: read (``loads``), replay and write back (``dumps``) PokerKit's PHH.
- :mod:`.command`: ``holdem-hand``; :mod:`.equity`: ``holdem-equity``.
- The bots: :mod:`.bot_view` (what a player sees), :mod:`.bot_chart` (the pre-flop chart),
  :mod:`.bot_policy` (the styles and the decision), :mod:`.bot_texts` (the reasons), :mod:`.bot`
  (``holdem-bot``) and :mod:`.bot_play` (hands between bots, for tests and benchmarks).
- :mod:`.play`: the game at the play layer's tables (:mod:`engine.play`: the free table, PHH replays and
  the histories it writes); :mod:`.authoring`: its part of the practice-hand format and its practice hands.
- What it teaches, its facets (:data:`engine.games.FACETS`): :mod:`.pages`, :mod:`.skills`, :mod:`.questions`,
  :mod:`.drills`, :mod:`.blame` (with :mod:`.rule_links`).
"""
