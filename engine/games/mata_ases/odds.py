"""Mata Ases probabilities: killing the Aces, extensions, the ayudas and the one-ayuda limit.

Every play is valued by the game's own rule (:func:`engine.games.mata_ases.showdown.best_play` and
:func:`engine.games.mata_ases.showdown.showdown`); this module only deals the cards and counts.

- :func:`hand_odds`: for one player whose own cards and ayudas are partly known, the chance that
  their best play kills the Aces, that it uses an ayuda and that the ayuda raises its category. The other players' cards
  are unknown, so the missing cards come from every card not seen.
- :func:`table_odds`: for a table where everyone reaches the showdown, the chance that nobody
  kills the Aces (the hand goes to an extension), the chance that the winner needed an ayuda to
  kill them (among deals with a winner) and the chance that the one-ayuda limit changes the result: the
  winners would not be the same if a play could use any number of ayudas.

Each figure is an :class:`Estimate`: exact when the count is in reach (:func:`hand_odds`: at most
:data:`EXACT_LIMIT` ways to complete the own cards, each valued against every unseen card;
:func:`table_odds`: at most :data:`EXACT_LIMIT` sets of ayudas, every one dealt), otherwise a
simulation with a fixed seed (the same call always gives the same figure) and its interval (Wilson
score, 95 % alone or higher for a family of intervals that must hold at once: :func:`simultaneous`).

The page's figures that take minutes are counted ahead by scripts/mata_odds/generate.py into
:mod:`engine.games.mata_ases.odds_counts`: :func:`start_odds` and :func:`any_hand_odds` (exact) and
:func:`counted_tables` (simulated, 50,000 deals per table size).

>>> from engine.cards import parse_cards
>>> odds = hand_odds(parse_cards("Qs Qh 9d 7c 2s"))  # five own cards known: C(47, 3) sets of ayudas
>>> odds.kills.exact, odds.kills.total, odds.kills.text()
(True, 16215, '56,0\xa0%')
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from statistics import NormalDist
from typing import Iterable, Sequence

from ... import spanish
from ...cards import DECK, Card, starting_hand
from ...errors import EngineError
from ...evaluation import CARD_KEYS, FLUSH_BITS, code_of, key_total, pack, strength_with
from .showdown import MAX_PLAYERS, WEAKEST_KILL, best_play, kills_aces, showdown

__all__ = [
    "DEFAULT_DEALS",
    "EXACT_LIMIT",
    "Estimate",
    "HandOdds",
    "TableOdds",
    "any_hand_odds",
    "counted_intervals",
    "counted_tables",
    "hand_odds",
    "simultaneous",
    "start_odds",
    "table_chunk",
    "table_odds",
    "unlimited_best",
]

#: The most completions counted for an exact figure (own cards in :func:`hand_odds`, sets of ayudas
#: in :func:`table_odds`); beyond, deals are drawn at random.
EXACT_LIMIT = 50_000
#: Deals drawn for a simulated figure unless the caller asks for another number.
DEFAULT_DEALS = 4_000
OWN_CARDS = 5
AYUDAS = 3
_Z95 = 1.959963984540054
#: The chance that every simulated interval of a page holds at once.
FAMILY_CONFIDENCE = 0.95
#: The counted simulation of :func:`counted_tables`: per table size, :data:`TABLE_CHUNKS` chunks of
#: :data:`TABLE_CHUNK` deals; chunk ``c`` at ``n`` players is drawn with seed ``TABLE_SEED + 1000 n + c``.
TABLE_CHUNK = 1000
TABLE_CHUNKS = 50
TABLE_SEED = 2024


@dataclass(frozen=True)
class Estimate:
    """``hits`` deals out of ``total`` (all the possible deals when exact, else the deals drawn).

    ``confidence`` is the level of the interval of a simulated figure: 95 % alone, higher when the
    figure is one of a family whose intervals must all hold at once (:func:`simultaneous`).
    """

    hits: int
    total: int
    exact: bool
    confidence: float = 0.95

    @property
    def value(self) -> Fraction:
        return Fraction(self.hits, self.total) if self.total else Fraction(0)

    def interval(self) -> tuple[float, float]:
        """The interval at :attr:`confidence` (Wilson score); a single point when exact.

        >>> low, high = Estimate(50, 100, False).interval()
        >>> round(low, 3), round(high, 3)
        (0.404, 0.596)
        >>> low, high = Estimate(50, 100, False, simultaneous(21)).interval()
        >>> round(low, 3), round(high, 3)
        (0.355, 0.645)
        """
        p = float(self.value)
        if self.exact or not self.total:
            return p, p
        z = _Z95 if self.confidence == 0.95 else NormalDist().inv_cdf(0.5 + self.confidence / 2)
        n, z2 = self.total, z * z
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        low = 0.0 if self.hits == 0 else max(0.0, centre - half)
        high = 1.0 if self.hits == self.total else min(1.0, centre + half)
        return low, high

    def text(self, places: int = 1) -> str:
        """The figure in Spanish, with its interval when simulated.

        >>> Estimate(1, 4, True).text()
        '25,0\\xa0%'
        >>> Estimate(50, 100, False).text()
        '50,0\\xa0% (entre 40,4 y 59,6\\xa0%)'
        """
        if self.exact:
            return spanish.percent(self.value, places)
        low, high = self.interval()
        return (f"{spanish.percent(self.value, places)} (entre {spanish.decimal(low * 100, places)} "
                f"y {spanish.percent(high, places)})")


def simultaneous(count: int, family: float = FAMILY_CONFIDENCE) -> float:
    """The confidence of each of ``count`` intervals so that all of them hold at once with
    probability ``family`` at least (Bonferroni: the chances that one misses add up to at most
    ``1 - family``).

    >>> round(simultaneous(21), 5)
    0.99762
    """
    return 1 - (1 - family) / count


@dataclass(frozen=True)
class HandOdds:
    """One player's chances at the showdown."""

    #: The best play is a pair of Aces or better.
    kills: Estimate
    #: The best play uses an ayuda (the five own cards alone are worse, if only by a kicker).
    ayuda: Estimate
    #: The ayuda raises the hand's category (a pair becomes two pair, a flush appears...).
    category: Estimate


