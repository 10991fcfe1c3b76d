"""Bots for Texas Hold'em: a decision from what the player sees, with its reason in Spanish.

- :mod:`.view`: the hand replayed with the others' hole cards unknown, and the facts of a decision.
- :mod:`.chart`: the pre-flop chart (Chen's score, thresholds by position and style).
- :mod:`.policy`: the three styles and the decision (chart before the flop; equity against random
  hands and pot odds after it).
- :mod:`.texts`: the reasons; :mod:`.command`: the protocol command ``holdem-bot``.
"""

from .policy import EVALUATIONS, STYLES, Decision, decide, samples_for
from .view import BotView, masked, view_of

__all__ = ["EVALUATIONS", "STYLES", "BotView", "Decision", "decide", "masked", "samples_for", "view_of"]
