"""Ultimate Texas Hold'em: the settlement and pay tables (:mod:`.rules`, ``uth-settle``), the exact
value of each decision (:mod:`.strategy`, ``uth-decision``; the pre-flop table of :mod:`.preflop`) and
the croupier's trainer (:mod:`.trainer`, ``uth-trainer-deal``).
"""