@dataclass(frozen=True)
class TableOdds:
    """A table's chances when every player reaches the showdown."""

    players: int
    #: Nobody kills the Aces: the pot is not collected and the hand is extended.
    extension: Estimate
    #: Of the deals with a winner, those where a winner's five own cards alone would not kill the
    #: Aces: the ayuda makes the winner.
    rescued: Estimate
    #: The winners (or the extension) would change if a play could use any number of ayudas.
    limit: Estimate


def _unseen(known: Iterable[Card]) -> list[Card]:
    known = list(known)
    if len(set(known)) != len(known):
        raise EngineError("Hay una carta repetida entre las cartas conocidas.")
    seen = set(known)
    return [card for card in DECK if card not in seen]


def hand_odds(own: Sequence[Card] = (), ayudas: Sequence[Card] = (), *, deals: int | None = None,
              seed: int = 0) -> HandOdds:
    """One player's chance to kill the Aces and to use an ayuda, with ``own`` (0 to 5 of their
    cards) and ``ayudas`` (0 to 3) known; the rest come from the cards not seen.

    Exact when ``deals`` is not given and the ways to complete the own cards number at most
    :data:`EXACT_LIMIT` (two known own cards: 19,600): see :func:`_exact_odds`. Otherwise ``deals``
    (default :data:`DEFAULT_DEALS`) deals drawn with ``seed``.

    :raises EngineError: for more than 5 own cards or 3 ayudas, or a repeated card.
    """
    own, ayudas = tuple(own), tuple(ayudas)
    if len(own) > OWN_CARDS or len(ayudas) > AYUDAS:
        raise EngineError(f"Un jugador tiene {OWN_CARDS} cartas propias y hay {AYUDAS} ayudas "
                          f"(recibidas {len(own)} y {len(ayudas)}).")
    free = _unseen(own + ayudas)
    missing_own = OWN_CARDS - len(own)
    if deals is None and math.comb(len(free), missing_own) <= EXACT_LIMIT:
        return _exact_odds(own, ayudas, free)
    rng = random.Random(seed)
    missing = missing_own + AYUDAS - len(ayudas)
    kills = with_ayuda = raised = total = 0
    for _ in range(deals or DEFAULT_DEALS):
        drawn = rng.sample(free, missing)
        cards = own + tuple(drawn[:missing_own])
        play = best_play(cards, ayudas + tuple(drawn[missing_own:]))
        kills += play.kills_aces
        if play.ayuda is not None:
            with_ayuda += 1
            raised += code_of(play.strength) > code_of(best_play(cards, ()).strength)
        total += 1
    return HandOdds(*(Estimate(hits, total, False) for hits in (kills, with_ayuda, raised)))


