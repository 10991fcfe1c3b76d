"""One Mata Ases hand: the table hand (:class:`engine.table.hand.Hand`) on Mata Ases's rules as data
(:mod:`.rules`: its streets, who opens them, the showdown with at most one ayuda and the «par de Ases»
line, the extensions, the odd chip), plus what only Mata Ases has: its modalities (the button's ante, or
the Bring In of the first deal), each player's choice of how his next card comes (open, or closed while
his closed card is turned up), the round after which everybody checked (every card turned up, the next
dealt closed), cards the dealer exposes by mistake (a void deal, or a round only their player may open),
the lone player who must still kill the Aces, and the deals of the extensions.

The core keeps the betting round (TDA 43 and 47, the ``verify_``/``can_``/do of each decision, the legal
actions), finds who opens each round (:meth:`~engine.table.hand.Hand.opener`), values the plays and pays
the pots (:meth:`~engine.table.hand.Hand.award_pots`). Each decision returns its record; the forced
steps (ante, Bring In, dealing, all-in runouts, showdown, extensions) follow the decision that leads to
them. Every record is in :attr:`MataAsesHand.events` (:mod:`engine.table.records`), worded by the
table's one pipeline (:func:`engine.table.texts.event`, with :data:`.texts.SENTENCES`).
"""

from __future__ import annotations

from typing import Callable, Sequence

from ...pots import Pot
from ...spanish import amount as chips
from ...spanish import ordinal
from ...table import Table
from ...table.errors import HandOverError, IllegalActionError, MissingDealError, NotYourTurnError, TableSetupError
from ...table.hand import Hand
from ...table.records import (AllChecking, AllIn, BettingOpening, BettingOrRaisingTo, ButtonReturning,
                              CheckingOrCalling, Dealing, Exposing, HandEnding, HoleDealing, Misdealing, PotSplitting,
                              Record, Runout, ShareWinning, ShowdownStarting, Showing, StreetEnding)
from ...table.rotation import showing_order
from ...table.rules import Opening
from ...table.words import YOU, over
from .rules import ACTIONS, MAX_EXTENSIONS, rules
from .setup import Deal, Seat, Stakes, table_problems
from .showdown import Play, visible_value

__all__ = ["MataAsesHand"]


