"""The state of one Mata Ases hand and the actions that move it on (PokerKit style).

The hand is a game on the table core (:class:`engine.table.Table`): the core keeps the betting round
(the bet to match, the last full raise, who acted and what each faced, TDA 43 and 47, the
``verify_``/``can_``/do of check, call, bet, raise and fold, and the legal actions); this module keeps
what is Mata Ases: the modalities, the card choice (open or closed), the ayudas, exposed cards, who
opens each round, the Bring In's own rules, extensions, killing the Aces, and its sentences.

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
from ...table import Rules, Table
from ...table.records import BettingOrRaisingTo, CheckingOrCalling, Record
from ...table.rules import street_named
from ...table.words import YOU, choices, did, over, say
from .showdown import visible_value
from . import texts as T
from .pots import Pot, layered_pots
from .records import (ACTIONS, MAX_EXTENSIONS, Deal, Event, HandActionError, HandOverError, HandSetupError,
                      IllegalActionError, InvalidAmountError, MissingDealError, Move, NotYourTurnError, PotResult,
                      Seat, Stakes, table_problems)
from .settle import Settlement
from .texts import CITE, STREETS

__all__ = ["MataAsesHand"]


def table_rules(minimum: int, betting: str) -> Rules:
    """The table core's rules of a Mata Ases hand: ``minimum`` and ``betting`` (``"no-limit"`` or ``"fixed"``);
    folding only facing a bet, a raise needs no caller, the Botón Ante ante is dead money."""
    return Rules(minimum=minimum, betting=betting, fold_when_free=False, raise_needs_caller=False, dead_antes=True)


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
    :raises HandSetupError: for a table that cannot be played.
    :raises MissingDealError: if the first deal lacks a player's cards.
    """

    #: The core refuses with Mata Ases' own error classes (and codes: ``illegal-action``...).
    errors = {"over": HandOverError, "turn": NotYourTurnError, "illegal": IllegalActionError,
              "amount": InvalidAmountError}
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
            raise HandSetupError.from_problem(problems[0])
        names = [s.name for s in seats]
        if not deals:
            raise MissingDealError("Hace falta al menos el reparto de la mano.")

        Table.__init__(self, [(s.name, s.stack) for s in seats], table_rules(stakes.minimum, betting))
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
        self.events: list[Event] = []
        #: The core's records of the decisions and forced bets (:mod:`engine.table.records`).
        self.records: list[Record] = []
        #: What each player showed when a deal was settled, by (deal, player): name, cards, kills the Aces.
        self.shown: dict = {}
        self.moves: list[Move] = []
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
        return f"hay una apuesta de {spanish.amount(self.target)}"

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

    def _record(self, player: str | None, action: str, run: Callable[[], int | None]) -> Move:
        """Do ``run`` (it verifies the decision first, and returns the Move's amount) and keep the Move."""
        start = len(self.events)
        p = self.to_act if player is None else player
        amount = run()
        move = Move(p, action, amount, tuple(self.events[start:]))
        self.moves.append(move)
        return move

    def check(self, player: str | None = None) -> Move:
        """Pass without betting. :raises HandActionError: see :meth:`verify_check`."""
        return self._record(player, "check", lambda: Table.check(self, player) and None)

    def call(self, player: str | None = None) -> Move:
        """Match the bet (all-in for less when short). :raises HandActionError:"""
        return self._record(player, "call", lambda: Table.call(self, player).amount)

    def fold(self, player: str | None = None) -> Move:
        """Give up the hand. :raises HandActionError: when there is no bet to face."""
        return self._record(player, "fold", lambda: Table.fold(self, player) and None)

    def bet(self, player: str | None = None, amount: int | None = None) -> Move:
        """Open the betting with ``amount`` chips. :raises HandActionError:"""
        return self._record(player, "bet", lambda: Table.bet(self, player, amount).amount)

    def raise_to(self, player: str | None = None, amount: int | None = None) -> Move:
        """Raise to a round total of ``amount``. :raises HandActionError:"""
        return self._record(player, "raise", lambda: Table.raise_to(self, player, amount).amount)

    def card_up(self, player: str | None = None) -> Move:
        """Take the next own card open («aire»). :raises HandActionError:"""
        return self._record(player, "up", lambda: self._do_card(self.verify_card_up(player), "up"))

    def card_down(self, player: str | None = None) -> Move:
        """Take the next own card closed, opening the closed one. :raises HandActionError:"""
        return self._record(player, "down", lambda: self._do_card(self.verify_card_down(player), "down"))

    def act(self, player: str, action: str, amount: int | None = None) -> Move:
        """Any decision by name (``ACTIONS``); ``amount`` for bet and raise (raise-to total).

        :raises HandActionError: for an unknown or illegal decision.
        """
        if action not in ACTIONS:
            raise IllegalActionError(f"Acción desconocida: «{action}». Las acciones son: {', '.join(ACTIONS)}.")
        if action == "up":
            return self.card_up(player)
        if action == "down":
            return self.card_down(player)
        return Table.act(self, player, action, amount)

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
        in_extension = self.extensions > 0
        b = self.button
        if self.modality == "boton-ante" and self.stacks[b] > 0:
            amount = min(self.stakes.ante, self.stacks[b])
            self._put(b, amount, live=False)
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
                text = say(opener, f"Empiezas a hablar tú: no hay pares a la vista y tu carta abierta más alta, "
                                   f"{card}, es la mejor de la mesa.",
                           f"Empieza a hablar {{p}}: no hay pares a la vista y su carta abierta más alta, {card}, "
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
        first = opener if self.needs_action(opener) else self.next_actor(opener)
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
        amount = self.post_bring_in(p, self.stakes.bring_in).amount
        minimum = self.stakes.minimum
        self._wagered = True
        self._bring_in_only = True
        first = self.next_actor(p)
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

    def record(self, rec: Record) -> Record:
        """The core's records go to :attr:`records`; :attr:`events` are the hand's worded events."""
        self.records.append(rec)
        return rec

    def decided(self, rec: Record) -> None:
        """After each of the core's decisions: the sentence, the all-in, and the end of the round.

        A check by the only player who may act (his card was exposed) loses the round for everybody."""
        p = rec.player
        lost = False
        if isinstance(rec, CheckingOrCalling) and rec.amount == 0:
            self._checks += 1
            lost = self.sole == p
            self._emit("check", did(p, "check"), player=p)
        elif isinstance(rec, CheckingOrCalling):
            self._bring_in_only = False
            self._emit("call", did(p, "call", rec.amount), player=p, amount=rec.amount)
        elif isinstance(rec, BettingOrRaisingTo):
            self._wagered = True
            self._bring_in_only = False
            self._emit(rec.kind, did(p, rec.kind, rec.amount), player=p, amount=rec.amount)
        else:
            self._emit("fold", did(p, "fold"), player=p)
        if getattr(rec, "all_in", False):
            self._emit_all_in(p)
        if lost or self.to_act is None:
            self._end_round(lost=lost)

    def _end_round(self, *, lost: bool = False) -> None:
        s = self.street
        exposed = self.sole
        self.close_betting()
        self.phase = None
        live = self.live()
        if lost:
            text = say(exposed, "Como pasaste con la carta expuesta, esta ronda de apuestas se pierde: ",
                       "Como {p} pasó con la carta expuesta, esta ronda de apuestas se pierde: ")
            text += "nadie más actúa y nadie tiene que descubrir sus cartas."
            self._emit("round_end", text, player=exposed, cite=CITE["exposed"])
        else:
            self._emit("round_end", f"Termina {street_named(STREETS, s).round}. En el pozo hay {spanish.amount(self.pot)}.")
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
