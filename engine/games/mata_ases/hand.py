"""The state of one Mata Ases hand and the actions that move it on (PokerKit style).

The hand is a game on the table core (:class:`engine.table.Table`): the core keeps the betting round
(the bet to match, the last full raise, who acted and what each faced, TDA 43 and 47, the
``verify_``/``can_``/do of check, call, bet, raise and fold, and the legal actions); this module keeps
what is Mata Ases: the modalities, the card choice (open or closed), the ayudas, exposed cards, who
opens each round, the Bring In's own rules, extensions, killing the Aces, and its sentences.

Each decision has three faces: ``verify_check(player)`` raises an :class:`~engine.table.errors.ActionError` with a
Spanish message that says what is allowed, ``can_check(player)`` answers a bool, and
``check(player)`` does it and returns its record. Forced steps (ante, Bring In, dealing, all-in runouts,
showdown, extensions) are done by the engine itself, right after the decision that leads to them. The
hand keeps every record (:mod:`engine.table.records`) in :attr:`MataAsesHand.events`; the table's one
pipeline words them (:func:`engine.table.texts.event`, with :data:`.texts.SENTENCES`).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ...cards import Card
from ...spanish import amount as chips
from ...spanish import ordinal
from ...table import Rules, Table
from ...table.errors import (HandOverError, IllegalActionError, MissingDealError, NotYourTurnError,
                             TableSetupError)
from ...table.records import (AllChecking, AllIn, BettingOpening, BettingOrRaisingTo, BoardDealing, BoardTurning,
                              CheckingOrCalling, Dealing, Exposing, HoleDealing, HandEnding, Misdealing, Record,
                              Runout, StreetEnding)
from ...table.words import YOU, over
from .showdown import visible_value
from .pots import Pot, layered_pots
from .records import ACTIONS, MAX_EXTENSIONS, Deal, PotResult, Seat, Stakes, table_problems
from .settle import Settlement

__all__ = ["MataAsesHand"]


class MataAsesHand(Settlement, Table):
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
    :raises TableSetupError: for a table that cannot be played.
    :raises MissingDealError: if the first deal lacks a player's cards.
    """

    #: Chips in the middle right now (current-round bets included). Not the core's sum of what was put
    #: in: a Mata Ases pot stays in play across extensions while the contributions of every deal remain.
    pot: int = 0

    def __init__(
        self,
        seats: Sequence[Seat | tuple[str, int]],
        *,
        button: str,
        modality: str,
        stakes: Stakes,
        deals: Sequence[Deal],
        betting: str = "no-limit",
        max_extensions: int = MAX_EXTENSIONS,
    ) -> None:
        seats = [s if isinstance(s, Seat) else Seat(*s) for s in seats]
        problems = table_problems([(s.name, s.stack) for s in seats], button=button, modalities=[modality],
                                  betting=betting, stakes=stakes)
        if problems:
            raise TableSetupError(problems[0].sentence).locate(field=problems[0].field)
        names = [s.name for s in seats]
        if not deals:
            raise MissingDealError("Hace falta al menos el reparto de la mano.")

        Table.__init__(self, [(s.name, s.stack) for s in seats],
                       Rules(minimum=stakes.minimum, betting=betting, fold_when_free=False,
                             raise_needs_caller=False, dead_antes=True))
        self.modality = modality
        self.stakes = stakes
        self.deals = tuple(deals)
        self.max_extensions = max_extensions
        self.original_button = button
        self.button = button
        #: The core's ``contributions`` are the chips each player has bet during the whole hand,
        #: extensions included; the antes each player has posted are the core's dead money.
        self.antes: dict[str, int] = self.dead
        self.pot = 0
        #: The table as it stood after each record (:meth:`snapshot`), for the ``mata-ases-hand`` reply.
        self.tables: list[dict] = []
        #: What each player showed when a deal was settled, by (deal, player): his Showing record.
        self.shown: dict = {}
        self.results: list[PotResult] = []
        #: "playing", "over" or "void" (misdeal).
        self.status = "playing"
        self.phase = None
        self.deal_index = 0
        self.extensions = 0
        self._setup_deal(list(names))
        self._begin_deal()

    # ----------------------------------------------------------------------------- properties

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
    def is_over(self) -> bool:
        return self.status != "playing"

    @property
    def participants(self) -> tuple[str, ...]:
        """The players dealt into the current deal (everybody, or an extension's players)."""
        return self._participants

    def live(self) -> list[str]:
        """Players of the current deal who have not folded, in seat order."""
        return [p for p in self._participants if p not in self.folded]

    def own_cards(self, player: str) -> tuple[Card, ...]:
        return tuple(self.own.get(player, ()))

    def open_cards(self, player: str) -> list[Card]:
        return [c for c, o in zip(self.own.get(player, ()), self.is_open.get(player, ())) if o]

    def closed_cards(self, player: str) -> list[Card]:
        return [c for c, o in zip(self.own.get(player, ()), self.is_open.get(player, ())) if not o]

    def current_pots(self) -> list[Pot]:
        """The pots as they stand (main pot first), from the bets and the antes."""
        return layered_pots(self.contributions, self.live(), dead=sum(self.antes.values()))

    def snapshot(self) -> dict:
        """The table as the protocol shows it (closed cards included)."""
        players = {}
        part = self._participant_set
        for n in self.names:
            stack = self.stacks[n]
            if n in part:
                folded = n in self.folded
                opened, closed = [], []
                for card, is_open in zip(self.own[n], self.is_open[n]):
                    (opened if is_open else closed).append(card._text)
                players[n] = {"stack": stack, "bet": self.bets[n], "folded": folded,
                              "all_in": stack == 0 and not folded, "open": opened, "closed": closed}
            else:
                players[n] = {"stack": stack, "bet": 0, "folded": True, "all_in": False,
                              "open": [], "closed": []}
        return {
            "button": self.button,
            "pot": self.pot,
            "to_act": self.to_act,
            "ayudas": {"cards": [c._text for c in self.ayudas], "open": self.ayudas_open},
            "players": players,
        }

    # ----------------------------------------------------------------------------- legal actions

    #: The order the options are offered in (the core's betting options, after the card choice).
    _ORDER = ("up", "down", "check", "call", "bet", "raise", "fold")

    def legal_actions(self) -> list[dict]:
        """What the player to act may do, as protocol ``next.can`` entries (empty when over): the card
        choice, or the core's betting options (:meth:`engine.table.Table.legal_actions`).

        Built from the ``can_*`` answers, so each rule lives in its ``verify_*`` method only.
        """
        p = self.to_act
        if self.is_over or p is None:
            return []
        self._answering += 1
        try:
            options = [{"action": a} for a, can in (("up", self.can_card_up), ("down", self.can_card_down)) if can(p)]
            options += Table.legal_actions(self)
            return sorted(options, key=lambda o: self._ORDER.index(o["action"]))
        finally:
            self._answering -= 1

    # ----------------------------------------------------------------------------- verification

    def _verify_turn(self, player: str | None, phase: str) -> str:
        if self.status == "void":
            raise HandOverError("La mano se anuló por una carta expuesta en el reparto: no admite más decisiones.")
        if self.is_over:
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

    # ----------------------------------------------------------------------------- actions

    def card_up(self, player: str | None = None) -> HoleDealing:
        """Take the next own card open («aire»). :raises ActionError:"""
        return self._do_card(self.verify_card_up(player), "up")

    def card_down(self, player: str | None = None) -> HoleDealing:
        """Take the next own card closed, opening the closed one. :raises ActionError:"""
        return self._do_card(self.verify_card_down(player), "down")

    def act(self, player: str, action: str, amount: int | None = None) -> Record:
        """Any decision by name (``ACTIONS``); ``amount`` for bet and raise (raise-to total).

        :raises ActionError: for an unknown or illegal decision.
        """
        if action not in ACTIONS:
            raise IllegalActionError(f"Acción desconocida: «{action}». Las acciones son: {', '.join(ACTIONS)}.")
        if action == "up":
            return self.card_up(player)
        if action == "down":
            return self.card_down(player)
        return Table.act(self, player, action, amount)

    # ----------------------------------------------------------------------------- internals: records

    def record(self, rec: Record) -> Record:
        """Keep ``rec`` (with the deal in play) and the table as it stands after it."""
        rec = Table.record(self, rec)
        self.tables.append(self.snapshot())
        return rec

    # ----------------------------------------------------------------------------- internals: deals

    def _setup_deal(self, participants: list[str]) -> None:
        k = self.deal_index
        if k >= len(self.deals):
            what = "la mano" if k == 0 else f"el reparto número {k} (extensión o nuevo reparto)"
            raise MissingDealError(f"Falta {what}: añade otro elemento a «deals».")
        deal = self.deals[k]
        for p in participants:
            cards = deal.cards.get(p)
            if cards is None or len(cards) != 5:
                raise MissingDealError(f"El reparto número {k} no trae las 5 cartas de {p}, que juega esa mano.")
        if len(deal.ayudas) != 3:
            raise MissingDealError(f"El reparto número {k} necesita exactamente 3 ayudas.")
        dealt = [c for p in participants for c in deal.cards[p]] + list(deal.ayudas)
        if len(set(dealt)) != len(dealt):
            raise TableSetupError(f"El reparto número {k} repite alguna carta: una baraja solo tiene una de cada.")
        self._deal = deal
        self._participants = tuple(p for p in self.names if p in set(participants))
        self._participant_set = frozenset(self._participants)
        for exposure in deal.exposed:
            problem = exposure.problem()
            if problem is not None:
                raise TableSetupError(f"Reparto número {k}, carta expuesta de {exposure.player}: {problem}.")
        self._exposures = {(e.player, e.card) for e in deal.exposed if e.player in self._participant_set}
        self.folded: set[str] = set()
        self.own: dict[str, list[Card]] = {p: [] for p in self._participants}
        self.is_open: dict[str, list[bool]] = {p: [] for p in self._participants}
        self.bets: dict[str, int] = {p: 0 for p in self._participants}
        self.ayudas: list[Card] = []
        self.ayudas_open = False
        self.street: int | str = 1
        self.new_round(1)  # the core's round state: no bet to match, nobody acted
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

    def _dealing_order(self, pool: Iterable[str]) -> list[str]:
        return self.clockwise(self.button, pool)

    def _put(self, p: str, amount: int, *, live: bool = True) -> None:
        """The core's chips moved in (a bet, or dead money: the ante), and the pot in the middle."""
        Table._put(self, p, amount, live=live)
        self.pot += amount

    def _begin_deal(self) -> None:
        self.street = 1
        self._deal_start = (dict(self.contributions), dict(self.antes))
        b = self.button
        if self.modality == "boton-ante" and self.post_ante(b, self.stakes.ante) is not None and self.stacks[b] == 0:
            self._all_in(b)
        order = self._dealing_order(self._participants)
        for p in order:
            first, second = self._deal.cards[p][:2]
            self.own[p] += [first, second]
            self.is_open[p] += [True, False]
        self.record(Dealing(b, tuple(self.own[p][0] for p in order), street=self.street))
        exposed = [p for p in order if (p, 2) in self._exposures]  # the 1st card is face up anyway
        if exposed:
            for p in exposed:
                self.is_open[p][1] = True
                self.record(Exposing(p, self._deal.cards[p][1], street=self.street))
            self._misdeal()
            return
        self._start_round(1)

    def _misdeal(self) -> None:
        refunds = []
        bets, antes = self._deal_start
        for p in self.names:
            back = self.contributions[p] - bets[p] + self.antes[p] - antes[p]
            if back:
                self.stacks[p] += back
                self.contributions[p] = bets[p]
                self.antes[p] = antes[p]
                self.pot -= back
                refunds.append((p, back))
        if self.deal_index == 0:
            self.status = "void"
            self.phase = None
            self.to_act = None
            self.record(Misdealing(tuple(refunds), True, street=self.street))
            self.record(HandEnding(True, street=self.street))
            return
        self.record(Misdealing(tuple(refunds), False, street=self.street))
        participants = list(self._participants)
        self.deal_index += 1
        self._setup_deal(participants)
        self._begin_deal()

    # ----------------------------------------------------------------------------- internals: rounds

    def _start_round(self, s: int) -> None:
        self.new_round(s)
        self.phase = "bet"
        self._round_opener = None
        self._checks = 0
        self._wagered = False
        self._bring_in_only = False
        live = self.live()
        able = [q for q in live if self.stacks[q] > 0]

        exposed, self._pending_exposure = self._pending_exposure, None
        if exposed is not None and exposed in live:
            self.sole = exposed
            if self.stacks[exposed] == 0:
                self.record(BettingOpening(exposed, None, reason="exposed", street=s))
                self._end_round(lost=True)
                return
            self.to_act = exposed
            self._round_opener = exposed
            self.record(BettingOpening(exposed, exposed, reason="exposed", street=s))
            return

        if len(able) < 2:  # nobody can bet against anybody: deal the rest closed
            self._runout()
            return

        if s == 1 and self.modality == "bring-in" and self.extensions == 0:
            self._post_bring_in(live)
            return

        if s == 1:
            opener = max(live, key=lambda q: self.own[q][0])
            card = self.own[opener][0]
            tie = sum(1 for q in live if self.own[q][0].rank == card.rank) > 1
            facts = dict(reason="high-card", cards=(card,), tie=tie,
                         skipped=bool(self.extensions) and self.modality == "bring-in")
        else:
            values = {q: visible_value(self.open_cards(q), self.ayudas) for q in live}
            opener = max(live, key=values.__getitem__)
            value = values[opener]
            best = value.key[:2]  # category and ranks: equal hands differ only by suit
            explain = not any(isinstance(r, BettingOpening) and r.reason == "high-hand" for r in self.events)
            facts = dict(reason="high-hand", cards=tuple(value.cards), value=value, explain=explain,
                         tie=any(values[q].key[:2] == best for q in live if q != opener))
        first = opener if self.needs_action(opener) else self.next_actor(opener)
        self._round_opener = opener
        self.to_act = first
        self.record(BettingOpening(opener, first, street=s, **facts))

    def _post_bring_in(self, live: list[str]) -> None:
        p = min(live, key=lambda q: self.own[q][0])
        card = self.own[p][0]
        tie = sum(1 for q in live if self.own[q][0].rank == card.rank) > 1
        self.post_bring_in(p, self.stakes.bring_in, card=card, tie=tie)
        self._wagered = True
        self._bring_in_only = True
        first = self.to_act
        if self.stacks[p] == 0:
            self._all_in(p)
        if first is None:
            self._end_round()
            return
        self.record(BettingOpening(first, first, reason="bring-in", options=tuple(self.legal_actions()),
                                   street=self.street))

    def _all_in(self, p: str) -> None:
        self.record(AllIn(p, self.contributions[p] + self.antes[p], street=self.street))

    def decided(self, rec: Record) -> None:
        """After each of the core's decisions: the all-in, and the end of the round.

        A check by the only player who may act (his card was exposed) loses the round for everybody."""
        p = rec.player
        lost = False
        if isinstance(rec, CheckingOrCalling) and rec.amount == 0:
            self._checks += 1
            lost = self.sole == p
        elif isinstance(rec, CheckingOrCalling):
            self._bring_in_only = False
        elif isinstance(rec, BettingOrRaisingTo):
            self._wagered = True
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
                self.is_open[q] = [True] * len(self.is_open[q])
            self.record(AllChecking(street=s))
            if s == 5:
                self._showdown()
                return
            self._forced_closed = True
        elif s == 5:
            self._showdown()
            return
        if sum(1 for q in live if self.stacks[q] > 0) < 2:
            self._runout()
            return
        self._next_street()

    def _next_street(self) -> None:
        s = self.street
        self.street = 3 if s == 1 else s + 1
        if s == 1:
            self._ayudas_down()
        self._queue = self._dealing_order(self.live())
        self._continue_dealing()

    def _ayudas_down(self) -> None:
        self.ayudas = list(self._deal.ayudas)
        self.record(BoardDealing(tuple(self.ayudas), False, street="ayudas"))

    def _open_ayudas(self) -> None:
        self.ayudas_open = True
        self.record(BoardTurning(tuple(self.ayudas), street=self.street))

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
        if s == 3:
            self._open_ayudas()
        self._start_round(s)

    def _do_card(self, p: str, face: str) -> HoleDealing:
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
        own, flags = self.own[p], self.is_open[p]
        card = self._deal.cards[p][len(own)]
        turned = []
        if mode in ("up", "exposed"):
            own.append(card)
            flags.append(True)
        else:
            for i, is_open in enumerate(flags):
                if not is_open:
                    flags[i] = True
                    turned.append(own[i])
            own.append(card)
            flags.append(False)
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
        while self.street != 5:
            self.street = 3 if self.street == 1 else self.street + 1
            if self.street == 3:
                self._ayudas_down()
            for p in self._dealing_order(self.live()):
                self._give(p, "exposed" if (p, self.street) in self._exposures else "runout")
            if self.street == 3:
                self._open_ayudas()
        self._showdown()