def _exact_odds(own: tuple[Card, ...], ayudas: tuple[Card, ...], free: list[Card]) -> HandOdds:
    """:func:`hand_odds` counted over every deal, without dealing the ayudas one set at a time.

    A play uses one ayuda at most, so once the five own cards are fixed each unseen card either
    helps on its own or not: the three figures hold for a set of ayudas exactly when one of its
    cards does (a card that kills the Aces, beats the five own cards, or lifts their category).
    With ``g`` helping cards among the ``n`` left and ``m`` ayudas missing, ``C(n, m) - C(n - g, m)``
    of the sets contain one. Each set of own cards costs one six-card value per unseen card.

    >>> from engine.cards import parse_cards
    >>> odds = hand_odds(parse_cards("Qs Qh 9d 7c"))  # 48 fifth cards x C(47, 3) sets of ayudas
    >>> odds.kills.exact, odds.kills.total, odds.kills.text()
    (True, 778320, '63,3\xa0%')
    """
    missing_own, missing = OWN_CARDS - len(own), AYUDAS - len(ayudas)
    keys, flush_bits = CARD_KEYS, FLUSH_BITS
    n = len(free) - missing_own
    sets = math.comb(n, missing)
    without = [math.comb(n - g, missing) for g in range(n + 1)]
    hits = [0, 0, 0]  # kills, uses an ayuda, lifts the category
    for more in combinations(free, missing_own):
        cards = own + more
        base = key_total(cards)
        alone = strength_with(base, cards)
        bars = (WEAKEST_KILL, alone + 1, pack(code_of(alone) + 1, ()))
        known = [strength_with(base + keys[a.index], cards + (a,)) for a in ayudas]
        taken = set(more)
        values = sorted(strength_with(total, cards + (card,) if total & flush_bits else ())
                        for card, total in ((c, base + keys[c.index]) for c in free if c not in taken))
        counts = [n - bisect_left(values, bar) for bar in bars]
        for i in 0, 1, 2:
            if (i == 0 and alone >= WEAKEST_KILL) or any(value >= bars[i] for value in known):
                hits[i] += sets
            else:
                hits[i] += sets - without[counts[i]]
    total = math.comb(len(free), missing_own) * sets
    return HandOdds(*(Estimate(count, total, True) for count in hits))


def unlimited_best(own: Sequence[Card], ayudas: Sequence[Card]) -> int:
    """The strength of the best five of the five own cards and the three ayudas together, as if
    any number of ayudas could be used (what the one-ayuda limit forbids).

    >>> from engine.cards import parse_cards
    >>> from engine.evaluation import name_es
    >>> name_es(unlimited_best(parse_cards("2c 3d 7h 8s 9c"), parse_cards("Ks Kh Kd")))
    'Trío de Reyes'
    """
    own, ayudas = list(own), list(ayudas)
    if len(ayudas) < 2:
        return best_play(own, ayudas).strength
    # A five-card hand uses at most two ayudas (then it lies in the five own cards and two of
    # them) or all three (then it lies in four own cards and the three). Key totals are summed
    # once; the cards are only needed for a flush.
    own_total = key_total(own)
    best = 0
    for pair in combinations(ayudas, 2):
        total = own_total + CARD_KEYS[pair[0].index] + CARD_KEYS[pair[1].index]
        best = max(best, strength_with(total, own + list(pair) if total & FLUSH_BITS else ()))
    if len(ayudas) == 3:
        ayudas_total = sum(CARD_KEYS[c.index] for c in ayudas)
        for i, left_out in enumerate(own):
            total = own_total + ayudas_total - CARD_KEYS[left_out.index]
            cards = own[:i] + own[i + 1:] + ayudas if total & FLUSH_BITS else ()
            best = max(best, strength_with(total, cards))
    return best


def _unlimited_winners(hands: dict[str, tuple[Card, ...]], ayudas: Sequence[Card]) -> list[str]:
    values = {name: unlimited_best(cards, ayudas) for name, cards in hands.items()}
    killers = {name: value for name, value in values.items() if kills_aces(value)}
    top = max(killers.values(), default=None)
    return [name for name, value in killers.items() if value == top]


