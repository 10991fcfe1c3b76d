"""How a bot chooses, from its view and its estimates: three styles, one rule set.

Strength is measured against a fair share: with ``n`` players still in, a player who wins more than
``1/n`` of the time holds more than his part. A style is a handful of numbers (:class:`Style`): how
far above the fair share it bets and raises, the margin it asks over the pot odds before calling,
how often it bets without the cards (mostly when it already kills the Aces, since a lone player
collects only then), its bet sizes in no-limit and how much it shows when it chooses how a card
comes. Acting last in the round (nobody left to speak after it) makes every style bet a little
more often.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ... import spanish
from ...table.bots import Decision
from ...table.bots import Style as BaseStyle
from ...table.coach import SAMPLES, spot_seed
from ...table.words import did
from .hand import MataAsesHand
from .bot_estimate import Estimate, estimate
from .bot_view import BotView, view_of

__all__ = ["STYLES", "Style", "choose", "choose_at", "coach_estimate", "decide", "equity_detail"]


@dataclass(frozen=True, kw_only=True)
class Style(BaseStyle):
    """A style's Mata Ases figures, beside the ones every game uses (:class:`engine.table.bots.Style`:
    ``margin``, extra equity over the pot odds before calling; ``bluff``, the chance of betting without
    the cards, doubled when it already kills the Aces; ``size``, a no-limit bet as a fraction of the pot)."""

    #: Bet when the equity is at least this many fair shares (this much less when acting last).
    bet: float
    #: Raise (no-limit) from this many fair shares.
    raise_: float
    #: Chance of keeping the closed card hidden («aire») when it helps, and when it does not.
    hide_strong: float
    hide_weak: float


STYLES: dict[str, Style] = {
    "prudente": Style(name="prudente", bet=1.45, raise_=2.1, margin=0.06, bluff=0.02, size=0.5,
                      hide_strong=0.9, hide_weak=0.5),
    "equilibrado": Style(name="equilibrado", bet=1.2, raise_=1.75, margin=0.0, bluff=0.06, size=0.7,
                         hide_strong=0.75, hide_weak=0.3),
    "agresivo": Style(name="agresivo", bet=1.0, raise_=1.4, margin=-0.04, bluff=0.14, size=0.95,
                      hide_strong=0.45, hide_weak=0.15),
}
#: A pot nobody wins goes on to an extension: the bot counts this much of its fair share of it.
CARRY_WORTH = 0.6
#: Acting last lowers the bet threshold by this many fair shares.
LAST_BONUS = 0.15
#: Chips the bot expects rivals to add later when it wins, per rival and betting round still to
#: come, in minimum bets (what calling now may bring later: the "implied odds").
IMPLIED = 0.5
#: Betting rounds still to come after the round of each street.
ROUNDS_LEFT = {1: 3, 3: 2, 4: 1, 5: 0}


def pct(value: float) -> str:
    return spanish.percent(value, 0)


#: A bot's hand in its reasons at the free table: never its closed cards, which nobody at the table saw
#: (issue 51: a card never shown is never named; «Ver las cartas de todos» shows them after the hand).
HIDDEN_HAND = "lo que tiene"


def choose(hand: MataAsesHand, player: str, style: str, seed: int, *,
           hidden: bool = False) -> tuple[Decision, Estimate | None]:
    """The decision of ``player`` (who must be to act) with ``style``, from his view and ``seed``;
    ``hidden``: his reason names none of his closed cards (a bot at the free table).

    The bot's randomness (trials and mixed choices) is seeded by ``seed``, the style and the visible
    state, so the same visible state gives the same decision.
    """
    return choose_at(view_of(hand, player), style, seed, hidden=hidden)


def choose_at(view: BotView, style: str, seed: int, *, name: str | None = None,
              est: Estimate | None = None, trials: int | None = None,
              hidden: bool = False) -> tuple[Decision, Estimate | None]:
    """:func:`choose` from a view already taken (the coach keeps the reader's); ``name`` is who the
    reason speaks of (default: the view's player); ``est``: chances already reckoned for this view (the
    coach's, :func:`coach_estimate`), used instead of the bot's own quick estimate; ``trials``: the quick
    estimate's (default: its own); ``hidden``: as in :func:`choose`."""
    rng = random.Random(f"{seed}|{style}|{view.key()}")
    if view.phase == "bet" and est is None:
        est = estimate(view, rng, trials)
    elif view.phase != "bet":
        est = None
    return decide(view, est, STYLES[style], rng, name=name, hidden=hidden), est


def coach_estimate(view: BotView) -> tuple[Estimate, float] | None:
    """The coach's chances at a betting ``view`` and the equity every style compares with its thresholds:
    :data:`engine.table.coach.SAMPLES` deals drawn with a seed made of the view alone (the same every time),
    so the equity's 95 % margin is at most :data:`engine.table.coach.MARGIN`; None outside the betting."""
    if view.phase != "bet":
        return None
    key = view.key()
    if key not in _COACHED:
        if len(_COACHED) >= 64:  # the oldest goes: a session asks again about its own recent spots
            del _COACHED[next(iter(_COACHED))]
        est = estimate(view, random.Random(spot_seed(key)), SAMPLES)
        _COACHED[key] = est, _equity(view, est)[0]
    return _COACHED[key]


#: The coach's recent estimates by view (:meth:`BotView.key`): asking again costs nothing.
_COACHED: dict[str, tuple[Estimate, float]] = {}


def decide(view: BotView, est: Estimate | None, style: Style, rng: random.Random, *,
           name: str | None = None, hidden: bool = False) -> Decision:
    """The decision for ``view.player`` (``est`` may be None in the card phase), its reason about ``name``
    (``hidden``: naming none of his closed cards)."""
    if view.phase == "card":
        return _card(view, style, rng, name or view.player, hidden)
    assert est is not None
    worded = replace(est, holding=HIDDEN_HAND) if hidden else est
    return replace(_bet(view, worded, style, rng, name or view.player), **_figures(view, est, style))


def _equity(view: BotView, est: Estimate) -> tuple[float, float]:
    """The player's equity (his wins, and his fair share of a pot carried to an extension) and that fair share."""
    fair = 1 / (len(view.live_rivals) + 1)
    return est.win + CARRY_WORTH * fair * est.carry, fair


def equity_detail(est: Estimate) -> str:
    """What a Mata Ases equity is made of (:func:`_equity`), in words, so that the styles' own figures add up."""
    text = f"ganas el pozo el {spanish.percent(est.win, 1)} de las veces"
    if est.carry:
        text += (f"; el {spanish.percent(est.carry, 1)} nadie mata los Ases y el pozo pasa a la extensión, donde "
                 f"los bots cuentan el {pct(CARRY_WORTH)} de la parte que te toca")
    return text


def _figures(view: BotView, est: Estimate, style: Style) -> dict:
    """The figures of a betting decision: ``equity``; facing a bet, ``pot_odds`` (the call against what it
    plays for) and ``needed`` (what the style asks: the price counting the rounds to come, and its margin)."""
    equity, _ = _equity(view, est)
    call = view.option("call")
    if call is None:
        return {"equity": equity}
    cost = call["amount"]
    later = IMPLIED * view.minimum * ROUNDS_LEFT[view.street] * len(view.live_rivals)
    return {"equity": equity, "pot_odds": cost / view.winnable, "needed": cost / (view.winnable + later) + style.margin}


# --------------------------------------------------------------------------------------------- cards

def _helps(view: BotView, card) -> bool:
    """The closed card pairs an open card (own or ayuda) or is an Ace: showing it tells a lot."""
    shown = [c for c, is_open in zip(view.own, view.own_open) if is_open] + list(view.ayudas)
    return card.rank == 14 or any(c.rank == card.rank for c in shown)


def _card(view: BotView, style: Style, rng: random.Random, p: str, hidden: bool = False) -> Decision:
    closed = view.closed
    if not closed:
        return Decision("down", None, f"{did(p, 'down', end='')}: no le queda ninguna carta tapada y así la "
                                      "nueva no se ve.")
    card = closed[0]
    name = spanish.card_name(card, article=True)
    strong = _helps(view, card)
    hide = rng.random() < (style.hide_strong if strong else style.hide_weak)
    if hide and strong:
        which = "" if hidden else f", {name},"
        return Decision("up", None, f"{did(p, 'up', end='')}: su carta tapada{which} le ayuda y "
                                    "prefiere que los demás no la vean.")
    if hide:
        return Decision("up", None, f"{did(p, 'up', end='')}: prefiere no enseñar nada de lo que "
                                    "tiene tapado.")
    if strong:
        return Decision("down", None, f"{did(p, 'down', end='')}: enseña {name}, que le ayuda, para mostrar "
                                      "fuerza, y la carta nueva le llega tapada.")
    return Decision("down", None, f"{did(p, 'down', end='')}: enseña {name}, que no le ayuda, y la carta nueva "
                                  "le llega tapada.")


# --------------------------------------------------------------------------------------------- bets

def _size(view: BotView, low: int, high: int, wanted: float) -> int:
    """A round amount near ``wanted`` within ``[low, high]``; close to everything means everything."""
    unit = max(1, view.minimum // 2)
    amount = int(-(-wanted // unit) * unit)
    amount = max(low, min(high, amount))
    if amount >= 0.7 * high:
        amount = high
    return amount


def _bet(view: BotView, est: Estimate, style: Style, rng: random.Random, p: str) -> Decision:
    players = len(view.live_rivals) + 1
    equity, fair = _equity(view, est)
    share = equity / fair
    kill = f"mata los Ases el {pct(est.kill)}"
    chances = f"calcula que gana el pozo el {pct(est.win)} de las veces ({kill})"
    part = f"su parte entre {players} jugadores es el {pct(fair)}"
    last = view.behind == 0 and players > 1
    call, bet, raise_ = view.option("call"), view.option("bet"), view.option("raise")

    if call is not None:
        cost = call["amount"]
        final = view.winnable  # what a call plays for: a bet it cannot match in full partly goes back
        odds = cost / final
        later = IMPLIED * view.minimum * ROUNDS_LEFT[view.street] * len(view.live_rivals)
        needed = cost / (final + later)
        if raise_ is not None and share >= style.raise_ and equity > odds:
            wanted = view.target + style.size * (final + (view.target - view.bet))
            total = _size(view, raise_["min"], raise_["max"], wanted)
            return Decision("raise", total, f"{did(p, 'raise', total, end='')}: con {est.holding} {chances}, muy por "
                                            f"encima de lo que le toca: {part}.")
        cheap = cost * 10 <= final and equity >= 0.05
        if equity >= needed + style.margin or cheap:
            all_in = " aunque eso sea todo lo que le queda" if cost == view.stack else ""
            head = f"{did(p, 'call', cost, end='')}{all_in}: {chances}"
            if equity >= odds:
                return Decision("call", None, f"{head}, y pagar {spanish.amount(cost)} para un pozo de {spanish.amount(final)} exige "
                                              f"ganar el {pct(odds)}: le compensa.")
            if cheap:
                return Decision("call", None, f"{head}, y {spanish.amount(cost)} es poco para un pozo de {spanish.amount(final)}.")
            rounds = ROUNDS_LEFT[view.street]
            if equity < needed:  # below the price only by the style's margin: it will not be bluffed out
                return Decision("call", None, f"{head}: algo menos del {pct(odds)} que exige el pozo de "
                                              f"{spanish.amount(final)}, pero prefiere ver las cartas a dejarse echar.")
            return Decision("call", None, f"{head}: menos del {pct(odds)} que exige ahora el pozo de {spanish.amount(final)}, "
                                          f"pero {'queda' if rounds == 1 else 'quedan'} {spanish.count_word(rounds)} "
                                          f"{'ronda' if rounds == 1 else 'rondas'} de apuestas en las que puede ganar "
                                          "más fichas si acierta.")
        return Decision("fold", None, f"{did(p, 'fold', end='')}: {chances}, y pagar {spanish.amount(cost)} para un pozo de "
                                      f"{spanish.amount(final)} exigiría ganar el {pct(odds)}"
                                      + (", o algo menos contando las rondas que quedan." if later else "."))

    if bet is not None:
        threshold = style.bet - (LAST_BONUS if last else 0.0)
        bluff = style.bluff * (2 if est.kills_now else 0.5)
        value = share >= threshold
        if value or rng.random() < bluff:
            size = style.size * (1.25 if share >= style.raise_ else 1.0)
            amount = _size(view, bet["min"], bet["max"], size * view.pot) if view.betting != "fixed" else bet["min"]
            where = " Además habla el último de la ronda." if last and share < style.bet else ""
            if value and est.win >= fair:
                return Decision("bet", amount, f"{did(p, 'bet', amount, end='')}: con {est.holding} {chances}, más de "
                                               f"lo que le toca: {part}.{where}")
            if value:
                return Decision("bet", amount, f"{did(p, 'bet', amount, end='')}: con {est.holding} {chances}, y el "
                                               f"{pct(est.carry)} de las veces nadie los mata y el pozo sigue en la "
                                               f"extensión; en conjunto, más de lo que le toca: {part}.{where}")
            if est.kills_now:
                return Decision("bet", amount, f"{did(p, 'bet', amount, end='')} aunque solo gana el {pct(est.win)} de "
                                               f"las veces: ya mata los Ases con {est.holding}, así que le basta con "
                                               "que nadie pague.")
            return Decision("bet", amount, f"{did(p, 'bet', amount, end='')} de farol: solo gana el {pct(est.win)} de "
                                           "las veces, pero quiere que los demás se retiren.")
    if view.option("check") is not None:
        if est.win > fair:
            return Decision("check", None, f"{did(p, 'check', end='')}: {chances}, algo más de lo que le toca ({part}), pero no "
                                           "tanto como para poner fichas.")
        return Decision("check", None, f"{did(p, 'check', end='')}: {chances}, no más de lo que le toca ({part}), así que no "
                                       "pone fichas.")
    raise AssertionError(f"no decision among {view.options}")
