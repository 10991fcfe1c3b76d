"""The bot's estimates, by seeded Monte Carlo over the cards it cannot see.

Each trial deals the unseen cards at random (from the deck minus every card the player sees): the
player's cards still to come, each live rival's closed card and cards to come, and the ayudas if
they are still face down. Every five-card hand is then settled with the engine's own evaluation
(:func:`~engine.evaluation.best_with_one_of`, five own cards and at most one ayuda) and its
threshold for killing the Aces (:func:`~engine.games.mata_ases.showdown.kills_aces`). Rivals' hidden cards
are drawn uniformly: the bot does not guess hands from the betting.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...cards import DECK
from ...evaluation import CARD_KEYS, FLUSH_BITS, HIGH_CARD, key_total, strength_with
from ...spanish import card_name
from .showdown import kills_aces, visible_value
from .bot_view import BotView

__all__ = ["Estimate", "estimate", "trials_for"]

#: Evaluations (one per live hand per trial) a decision may spend: a small fixed budget.
BUDGET = 800
MIN_TRIALS = 80
MAX_TRIALS = 240
#: Strengths of hands without a flush, by their rank key (at most a few thousand entries).
_STRENGTHS: dict[int, int] = {}


@dataclass(frozen=True)
class Estimate:
    """Chances for the player, as fractions of the trials."""

    #: Share of the pot won: outright wins count 1, ties their share.
    win: float
    #: The player's five cards (with at most one ayuda) kill the Aces.
    kill: float
    #: Nobody kills the Aces: the pot goes on to an extension.
    carry: float
    trials: int
    #: The player already kills the Aces with the cards received (and one open ayuda).
    kills_now: bool
    #: The best hand the player holds now (own cards, closed one included, plus one open ayuda), as
    #: running text: «par de Reinas», «el Rey de picas».
    holding: str

    def as_json(self) -> dict:
        """The figures a reply reports: ``win``, ``kill``, ``carry`` (rounded) and ``trials``."""
        return {"win": round(self.win, 4), "kill": round(self.kill, 4), "carry": round(self.carry, 4),
                "trials": self.trials}


def trials_for(live: int) -> int:
    return max(MIN_TRIALS, min(MAX_TRIALS, BUDGET // live))


def estimate(view: BotView, rng: random.Random, trials: int | None = None) -> Estimate:
    """Win, kill and carry chances for ``view.player`` from ``view`` alone (``trials``: how many; by
    default :func:`trials_for` the live hands)."""
    seen = view.seen
    pool = [c for c in DECK if c not in seen]
    rivals = view.live_rivals
    # Each hand: the known cards, their key total (evaluation.key_total) and how many cards are missing.
    hands = [(list(view.own), 5 - len(view.own))] + [(list(r.open), 5 - len(r.open)) for r in rivals]
    known = [(cards, key_total(cards), missing) for cards, missing in hands]
    ayudas_known = list(view.ayudas)
    ayudas_missing = 3 - len(ayudas_known)
    need = ayudas_missing + sum(missing for _, _, missing in known)
    trials = trials or trials_for(len(known))
    size = len(pool)
    keys = CARD_KEYS
    rnd = rng.random
    memo = _STRENGTHS
    win = kill = carry = 0.0
    for _ in range(trials):
        for i in range(need):  # a partial Fisher-Yates shuffle: pool[:need] is the draw
            j = i + int(rnd() * (size - i))
            pool[i], pool[j] = pool[j], pool[i]
        ayudas = ayudas_known + pool[:ayudas_missing] if ayudas_missing else ayudas_known
        extra = [keys[a.index] for a in ayudas]
        ayudas_none = [None] + ayudas
        k = ayudas_missing
        values = []
        for cards, base, missing in known:
            if missing:
                drawn = pool[k:k + missing]
                k += missing
                cards = cards + drawn
                for card in drawn:
                    base += keys[card.index]
            best = -1
            for total, a in zip((base, base + extra[0], base + extra[1], base + extra[2]), ayudas_none):
                if total & FLUSH_BITS:
                    value = strength_with(total, cards if a is None else cards + [a])
                else:  # without a flush the strength depends on the ranks alone: memoised
                    value = memo.get(total >> 16)
                    if value is None:
                        value = memo[total >> 16] = strength_with(total, cards)
                if value > best:
                    best = value
            values.append(best)
        me = values[0]
        if kills_aces(me):
            kill += 1
            top = max(values[1:], default=-1)
            if me > top:
                win += 1
            elif me == top:
                win += 1 / values.count(me)
        elif not kills_aces(max(values)):
            carry += 1
    now = visible_value(view.own, view.ayudas)
    holding = card_name(max(now.cards), article=True) if now.key[0] == HIGH_CARD else now.name
    return Estimate(win / trials, kill / trials, carry / trials, trials, now.kills_aces, holding)