def table_odds(hands: int | Sequence[Sequence[Card]], ayudas: Sequence[Card] = (), *, deals: int | None = None,
               seed: int = 0) -> TableOdds:
    """A table's chances at the showdown (see :class:`TableOdds`).

    ``hands`` is the number of players (2 to 8; their cards are drawn) or their five own cards
    each (then only the missing ayudas are dealt, every one of them when that count is at most
    :data:`EXACT_LIMIT` and ``deals`` is not given).

    :raises EngineError: for fewer than 2 or more than 8 players, a hand without five cards,
        more than three ayudas, or a repeated card.
    """
    if isinstance(hands, int):
        players, known = hands, None
    else:
        known = [tuple(hand) for hand in hands]
        players = len(known)
        if any(len(hand) != OWN_CARDS for hand in known):
            raise EngineError(f"Cada jugador tiene {OWN_CARDS} cartas propias.")
    if not 2 <= players <= MAX_PLAYERS:
        raise EngineError(f"En Mata Ases juegan de 2 a {MAX_PLAYERS} jugadores (recibidos {players}).")
    ayudas = tuple(ayudas)
    if len(ayudas) > AYUDAS:
        raise EngineError(f"Hay {AYUDAS} ayudas como máximo (recibidas {len(ayudas)}).")
    names = [f"p{i}" for i in range(players)]
    free = _unseen([c for hand in known or () for c in hand] + list(ayudas))
    missing = AYUDAS - len(ayudas)
    exact = known is not None and deals is None and math.comb(len(free), missing) <= EXACT_LIMIT
    if exact:
        dealt = ((known, more) for more in combinations(free, missing))
    else:
        rng = random.Random(seed)
        cards_needed = missing + (0 if known else OWN_CARDS * players)

        def draw(n: int):
            for _ in range(n):
                cards = rng.sample(free, cards_needed)
                if known:
                    yield known, cards
                else:
                    yield [cards[OWN_CARDS * i:OWN_CARDS * (i + 1)] for i in range(players)], cards[len(cards) - missing:]

        dealt = draw(deals or DEFAULT_DEALS)
    extended = won = rescued = changed = total = 0
    for own_hands, more in dealt:
        table = dict(zip(names, (tuple(h) for h in own_hands)))
        middle = ayudas + tuple(more)
        result = showdown(table, middle)
        total += 1
        if result.winners:
            won += 1
            rescued += not any(best_play(table[name], ()).kills_aces for name in result.winners)
        else:
            extended += 1
        changed += _unlimited_winners(table, middle) != result.winners
    return TableOdds(players, Estimate(extended, total, exact), Estimate(rescued, won, exact),
                     Estimate(changed, total, exact))


# ---------------------------------------------------------------------------------------------
# Figures counted ahead: scripts/mata_odds/generate.py writes engine/games/mata_ases/odds_counts.py
# with these functions, so a page reads them instead of spending minutes on each build.

def table_chunk(players: int, chunk: int) -> tuple[int, int, int]:
    """(extensions, winners who needed the ayuda, results changed by the one-ayuda limit) in
    chunk ``chunk`` of the counted simulation at a table of ``players``."""
    odds = table_odds(players, deals=TABLE_CHUNK, seed=TABLE_SEED + 1000 * players + chunk)
    return odds.extension.hits, odds.rescued.hits, odds.limit.hits


def _counts():
    """The counted tables (:mod:`.odds_counts`)."""
    from . import odds_counts  # lazy: generated counts that only the odds pages and their commands read

    return odds_counts


def counted_tables() -> tuple[TableOdds, ...]:
    """:func:`table_odds` for 2 to 8 players, from the counted simulation. Every interval is at
    the confidence (:func:`simultaneous`) that lets all of them, three per table size, hold at once
    with probability :data:`FAMILY_CONFIDENCE`.

    >>> rows = counted_tables()
    >>> [r.players for r in rows] == list(range(2, MAX_PLAYERS + 1)), rows[0].extension.total
    (True, 50000)
    """
    confidence = simultaneous(counted_intervals())
    rows = []
    for players, chunks in _counts().TABLES.items():
        extended, rescued, changed = (sum(chunk[i] for chunk in chunks) for i in range(3))
        total = TABLE_CHUNK * len(chunks)
        rows.append(TableOdds(players, Estimate(extended, total, False, confidence),
                              Estimate(rescued, total - extended, False, confidence),
                              Estimate(changed, total, False, confidence)))
    return tuple(rows)


def counted_intervals() -> int:
    """How many simulated intervals :func:`counted_tables` gives: three per table size, the family
    that holds at once with probability :data:`FAMILY_CONFIDENCE`."""
    return 3 * len(_counts().TABLES)


def start_odds(first: Sequence[Card]) -> HandOdds:
    """The exact odds of :func:`hand_odds` from the first two own cards, read from the counted
    table (suits only matter through flushes, so every pair of a class has the same odds).

    >>> from engine.cards import parse_cards
    >>> start_odds(parse_cards("9h 8h")).kills.text()
    '44,5\xa0%'

    :raises EngineError: without two different cards.
    """
    counts = _counts()
    first = tuple(first)
    if len(first) != 2:
        raise EngineError(f"Las primeras cartas son 2 (recibidas {len(first)}).")
    _unseen(first)
    _combinations, *hits = counts.STARTS[starting_hand(first)]
    return HandOdds(*(Estimate(count, counts.START_DEALS, True) for count in hits))


def any_hand_odds() -> HandOdds:
    """The exact odds of :func:`hand_odds` for a hand of which nothing is known: the odds of the
    1,326 pairs of first cards, averaged.

    >>> any_hand_odds().kills.total == math.comb(52, 2) * math.comb(50, 3) * math.comb(47, 3)
    True
    """
    counts = _counts()
    pairs = sum(row[0] for row in counts.STARTS.values())
    hits = [sum(row[0] * row[i] for row in counts.STARTS.values()) for i in (1, 2, 3)]
    return HandOdds(*(Estimate(count, pairs * counts.START_DEALS, True) for count in hits))
