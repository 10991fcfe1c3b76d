"""Ultimate Texas Hold'em: the settlement and pay tables (:mod:`.rules`, ``uth-settle``) and the exact
value of each decision (:mod:`.strategy`, ``uth-decision``; the pre-flop table of :mod:`.preflop`).
The croupier's trainer deals its rounds in :mod:`.trainer`. What the game teaches, its facets
(:data:`engine.games.FACETS`): :mod:`.pages`, :mod:`.skills`, :mod:`.questions`, :mod:`.drills`, :mod:`.blame`.
"""
