"""Settling a Mata Ases hand: showdown, the lone player, pots, extensions and the final split.

A mixin of :class:`~.hand.MataAsesHand`: it works on the hand's state and records what happens.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ...pots import odd_chip_order, split_pot
from ...table.records import (ButtonReturning, ChipsReturning, Extending, HandEnding, PotSplitting, PotUnclaimed,
                              ShareWinning, ShowdownStarting, Showing)
from .showdown import Play, best_play, visible_value
from .pots import Pot, layered_pots, uncalled
from .records import PotResult


def strength(shown: Showing) -> int:
    """A showing's strength among showdown plays (0 for a lone player's incomplete hand)."""
    return shown.play.strength if isinstance(shown.play, Play) else 0


class Settlement:
    """Everything that happens once the betting of a deal is over."""

    def _return_uncalled(self) -> None:
        excess = uncalled(self.contributions)
        if excess is None:
            return
        p, amount = excess
        self.stacks[p] += amount
        self.contributions[p] -= amount
        self.pot -= amount
        self.record(ChipsReturning(p, amount, street=self.street))

    def _showdown(self) -> None:
        self.street = "showdown"
        self.phase = None
        self.to_act = None
        self._return_uncalled()
        order, reason = self.showdown_order()
        self.record(ShowdownStarting(tuple(order), reason, street=self.street))
        shown: dict[str, Showing] = {}
        for p in order:
            play = best_play(self.own[p], self.ayudas)
            self.is_open[p] = [True] * 5
            shown[p] = self.shown[self.deal_index, p] = self.record(Showing(p, play.cards, play, street=self.street))
        self._settle(shown, lone=None)

    def showdown_order(self) -> tuple[list[str], str]:
        """Who shows first at the showdown, then clockwise, and why (``ShowdownStarting.reason``).

        The player who bet or raised last in the final round shows first; if nobody bet, the
        player who opened that round (the best visible hand). After an all-in runout everybody
        shows at once (listed from the button's left); so does everybody after a last round in
        which all checked (their cards are already face up).
        """
        live = self.live()
        if self._running_out:
            return self._dealing_order(live), "all_in"
        already_open = all(all(self.is_open[q]) for q in live)  # everybody checked the last round
        first = self.aggressor if self.aggressor in live else None
        reason = "aggressor"
        if first is None:
            reason = "opener"
            first = self._round_opener if self._round_opener in live else None
            if first is None:  # the opener folded: the next live player on his left
                first = self.clockwise(self._round_opener or self.button, live)[0]
        rest = [q for q in self.clockwise(first, live) if q != first]
        return [first] + rest, "face_up" if already_open else reason

    def _lone(self, p: str) -> None:
        self.street = "showdown"
        self.phase = None
        self.to_act = None
        self._return_uncalled()
        if self.pot == 0:
            self._finish()
            return
        own = self.own[p]
        self.is_open[p] = [True] * len(own)
        if len(own) == 5:
            play = best_play(own, self.ayudas)
        else:
            play = visible_value(own, self.ayudas if self.ayudas_open else ())
        shown = self.shown[self.deal_index, p] = self.record(
            Showing(p, tuple(play.cards), play, lone=True, held=tuple(own), street=self.street))
        self._settle({p: shown}, lone=p)

    def _odd_chip_order(self, players: Sequence[str]) -> list[str]:
        """Who gets an odd chip first: the highest own card by suit (spades > hearts > diamonds >
        clubs), every own card counting, not only those of the play (the stud practice)."""
        return odd_chip_order(players, self.own)

    def _shares(self, amount: int, players: Sequence[str]) -> dict[str, int]:
        return split_pot(amount, self._odd_chip_order(players))

    def _settle(self, shown: dict[str, Showing], *, lone: str | None) -> None:
        pots = layered_pots(self.contributions, self.live(), dead=sum(self.antes.values()))
        if any(s.play.kills_aces for s in shown.values()):
            for index in range(len(pots) - 1, -1, -1):  # side pots first, the main pot last
                pot = pots[index]
                contenders = [q for q in pot.eligible if q in shown]
                best = max(strength(shown[q]) for q in contenders)
                winners = [q for q in contenders if strength(shown[q]) == best]
                qualified = any(shown[q].play.kills_aces for q in contenders)
                self._award(pot, index, len(pots), winners, shown, qualified=qualified, lone=lone is not None)
            self._finish()
            return
        claimants = self.extension_players()
        self.record(PotUnclaimed(self.pot, lone, street=self.street))
        if len(claimants) >= 2 and self.extensions < self.max_extensions:
            self._start_extension(claimants, lone=lone)
            return
        self._split(claimants)
        self._finish()

    def paid_in_this_deal(self, player: str) -> bool:
        """Whether ``player`` put chips in the pot during the current deal (ante included)."""
        bets, antes = self._deal_start
        return self.contributions[player] + self.antes[player] > bets[player] + antes[player]

    def extension_players(self) -> list[str]:
        """Who plays an extension of the current deal, in seat order: the players who paid (put
        chips in the pot during this deal, the ante included, even if they folded later) or
        reached the showdown (the guide: «pagaron o llegaron al showdown»)."""
        return [q for q in self._participants if q not in self.folded or self.paid_in_this_deal(q)]

    def _award(self, pot: Pot, index: int, count: int, winners: list[str], shown: Mapping[str, Showing], *,
               qualified: bool, lone: bool) -> None:
        shares = self._shares(pot.amount, winners)
        self.pot -= pot.amount
        self.results.append(PotResult(pot.amount, tuple(q for q in self.names if q in shares)))
        odd = pot.amount % len(winners)
        for q in winners:
            share = shares[q]
            self.stacks[q] += share
            odd_card = max(self.own[q]) if odd and share > pot.amount // len(winners) else None
            self.record(ShareWinning(q, share, pot.amount, index, count, tuple(winners), qualified, lone,
                                     tuple(shown[q].cards), odd_card, street=self.street))

    def _split(self, claimants: list[str]) -> None:
        pots = layered_pots(self.contributions, claimants, dead=sum(self.antes.values()))
        for index in range(len(pots) - 1, -1, -1):
            pot = pots[index]
            receivers = list(pot.eligible)
            shares = self._shares(pot.amount, receivers)
            for q in receivers:
                self.stacks[q] += shares[q]
            self.pot -= pot.amount
            self.results.append(PotResult(pot.amount, tuple(q for q in self.names if q in shares)))
            extra = [q for q in receivers if shares[q] > pot.amount // len(receivers)] if len(receivers) > 1 else []
            odd = tuple((q, max(self.own[q])) for q in self._odd_chip_order(extra))
            self.record(PotSplitting(pot.amount, index, len(pots), tuple((q, shares[q]) for q in receivers),
                                     self.extensions, odd, street=self.street))

    def _start_extension(self, claimants: list[str], *, lone: str | None) -> None:
        folded = set(self.folded)
        self.extensions += 1
        self.deal_index += 1
        self.button = self.clockwise(self.button, claimants)[0]
        self._setup_deal(claimants)
        came_back = tuple(q for q in self._participants if q in folded)
        forced = ("no-bring-in" if self.modality != "boton-ante" else "ante" if self.stacks[self.button] > 0
                  else "none")
        self.record(Extending(self.extensions, tuple(self._participants), came_back, lone is not None, self.pot,
                              self.button, forced, street=self.street))
        self._begin_deal()

    def _finish(self) -> None:
        self.status = "over"
        self.phase = None
        self.to_act = None
        self.street = "showdown"
        if self.extensions:
            after = self.clockwise(self.original_button, [q for q in self.names if self.stacks[q] > 0])
            self.record(ButtonReturning(after[0] if after else self.original_button, street=self.street))
        self.record(HandEnding(street=self.street))
