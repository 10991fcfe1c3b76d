"""The state of one Mata Ases hand and the actions that move it on (PokerKit style).

Each decision has three faces: ``verify_check(player)`` raises a :class:`HandActionError` with a
Spanish message that says what is allowed, ``can_check(player)`` answers a bool, and
``check(player)`` does it and returns a :class:`Move` (the decision and the :class:`Event` records
it caused). Forced steps (ante, Bring In, dealing, all-in runouts, showdown, extensions) are done by
the engine itself, right after the decision that leads to them. The hand keeps every event in
:attr:`MataAsesHand.events` and every move in :attr:`MataAsesHand.moves`.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from ... import spanish
from ...cards import Card
from ...spanish import capital, ordinal
from ...table.words import YOU, cannot, choices, did, say
from ..mata_ases import visible_value
from . import texts as T
from .pots import Pot, layered_pots
from .records import (
    ACTIONS,
    MAX_EXTENSIONS,
    Deal,
    Event,
    HandActionError,
    HandOverError,
    HandSetupError,
    IllegalActionError,
    InvalidAmountError,
    MissingDealError,
    Move,
    NotYourTurnError,
    PotResult,
    Seat,
    Stakes,
    table_problems,
)
from .settle import Settlement
from .texts import CITE, ROUND_NAME

__all__ = ["MataAsesHand"]


class MataAsesHand(Settlement):
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
    :raises HandSetupError: for a table that cannot be played.
    :raises MissingDealError: if the first deal lacks a player's cards.
    """

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
            raise HandSetupError.from_problem(problems[0])
        names = [s.name for s in seats]
        if not deals:
            raise MissingDealError("Hace falta al menos el reparto de la mano.")

        self.names: tuple[str, ...] = tuple(names)
        self.modality = modality
        self.betting = betting
        self.stakes = stakes
        self.deals = tuple(deals)
        self.max_extensions = max_extensions
        self.original_button = button
        self.button = button
        self.stacks: dict[str, int] = {s.name: s.stack for s in seats}
        self.starting_stacks: dict[str, int] = dict(self.stacks)
        #: Chips each player has bet during the whole hand (extensions included); antes apart.
        self.contributions: dict[str, int] = {n: 0 for n in names}
        #: Antes each player has posted (dead money that belongs to the main pot).
        self.antes: dict[str, int] = {n: 0 for n in names}
        #: Chips in the middle right now (current-round bets included).
        self.pot = 0
        self.events: list[Event] = []
        #: What each player showed when a deal was settled, by (deal, player): name, cards, kills the Aces.
        self.shown: dict = {}
        self.moves: list[Move] = []
        self.results: list[PotResult] = []
        #: "playing", "over" or "void" (misdeal).
        self.status = "playing"
        #: "bet" (a betting decision is due), "card" (a card-face choice is due) or None.
        self.phase: str | None = None
        self.to_act: str | None = None
        self.deal_index = 0
        self.extensions = 0
        self._seat = {n: i for i, n in enumerate(names)}
        self._answering = 0  # > 0 while a can_* question is answered: refusals need no wording
        self._setup_deal(list(names))
        self._begin_deal()

    # ----------------------------------------------------------------------------- properties

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

    def legal_actions(self) -> list[dict]:
        """What the player to act may do, as protocol ``next.can`` entries (empty when over).

        Built from the ``can_*`` answers, so each rule lives in its ``verify_*`` method only.
        """
        p = self.to_act
        if self.is_over or p is None:
            return []
        self._answering += 1
        try:
            options: list[dict] = []
            if self.can_card_up(p):
                options.append({"action": "up"})
            if self.can_card_down(p):
                options.append({"action": "down"})
            if self.can_check(p):
                options.append({"action": "check"})
            if self.can_call(p):
                options.append({"action": "call", "amount": self._call_amount(p)})
            if self.can_bet(p):
                low, high = self._bet_range(p)
                options.append({"action": "bet", "min": low, "max": high})
            if self.can_raise(p):
                low, high = self._raise_range(p)
                options.append({"action": "raise", "min": low, "max": high})
            if self.can_fold(p):
                options.append({"action": "fold"})
            return options
        finally:
            self._answering -= 1

    def _allowed(self, p: str) -> str:
        """What ``p`` may do, for an error message (not needed while answering a ``can_*``)."""
        return "" if self._answering else choices(p, self.legal_actions())

    def _call_amount(self, p: str) -> int:
        return min(self.target - self.bets[p], self.stacks[p])

    def _bet_range(self, p: str) -> tuple[int, int]:
        low = min(self.stakes.minimum, self.stacks[p])
        return low, low if self.betting == "fixed" else self.stacks[p]

    def _raise_range(self, p: str) -> tuple[int, int]:
        most = self.bets[p] + self.stacks[p]
        return min(self.target + self.last_raise, most), most

    def is_reopened_for(self, player: str) -> bool:
        """Whether the betting is open to a raise by ``player`` (no-limit, TDA 47).

        A player who has not acted in this round may raise. One who has may raise again only when
        what he now faces, since he last acted, adds up to at least a full raise (the largest full
        bet or raise of the round): a short all-in alone does not reopen the betting, several
        that add up to a full raise do.
        """
        if player not in self.faced:
            return True
        return self.target - self.faced[player] >= self.last_raise

    # ----------------------------------------------------------------------------- verification

    def _verify_turn(self, player: str | None, phase: str) -> str:
        if self.status == "void":
            raise HandOverError("La mano se anuló por una carta expuesta en el reparto: no admite más decisiones.")
        if self.is_over:
            raise HandOverError("La mano ya terminó: no admite más decisiones.")
        p = self.to_act if player is None else player
        turn = "te toca a ti" if self.to_act == YOU else f"le toca a {self.to_act}"
        if p not in self._seat:
            raise NotYourTurnError(f"«{p}» no está sentado en esta mesa: {turn}.")
        if p != self.to_act:
            if p == YOU:
                raise NotYourTurnError(f"No es tu turno: {turn}.")
            raise NotYourTurnError(f"No es el turno de {p}: {turn}.")
        if phase != self.phase:
            allowed = self._allowed(p)
            if self.phase == "card":
                nth = ordinal(self.street)
                who = (f"te toca elegir cómo recibes la {nth} carta" if p == YOU
                       else f"{p} tiene que elegir cómo recibe la {nth} carta")
                raise IllegalActionError(f"Ahora no se apuesta: {who}. {allowed}")
            who = "te toca apostar" if p == YOU else f"le toca apostar a {p}"
            raise IllegalActionError(f"Ahora no se reparte carta: {who}. {allowed}")
        return p

    def _refuse(self, p: str, action: str, reason: str, error=IllegalActionError, *, n: int | None = None,
                before: str = "", how: str = ""):
        return error(f"{cannot(p, action, n, before=before, how=how)}: {reason}. {self._allowed(p)}")

    def _facing(self) -> str:
        if self._bring_in_only:
            return "el Bring In es una apuesta"
        return f"hay una apuesta de {spanish.amount(self.target)}"

    def verify_check(self, player: str | None = None) -> str:
        """:raises HandActionError: unless ``player`` may check now. Returns the player."""
        p = self._verify_turn(player, "bet")
        if self.bets[p] < self.target:
            raise self._refuse(p, "check", self._facing())
        return p

    def verify_call(self, player: str | None = None) -> str:
        p = self._verify_turn(player, "bet")
        if self.bets[p] >= self.target:
            raise self._refuse(p, "call", "nadie ha apostado")
        return p

    def verify_fold(self, player: str | None = None) -> str:
        p = self._verify_turn(player, "bet")
        if self.bets[p] >= self.target:
            raise self._refuse(p, "fold", "nadie ha apostado, así que pasar no cuesta nada")
        return p

    def verify_bet(self, player: str | None = None, amount: int | None = None) -> str:
        p = self._verify_turn(player, "bet")
        if self.target > 0:
            raise self._refuse(p, "bet", "ya hay una apuesta" + (" (el Bring In)" if self._bring_in_only else ""))
        stack = self.stacks[p]
        low, high = self._bet_range(p)
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise self._refuse(p, "bet", "falta la cantidad", InvalidAmountError, how=" sin decir cuánto")
        if low <= amount <= high:
            return p
        if self.betting == "fixed":
            reason = f"en esta mesa las apuestas son fijas, de {spanish.amount(low)}"
        elif amount > stack:
            reason = f"solo {'te' if p == YOU else 'le'} quedan {spanish.amount(stack)} fichas"
        else:
            reason = (f"la apuesta mínima es de {spanish.amount(self.stakes.minimum)} "
                      f"(menos solo para ir all-in con todo lo que queda)")
        raise self._refuse(p, "bet", reason, InvalidAmountError, n=amount)

    def verify_raise(self, player: str | None = None, amount: int | None = None) -> str:
        """``amount`` is the total "raise to" of the round, not the increment."""
        p = self._verify_turn(player, "bet")
        if self.betting == "fixed":
            raise self._refuse(p, "raise", "en esta mesa las apuestas son fijas y no se sube")
        if self.target == 0:
            raise self._refuse(p, "raise", "no hay ninguna apuesta que subir")
        if self.stacks[p] <= self.target - self.bets[p]:
            raise self._refuse(p, "raise", "pagar ya supone todas sus fichas" if p != YOU
                               else "pagar ya supone todas tus fichas")
        if not self.is_reopened_for(p):
            raise self._refuse(p, "raise", "la última subida fue un all-in incompleto y no reabre las apuestas",
                               before="volver a ")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise self._refuse(p, "raise", "falta la cantidad total", InvalidAmountError, how=" sin decir a cuánto")
        low, high = self._raise_range(p)
        if low <= amount <= high:
            return p
        if amount > high:
            reason = f"solo {'te' if p == YOU else 'le'} quedan fichas para llegar a {spanish.amount(high)} en total"
        else:
            reason = (f"la subida mínima es a {spanish.amount(self.target + self.last_raise)} en total "
                      f"(menos solo para ir all-in)")
        raise self._refuse(p, "raise", reason, InvalidAmountError, n=amount)

    def verify_card_up(self, player: str | None = None) -> str:
        return self._verify_turn(player, "card")

    def verify_card_down(self, player: str | None = None) -> str:
        return self._verify_turn(player, "card")

    def _can(self, verify: Callable, *args) -> bool:
        self._answering += 1
        try:
            verify(*args)
        except HandActionError:
            return False
        finally:
            self._answering -= 1
        return True

    def can_check(self, player: str | None = None) -> bool:
        return self._can(self.verify_check, player)

    def can_call(self, player: str | None = None) -> bool:
        return self._can(self.verify_call, player)

    def can_fold(self, player: str | None = None) -> bool:
        return self._can(self.verify_fold, player)

    def can_bet(self, player: str | None = None, amount: int | None = None) -> bool:
        """Whether ``player`` may bet (``amount``, or some amount when None)."""
        if amount is None:
            if not self._can(self._verify_turn, player, "bet"):
                return False
            amount = self._bet_range(player if player is not None else self.to_act)[0]
        return self._can(self.verify_bet, player, amount)

    def can_raise(self, player: str | None = None, amount: int | None = None) -> bool:
        """Whether ``player`` may raise to ``amount`` (or to some amount when None)."""
        if amount is None:
            if not self._can(self._verify_turn, player, "bet"):
                return False
            amount = self._raise_range(player if player is not None else self.to_act)[0]
        return self._can(self.verify_raise, player, amount)

    def can_card_up(self, player: str | None = None) -> bool:
        return self._can(self.verify_card_up, player)

    def can_card_down(self, player: str | None = None) -> bool:
        return self._can(self.verify_card_down, player)

    # ----------------------------------------------------------------------------- actions

    def _record(self, player: str, action: str, amount: int | None, run: Callable[[], None]) -> Move:
        start = len(self.events)
        run()
        move = Move(player, action, amount, tuple(self.events[start:]))
        self.moves.append(move)
        return move

    def check(self, player: str | None = None) -> Move:
        """Pass without betting. :raises HandActionError: see :meth:`verify_check`."""
        p = self.verify_check(player)
        return self._record(p, "check", None, lambda: self._do_check(p))

    def call(self, player: str | None = None) -> Move:
        """Match the bet (all-in for less when short). :raises HandActionError:"""
        p = self.verify_call(player)
        return self._record(p, "call", self._call_amount(p), lambda: self._do_call(p))

    def fold(self, player: str | None = None) -> Move:
        """Give up the hand. :raises HandActionError: when there is no bet to face."""
        p = self.verify_fold(player)
        return self._record(p, "fold", None, lambda: self._do_fold(p))

    def bet(self, player: str | None = None, amount: int | None = None) -> Move:
        """Open the betting with ``amount`` chips. :raises HandActionError:"""
        p = self.verify_bet(player, amount)
        return self._record(p, "bet", amount, lambda: self._do_bet(p, amount))

    def raise_to(self, player: str | None = None, amount: int | None = None) -> Move:
        """Raise to a round total of ``amount``. :raises HandActionError:"""
        p = self.verify_raise(player, amount)
        return self._record(p, "raise", amount, lambda: self._do_raise(p, amount))

    def card_up(self, player: str | None = None) -> Move:
        """Take the next own card open («aire»). :raises HandActionError:"""
        p = self.verify_card_up(player)
        return self._record(p, "up", None, lambda: self._do_card(p, "up"))

    def card_down(self, player: str | None = None) -> Move:
        """Take the next own card closed, opening the closed one. :raises HandActionError:"""
        p = self.verify_card_down(player)
        return self._record(p, "down", None, lambda: self._do_card(p, "down"))

    def act(self, player: str, action: str, amount: int | None = None) -> Move:
        """Any decision by name (``ACTIONS``); ``amount`` for bet and raise (raise-to total).

        :raises HandActionError: for an unknown or illegal decision.
        """
        if action == "check":
            return self.check(player)
        if action == "call":
            return self.call(player)
        if action == "fold":
            return self.fold(player)
        if action == "bet":
            return self.bet(player, amount)
        if action == "raise":
            return self.raise_to(player, amount)
        if action == "up":
            return self.card_up(player)
        if action == "down":
            return self.card_down(player)
        raise IllegalActionError(f"Acción desconocida: «{action}». Las acciones son: {', '.join(ACTIONS)}.")

    # ----------------------------------------------------------------------------- internals: events

    def _emit(self, kind: str, text: str, *, player: str | None = None, amount: int | None = None,
              cards: Iterable[Card] | None = None, cite: str | None = None) -> None:
        street = "ayudas" if kind == "ayudas_down" else self.street  # its own section, between rounds
        repeat = cite is not None and any(e.cite == cite and e.deal == self.deal_index and e.street == street
                                          for e in self.events)
        self.events.append(Event(
            kind, street, self.deal_index, player, amount,
            tuple(c._text for c in cards) if cards is not None else None,
            text, cite, self.snapshot(), repeat,
        ))

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
            raise HandSetupError(f"El reparto número {k} repite alguna carta: una baraja solo tiene una de cada.")
        self._deal = deal
        self._participants = tuple(p for p in self.names if p in set(participants))
        self._participant_set = frozenset(self._participants)
        for exposure in deal.exposed:
            problem = exposure.problem()
            if problem is not None:
                raise HandSetupError(f"Reparto número {k}, carta expuesta de {exposure.player}: {problem}.")
        self._exposures = {(e.player, e.card) for e in deal.exposed if e.player in self._participant_set}
        self.folded: set[str] = set()
        self.own: dict[str, list[Card]] = {p: [] for p in self._participants}
        self.is_open: dict[str, list[bool]] = {p: [] for p in self._participants}
        self.bets: dict[str, int] = {p: 0 for p in self._participants}
        self.ayudas: list[Card] = []
        self.ayudas_open = False
        self.street: int | str = 1
        self.target = 0
        #: The largest full bet or raise of the round: the least a raise adds (TDA 43).
        self.last_raise = self.stakes.minimum
        self.acted: set[str] = set()
        #: The round total each player matched when he last acted (TDA 47: see is_reopened_for).
        self.faced: dict[str, int] = {}
        #: Who bet or raised last in the round, and who opened it: they decide who shows first.
        self._aggressor: str | None = None
        self._round_opener: str | None = None
        self._checks = 0
        self._wagered = False
        self._bring_in_only = False
        self._exposure_actor: str | None = None
        self._pending_exposure: str | None = None
        self._forced_closed = False
        self._running_out = False
        self._queue: list[str] = []
        self.phase = None
        self.to_act = None

    def _clockwise_after(self, start: str, pool: Iterable[str]) -> list[str]:
        """Players of ``pool`` clockwise from the left of ``start`` (``start`` last if in the pool)."""
        pool = set(pool)
        n = len(self.names)
        i = self._seat[start]
        return [q for q in (self.names[(i + k) % n] for k in range(1, n + 1)) if q in pool]

    def _dealing_order(self, pool: Iterable[str]) -> list[str]:
        return self._clockwise_after(self.button, pool)

    def _put(self, p: str, amount: int, *, bet: bool = True) -> None:
        self.stacks[p] -= amount
        self.pot += amount
        if bet:
            self.contributions[p] += amount
            self.bets[p] += amount
        else:
            self.antes[p] += amount

    def _begin_deal(self) -> None:
        self.street = 1
        self._deal_start = (dict(self.contributions), dict(self.antes))
        in_extension = self.extensions > 0
        b = self.button
        if self.modality == "boton-ante" and self.stacks[b] > 0:
            amount = min(self.stakes.ante, self.stacks[b])
            self._put(b, amount, bet=False)
            short = amount < self.stakes.ante
            note = (" Convención de este sitio: en cada extensión de Botón Ante el nuevo botón pone otra vez el ante."
                    if in_extension else "")
            rule = " Entra en el pozo pero no es una apuesta, así que quien abra la ronda puede pasar." + note
            self._emit("ante", say(
                b,
                f"Tienes el botón: pones {spanish.amount(amount)} de ante{' (todo lo que tienes)' if short else ''}." + rule,
                f"{{p}} tiene el botón y pone {spanish.amount(amount)} de ante{' (todo lo que tiene)' if short else ''}." + rule,
            ), player=b, amount=amount, cite=f"{CITE['ante']} · {CITE['convention']}" if in_extension else CITE["ante"])
            if self.stacks[b] == 0:
                self._emit_all_in(b)
        order = self._dealing_order(self._participants)
        for p in order:
            first, second = self._deal.cards[p][:2]
            self.own[p] += [first, second]
            self.is_open[p] += [True, False]
        who = say(b, "tienes el botón y se empieza por tu izquierda", "{p} tiene el botón y se empieza por su izquierda")
        where = "la extensión" if in_extension else "la mano"
        self._emit("deal", f"Reparto de {where}: {who}. A cada jugador le llega primero una carta boca arriba y "
                           "luego otra boca abajo.",
                   player=b, cards=[self.own[p][0] for p in order], cite=CITE["deal"])
        exposed = [p for p in order if (p, 2) in self._exposures]  # the 1st card is face up anyway
        if exposed:
            for p in exposed:
                card = self._deal.cards[p][1]
                self.is_open[p][1] = True
                self._emit("exposed", say(
                    p, f"Al repartir, el dealer enseña por error tu segunda carta, la cerrada: {T.the(card)}.",
                    f"Al repartir, el dealer enseña por error la segunda carta de {{p}}, la cerrada: {T.the(card)}.",
                ), player=p, cards=[card], cite=CITE["exposed"])
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
        detail = "".join(
            f" Vuelven {spanish.amount(n)} a {'ti' if p == YOU else p}." for p, n in refunds
        )
        if self.deal_index == 0:
            self.status = "void"
            self.phase = None
            self.to_act = None
            self._emit("misdeal", "Carta expuesta en el reparto inicial: la mano es nula y cada jugador recupera "
                                  "lo que había puesto." + detail, cite=CITE["exposed"])
            self._emit("hand_end", "La mano termina anulada: no hay pozo que repartir.")
            return
        self._emit("misdeal", "Carta expuesta en el reparto inicial de la extensión: ese reparto es nulo y se "
                              "vuelve a repartir con los mismos jugadores y el mismo botón." + detail,
                   cite=f"{CITE['exposed']} · {CITE['convention']}")
        participants = list(self._participants)
        self.deal_index += 1
        self._setup_deal(participants)
        self._begin_deal()

    # ----------------------------------------------------------------------------- internals: rounds

    def _needs_action(self, q: str) -> bool:
        return self.stacks[q] > 0 and (self.bets[q] < self.target or q not in self.acted)

    def _next_actor(self, after: str) -> str | None:
        if self._exposure_actor is not None:
            return None
        for q in self._clockwise_after(after, self.live()):
            if self._needs_action(q):
                return q
        return None

    def _start_round(self, s: int) -> None:
        self.phase = "bet"
        self.target = 0
        self.last_raise = self.stakes.minimum
        self.acted = set()
        self.faced = {}
        self._aggressor = None
        self._round_opener = None
        self._checks = 0
        self._wagered = False
        self._bring_in_only = False
        live = self.live()
        able = [q for q in live if self.stacks[q] > 0]

        exposed, self._pending_exposure = self._pending_exposure, None
        if exposed is not None and exposed in live:
            self._exposure_actor = exposed
            if self.stacks[exposed] == 0:
                self._emit("first_to_act", say(
                    exposed, "Solo podrías actuar tú, por la carta expuesta, pero estás all-in: la ronda se pierde.",
                    "Solo podría actuar {p}, por la carta expuesta, pero está all-in: la ronda se pierde.",
                ), player=exposed, cite=CITE["exposed"])
                self._end_round(lost=True)
                return
            self.to_act = exposed
            self._round_opener = exposed
            self._emit("first_to_act", say(
                exposed, "Por la carta expuesta, en esta ronda solo puedes actuar tú: si apuestas, la acción "
                         "sigue hacia tu izquierda; si pasas, se pierde la ronda.",
                "Por la carta expuesta, en esta ronda solo puede actuar {p}: si apuesta, la acción sigue hacia "
                "su izquierda; si pasa, se pierde la ronda.",
            ), player=exposed, cite=CITE["exposed"])
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
            text = f"Empieza a hablar la carta abierta de más valor, {T.whose(opener, card)}."
            if tie:
                text += (" Hay otra carta del mismo valor, así que gana el palo más alto (picas > corazones > "
                         "diamantes > tréboles).")
            if self.extensions and self.modality == "bring-in":
                text += say(opener, " Sin Bring In, puedes pasar.", " Sin Bring In, puede pasar.")
            cite = CITE["extension"] if self.extensions and self.modality == "bring-in" else CITE["opener"]
            shown: Sequence[Card] = [card]
        else:
            values = {q: visible_value(self.open_cards(q), self.ayudas) for q in live}
            opener = max(live, key=values.__getitem__)
            value = values[opener]
            if value.category == "high_card":
                card = T.the(max(c for c in value.cards if c != value.ayuda))  # the ayuda is everybody's
                text = say(opener, f"Empiezas a hablar tú: no hay parejas a la vista y tu carta abierta más alta, "
                                   f"{card}, es la mejor de la mesa.",
                           f"Empieza a hablar {{p}}: no hay parejas a la vista y su carta abierta más alta, {card}, "
                           "es la mejor de la mesa.")
            else:
                text = say(opener, f"Empiezas a hablar tú: tu jugada a la vista, {value.name}, es la mejor de la mesa.",
                           f"Empieza a hablar {{p}}: su jugada a la vista, {value.name}, es la mejor de la mesa.")
            if not any(e.type == "first_to_act" and T.VISIBLE_RULE in e.text for e in self.events):
                text += " " + T.VISIBLE_RULE
            cite = CITE["visible"]
            shown = values[opener].cards
            best = values[opener].key[:2]  # category and ranks: equal hands differ only by suit
            if any(values[q].key[:2] == best for q in live if q != opener):
                text += (" Hay otra jugada a la vista igual: habla primero la que tiene la carta más alta por palo "
                         "(picas > corazones > diamantes > tréboles), convención de este sitio.")
                cite = f"{cite} · {CITE['convention']}"
        first = opener if self._needs_action(opener) else self._next_actor(opener)
        if first != opener:
            text += say(opener, " Pero estás all-in", " Pero {p} está all-in") + say(
                first, ": hablas tú, a su izquierda (convención de este sitio).",
                ": habla {p}, a su izquierda (convención de este sitio).")
            if CITE["convention"] not in cite:
                cite = f"{cite} · {CITE['convention']}"
        self._round_opener = opener
        self.to_act = first
        self._emit("first_to_act", text, player=first, cards=shown, cite=cite)

    def _post_bring_in(self, live: list[str]) -> None:
        p = min(live, key=lambda q: self.own[q][0])
        card = self.own[p][0]
        tie = sum(1 for q in live if self.own[q][0].rank == card.rank) > 1
        amount = min(self.stakes.bring_in, self.stacks[p])
        self._put(p, amount)
        minimum = self.stakes.minimum
        self.target = minimum
        self.last_raise = minimum
        self._wagered = True
        self._bring_in_only = True
        first = self._next_actor(p)
        self.to_act = first
        short = amount < self.stakes.bring_in
        text = say(
            p,
            f"Tu {card.name_es} es la carta abierta más baja: pones el Bring In"
            + (f", {spanish.amount(amount)}: todo lo que tienes." if short else f" de {spanish.amount(amount)}."),
            f"{capital(T.the(card))} de {{p}} es la carta abierta más baja: {{p}} pone el Bring In"
            + (f", {spanish.amount(amount)}: todo lo que tiene." if short else f" de {spanish.amount(amount)}."),
        )
        text += f" Es una apuesta: nadie puede pasar, y para seguir hay que poner el mínimo completo, {spanish.amount(minimum)}."
        if tie:
            text += (" Hay otra carta del mismo valor, así que cuenta como más baja la del palo más bajo "
                     "(tréboles < diamantes < corazones < picas).")
        self._emit("bring_in", text, player=p, amount=amount, cards=[card], cite=CITE["bring_in"])
        if self.stacks[p] == 0:
            self._emit_all_in(p)
        if first is None:
            self._end_round()
            return
        self._emit("first_to_act", say(first, "Hablas tú, a la izquierda del Bring In. ",
                                       "Habla {p}, a la izquierda del Bring In. ")
                   + choices(first, self.legal_actions()), player=first, cite=CITE["bring_in"])

    def _emit_all_in(self, p: str) -> None:
        self._emit("all_in", say(
            p, "Vas all-in: no te quedan fichas, pero sigues en la mano y optas al pozo hasta lo que has puesto.",
            "{p} va all-in: no le quedan fichas, pero sigue en la mano y opta al pozo hasta lo que ha puesto.",
        ), player=p, amount=self.contributions[p] + self.antes[p], cite=CITE["all_in"])

    def _after_action(self, p: str) -> None:
        live = self.live()
        nxt = None if len(live) < 2 else self._next_actor(p)
        self.to_act = nxt

    def _do_check(self, p: str) -> None:
        self.acted.add(p)
        self.faced[p] = self.target
        self._checks += 1
        lost = self._exposure_actor == p
        self._after_action(p)
        self._emit("check", did(p, "check"), player=p)
        if lost or self.to_act is None:
            self._end_round(lost=lost)

    def _do_call(self, p: str) -> None:
        amount = self._call_amount(p)
        self._put(p, amount)
        self.acted.add(p)
        self.faced[p] = self.target
        self._bring_in_only = False
        self._after_action(p)
        self._emit("call", did(p, "call", amount), player=p, amount=amount)
        if self.stacks[p] == 0:
            self._emit_all_in(p)
        if self.to_act is None:
            self._end_round()

    def _do_fold(self, p: str) -> None:
        self.folded.add(p)
        self.acted.add(p)
        self.faced[p] = self.target
        self._after_action(p)
        self._emit("fold", did(p, "fold"), player=p)
        if self.to_act is None:
            self._end_round()

    def _do_bet(self, p: str, amount: int) -> None:
        self._put(p, amount)
        self.target = self.bets[p]
        self.last_raise = max(amount, self.stakes.minimum)
        self.acted = {p}
        self.faced[p] = self.target
        self._aggressor = p
        self._wagered = True
        self._bring_in_only = False
        self._exposure_actor = None
        self._after_action(p)
        self._emit("bet", did(p, "bet", amount),
                   player=p, amount=amount)
        if self.stacks[p] == 0:
            self._emit_all_in(p)
        if self.to_act is None:
            self._end_round()

    def _do_raise(self, p: str, total: int) -> None:
        self._put(p, total - self.bets[p])
        if total - self.target >= self.last_raise:  # a full raise: it sets the next minimum (TDA 43)
            self.last_raise = total - self.target
            self.acted = {p}
        else:  # a short all-in: the betting reopens only as is_reopened_for says (TDA 47)
            self.acted.add(p)
        self.target = total
        self.faced[p] = total
        self._aggressor = p
        self._bring_in_only = False
        self._after_action(p)
        self._emit("raise", did(p, "raise", total),
                   player=p, amount=total)
        if self.stacks[p] == 0:
            self._emit_all_in(p)
        if self.to_act is None:
            self._end_round()

    def _end_round(self, *, lost: bool = False) -> None:
        s = self.street
        exposed = self._exposure_actor
        self._exposure_actor = None
        for q in self.bets:
            self.bets[q] = 0
        self.phase = None
        self.to_act = None
        live = self.live()
        if lost:
            text = say(exposed, "Como pasaste con la carta expuesta, esta ronda de apuestas se pierde: ",
                       "Como {p} pasó con la carta expuesta, esta ronda de apuestas se pierde: ")
            text += "nadie más actúa y nadie tiene que descubrir sus cartas."
            self._emit("round_end", text, player=exposed, cite=CITE["exposed"])
        else:
            self._emit("round_end", f"Termina la {ROUND_NAME[s]} ronda de apuestas. En el pozo hay {spanish.amount(self.pot)}.")
        if len(live) == 1:
            self._lone(live[0])
            return
        if not lost and not self._wagered and self._checks > 0:
            for q in live:
                self.is_open[q] = [True] * len(self.is_open[q])
            if s == 5:
                self._emit("all_checked", "Nadie apostó en la última ronda: todos descubren sus cartas y, como no "
                                          "queda carta por repartir, se va directo al showdown.",
                           cite=CITE["all_checked"])
                self._showdown()
                return
            self._emit("all_checked", "Nadie apostó: todos descubren sus cartas propias y la próxima carta se "
                                      "reparte cerrada, sin elegir.", cite=CITE["all_checked"])
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
        self._emit("ayudas_down", "Se colocan las tres ayudas en el centro, boca abajo y sin quemar carta. En el "
                                  "showdown cada uno podrá sumar a sus cartas una de ellas como máximo.",
                   cite=CITE["ayudas_down"])

    def _open_ayudas(self) -> None:
        self.ayudas_open = True
        a, b, c = self.ayudas
        self._emit("ayudas_open", f"Ya está repartida la tercera carta: se descubren las ayudas ({a.name_es}, "
                                  f"{b.name_es} y {c.name_es}).", cards=self.ayudas, cite=CITE["ayudas_open"])

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

    def _do_card(self, p: str, face: str) -> None:
        self._queue.pop(0)
        self.phase = None
        self.to_act = None
        self._give(p, face)
        self._continue_dealing()

    def _give(self, p: str, mode: str) -> None:
        """Deal ``p``'s next card: "up", "down", "forced" (closed, no choice: everybody checked),
        "kept" (closed, no choice: ``p`` has no closed card left), "runout", "exposed"."""
        own, flags = self.own[p], self.is_open[p]
        card = self._deal.cards[p][len(own)]
        nth = ordinal(len(own) + 1)
        opened = None
        if mode in ("up", "exposed"):
            own.append(card)
            flags.append(True)
        else:
            for i, is_open in enumerate(flags):
                if not is_open:
                    flags[i] = True
                    opened = own[i]
            own.append(card)
            flags.append(False)
        if mode == "up":
            text = did(p, "up", end="") + say(p, f": {T.the(card)} llega boca arriba y tu carta tapada sigue oculta.",
                                           f": recibe {T.the(card)} a la vista.")
            cite = CITE["card"]
        elif mode == "down":
            text = did(p, "down", end="") + say(
                p, f": te llega boca abajo {T.the(card)} y a cambio descubres la que tenías escondida, {T.the(opened)}.",
                f": la nueva le llega boca abajo y a cambio descubre la que tenía escondida, {T.the(opened)}.")
            cite = CITE["card"]
        elif mode == "forced":
            text = say(p, f"Recibes la {nth} carta cerrada ({T.the(card)}), sin elegir: en la ronda anterior "
                          "nadie apostó.",
                       f"{{p}} recibe la {nth} carta cerrada, sin elegir: en la ronda anterior nadie apostó.")
            cite = CITE["all_checked"]
        elif mode == "kept":
            text = say(p, f"Recibes la {nth} carta cerrada ({T.the(card)}), sin elegir: no te quedaba ninguna carta "
                          "tapada (todos abrieron las suyas y la anterior te llegó expuesta por error), y siempre hay "
                          "que conservar una.",
                       f"{{p}} recibe la {nth} carta cerrada, sin elegir: no le quedaba ninguna carta tapada (todos "
                       "abrieron las suyas y la anterior le llegó expuesta por error), y siempre hay que conservar "
                       "una.")
            cite = f"{CITE['card']} · {CITE['exposed']} · {CITE['convention']}"
        elif mode == "runout":
            text = say(p, f"Recibes la {nth} carta cerrada ({T.the(card)}).", f"{{p}} recibe la {nth} carta cerrada.")
            cite = CITE["all_in"]
        else:
            head = say(p, f"El dealer enseña por error tu {nth} carta, {T.the(card)}: queda abierta",
                       f"El dealer enseña por error la {nth} carta de {{p}}, {T.the(card)}: queda abierta")
            if self._running_out:
                text = head + ". Como ya no hay apuestas, no cambia nada."
            else:
                self._pending_exposure = p
                text = head + say(p, ", y en esta ronda de apuestas solo podrás actuar tú.",
                                  ", y en esta ronda de apuestas solo podrá actuar {p}.")
            self._emit("exposed", text, player=p, cards=[card], cite=CITE["exposed"])
            return
        self._emit("card", text, player=p, cards=[card], cite=cite)

    def _runout(self) -> None:
        self._running_out = True
        self.phase = None
        self.to_act = None
        self._emit("runout", "Hay all-in y nadie más puede apostar: el resto de cartas se reparte boca abajo y "
                             "todos destapan sus manos de una vez. Nadie puede tirar sus cartas sin mostrarlas.",
                   cite=CITE["all_in"])
        while self.street != 5:
            self.street = 3 if self.street == 1 else self.street + 1
            if self.street == 3:
                self._ayudas_down()
            for p in self._dealing_order(self.live()):
                self._give(p, "exposed" if (p, self.street) in self._exposures else "runout")
            if self.street == 3:
                self._open_ayudas()
        self._showdown()

    # ----------------------------------------------------------------------------- checks

    def chips_in_play(self) -> int:
        """Stacks plus the pot: always the starting total."""
        return sum(self.stacks.values()) + self.pot
