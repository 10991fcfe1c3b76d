"""One Mata Ases hand: the table's hand dealt from given deals (:class:`engine.table.hand.DealtHand`: its deals
and misdeals, the ayudas put down and turned, runouts, the showdown with at most one ayuda, the pots and
the extensions) on Mata Ases's rules as data (:mod:`.rules`: its streets, who opens them, the «par de
Ases» line, the odd chip), plus what only Mata Ases has: its modalities (the button's ante, or the Bring
In of the first deal), each player's choice of how his next card comes (open, or closed while his closed
card is turned up), the round after which everybody checked (every card turned up, the next dealt
closed), cards the dealer exposes by mistake (a void deal, or a round only their player may open) and the
lone player who must still kill the Aces.

The core keeps the betting round (TDA 43 and 47, the ``verify_``/``can_``/do of each decision, the legal
actions), finds who opens each round (:meth:`~engine.table.hand.Hand.opener`), values the plays and pays
the pots (:meth:`~engine.table.hand.Hand.award_pots`). Each decision returns its record; the forced
steps (ante, Bring In, dealing, all-in runouts, showdown, extensions) follow the decision that leads to
them. Every record is in :attr:`MataAsesHand.events` (:mod:`engine.table.records`), worded by the
table's one pipeline (:func:`engine.table.texts.event`, with :data:`.texts.SENTENCES`)."""

from __future__ import annotations

from typing import Callable, Sequence

from ...spanish import amount as chips
from ...spanish import ordinal
from ...table import Table
from ...table.hand import DealtHand
from ...table.errors import HandOverError, IllegalActionError, NotYourTurnError, TableSetupError
from ...table.records import (AllChecking, BettingOpening, CheckingOrCalling, Dealing, Exposing, HoleDealing, Record,
                              StreetEnding)
from ...table.words import YOU, over
from .rules import ACTIONS, MAX_EXTENSIONS, rules
from .setup import Deal, Seat, Stakes, table_problems
from .showdown import Play, visible_value

__all__ = ["MataAsesHand"]


class MataAsesHand(DealtHand):
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
    BOARD_WORD = "ayudas"
    PLAY = Play

    def __init__(self, seats: Sequence[Seat | tuple[str, int]], *, button: str, modality: str, stakes: Stakes,
                 deals: Sequence[Deal], betting: str = "no-limit", max_extensions: int = MAX_EXTENSIONS,
                 snapshot: Callable[["MataAsesHand"], dict] | None = None) -> None:
        seats = [s if isinstance(s, Seat) else Seat(*s) for s in seats]
        problems = table_problems([(s.name, s.stack) for s in seats], button=button, modalities=[modality],
                                  betting=betting, stakes=stakes)
        if problems:
            raise TableSetupError(problems[0].sentence).locate(field=problems[0].field)
        self.modality = modality
        self.stakes = stakes
        self.bring_in = stakes.bring_in
        DealtHand.__init__(self, [(s.name, s.stack) for s in seats],
                           rules(modality, minimum=stakes.minimum, betting=betting, extensions=max_extensions),
                           button=button, deals=deals, snapshot=snapshot)

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

    def qualifies(self, play) -> bool:
        """Whether a play kills the Aces (a lone player's visible hand too: :attr:`.showdown.VisibleValue.kills_aces`)."""
        return play.kills_aces

    def visible_value(self, player: str):
        """The best visible hand: open own cards and at most one ayuda, once they are turned up."""
        return visible_value(self.open_cards(player), self.board if self.board_up else ())

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

    # ----------------------------------------------------------------------------- deals

    def new_deal(self, participants: list[str]) -> None:
        super().new_deal(participants)
        for exposure in self._deal.exposed:
            problem = exposure.problem()
            if problem is not None:
                raise TableSetupError(f"Reparto número {self.deal_index}, carta expuesta de {exposure.player}: "
                                      f"{problem}.")
        self._exposures = {(e.player, e.card) for e in self._deal.exposed if e.player in self.participants}
        self._checks = 0
        self._pending_exposure: str | None = None
        self._forced_closed = False
        self._queue: list[str] = []

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
            self.all_in(b)
        order = self.deal_first()
        self.record(Dealing(b, tuple(self.hole[p][0] for p in order), street=self.street))
        exposed = [p for p in order if (p, 2) in self._exposures]  # the 1st card is face up anyway
        if exposed:
            for p in exposed:
                self.up[p][1] = True
                self.record(Exposing(p, self.hole[p][1], street=self.street))
            self.misdeal()
            return
        self._start_round(self.street)

    # ----------------------------------------------------------------------------- rounds

    def _start_round(self, s: object) -> None:
        self.new_round(s)
        self.phase = "bet"
        self.round_opener = None
        self._checks = 0
        self._bring_in_only = False
        exposed, self._pending_exposure = self._pending_exposure, None
        if exposed is not None and exposed in self.live():
            self.sole = exposed
            if self.stacks[exposed] == 0:
                self.record(BettingOpening(exposed, None, reason="exposed", street=s))
                self._end_round(lost=True)
                return
            self.to_act = self.round_opener = exposed
            self.record(BettingOpening(exposed, exposed, reason="exposed", street=s))
            return
        self.open_round(s)

    def decided(self, rec: Record) -> None:
        """The core's (:meth:`engine.table.hand.DealtHand.decided`), counting the checks: a check by the only
        player who may act (his card was exposed) loses the round for everybody."""
        if isinstance(rec, CheckingOrCalling) and rec.amount == 0:
            self._checks += 1
            if self.sole == rec.player:
                self._end_round(lost=True)
                return
        super().decided(rec)

    def _end_round(self, *, lost: bool = False) -> None:
        s = self.street
        exposed, wagered = self.sole, self.target > 0  # a bet, or the Bring In
        self.close_betting()
        self.phase = None
        live = self.live()
        self.record(StreetEnding(self.pot, exposed if lost else None, street=s))
        if len(live) == 1:
            self._lone(live[0])
            return
        if not lost and not wagered and self._checks > 0:
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
            self.deal_next(p, mode)
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
        self.deal_next(p, face)
        self._continue_dealing()
        return self.events[start]

    def deal_next(self, p: str, mode: str) -> None:
        """Deal ``p``'s next card: "up", "down", "forced" (closed, no choice: everybody checked),
        "kept" (closed, no choice: ``p`` has no closed card left), "runout", "exposed"."""
        if mode == "runout" and (p, self.street) in self._exposures:
            mode = "exposed"
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
            if self.running_out:
                mode = "exposed-runout"
            else:
                self._pending_exposure = p
        self.record(HoleDealing(p, (card,), (flags[-1],), mode, tuple(turned), len(own), street=self.street))
