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
from ...table.errors import TableSetupError
from ...table.hand import DealtHand
from ...table.records import (AllChecking, BettingOpening, CheckingOrCalling, Dealing, Exposing, HoleDealing, Record,
                              StreetEnding)
from .rules import MAX_EXTENSIONS, rules
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
    VOID = "La mano se anuló por una carta expuesta en el reparto: no admite más decisiones."
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

    def qualifies(self, play) -> bool:
        """Whether a play kills the Aces (a lone player's visible hand too: :attr:`.showdown.VisibleValue.kills_aces`)."""
        return play.kills_aces

    def visible_value(self, player: str):
        """The best visible hand: open own cards and at most one ayuda, once they are turned up."""
        return visible_value(self.open_cards(player), self.board if self.board_up else ())

    # ----------------------------------------------------------------------------- decisions

    def _facing(self) -> str:
        if self._bring_in_only:
            return "el Bring In es una apuesta"
        return f"hay una apuesta de {chips(self.target)}"

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
        self.start_round(self.street)

    # ----------------------------------------------------------------------------- rounds

    def start_round(self, s: object) -> None:
        self._checks = 0
        self._forced_closed = False
        super().start_round(s)

    def opens_round(self, s: object) -> bool:
        """A player whose card the dealer exposed by mistake alone may open the round (if he still has chips)."""
        exposed, self._pending_exposure = self._pending_exposure, None
        if exposed is None or exposed not in self.live():
            return False
        self.sole = exposed
        if self.stacks[exposed] == 0:
            self.record(BettingOpening(exposed, None, reason="exposed", street=s))
            self._end_round(lost=True)
            return True
        self.to_act = self.round_opener = exposed
        self.record(BettingOpening(exposed, exposed, reason="exposed", street=s))
        return True

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
        self.next_round()

    def no_choice(self, p: str) -> str | None:
        """His card exposed by mistake, everybody checked (closed) or no closed card left (closed, «kept»): no
        choice of how it comes."""
        if (p, self.street) in self._exposures:
            return "exposed"
        if self._forced_closed:
            return "forced"
        return None if self.closed_cards(p) else "kept"

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
