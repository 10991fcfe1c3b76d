"""The bots' decisions: the pre-flop chart, then equity against random hands and pot odds.

- Before the flop (:mod:`.bot_chart`): a hand's score against thresholds by the players still to act,
  the raises so far and the style; with a short effective stack (:data:`SHORT_BB` big blinds or
  fewer) a raise is all-in. A small price to complete or call (the blinds) is paid with less.
- After the flop: the equity of the hole cards against as many random hands as there are live
  opponents, consistent with what the player sees (:func:`engine.games.holdem.equity.equity`,
  :func:`samples_for` deals drawn from the seed). Nobody has bet: bet for value above the style's line,
  bluff now and then below it (heads-up or three-way, more in position). Facing a bet: the pot odds
  say the equity a call needs; call above it (plus the style's margin), raise well above, fold
  below (a free check is never folded).
- Amounts: whole chips within the legal range; when what would be left is small next to the pot,
  all-in.

The styles (:data:`STYLES`) differ in every threshold: «prudente» plays fewer hands and bluffs
rarely, «agresivo» opens wider, bets and raises more, «equilibrado» sits between.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, replace
from fractions import Fraction

from .equity import equity, versus_random
from .bot_texts import against
from ...table.coach import SAMPLES, Reckoning, spot_seed
from . import bot_chart as chart
from ...table.bots import Decision
from ...table.bots import Style as BaseStyle
from .bot_view import BotView

__all__ = ["COACH_EXACT", "EVALUATIONS", "samples_for", "SHORT_BB", "STYLES", "Style", "coach_equity", "decide", "equity_of"]

#: Hand evaluations an equity may take (a small fixed budget: the answer is a sensible bet, not a
#: figure): :func:`samples_for` deals drawn, fewer the more opponents there are.
EVALUATIONS = 360
#: The most hand evaluations the coach's exact count may take (:func:`coach_equity`): heads-up on the turn
#: (45.540 deals) fits; a heads-up flop (1.070.190 deals) takes several seconds in the browser of a cheap
#: phone, so it is drawn instead, within a point.
COACH_EXACT = 150_000
#: At this effective stack (in big blinds) or less a pre-flop raise is all-in.
SHORT_BB = 12
#: Equity over the pot odds asked per bet or raise faced before the flop, for a call below the chart.
PREMIUM = 0.03


@dataclass(frozen=True, kw_only=True)
class Style(BaseStyle):
    """A style's Hold'em figures, beside the ones every game uses (:class:`engine.table.bots.Style`)."""

    value: float        # equity (against random hands) to bet for value after the flop
    raise_at: float     # equity to raise a bet
    open_size: float    # a pre-flop open raise, in big blinds


STYLES: dict[str, Style] = {s.name: s for s in (
    Style(name="prudente", value=0.66, bluff=0.04, margin=0.08, raise_at=0.85, size=0.5, open_size=2.5),
    Style(name="equilibrado", value=0.58, bluff=0.12, margin=0.03, raise_at=0.78, size=0.65, open_size=3.0),
    Style(name="agresivo", value=0.52, bluff=0.28, margin=0.0, raise_at=0.70, size=0.8, open_size=3.0),
)}


def samples_for(opponents: int) -> int:
    """Deals drawn for an equity against ``opponents`` random hands: :data:`EVALUATIONS` in all, at least 40.

    >>> samples_for(1), samples_for(9)
    (180, 40)
    """
    return max(40, EVALUATIONS // (opponents + 1))


def _rng(view: BotView, seed: int) -> random.Random:
    return random.Random(seed * 1_000_003 + view.actions)


def _sized(view: BotView, action: str, target: int) -> tuple[int, bool]:
    """``target`` as a legal total for ``action`` (bet or raise): within [min, max]; all-in when what
    would be left behind is small next to the pot."""
    option = view.option(action)
    low, high = option["min"], option["max"]
    amount = max(low, min(high, int(target)))
    left = high - amount
    if left * 3 < view.pot + 2 * amount or amount * 10 >= high * 7:
        amount = high
    return amount, amount == high


def _aggress(view: BotView, target: int, why: str, **figures) -> Decision | None:
    """A bet or raise to ``target`` (None when neither is offered)."""
    action = "raise" if view.option("raise") else "bet" if view.option("bet") else None
    if action is None:
        return None
    amount, all_in = _sized(view, action, target)
    return Decision(action, amount, why=why, all_in=all_in, **figures)


def _passive(view: BotView, why: str, **figures) -> Decision:
    """Check when free, else call."""
    if view.option("check"):
        return Decision("check", None, why=why, **figures)
    return Decision("call", view.option("call")["amount"], why=why, all_in=view.to_call >= view.stack, **figures)


def _no_raise(view: BotView) -> str:
    """Why a bot that would raise cannot (see :class:`engine.table.bots.Decision`)."""
    if view.to_call >= view.stack:
        return "stack"
    if view.able == 0:
        return "all-in"
    return "closed"


def _give_up(view: BotView, why: str, **figures) -> Decision:
    """Fold, or check when checking is free (never fold a free check)."""
    if view.option("check"):
        return Decision("check", None, why="free", **figures)
    return Decision("fold", None, why=why, **figures)


def _preflop(view: BotView, style: Style, rng: random.Random, reckon) -> Decision:
    points = chart.score(*view.hole)
    bb = view.big_blind
    all_in = (view.option("raise") or view.option("bet") or {"max": 0})["max"]
    price = Fraction(view.to_call, view.winnable) if view.to_call else Fraction(0)
    figures = {"score": points}
    if view.raises == 0:  # nobody has raised: open, limp in cheaply, or check the big blind
        line = chart.open_threshold(behind=view.behind, style=style.name)
        figures["threshold"] = line
        if points >= line:
            short = view.effective_bb <= SHORT_BB
            target = short and all_in or round(style.open_size * bb + view.pot - 1.5 * bb)
            return (_aggress(view, target, "open-short" if short else "open", **figures)
                    or _passive(view, "open-capped", no_raise=_no_raise(view), **figures))
        if view.option("check"):
            return Decision("check", None, why="free", **figures)
        if view.to_call * 2 <= bb and points >= line - 3:  # the small blind completes cheaply
            return Decision("call", view.to_call, why="cheap", pot_odds=float(price), **figures)
        # «weak» only when the chart would not open it even with one player behind (the small blind's seat)
        weak = points < chart.open_threshold(behind=1, style=style.name)
        return Decision("fold", None, why="weak" if weak else "weak-here", **figures)
    line = chart.reraise_threshold(style=style.name, raises=view.raises)
    if points >= line:
        figures["threshold"] = line
        target = view.effective_bb <= SHORT_BB * 2 and all_in or 3 * (view.bet + view.to_call)
        return (_aggress(view, target, "reraise", **figures)
                or _passive(view, "reraise-capped", no_raise=_no_raise(view), **figures))
    line = chart.call_threshold(behind=view.behind, style=style.name, raises=view.raises)
    figures["threshold"] = line
    cheap = price <= Fraction(1, 4) and view.to_call <= 4 * bb
    if points >= line or (cheap and points >= line - 3):
        return _passive(view, "call-chart" if points >= line else "cheap", pot_odds=float(price), **figures)
    # Below the chart, the price may still be right: the equity against random hands, asked for more
    # the more raises there were (a raiser's hand is better than a random one).
    eq = reckon()
    needed = float(price) + style.margin + PREMIUM * view.raises
    if eq >= needed:
        return _passive(view, "odds", pot_odds=float(price), equity=eq, needed=needed, **figures)
    return _give_up(view, "weak-raised", pot_odds=float(price), equity=eq, needed=needed, **figures)


def equity_of(view: BotView, seed: int, samples: int | None = None) -> float:
    """The equity the bots reckon at ``view``: its hole cards against as many random hands as live
    opponents, the board completed (:func:`samples_for` deals drawn from ``seed`` and the view)."""
    hands = {"me": view.cards[:2], **{f"r{i}": () for i in range(view.opponents)}}
    result = equity(hands, view.cards[2:], samples=samples or samples_for(view.opponents), seed=seed * 1_000_003 + view.actions)
    return float(result.equity(0))


def coach_equity(view: BotView) -> Reckoning:
    """The coach's one equity at ``view`` (:class:`engine.table.coach.Reckoning`): the hole cards against as
    many random hands as live opponents, counted exactly against one or two hands from the turn on
    (:func:`engine.games.holdem.equity.versus_random`) and wherever every deal fits :data:`COACH_EXACT`,
    otherwise :data:`engine.table.coach.SAMPLES` deals seeded by what the seat sees; the same every time."""
    return _coach_equity(tuple(view.cards), view.opponents)


@functools.lru_cache(maxsize=64)
def _coach_equity(cards: tuple, opponents: int) -> Reckoning:
    counted = versus_random(cards[:2], cards[2:], opponents)  # one or two hands, from the turn on
    if counted is not None:
        share, deals = counted
        return Reckoning(float(share), against(opponents), True, deals)
    hands = {"me": cards[:2], **{f"r{i}": () for i in range(opponents)}}
    result = equity(hands, cards[2:], seed=spot_seed(*cards, opponents), fallback=SAMPLES, limit=COACH_EXACT)
    value = float(result.equity(0))
    low, high = result.interval(0)
    return Reckoning(value, against(opponents), result.exact, result.boards, max(value - low, high - value))


def _postflop(view: BotView, style: Style, rng: random.Random, reckon) -> Decision:
    eq = reckon()
    pot = view.pot
    if view.to_call == 0:
        figures = {"equity": eq}
        if eq >= style.value:
            return _aggress(view, round(pot * style.size), "value", **figures) or _passive(view, "free", **figures)
        chance = style.bluff * (1.0 if view.opponents == 1 else 0.5 if view.opponents == 2 else 0.0)
        chance *= 1.3 if view.in_position else 0.8
        if view.street != "river" and eq >= 0.3:
            chance *= 1.5  # a semi-bluff: the hand can still improve
        if rng.random() < chance:  # below one chance in two it is a bluff; above, a bet to take the pot now
            why = "bluff" if eq < 0.5 else "semi"
            return _aggress(view, round(pot * style.size), why, **figures) or _passive(view, "free", **figures)
        return Decision("check", None, why="free", **figures)
    price = view.to_call / view.winnable
    figures = {"equity": eq, "pot_odds": price, "needed": price + style.margin}
    if eq >= style.raise_at and view.to_call < view.stack:
        target = view.bet + view.to_call + round((pot + view.to_call) * style.size)
        decision = _aggress(view, target, "raise-value", **figures)
        if decision is not None:
            return decision
    if eq >= figures["needed"]:
        return _passive(view, "odds", **figures)
    return _give_up(view, "no-odds", **figures)


def decide(view: BotView, style: str, seed: int, *, samples: int | None = None,
           equity: float | None = None) -> Decision:
    """The decision of a bot of ``style`` at ``view`` (deterministic for a seed); ``equity``: a figure
    already reckoned for this view (the coach's), compared with the style's thresholds instead of the
    bot's own quick estimate (:func:`equity_of`).

    :raises KeyError: for an unknown style (the command checks it first).
    """
    chosen = STYLES[style]
    rng = _rng(view, seed)

    def reckon() -> float:
        return equity_of(view, seed, samples) if equity is None else equity

    if view.street == "preflop":
        decision = _preflop(view, chosen, rng, reckon)
    else:
        decision = _postflop(view, chosen, rng, reckon)
    if decision.action == "fold" and view.option("check"):  # never fold a free check
        decision = replace(decision, action="check", amount=None, why="free", all_in=False)
    return decision
