"""The value in chips of each legal action at one of the reader's decisions, by Monte Carlo over the worlds
his seat could not tell apart, weighed by what the bots did and drawn again by weight (every game, one
mechanism).

A world is the hand dealt again with every card the reader did not see at that decision drawn anew
(:meth:`~engine.table.game.Worlds.world`): the others' hidden cards and the cards still to come. The
hand's decisions up to his are replayed on it, and each bot decision asks that bot's own policy
(:meth:`~engine.table.game.TableGame.policy`, its style, a seed of the world) what it would have done with
the world's cards: the world weighs 1 for each decision the policy repeats and :data:`TREMBLE` for each it
does not (Bayes over the engine's policies, a small tremble so that no world the actions merely make
unlikely is thrown away). Up to :data:`WORLDS` worlds are weighed, then :data:`PLAYED` play-outs made:
where the weights differ, half as many worlds drawn by their weights (sampling importance resampling: a
world the bots' actions make likely may be drawn more than once, one they make unlikely seldom), each
played twice with other seeds; where the weights are alike, the first :data:`PLAYED` worlds, once each. A
play-out takes each candidate action in the world and plays the hand out by the bots' policies and, in the
reader's seat, the reference style (:data:`REFERENCE`), with the same seeds for every candidate (their
differences are measured on the same worlds). The figure of an action is the reader's stack at the end
minus his stack before it, averaged over the play-outs, with its 95 % margin (:func:`sampled`): what the
seeds add within a world, over how many play-outs there were, and what the worlds themselves are worth,
over how many distinct worlds were played and how many the weights left.

Everything is seeded from the spot's public data (:func:`public_seed`: what the reader's seat saw and the
decisions so far), never from the table's seed: the real hidden cards play no part in any figure.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Generator

from ..table.bots import MAX_SEED

__all__ = ["BUDGET", "PLAYED", "REFERENCE", "TREMBLE", "WORK", "WORLDS", "Candidate", "Estimate", "Value", "candidates",
           "estimate", "estimate_steps", "public_seed", "sampled"]

#: Worlds per decision: :data:`PLAYED` played to the end; at least as many weighed, then more while the
#: bots' policies have been asked fewer than :data:`WORK` times while weighing and the weights differ, at
#: most :data:`WORLDS` (a count, not a clock: the same worlds every time).
PLAYED = 12
WORK = 150
WORLDS = 48
#: The deals a bot's estimate draws in a world (its usual budget is larger: the same policy, a coarser
#: estimate; each world draws its own, so their noise averages out).
BUDGET = 16
#: The weight a world keeps for each bot decision its policy would not have made there.
TREMBLE = 0.05
#: The style that plays the reader's seat after the decision under review.
REFERENCE = "equilibrado"
#: A bet or raise the reader did not make is valued at this share of the pot (within the legal range),
#: unless the reference style would make it: then at its size.
BET_SHARE = 2 / 3
#: 95 % of a normal distribution lies within this many standard deviations.
Z95 = 1.96
#: A world's hand ends within this many decisions (a guard: every hand ends far sooner).
MAX_STEPS = 400


@dataclass(frozen=True)
class Candidate:
    """A legal action valued: ``action`` and ``amount`` (a bet or raise's round total)."""

    action: str
    amount: int | None = None


@dataclass(frozen=True)
class Value:
    """A weighted average and its 95 % margin."""

    mean: float
    margin: float


@dataclass
class Estimate:
    """What the worlds of one decision say: each candidate's :class:`Value` (``values``, in chips), the
    reader's share of the pot when everybody checks and calls to the end against the holdings the bots'
    actions left (``equity``) and against holdings at random (``prior``), how many worlds were weighed
    (``worlds``) and their effective number (``effective``: how many equally weighted worlds they are
    worth)."""

    values: dict[Candidate, Value] = field(default_factory=dict)
    equity: Value | None = None
    prior: float | None = None
    worlds: int = 0
    effective: float = 0.0
    #: Each candidate's chips world by world (the same worlds played for all of them), the world each was
    #: played in, and the effective number of the worlds weighed when those were drawn by weight (None:
    #: drawn at random alike).
    samples: dict[Candidate, list[float]] = field(default_factory=dict)
    played: list[int] = field(default_factory=list)
    first: float | None = None

    def difference(self, a: Candidate, b: Candidate) -> Value:
        """``a``'s value minus ``b``'s, world by world: its margin is far narrower than theirs (the same worlds
        and seeds play both)."""
        return sampled([x - y for x, y in zip(self.samples[a], self.samples[b])], self.played, self.first)


def public_seed(game_id: str, view, decisions: list[dict]) -> int:
    """The review's seed at a decision: from the reader's view and the decisions before it, nothing else."""
    return random.Random(f"review|{game_id}|{view!r}|{decisions!r}").randrange(MAX_SEED)


def sampled(values: list[float], worlds: list[int] | None = None, first: float | None = None) -> Value:
    """The mean of ``values`` (one per play-out) with its 95 % margin. Worlds drawn at random alike (``first``
    None), each played once: the values' spread over the root of their number. Worlds drawn by weight from
    others (``worlds``: the world each value was played in, some more than once with other seeds;
    ``first``: the effective number of the worlds weighed): what the seeds add within a world over how many
    play-outs there were, and what the worlds themselves are worth (the rest of the spread) over how many
    distinct worlds were played and how many the weights left (a one-way analysis of variance; with no world
    played twice, all of the spread is the worlds').

    >>> sampled([10.0, 20.0]).mean
    15.0
    >>> round(sampled([10.0, 20.0, 30.0]).margin, 2)
    11.32
    >>> round(sampled([10.0, 20.0, 30.0], [1, 2, 3], 3.0).margin, 2)  # every world once: all of the spread
    16.0
    >>> round(sampled([10.0, 12.0, 30.0, 28.0], [1, 1, 2, 2], 2.0).margin, 2)  # the worlds tell apart
    20.35
    >>> round(sampled([10.0, 30.0, 12.0, 28.0], [1, 1, 2, 2], 2.0).margin, 2)  # within each: seeds, not worlds
    12.55
    """
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return Value(mean, 0.0)
    variance = sum((x - mean) ** 2 for x in values) / (n - 1)
    if first is None:
        return Value(mean, Z95 * math.sqrt(variance / n))
    groups: dict[int, list[float]] = {}
    for world, x in zip(worlds, values):
        groups.setdefault(world, []).append(x)
    repeated = [g for g in groups.values() if len(g) > 1]
    within, between = 0.0, variance
    if repeated:
        within = sum(sum((x - sum(g) / len(g)) ** 2 for x in g) for g in repeated) / sum(len(g) - 1 for g in repeated)
        between = max(0.0, variance - within)
    return Value(mean, Z95 * math.sqrt(within / n + between * (1 / len(groups) + 1 / first)))


def resampled(weighed: list[tuple[int, float]], count: int, draw: random.Random) -> list[int]:
    """``count`` of the ``(seed, weight)`` worlds drawn by weight (systematic resampling: one random offset,
    then evenly spaced), in their order; a world may come more than once.

    >>> resampled([(1, 1.0), (2, 0.0), (3, 1.0)], 4, random.Random(0))
    [1, 1, 3, 3]
    """
    total = sum(w for _, w in weighed)
    step = total / count
    point = draw.random() * step
    chosen, reached, index = [], weighed[0][1], 0
    for _ in range(count):
        while reached < point and index + 1 < len(weighed):
            index += 1
            reached += weighed[index][1]
        chosen.append(weighed[index][0])
        point += step
    return chosen


def candidates(game, view, move, seed: int) -> list[Candidate]:
    """The actions valued at ``view``: every legal one (a fold only where checking is not free, or where the
    reader folded), a bet or raise at the reader's amount if he made it, else at the reference style's or
    :data:`BET_SHARE` of the pot."""
    kinds = {o["action"] for o in view.options}
    reference = game.policy(view, REFERENCE, seed)
    out = []
    for option in view.options:
        action = option["action"]
        if action == "fold" and "check" in kinds and move.action != "fold":
            continue
        if action in ("bet", "raise"):
            if move.action == action and move.amount is not None:
                wanted = move.amount
            elif reference.action == action and reference.amount is not None:
                wanted = reference.amount
            else:
                wanted = round(view.pot * BET_SHARE) + (view.bet + view.to_call if action == "raise" else 0)
            out.append(Candidate(action, max(option["min"], min(option["max"], wanted))))
        else:
            out.append(Candidate(action))
    return out


class _World:
    """One world of a decision: the table's deal drawn from ``seed``, the decisions before it replayed, the
    rest of the hand played with the bots' seeds drawn from ``play`` (by default ``seed``: a world played
    twice plays on with other seeds)."""

    def __init__(self, game, table, view, decisions: list[dict], styles: dict, reader: str, seed: int,
                 play: int | None = None) -> None:
        self.game, self.table, self.view, self.decisions = game, table, view, decisions
        self.styles, self.reader, self.seed = styles, reader, seed
        self.play = seed if play is None else play
        #: How many times the bots' policies were asked in this world.
        self.asked = 0

    def policy(self, view, style: str, seed: int):
        self.asked += 1
        return self.game.policy(view, style, seed, budget=BUDGET)

    def dealt(self, *, weigh: bool = False):
        """The world at the decision (hand, dealer's steps), and its weight when ``weigh``."""
        hand, deal = self.table.world(self.view, random.Random(self.seed))
        weights = []
        for index, decision in enumerate(self.decisions):
            player = hand.to_act
            if weigh and player in self.styles:
                view = self.game.seat_view(hand, player)
                chosen = self.policy(view, self.styles[player], self.seed + index)
                weights.append((hand.deal_index, 1.0 if chosen.action == decision["action"] else TREMBLE))
            hand.act(player, decision["action"], decision.get("amount"))
            if deal is not None:
                deal(hand)
        weight = math.prod(w for at, w in weights if at == hand.deal_index)  # this deal's decisions only
        return hand, deal, weight

    def share(self) -> float:
        """The reader's share of the pot when everybody checks and calls to the end in this world."""
        hand, deal, _ = self.dealt()
        pot = hand.pot
        before, mine, everyone = self.play_out(hand, deal, None)
        return (hand.stacks[self.reader] - before + mine) / max(1, pot + everyone)

    def play_out(self, hand, deal, first: Candidate | None) -> tuple[int, int, int]:
        """The hand played to its end from the decision (``first``: the reader's action; None: everybody checks
        and calls); the reader's stack before, his chips put in from then on and the chips everybody put in."""
        before = hand.stacks[self.reader]
        mine = everyone = 0
        for step in range(MAX_STEPS):
            if hand.over:
                break
            player = hand.to_act
            view = self.game.seat_view(hand, player)
            passive = _passive(view) if first is None else None
            if step == 0 and first is not None:
                action, amount = first.action, first.amount
            elif passive is not None:
                action, amount = passive, None
            else:
                style = self.styles.get(player, REFERENCE)
                chosen = self.policy(view, style, self.play + 7919 * (step + 1))
                action, amount = chosen.action, chosen.amount
            put = _put(view, action, amount)
            mine += put if player == self.reader else 0
            everyone += put
            hand.act(player, action, amount if action in ("bet", "raise") else None)
            if deal is not None:
                deal(hand)
        return before, mine, everyone


def _passive(view) -> str | None:
    """Check where it is free, else call; None where neither is offered (how a card comes: the policy's)."""
    kinds = {o["action"] for o in view.options}
    return "check" if "check" in kinds else "call" if "call" in kinds else None


def _put(view, action: str, amount) -> int:
    """The chips an action puts in the middle."""
    if action == "call":
        return view.to_call
    if action in ("bet", "raise"):
        return amount - view.bet
    return 0


def estimate(game, table, view, decisions: list[dict], at: int, move, styles: dict, reader: str,
             *, worlds: int = WORLDS, work: int | None = WORK, played: int = PLAYED) -> Estimate:
    """The :class:`Estimate` of the reader's decision ``decisions[at]`` (his ``move``) at ``view``: ``worlds``
    weighed at most, and no more once the policies were asked ``work`` times (None: all of them); ``played``
    of them played to the end."""
    steps = estimate_steps(game, table, view, decisions, at, move, styles, reader, worlds=worlds, work=work,
                           played=played)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def estimate_steps(game, table, view, decisions: list[dict], at: int, move, styles: dict, reader: str,
                   *, worlds: int = WORLDS, work: int | None = WORK, played: int = PLAYED
                   ) -> Generator[int, None, Estimate]:
    """:func:`estimate` world by world: yields how many worlds are done (weighed, then played) after each (a
    place where the worker may pause and see a cancellation) and returns the :class:`Estimate`."""
    seed = public_seed(game.id, view, decisions[:at])
    draw = random.Random(seed)
    options = candidates(game, view, move, seed)

    def world(world_seed: int, play: int | None = None) -> _World:
        return _World(game, table, view, decisions[:at], styles, reader, world_seed, play)
    weighed: list[tuple[int, float]] = []
    asked = 0
    for number in range(max(worlds, played)):
        if number >= played and (len({w for _, w in weighed}) == 1 or work is not None and asked >= work):
            break  # alike weights: a sample as it is; else as many as the work allows
        one = world(draw.randrange(MAX_SEED))
        weighed.append((one.seed, one.dealt(weigh=True)[2]))
        asked += one.asked
        yield number + 1
    weights = [w for _, w in weighed]
    alike = len(set(weights)) == 1
    # Drawn by weight, each world is played twice with other seeds: what the seeds add within a world is
    # told apart from what the worlds are worth (sampled).
    chosen = ([s for s, _ in weighed[:played]] if alike else
              [s for s in resampled(weighed, (played + 1) // 2, draw) for _ in range(2)][:played])
    effective = sum(weights) ** 2 / sum(w * w for w in weights)
    first = None if alike else effective  # drawn by weight: the draw's own uncertainty counts (sampled)
    results: dict[Candidate, list[float]] = {c: [] for c in options}
    shares = []
    for k, world_seed in enumerate(chosen):
        one = world(world_seed, draw.randrange(MAX_SEED))
        for option in options:
            hand, deal, _ = one.dealt()
            before, _, _ = one.play_out(hand, deal, option)
            results[option].append(hand.stacks[reader] - before)
        shares.append(one.share())
        yield len(weighed) + k + 1
    prior = shares if alike else [world(s).share() for s, _ in weighed[:played]]  # holdings at random
    return Estimate({c: sampled(xs, chosen, first) for c, xs in results.items()}, sampled(shares, chosen, first),
                    sum(prior) / len(prior), len(weighed), effective, results, chosen, first)
