"""A hand whose cards are given before it starts, one deal after another, and dealt by the hand itself
(:class:`DealtHand`): the table hand (:class:`~.hand.Hand`) of a game of own cards street by street and
shared cards put down and turned as its streets say (Mata Ases), as PokerKit plays a stud game from its
streets' data.

- Deals: the first one, then one for each extension (:meth:`~.hand.Hand.extend`) or new deal after a
  misdeal (:meth:`DealtHand.misdeal`: a deal voided gives back what it took, :meth:`~.hand.Hand.refund_deal`;
  the first one voids the hand). Each is a :class:`~.setup.Deal` with every player's own cards
  (:attr:`DealtHand.own_count`) and the board (as many cards as the streets put down), checked as it
  begins.
- Streets: the shared cards of a street without betting are put down on the way to the next one with
  betting (face down where the street says so); when nobody can bet against anybody any more, the rest
  is dealt at once (a runout) and every hand is shown.
- Showdown: every hand still in is shown, the player who bet or raised last in the last round first,
  else the player who opened that round (or the next one still in on his left); everybody at once after a
  runout (``all_in``) or when every card is already face up (``face_up``). Each plays his best
  (:meth:`~.hand.Hand.best_of`: own cards with as many shared ones as the rules allow); a lone player,
  everybody else folded, shows what he holds. The pots go to the best hands that qualify
  (:meth:`~.hand.Hand.award_pots`), each winner's share one record (with the own card that gave him a chip
  a split cannot divide); when none qualifies, the extensions of the core.

A game gives how a player's next own card comes (:meth:`DealtHand.deal_next`), its plays (:attr:`DealtHand.PLAY`)
and its rounds (who opens them, what ends them).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..pots import Pot
from .errors import MissingDealError, TableSetupError
from .hand import Hand
from .records import (ButtonReturning, HandEnding, Misdealing, PotSplitting, Record, Runout, ShareWinning,
                      ShowdownStarting, Showing)
from .rotation import showing_order
from .rules import Rules
from .setup import Deal
from .table import Table

__all__ = ["DealtHand"]


class DealtHand(Hand):
    """A hand dealt from ``deals`` (see the module docstring), without blinds; the table that seats it moves
    the button.

    :param deals: the first deal, then one per extension or new deal (only those the hand reaches are used).
    :param snapshot: how to keep the table after each record (:attr:`tables`), if at all.
    :raises TableSetupError: for a table that cannot be played.
    :raises MissingDealError: for no deals, or a deal without every player's cards.
    """

    #: The shared cards' name, in the errors of a deal («ayudas»).
    BOARD_WORD = "cartas comunes"
    #: A player's play at the showdown from its strength, his own cards and the shared card it uses
    #: (None: none, or any number): it gives the play's ``cards``.
    PLAY: Callable[[int, tuple, Any], Any]

    def __init__(self, seats: Sequence[tuple[str, int]], rules: Rules, *, button: str, deals: Sequence[Deal],
                 snapshot: Callable[[Any], dict] | None = None) -> None:
        if not deals:
            raise MissingDealError("Hace falta al menos el reparto de la mano.")
        self.deals = tuple(deals)
        self.original_button = button
        #: The table as it stood after each record, when the hand was asked to keep it (``snapshot``: how).
        self.tables: list[dict] = []
        self._snapshot = snapshot
        #: What each player showed when a deal was settled, by (deal, player): his Showing record.
        self.shown: dict[tuple[int, str], Showing] = {}
        #: A misdeal voided the whole hand.
        self.void = False
        super().__init__(seats, rules, button=button, blinds=(), next_hand=False)

    @property
    def own_count(self) -> int:
        """How many own cards each player gets in a deal, over every street."""
        return sum(len(street.hole) for street in self.rules.streets)

    @property
    def pot(self) -> int:
        """Chips in the middle right now (current-round bets included), across the extensions."""
        return Table.pot.fget(self) - self.awarded

    def record(self, rec: Record) -> Record:
        """Keep ``rec`` (with the deal in play) and, when asked, the table as it stands after it."""
        rec = Table.record(self, rec)
        if self._snapshot is not None:
            self.tables.append(self._snapshot(self))
        return rec

    def pot_results(self) -> list[tuple[int, tuple[str, ...]]]:
        """The pots settled, as they were paid (side pots first): each one's chips and who took them (several
        when shared), in seat order."""
        out: list[tuple[int, tuple[str, ...]]] = []
        last = None
        for rec in self.events:
            if isinstance(rec, ShareWinning):
                if (rec.deal, rec.index) != last:
                    out.append((rec.pot, tuple(q for q in self.names if q in rec.winners)))
                last = (rec.deal, rec.index)
            elif isinstance(rec, PotSplitting):
                out.append((rec.amount, tuple(q for q in self.names if q in dict(rec.shares))))
        return out

    # ------------------------------------------------------------------------------ deals

    def _start(self) -> None:
        self.new_deal(list(self.names))
        self.begin_deal()

    def new_deal(self, participants: list[str]) -> None:
        """Check the deal in play (:attr:`deal_index`) and set it up between ``participants``: nobody folded,
        no cards out, the first street's round. :raises MissingDealError: :raises TableSetupError:"""
        k = self.deal_index
        if k >= len(self.deals):
            what = "la mano" if k == 0 else f"el reparto número {k} (extensión o nuevo reparto)"
            raise MissingDealError(f"Falta {what}: añade otro elemento a «deals».")
        deal, own = self.deals[k], self.own_count
        for p in participants:
            cards = deal.cards.get(p)
            if cards is None or len(cards) != own:
                raise MissingDealError(f"El reparto número {k} no trae las {own} cartas de {p}, que juega esa mano.")
        board = sum(street.board for street in self.rules.streets)
        if len(deal.board) != board:
            raise MissingDealError(f"El reparto número {k} necesita exactamente {board} {self.BOARD_WORD}.")
        dealt = [c for p in participants for c in deal.cards[p]] + list(deal.board)
        if len(set(dealt)) != len(dealt):
            raise TableSetupError(f"El reparto número {k} repite alguna carta: una baraja solo tiene una de cada.")
        self._deal = deal
        #: The players dealt into the current deal (everybody, or an extension's players), in seat order.
        self.participants = tuple(p for p in self.names if p in participants)
        self.folded = set()
        self.hole = {p: [] for p in self.names}
        self.up = {p: [] for p in self.names}
        self.board = []
        self.board_up = False
        self.new_round(self.rules.streets[0].name)  # the core's round state: no bet to match, nobody acted
        #: Who opened the round (with the core's ``aggressor``, who bet or raised last: they decide who
        #: shows first); whether the rest of the deal is dealt at once (nobody can bet any more).
        self.round_opener: str | None = None
        self.running_out = False
        self.phase = None

    def misdeal(self) -> None:
        """The deal in play is void: what it took goes back; the first deal voids the hand, a later one is dealt
        again from the next deal."""
        refunds = self.refund_deal()
        if self.deal_index == 0:
            self.over = self.void = True
            self.phase = None
            self.to_act = None
            self.record(Misdealing(refunds, True, street=self.street))
            self.record(HandEnding(True, street=self.street))
            return
        self.record(Misdealing(refunds, False, street=self.street))
        self.deal_index += 1
        self.new_deal(list(self.participants))
        self.begin_deal()

    def deal_next(self, player: str, mode: str) -> None:
        """Deal ``player``'s next own card of the street in play (``mode``: how; ``"runout"`` in a runout)."""
        raise NotImplementedError

    def _next_street(self) -> None:
        """On to the next street with betting, putting down the shared cards of any before it."""
        while True:
            street = self.rules.street(self.rules.next_street(self.street))
            self.street = street.name
            if street.board:
                Table.deal_board(self, self._deal.board[:street.board], up=street.board_up)
            if street.betting:
                return

    def _runout(self) -> None:
        """Nobody can bet against anybody: the rest of the deal at once, then the showdown."""
        self.running_out = True
        self.phase = None
        self.to_act = None
        self.record(Runout(street=self.street))
        while self.street != self.last_street:
            self._next_street()
            for p in self.clockwise(self.button, self.live()):
                self.deal_next(p, "runout")
            if self.rules.street(self.street).turn:
                self.turn_board()
        self._showdown()

    # ------------------------------------------------------------------------------ settling a deal

    def _showdown(self) -> None:
        self._to_showdown()
        order, reason = self.showdown_order()
        self.record(ShowdownStarting(tuple(order), reason, street=self.street))
        shown: dict[str, Showing] = {}
        for p in order:
            value, shared = self.best_of(self.hole[p])
            self.up[p] = [True] * len(self.hole[p])
            play = self.PLAY(value, tuple(self.hole[p]), shared)
            shown[p] = self._show(Showing(p, play.cards, play, street=self.street))
        self._settle(shown, lone=None)

    def _to_showdown(self) -> None:
        self.street = "showdown"
        self.phase = None
        self.to_act = None
        self.return_uncalled()

    def _show(self, showing: Showing) -> Showing:
        self.shown[self.deal_index, showing.player] = showing = self.record(showing)
        return showing

    def showdown_order(self) -> tuple[list[str], str]:
        """Who shows first at the showdown, then clockwise, and why (``ShowdownStarting.reason``): see the
        module docstring."""
        live = self.live()
        if self.running_out:
            return self.clockwise(self.button, live), "all_in"
        first = self.aggressor if self.aggressor in live else None
        reason = "aggressor"
        if first is None:
            reason = "opener"
            first = self.round_opener if self.round_opener in live else None
            if first is None:  # the opener folded: the next live player on his left
                first = self.clockwise(self.round_opener or self.button, live)[0]
        return showing_order(self.clockwise(self.button), live, first), \
            "face_up" if all(all(self.up[q]) for q in live) else reason

    def _lone(self, p: str) -> None:
        """Everybody else folded: ``p`` shows his play (what he holds, when he has not every own card yet)."""
        self._to_showdown()
        if self.pot == 0:
            self._end_hand()
            return
        own = self.hole[p]
        self.up[p] = [True] * len(own)
        if len(own) == self.own_count:
            value, shared = self.best_of(own)
            play = self.PLAY(value, tuple(own), shared)
        else:
            play = self.visible_value(p)
        self._settle({p: self._show(Showing(p, tuple(play.cards), play, lone=True, held=tuple(own), street=self.street))},
                     lone=p)

    def qualifies(self, play: Any) -> bool:
        """Whether a play shown reaches the rules' qualifying hand."""
        return play.strength >= self.rules.qualifier

    def _settle(self, shown: dict[str, Showing], *, lone: str | None) -> None:
        self.lone = lone
        self.award_pots({q: 0 if lone else s.play.strength for q, s in shown.items()},
                        [q for q, s in shown.items() if self.qualifies(s.play)])

    def pay(self, index: int, pot: Pot, winners: Sequence[str], shares, *, qualified: bool) -> None:
        """Each winner's share of the pot, one record each (with his play and the card that gave him an odd chip)."""
        self.awarded += pot.amount
        odd = pot.amount % len(winners)
        count = len(self.pots())
        for q in winners:
            share = shares[q]
            self.stacks[q] += share
            odd_card = max(self.hole[q]) if odd and share > pot.amount // len(winners) else None
            self.record(ShareWinning(q, share, pot.amount, index, count, tuple(winners), qualified,
                                     self.lone is not None, tuple(self.shown[self.deal_index, q].cards),
                                     odd_card, street=self.street))

    def _end_hand(self) -> None:
        self.over = True
        self.phase = None
        self.to_act = None
        self.street = "showdown"
        if self.extensions:
            after = self.clockwise(self.original_button, [q for q in self.names if self.stacks[q] > 0])
            self.record(ButtonReturning(after[0] if after else self.original_button, street=self.street))
        self.record(HandEnding(street=self.street))
