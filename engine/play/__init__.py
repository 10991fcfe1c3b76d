"""The play layer: one session for every way a hand is played at a table, whatever the game.

- :mod:`.session`: :class:`~.session.Session` and its modes (the free table against bots, a practice
  hand against its script, a hand history step by step), who plays each seat, the one decision reader
  and store;
- :mod:`.commands`: the protocol commands ``game-info``, ``play-start``, ``play-step`` and ``play-next``.

A game gives what only it knows through its :class:`engine.table.game.TableGame` (:mod:`engine.games`).
"""