class MataAsesHand(Hand):
    """One hand of Mata Ases, from the ante (or the Bring In) to the last extension.

    :param seats: ``(name, stack)`` pairs or :class:`Seat` values, clockwise; 2 to 8 players.
    :param button: the name of the player with the button.
    :param modality: ``"boton-ante"`` or ``"bring-in"``.
    :param stakes: the minimum bet, the ante (Botón Ante) and the Bring In (at most the minimum).
    :param deals: the original deal first, then one per extension (a misdealt extension uses the
        next one). Only the deals the hand reaches are used.
    :param betting: ``"no-limit"`` (the real game) or ``"fixed"`` (the simulator: bets and calls
        of exactly the minimum, no raises).
    :param max_extensions: extensions before the pot is split (the rulebook recommends two).
    :param snapshot: how to keep the table after each record (:attr:`tables`; the ``mata-ases-hand``
        reply's), if at all.
    :raises TableSetupError: for a table that cannot be played.
    :raises MissingDealError: if the first deal lacks a player's cards.
    """

    NAME = "Mata Ases"

    def __init__(self, seats: Sequence[Seat | tuple[str, int]], *, button: str, modality: str, stakes: Stakes,
                 deals: Sequence[Deal], betting: str = "no-limit", max_extensions: int = MAX_EXTENSIONS,
                 snapshot: Callable[["MataAsesHand"], dict] | None = None) -> None:
        seats = [s if isinstance(s, Seat) else Seat(*s) for s in seats]
        problems = table_problems([(s.name, s.stack) for s in seats], button=button, modalities=[modality],
                                  betting=betting, stakes=stakes)
        if problems:
            raise TableSetupError(problems[0].sentence).locate(field=problems[0].field)
        if not deals:
            raise MissingDealError("Hace falta al menos el reparto de la mano.")
        self.modality = modality
        self.stakes = stakes
        self.deals = tuple(deals)
        self.original_button = button
        #: The table as it stood after each record, when the hand was asked to keep it (``snapshot``: how).
        self.tables: list[dict] = []
        self._snapshot = snapshot
        #: What each player showed when a deal was settled, by (deal, player): his Showing record.
        self.shown: dict[tuple[int, str], Showing] = {}
        #: A misdeal voided the whole hand.
        self.void = False
        Hand.__init__(self, [(s.name, s.stack) for s in seats],
                      rules(modality, minimum=stakes.minimum, betting=betting, extensions=max_extensions),
                      button=button, blinds=(), next_hand=False)

    # ----------------------------------------------------------------------------- the table

    @property
    def phase(self) -> str | None:
        """"bet" (a betting decision is due: the core's round is open), "card" (a card-face choice
        is due) or None."""
        return self._phase

    @phase.setter
    def phase(self, value: str | None) -> None:
        self._phase = value
        self.betting = value == "bet"

    @property
    def pot(self) -> int:
        """Chips in the middle right now (current-round bets included), across the extensions."""
        return Table.pot.fget(self) - self.awarded

    def visible_value(self, player: str):
        """The best visible hand: open own cards and at most one ayuda, once they are turned up."""
        return visible_value(self.open_cards(player), self.board if self.board_up else ())

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

    # ----------------------------------------------------------------------------- decisions

    #: The order the options are offered in (the core's betting options, after the card choice).
    _ORDER = ("up", "down", "check", "call", "bet", "raise", "fold")

    def legal_actions(self) -> list[dict]:
        """What the player to act may do, as protocol ``next.can`` entries (empty when over): the card
        choice, or the core's betting options (:meth:`engine.table.Table.legal_actions`).

        Built from the ``can_*`` answers, so each rule lives in its ``verify_*`` method only.
        """
        p = self.to_act
        if self.over or p is None:
            return []
        self._answering += 1
        try:
            options = [{"action": a} for a, can in (("up", self.can_card_up), ("down", self.can_card_down)) if can(p)]
            options += Table.legal_actions(self)
            return sorted(options, key=lambda o: self._ORDER.index(o["action"]))
        finally:
            self._answering -= 1

    def _verify_turn(self, player: str | None, phase: str) -> str:
        if self.void:
            raise HandOverError("La mano se anuló por una carta expuesta en el reparto: no admite más decisiones.")
        if self.over:
            raise HandOverError(over("decisions"))
        p = self.to_act if player is None else player
        turn = "te toca a ti" if self.to_act == YOU else f"le toca a {self.to_act}"
        if p not in self._seat:
            raise NotYourTurnError(f"«{p}» no está sentado en esta mesa: {turn}.")
        if p != self.to_act:
            if p == YOU:
                raise NotYourTurnError(f"No es tu turno: {turn}.")
            raise NotYourTurnError(f"No es el turno de {p}: {turn}.")
        if phase != self.phase:
            if self._answering:  # a can_* question: no message to word
                raise IllegalActionError()
            allowed = self.allowed(p)
            if self.phase == "card":
                nth = ordinal(self.street)
                who = (f"te toca elegir cómo recibes la {nth} carta" if p == YOU
                       else f"{p} tiene que elegir cómo recibe la {nth} carta")
                raise IllegalActionError(f"Ahora no se apuesta: {who}.{allowed}")
            who = "te toca apostar" if p == YOU else f"le toca apostar a {p}"
            raise IllegalActionError(f"Ahora no se reparte carta: {who}.{allowed}")
        return p

    def verify_turn(self, player: str | None) -> str:
        """The core's turn check, with Mata Ases' phases: a betting decision only in a betting round."""
        return self._verify_turn(player, "bet")

    def _facing(self) -> str:
        if self._bring_in_only:
            return "el Bring In es una apuesta"
        return f"hay una apuesta de {chips(self.target)}"

    def verify_bet(self, player: str | None = None, amount: int | None = None) -> str:
        """The core's bet, and the Bring In named when it is the bet already there."""
        p = self.verify_turn(player)
        if self._bring_in_only:
            raise self._refuse(p, "bet", "ya hay una apuesta (el Bring In)")
        return Table.verify_bet(self, p, amount)

    def verify_card_up(self, player: str | None = None) -> str:
        return self._verify_turn(player, "card")

    def verify_card_down(self, player: str | None = None) -> str:
        return self._verify_turn(player, "card")

    def can_card_up(self, player: str | None = None) -> bool:
        return self._can(self.verify_card_up, player)

    def can_card_down(self, player: str | None = None) -> bool:
        return self._can(self.verify_card_down, player)

    def card_up(self, player: str | None = None) -> HoleDealing:
        """Take the next own card open («aire»). :raises ActionError:"""
        return self._choose(self.verify_card_up(player), "up")

    def card_down(self, player: str | None = None) -> HoleDealing:
        """Take the next own card closed, opening the closed one. :raises ActionError:"""
        return self._choose(self.verify_card_down(player), "down")

    def act(self, player: str, action: str, amount: int | None = None) -> Record:
        """Any decision by name (``ACTIONS``); ``amount`` for bet and raise (raise-to total).

        :raises ActionError: for an unknown or illegal decision.
        """
        if action not in ACTIONS:
            raise IllegalActionError(f"Acción desconocida: «{action}». Las acciones son: {', '.join(ACTIONS)}.")
        if action in ("up", "down"):
            return self.card_up(player) if action == "up" else self.card_down(player)
        return Table.act(self, player, action, amount)

    def record(self, rec: Record) -> Record:
        """Keep ``rec`` (with the deal in play) and, when asked, the table as it stands after it."""
        rec = Table.record(self, rec)
        if self._snapshot is not None:
            self.tables.append(self._snapshot(self))
        return rec

    # ----------------------------------------------------------------------------- deals

    def _start(self) -> None:
        self.new_deal(list(self.names))
        self.begin_deal()

    def new_deal(self, participants: list[str]) -> None:
        k = self.deal_index
        if k >= len(self.deals):
            what = "la mano" if k == 0 else f"el reparto número {k} (extensión o nuevo reparto)"
            raise MissingDealError(f"Falta {what}: añade otro elemento a «deals».")
        deal = self.deals[k]
        for p in participants:
            cards = deal.cards.get(p)
            if cards is None or len(cards) != 5:
                raise MissingDealError(f"El reparto número {k} no trae las 5 cartas de {p}, que juega esa mano.")
        if len(deal.board) != 3:
            raise MissingDealError(f"El reparto número {k} necesita exactamente 3 ayudas.")
        dealt = [c for p in participants for c in deal.cards[p]] + list(deal.board)
        if len(set(dealt)) != len(dealt):
            raise TableSetupError(f"El reparto número {k} repite alguna carta: una baraja solo tiene una de cada.")
        self._deal = deal
        self._in_deal = frozenset(participants)
        #: The players dealt into the current deal (everybody, or an extension's players), in seat order.
        self.participants = tuple(p for p in self.names if p in self._in_deal)
        for exposure in deal.exposed:
            problem = exposure.problem()
            if problem is not None:
                raise TableSetupError(f"Reparto número {k}, carta expuesta de {exposure.player}: {problem}.")
        self._exposures = {(e.player, e.card) for e in deal.exposed if e.player in self._in_deal}
        self.folded = set()
        self.hole = {p: [] for p in self.names}
        self.up = {p: [] for p in self.names}
        self.board = []
        self.board_up = False
        self.new_round(self.rules.streets[0].name)  # the core's round state: no bet to match, nobody acted
        #: Who opened the round (with the core's ``aggressor``, who bet or raised last: they decide who
        #: shows first).
        self._round_opener: str | None = None
        self._checks = 0
        self._wagered = False
        self._bring_in_only = False
        self._pending_exposure: str | None = None
        self._forced_closed = False
        self._running_out = False
        self._queue: list[str] = []
        self.phase = None

    def deal_forced(self) -> str:
        if self.modality != "boton-ante":
            return "no-bring-in"
        return "ante" if self.stacks[self.button] > 0 else "none"

    def begin_deal(self) -> None:
        first = self.rules.streets[0]
        self.street = first.name
        self.deal_start = (dict(self.contributions), dict(self.dead))
        b = self.button
        if self.modality == "boton-ante" and self.post_ante(b, self.stakes.ante) is not None and self.stacks[b] == 0:
            self._all_in(b)
        order = self.clockwise(b, self.participants)
        for p in order:
            self.hole[p] += self._deal.cards[p][:len(first.hole)]
            self.up[p] += first.hole
        self.record(Dealing(b, tuple(self.hole[p][0] for p in order), street=self.street))
        exposed = [p for p in order if (p, 2) in self._exposures]  # the 1st card is face up anyway
        if exposed:
            for p in exposed:
                self.up[p][1] = True
                self.record(Exposing(p, self.hole[p][1], street=self.street))
            self._misdeal()
            return
        self._start_round(self.street)

    def _misdeal(self) -> None:
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

    # ----------------------------------------------------------------------------- rounds

    def _start_round(self, s: object) -> None:
        self.new_round(s)
        self.phase = "bet"
        self._round_opener = None
        self._checks = 0
        self._wagered = False
        self._bring_in_only = False
        exposed, self._pending_exposure = self._pending_exposure, None
        if exposed is not None and exposed in self.live():
            self.sole = exposed
            if self.stacks[exposed] == 0:
                self.record(BettingOpening(exposed, None, reason="exposed", street=s))
                self._end_round(lost=True)
                return
            self.to_act = self._round_opener = exposed
            self.record(BettingOpening(exposed, exposed, reason="exposed", street=s))
            return
        if len(self.able()) < 2:  # nobody can bet against anybody: deal the rest closed
            self._runout()
            return
        opening = self.rules.street(s).opening
        skipped = opening is Opening.LOW_CARD and self.extensions > 0  # an extension has no Bring In
        if opening is Opening.LOW_CARD and not skipped:
            self._post_bring_in()
            return
        opener, facts = self.opener(Opening.HIGH_CARD if skipped else opening)
        if "value" in facts:
            facts.update(reason="high-hand", explain=not any(isinstance(r, BettingOpening) and r.reason == "high-hand"
                                                             for r in self.events))
        else:
            facts.update(reason="high-card", skipped=skipped)
        first = opener if self.needs_action(opener) else self.next_actor(opener)
        self._round_opener = opener
        self.to_act = first
        self.record(BettingOpening(opener, first, street=s, **facts))

    def _post_bring_in(self) -> None:
        p, facts = self.opener(Opening.LOW_CARD)
        self.post_bring_in(p, self.stakes.bring_in, card=facts["cards"][0], tie=facts["tie"])
        self._wagered = self._bring_in_only = True
        first = self.to_act
        if self.stacks[p] == 0:
            self._all_in(p)
        if first is None:
            self._end_round()
            return
        self.record(BettingOpening(first, first, reason="bring-in", options=tuple(self.legal_actions()),
                                   street=self.street))

    def _all_in(self, p: str) -> None:
        self.record(AllIn(p, self.contributions[p] + self.dead[p], street=self.street))

    def decided(self, rec: Record) -> None:
        """After each of the core's decisions: the all-in, and the end of the round.

        A check by the only player who may act (his card was exposed) loses the round for everybody."""
        p = rec.player
        lost = False
        if isinstance(rec, CheckingOrCalling) and rec.amount == 0:
            self._checks += 1
            lost = self.sole == p
        elif isinstance(rec, (CheckingOrCalling, BettingOrRaisingTo)):
            self._wagered = self._wagered or isinstance(rec, BettingOrRaisingTo)
            self._bring_in_only = False
        if getattr(rec, "all_in", False):
            self._all_in(p)
        if lost or self.to_act is None:
            self._end_round(lost=lost)

    def _end_round(self, *, lost: bool = False) -> None:
        s = self.street
        exposed = self.sole
        self.close_betting()
        self.phase = None
        live = self.live()
        self.record(StreetEnding(self.pot, exposed if lost else None, street=s))
        if len(live) == 1:
            self._lone(live[0])
            return
        if not lost and not self._wagered and self._checks > 0:
            for q in live:
                self.up[q] = [True] * len(self.up[q])
            self.record(AllChecking(street=s))
            self._forced_closed = True
        if s == self.last_street:
            self._showdown()
        elif len(self.able()) < 2:
            self._runout()
        else:
            self._queue = self.clockwise(self.button, live)
            self._next_street()
            self._continue_dealing()

    def _next_street(self) -> None:
        """On to the next street with cards to choose, putting down the shared cards of any before it."""
        while True:
            street = self.rules.street(self.rules.next_street(self.street))
            self.street = street.name
            if street.board:
                Table.deal_board(self, self._deal.board[:street.board], up=street.board_up)
            if street.betting:
                return

    def _continue_dealing(self) -> None:
        s = self.street
        while self._queue:
            p = self._queue[0]
            if (p, s) in self._exposures:
                mode = "exposed"
            elif self._forced_closed:
                mode = "forced"
            elif not self.closed_cards(p):
                mode = "kept"  # no closed card left (an exposed card after an all-check round): no choice
            else:
                self.phase = "card"
                self.to_act = p
                return
            self._queue.pop(0)
            self._give(p, mode)
        self.phase = None
        self.to_act = None
        self._forced_closed = False
        if self.rules.street(s).turn:
            self.turn_board()
        self._start_round(s)

    def _choose(self, p: str, face: str) -> HoleDealing:
        self._queue.pop(0)
        self.phase = None
        self.to_act = None
        start = len(self.events)
        self._give(p, face)
        self._continue_dealing()
        return self.events[start]

    def _give(self, p: str, mode: str) -> None:
        """Deal ``p``'s next card: "up", "down", "forced" (closed, no choice: everybody checked),
        "kept" (closed, no choice: ``p`` has no closed card left), "runout", "exposed"."""
        own, flags = self.hole[p], self.up[p]
        card = self._deal.cards[p][len(own)]
        turned = []
        if mode not in ("up", "exposed"):
            for i, face in enumerate(flags):
                if not face:
                    flags[i] = True
                    turned.append(own[i])
        own.append(card)
        flags.append(mode in ("up", "exposed"))
        if mode == "exposed":
            if self._running_out:
                mode = "exposed-runout"
            else:
                self._pending_exposure = p
        self.record(HoleDealing(p, (card,), (flags[-1],), mode, tuple(turned), len(own), street=self.street))

    def _runout(self) -> None:
        self._running_out = True
        self.phase = None
        self.to_act = None
        self.record(Runout(street=self.street))
        while self.street != self.last_street:
            self._next_street()
            for p in self.clockwise(self.button, self.live()):
                self._give(p, "exposed" if (p, self.street) in self._exposures else "runout")
            if self.rules.street(self.street).turn:
                self.turn_board()
        self._showdown()

    # ----------------------------------------------------------------------------- settling a deal

    def _showdown(self) -> None:
        self._to_showdown()
        order, reason = self.showdown_order()
        self.record(ShowdownStarting(tuple(order), reason, street=self.street))
        shown: dict[str, Showing] = {}
        for p in order:
            value, ayuda = self.best_of(self.hole[p])
            self.up[p] = [True] * len(self.hole[p])
            play = Play(value, tuple(self.hole[p]), ayuda)
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
        """Who shows first at the showdown, then clockwise, and why (``ShowdownStarting.reason``).

        The player who bet or raised last in the final round shows first; if nobody bet, the
        player who opened that round (the best visible hand). After an all-in runout everybody
        shows at once (listed from the button's left); so does everybody after a last round in
        which all checked (their cards are already face up).
        """
        live = self.live()
        if self._running_out:
            return self.clockwise(self.button, live), "all_in"
        first = self.aggressor if self.aggressor in live else None
        reason = "aggressor"
        if first is None:
            reason = "opener"
            first = self._round_opener if self._round_opener in live else None
            if first is None:  # the opener folded: the next live player on his left
                first = self.clockwise(self._round_opener or self.button, live)[0]
        return showing_order(self.clockwise(self.button), live, first), \
            "face_up" if all(all(self.up[q]) for q in live) else reason

    def _lone(self, p: str) -> None:
        self._to_showdown()
        if self.pot == 0:
            self._end_hand()
            return
        own = self.hole[p]
        self.up[p] = [True] * len(own)
        if len(own) == 5:
            value, ayuda = self.best_of(own)
            play = Play(value, tuple(own), ayuda)
        else:
            play = self.visible_value(p)
        self._settle({p: self._show(Showing(p, tuple(play.cards), play, lone=True, held=tuple(own), street=self.street))},
                     lone=p)

    def _settle(self, shown: dict[str, Showing], *, lone: str | None) -> None:
        self.lone = lone
        self.award_pots({q: s.play.strength if isinstance(s.play, Play) else 0 for q, s in shown.items()},
                        [q for q, s in shown.items() if s.play.kills_aces])

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
