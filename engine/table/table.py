"""The table core: seats, stacks, forced bets, betting rounds, pots, and the decisions that move a hand.

A game is a subclass of :class:`Table` (Texas Hold'em: :class:`engine.games.holdem.hand.HoldemHand`):
it chooses who opens each round, deals the streets of its :class:`~.rules.Rules`, and settles the
pots; the core keeps the chips and the betting rules (TDA 2024) in one place:

- a bet is at least the table minimum (all-in for less allowed); in ``"fixed"`` betting, exactly it;
- a raise is at least the largest previous full bet or raise of the round (TDA 43); no raises in
  ``"fixed"`` betting;
- an all-in short of a full raise does not reopen the betting for those who already acted, unless
  short all-ins add up to a full raise against what that player faced (TDA 47);
- one decision per turn, clockwise; the uncalled part of a bet goes back (:meth:`Table.return_uncalled`);
- a fold where checking is free is allowed where the game says so (``Rules.fold_when_free``).

Each decision has three faces: ``verify_call(player)`` raises an :class:`~.errors.ActionError`
(Spanish, with a code), ``can_call(player)`` answers a bool, ``call(player)`` does it and returns the
record. :meth:`Table.legal_actions` is derived from the ``can_*`` answers, so no rule is written twice.

>>> from engine.table import Rules, Table
>>> t = Table([("Ana", 100), ("Beto", 100), ("Carla", 30)], Rules(minimum=10))
>>> t.new_round("flop"); t.open_betting("Ana")
'Ana'
>>> t.bet("Ana", 20).amount, t.to_act, t.legal_actions()
(20, 'Beto', [{'action': 'fold'}, {'action': 'call', 'amount': 20}, {'action': 'raise', 'min': 40, 'max': 100}])
>>> t.raise_to("Beto", 50).full, t.can_raise("Carla"), t.call("Carla").amount
(True, False, 30)
>>> t.verify_raise("Ana", 60)
Traceback (most recent call last):
  ...
engine.table.errors.InvalidAmountError: Ana no puede subir a 60: la subida mínima es a 80 en total (menos solo para ir all-in). Ana puede retirarse, pagar 30 o subir a un total de entre 80 y 100.
>>> t.call("Ana").amount, t.to_act, t.round_closed
(30, None, True)
>>> [(p.amount, p.eligible) for p in t.pots()]
[(90, ('Ana', 'Beto', 'Carla')), (40, ('Ana', 'Beto'))]
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable, Sequence

from ..cards import Card
from ..pots import Pot, side_pots, uncalled_bet
from ..spanish import amount as chips
from .errors import (ActionError, HandOverError, IllegalActionError, InvalidAmountError, NotYourTurnError,
                     TableSetupError)
from .records import (AntePosting, BettingOrRaisingTo, BlindPosting, BoardDealing, BoardTurning, BringInPosting,
                      Burning, CheckingOrCalling, ChipsReturning, Folding, HoleDealing, Mucking, PotAwarding, Record,
                      Showing)
from .words import YOU, choices, over, refusal, turn_of
from .rules import Rules

__all__ = ["DECISIONS", "Table"]

#: The betting decisions, in the order :meth:`Table.legal_actions` lists them.
DECISIONS = ("fold", "check", "call", "bet", "raise")


class Table:
    """Seats (clockwise), stacks and one hand's chips, with the betting rules of the core.

    State (read it, the methods change it):

    - ``names`` (clockwise), ``stacks``, ``starting_stacks``;
    - ``bets``: chips in front of each player this round; ``contributions``: live chips each put
      in this hand (bets, blinds, Bring In; returned chips taken back); ``dead``: antes (dead
      money, no bet); ``folded``;
    - ``hole`` / ``up`` (own cards and which are face up), ``board`` (``board_up``: face up);
    - the round: ``street``, ``betting`` (a round is open), ``to_act``, ``target`` (the bet to
      match), ``last_raise`` (the largest full bet or raise: the least a raise adds), ``acted``,
      ``faced`` (the round total each player matched when he last acted), ``aggressor`` (the last
      player who bet or raised this round), ``sole`` (only this player may act: a card exposed by
      mistake);
    - ``events``: every :mod:`~.records` record, in order; ``over``: the hand has ended.

    :raises TableSetupError: for no seats, a repeated or empty name, a stack without chips, or
        rules that cannot be played.
    """

    def __init__(self, seats: Sequence[tuple[str, int]], rules: Rules) -> None:
        problems = rules.problems()
        names = [name for name, _ in seats]
        if len(seats) < 2:
            problems.append(f"hacen falta al menos 2 jugadores (hay {len(seats)})")
        for name, stack in seats:
            if not isinstance(name, str) or not name.strip():
                problems.append("cada jugador necesita un nombre")
            elif names.count(name) > 1:
                problems.append(f"el nombre «{name}» está repetido")
            if not isinstance(stack, int) or isinstance(stack, bool) or stack < 1:
                problems.append(f"{name} necesita al menos 1 ficha para jugar (tiene {stack})")
        if problems:
            raise TableSetupError(problems[0][:1].upper() + problems[0][1:] + ".")
        self.rules = rules
        self.names: tuple[str, ...] = tuple(names)
        self._seat = {name: i for i, name in enumerate(names)}
        #: Everybody clockwise from the left of each seat, that seat last.
        self._rings = {name: tuple(names[i + 1:] + names[:i + 1]) for i, name in enumerate(names)}
        self.stacks: dict[str, int] = dict(seats)
        self.starting_stacks: dict[str, int] = dict(seats)
        self.bets = dict.fromkeys(names, 0)
        self.contributions = dict.fromkeys(names, 0)
        self.dead = dict.fromkeys(names, 0)
        self.folded: set[str] = set()
        self.hole: dict[str, list[Card | None]] = {name: [] for name in names}
        self.up: dict[str, list[bool]] = {name: [] for name in names}
        self.board: list[Card] = []
        self.board_up = True
        self.events: list[Record] = []
        #: The deal in play: 0, then one more for each extension or new deal of a game that plays them.
        self.deal_index = 0
        self.street: object = None
        self.over = False
        self.betting = False
        self.to_act: str | None = None
        self.target = 0
        self.last_raise = rules.minimum
        self.acted: set[str] = set()
        self.faced: dict[str, int] = {}
        self.aggressor: str | None = None
        self.sole: str | None = None
        #: Who has a decision in a round opened by :meth:`open_betting` (see :meth:`needs_action`).
        self.actors: frozenset[str] | None = None
        self._answering = 0  # > 0 while a can_* question is answered

    # ------------------------------------------------------------------------------ queries

    @property
    def pot(self) -> int:
        """Every chip in the middle (this round's bets included)."""
        return sum(self.contributions.values()) + sum(self.dead.values())

    def chips_in_play(self) -> int:
        """Stacks plus the pot: always the starting total."""
        return sum(self.stacks.values()) + self.pot

    def open_cards(self, player: str) -> list[Card]:
        """``player``'s own cards face up, in the order received."""
        return [card for card, up in zip(self.hole[player], self.up[player]) if up]

    def closed_cards(self, player: str) -> list[Card]:
        """``player``'s own cards face down, in the order received."""
        return [card for card, up in zip(self.hole[player], self.up[player]) if not up]

    def live(self) -> list[str]:
        """Players who have not folded, clockwise."""
        return [name for name in self.names if name not in self.folded]

    def able(self) -> list[str]:
        """Players who have not folded and still have chips to bet."""
        return [name for name in self.names if name not in self.folded and self.stacks[name] > 0]

    def clockwise(self, start: str, pool: Iterable[str] | None = None) -> list[str]:
        """Players of ``pool`` (default: everybody) clockwise from the left of ``start``, ``start`` last.

        >>> Table([("A", 1), ("B", 1), ("C", 1)], Rules(minimum=1)).clockwise("B")
        ['C', 'A', 'B']
        """
        ring = self._rings[start]
        if pool is None:
            return list(ring)
        pool = pool if isinstance(pool, (set, frozenset, dict)) else set(pool)
        return [q for q in ring if q in pool]

    def put_in(self, *, collected: bool = False) -> dict[str, int]:
        """What each player has put in this hand for the pots: his live chips and, unless the antes are
        dead money (:attr:`Rules.dead_antes`), his ante; ``collected``: without this round's bets."""
        own = not self.rules.dead_antes
        return {name: self.contributions[name] - (self.bets[name] if collected else 0) + (self.dead[name] if own else 0)
                for name in self.names}

    def pots(self, *, folded: Iterable[str] | None = None, collected: bool = False) -> list[Pot]:
        """The pots as they stand, main pot first (:func:`engine.pots.side_pots`), built from what each
        player put in (:meth:`put_in`); dead antes go to the main pot; a folded player's chips stay in
        the pots they reached. ``folded``: who can win nothing (default: who folded)."""
        dead = sum(self.dead.values()) if self.rules.dead_antes else 0
        return side_pots(self.put_in(collected=collected), self.folded if folded is None else folded, dead=dead)

    def winnable(self, player: str, adding: int) -> int:
        """The chips ``player`` plays for once he puts in ``adding`` more: the pot and his chips, less what
        any player put in beyond his total (that part goes back to its owner or makes a pot he cannot
        win). The pot odds of a call are ``adding / winnable(player, adding)``.

        >>> t = Table([("A", 1000), ("B", 400)], Rules(minimum=10))
        >>> t.new_round("flop"); _ = t.open_betting("A"); _ = t.bet("A", 601)
        >>> t.pot + t.call_amount("B"), t.winnable("B", t.call_amount("B"))
        (1001, 800)
        """
        put = self.put_in()
        mine = put[player] + adding
        return self.pot + adding - sum(max(0, chips - mine) for chips in put.values())

    def call_amount(self, player: str) -> int:
        """Chips ``player`` adds to call (all-in for less when short)."""
        return min(self.target - self.bets[player], self.stacks[player])

    def bet_range(self, player: str) -> tuple[int, int]:
        """Least and most ``player`` may bet: the table minimum (less only all-in) up to the stack;
        exactly the minimum in fixed betting."""
        low = min(self.rules.minimum, self.stacks[player])
        return low, low if self.rules.betting == "fixed" else self.stacks[player]

    def raise_range(self, player: str) -> tuple[int, int]:
        """Least and most round totals ``player`` may raise to (TDA 43; less only all-in)."""
        most = self.bets[player] + self.stacks[player]
        return min(self.target + self.last_raise, most), most

    def is_reopened_for(self, player: str) -> bool:
        """Whether the betting is open to a raise by ``player`` (TDA 47).

        A player who has not acted in this round may raise. One who has may raise again only when
        what he now faces, since he last acted, adds up to at least a full raise: a short all-in
        alone does not reopen the betting, several that add up to a full raise do.
        """
        if player not in self.faced:
            return True
        return self.target - self.faced[player] >= self.last_raise

    def needs_action(self, player: str) -> bool:
        """Whether ``player`` still has a decision in this round: chips left, and a bet to match, or
        no decision yet while he is one of the round's :attr:`actors`.

        A round opened by :meth:`open_betting` fixes its actors then, as PokerKit does: the players
        with chips who could still lose some (another player still in has more, in front and behind,
        than they have in front), none if only one is left. Later a bet or raise asks whoever must
        match it. So the big blind keeps his option when the small blind is all-in and the button
        folds (check or fold), but not when, heads-up, the button calls all-in for less than the big
        blind he already covers. A round the game opens by itself (``actors`` None) asks everyone
        who has not acted while somebody else can still bet against him."""
        if player in self.folded or self.stacks[player] == 0:
            return False
        if self.bets[player] < self.target:
            return True
        if player in self.acted:
            return False
        if not any(self.stacks[q] > 0 for q in self.live() if q != player):
            return False  # nobody left could answer a bet: betting is over (the board runs out)
        return self.actors is None or player in self.actors

    def next_actor(self, after: str) -> str | None:
        """The next player clockwise from ``after`` with a decision in this round (None: it is over)."""
        if self.sole is not None or len(self.live()) < 2:
            return None
        for q in self.clockwise(after, self.live()):
            if self.needs_action(q):
                return q
        return None

    @property
    def round_closed(self) -> bool:
        """A betting round is open but nobody has a decision left: the game moves on."""
        return self.betting and self.to_act is None

    # ------------------------------------------------------------------------------ forced bets and cards

    def _put(self, player: str, chips_: int, *, live: bool = True) -> None:
        self.stacks[player] -= chips_
        if live:
            self.bets[player] += chips_
            self.contributions[player] += chips_
        else:
            self.dead[player] += chips_

    def record(self, rec: Record) -> Record:
        """Append ``rec`` to :attr:`events`, with the deal in play, and return it (the game records its own
        steps too)."""
        if self.deal_index != rec.deal:
            rec = replace(rec, deal=self.deal_index)
        self.events.append(rec)
        return rec

    def post_ante(self, player: str, amount: int) -> AntePosting | None:
        """``player`` posts an ante of ``amount`` (all that is left when short): dead money, no bet.
        None when there is nothing to post."""
        paid = min(amount, self.stacks[player])
        if paid <= 0:
            return None
        self._put(player, paid, live=False)
        return self.record(AntePosting(player, paid, self.stacks[player] == 0, paid < amount, street=self.street))

    def post_blind(self, player: str, amount: int, kind: str = "big") -> BlindPosting | None:
        """``player`` posts a blind or straddle of ``amount`` (all that is left when short): a live
        bet; the bet to match becomes the largest posted."""
        paid = min(amount, self.stacks[player])
        if paid <= 0:
            return None
        self._put(player, paid)
        self.target = max(self.target, self.bets[player])
        return self.record(BlindPosting(player, paid, kind, self.stacks[player] == 0, street=self.street))

    def post_bring_in(self, player: str, amount: int, *, card: Card | None = None, tie: bool = False) -> BringInPosting:
        """``player`` posts the Bring In (``card``: his face-up card that made him post it; ``tie``: the suits
        decided): it counts as a bet, nobody may check, and to stay in the others put the full table minimum
        (the next raise: to twice the minimum); the first on his left who can answer it speaks."""
        paid = min(amount, self.stacks[player])
        self._put(player, paid)
        self.target = self.rules.minimum
        self.last_raise = self.rules.minimum
        self.to_act = self.next_actor(player)
        return self.record(BringInPosting(player, paid, self.stacks[player] == 0, paid < amount, card, tie,
                                          street=self.street))

    def deal_hole(self, player: str, cards: Sequence[Card | None], up: Sequence[bool] | None = None) -> HoleDealing:
        """Give ``player`` own cards (``None`` = unknown), face down unless ``up`` says so."""
        up = tuple(up) if up is not None else (False,) * len(cards)
        self.hole[player] += cards
        self.up[player] += up
        return self.record(HoleDealing(player, tuple(cards), up, street=self.street))

    def burn(self, card: Card | None = None) -> Burning:
        return self.record(Burning(card, street=self.street))

    def deal_board(self, cards: Sequence[Card], *, up: bool = True) -> BoardDealing:
        """Put shared cards in the middle: face up, or face down (``up`` False) until :meth:`turn_board`."""
        self.board += cards
        self.board_up = up
        return self.record(BoardDealing(tuple(cards), up, street=self.street))

    def turn_board(self) -> BoardTurning:
        """Turn the face-down shared cards up."""
        self.board_up = True
        return self.record(BoardTurning(tuple(self.board), street=self.street))

    # ------------------------------------------------------------------------------ rounds

    def new_round(self, street: object) -> None:
        """Start the betting round of ``street``: no bets in front, nothing to match yet."""
        self.street = street
        self.bets = dict.fromkeys(self.names, 0)
        self.target = 0
        self.last_raise = self.rules.minimum
        self.acted = set()
        self.faced = {}
        self.aggressor = None
        self.sole = None
        self.actors = None
        self.betting = False
        self.to_act = None

    def open_betting(self, first: str, *, only: bool = False) -> str | None:
        """Open the betting with ``first`` (the game's opener) or, if he has no decision (all-in),
        the next player clockwise who has; with ``only``, ``first`` alone may act (a check ends
        the round; a bet lets the others answer). Returns the player to act (None: the round is
        already over, e.g. everybody but one is all-in)."""
        self.betting = True
        live = self.live()
        actors = frozenset(p for p in self.able()
                           if any(self.bets[q] + self.stacks[q] > self.bets[p] for q in live if q != p))
        self.actors = actors if len(actors) >= 2 else frozenset()
        if only:
            self.sole = first
            self.to_act = first if self.stacks[first] > 0 and first not in self.folded else None
        else:
            self.to_act = first if self.needs_action(first) else self.next_actor(first)
        return self.to_act

    def close_betting(self) -> None:
        """End the round: the bets join the pot."""
        self.bets = dict.fromkeys(self.names, 0)
        self.betting = False
        self.to_act = None
        self.sole = None
        self.actors = None

    def return_uncalled(self) -> ChipsReturning | None:
        """Give back the part of the largest contribution that nobody matched (it makes no pot)."""
        back = uncalled_bet(self.contributions)
        if back is None:
            return None
        player, excess = back
        self.stacks[player] += excess
        self.contributions[player] -= excess
        self.bets[player] = max(0, self.bets[player] - excess)
        return self.record(ChipsReturning(player, excess, street=self.street))

    def award(self, index: int, amount: int, shares: dict[str, int]) -> PotAwarding:
        """Pay pot ``index`` (0 = main) of ``amount`` chips as ``shares`` (in odd-chip order)."""
        for name, share in shares.items():
            self.stacks[name] += share
        return self.record(PotAwarding(index, amount, tuple(shares.items()), street=self.street))

    def show(self, player: str, cards: Sequence[Card] | None = None) -> Showing:
        """``player`` shows his own cards (``cards`` fills in unknown ones)."""
        if cards is not None:
            self.hole[player] = list(cards)
        self.up[player] = [True] * len(self.hole[player])
        return self.record(Showing(player, tuple(self.hole[player]), street=self.street))

    def muck(self, player: str) -> Mucking:
        return self.record(Mucking(player, street=self.street))

    # ------------------------------------------------------------------------------ verification

    def not_betting(self, player: str) -> str:
        """Why nobody bets now (the game words its own phases: dealing, a card choice...)."""
        return "ahora no es una ronda de apuestas"

    def allowed(self, player: str) -> str:
        """What ``player`` may do, for an error message (« Ana puede retirarse o pagar 40.»); "" while
        a ``can_*`` question is answered."""
        if self._answering:
            return ""
        listed = choices(player, self.legal_actions())
        return " " + listed if listed else ""

    def verify_turn(self, player: str | None) -> str:
        """The player deciding (``None``: the one to act). :raises ActionError: when the hand is
        over, ``player`` is not seated, it is not his turn, or nobody bets now."""
        if self.over:
            raise HandOverError(over("decisions"))
        p = self.to_act if player is None else player
        if p not in self._seat:
            raise NotYourTurnError(f"«{p}» no está sentado en esta mesa: {turn_of(self.to_act)}.")
        if not self.betting or self.to_act is None:
            raise IllegalActionError(f"{self.not_betting(p)[:1].upper()}{self.not_betting(p)[1:]}.")
        if p != self.to_act:
            who = "No es tu turno" if p == YOU else f"No es el turno de {p}"
            raise NotYourTurnError(f"{who}: {turn_of(self.to_act)} (se habla por turnos, en el sentido del reloj).")
        return p

    def _refuse(self, p: str, action: str, reason: str | Callable[[], str], n: int | None = None,
                error: str = "illegal"):
        """The refusal of ``action`` (its ``reason``: a clause, or what makes it), said only when somebody
        will read it: a ``can_*`` question just needs the refusal."""
        kind = InvalidAmountError if error == "amount" else IllegalActionError
        if self._answering:
            return kind()
        return kind(refusal(p, action, reason() if callable(reason) else reason, n) + self.allowed(p))

    def _facing(self) -> str:
        return f"hay una apuesta de {chips(self.target)} que igualar"

    def verify_fold(self, player: str | None = None) -> str:
        p = self.verify_turn(player)
        if not self.rules.fold_when_free and self.bets[p] >= self.target:
            raise self._refuse(p, "fold", "nadie ha apostado, así que pasar no cuesta nada (en esta mesa no se "
                                         "retira nadie sin apuesta delante: convención de este sitio)")
        return p

    def verify_check(self, player: str | None = None) -> str:
        p = self.verify_turn(player)
        if self.bets[p] < self.target:
            raise self._refuse(p, "check", self._facing)
        return p

    def verify_call(self, player: str | None = None) -> str:
        p = self.verify_turn(player)
        if self.bets[p] >= self.target:
            raise self._refuse(p, "call", "no hay ninguna apuesta que igualar")
        return p

    def _check_amount(self, p: str, action: str, amount: object) -> None:
        if not isinstance(amount, int) or isinstance(amount, bool):
            what = "cuánto" if action == "bet" else "a cuánto en total"
            raise self._refuse(p, action, f"falta decir {what}", error="amount")

    def verify_bet(self, player: str | None = None, amount: int | None = None) -> str:
        p = self.verify_turn(player)
        if self.target > 0:
            raise self._refuse(p, "bet", "ya hay una apuesta en esta ronda")
        self._check_amount(p, "bet", amount)
        low, high = self.bet_range(p)
        if low <= amount <= high:
            return p
        if self.rules.betting == "fixed":
            reason = f"en esta mesa las apuestas son fijas, de {chips(low)}"
        elif amount > self.stacks[p]:
            reason = f"solo {'te' if p == YOU else 'le'} quedan {chips(self.stacks[p])} fichas"
        else:
            reason = (f"la apuesta mínima es de {chips(self.rules.minimum)} "
                      "(menos solo para ir all-in con todo lo que queda)")
        raise self._refuse(p, "bet", reason, amount, "amount")

    def verify_raise(self, player: str | None = None, amount: int | None = None) -> str:
        """``amount`` is the round total the player raises to, not the increment."""
        p = self.verify_turn(player)
        if self.rules.betting == "fixed":
            raise self._refuse(p, "raise", "en esta mesa las apuestas son fijas y no se sube")
        if self.target == 0:
            raise self._refuse(p, "raise", "no hay ninguna apuesta que subir")
        if self.stacks[p] <= self.target - self.bets[p]:
            raise self._refuse(p, "raise", "pagar ya supone todas sus fichas" if p != YOU
                               else "pagar ya supone todas tus fichas")
        if self.rules.raise_needs_caller and not any(self.stacks[q] + self.bets[q] > self.target
                                                     for q in self.live() if q != p):
            raise self._refuse(p, "raise", "los demás están all-in o no tienen fichas para poner más que la "
                               "apuesta actual: nadie podría pagar la subida")
        if not self.is_reopened_for(p):
            raise self._refuse(p, "raise", "ya hablaste y lo que tienes delante no es una subida completa: "
                               "un all-in corto no reabre las apuestas (TDA 47)" if p == YOU else
                               "ya habló y lo que tiene delante no es una subida completa: un all-in corto no "
                               "reabre las apuestas (TDA 47)")
        self._check_amount(p, "raise", amount)
        low, high = self.raise_range(p)
        if low <= amount <= high:
            return p
        if amount > high:
            reason = f"solo {'te' if p == YOU else 'le'} quedan fichas para llegar a {chips(high)} en total"
        else:
            reason = (f"la subida mínima es a {chips(self.target + self.last_raise)} en total "
                      "(menos solo para ir all-in)")
        raise self._refuse(p, "raise", reason, amount, "amount")

    def _can(self, verify: Callable, *args) -> bool:
        self._answering += 1
        try:
            verify(*args)
        except ActionError:
            return False
        finally:
            self._answering -= 1
        return True

    def can_fold(self, player: str | None = None) -> bool:
        return self._can(self.verify_fold, player)

    def can_check(self, player: str | None = None) -> bool:
        return self._can(self.verify_check, player)

    def can_call(self, player: str | None = None) -> bool:
        return self._can(self.verify_call, player)

    def can_bet(self, player: str | None = None, amount: int | None = None) -> bool:
        """Whether ``player`` may bet ``amount`` (some amount, when None)."""
        if amount is None:
            if not self._can(self.verify_turn, player):
                return False
            amount = self.bet_range(player if player is not None else self.to_act)[0]
        return self._can(self.verify_bet, player, amount)

    def can_raise(self, player: str | None = None, amount: int | None = None) -> bool:
        """Whether ``player`` may raise to ``amount`` (to some amount, when None)."""
        if amount is None:
            if not self._can(self.verify_turn, player):
                return False
            amount = self.raise_range(player if player is not None else self.to_act)[0]
        return self._can(self.verify_raise, player, amount)

    def legal_actions(self) -> list[dict]:
        """What the player to act may do, in :data:`DECISIONS` order (empty when nobody is to act):
        ``{"action": "call", "amount": chips to add}``, ``{"action": "raise", "min", "max"}`` (round
        totals)... Built from the ``can_*`` answers only."""
        p = self.to_act
        if self.over or p is None or not self.betting:
            return []
        self._answering += 1
        try:
            options: list[dict] = []
            if self.can_fold(p):
                options.append({"action": "fold"})
            if self.can_check(p):
                options.append({"action": "check"})
            if self.can_call(p):
                options.append({"action": "call", "amount": self.call_amount(p)})
            if self.can_bet(p):
                low, high = self.bet_range(p)
                options.append({"action": "bet", "min": low, "max": high})
            if self.can_raise(p):
                low, high = self.raise_range(p)
                options.append({"action": "raise", "min": low, "max": high})
            return options
        finally:
            self._answering -= 1

    # ------------------------------------------------------------------------------ decisions

    def _after(self, p: str, rec: Record) -> Record:
        self.faced[p] = self.target
        self.to_act = self.next_actor(p)
        self.record(rec)
        self.decided(rec)
        return rec

    def decided(self, rec: Record) -> None:
        """Called after every decision (the game moves on when :attr:`round_closed`)."""

    def fold(self, player: str | None = None) -> Folding:
        """Give up the hand. :raises ActionError: see :meth:`verify_fold`."""
        p = self.verify_fold(player)
        free = self.bets[p] >= self.target
        self.folded.add(p)
        self.acted.add(p)
        if self.sole == p:
            self.sole = None
        return self._after(p, Folding(p, free, street=self.street))

    def check(self, player: str | None = None) -> CheckingOrCalling:
        """Pass without betting. :raises ActionError: see :meth:`verify_check`."""
        p = self.verify_check(player)
        self.acted.add(p)
        return self._after(p, CheckingOrCalling(p, 0, street=self.street))

    def call(self, player: str | None = None) -> CheckingOrCalling:
        """Match the bet (all-in for less when short). :raises ActionError: see :meth:`verify_call`."""
        p = self.verify_call(player)
        added = self.call_amount(p)
        self._put(p, added)
        self.acted.add(p)
        return self._after(p, CheckingOrCalling(p, added, self.stacks[p] == 0, street=self.street))

    def bet(self, player: str | None = None, amount: int | None = None) -> BettingOrRaisingTo:
        """Open the betting with ``amount`` chips. :raises ActionError: see :meth:`verify_bet`."""
        p = self.verify_bet(player, amount)
        self._put(p, amount)
        full = amount >= self.rules.minimum
        self.target = self.bets[p]
        if full:
            self.last_raise = amount
            self.acted = {p}
        else:  # an all-in for less than the minimum: those who checked may only call (TDA 47)
            self.acted.add(p)
        self.aggressor = p
        self.sole = None
        return self._after(p, BettingOrRaisingTo(p, amount, amount, "bet", full, self.stacks[p] == 0,
                                                 street=self.street))

    def raise_to(self, player: str | None = None, amount: int | None = None) -> BettingOrRaisingTo:
        """Raise to a round total of ``amount``. :raises ActionError: see :meth:`verify_raise`."""
        p = self.verify_raise(player, amount)
        added = amount - self.bets[p]
        self._put(p, added)
        full = amount - self.target >= self.last_raise
        if full:  # a full raise sets the next minimum (TDA 43) and reopens the betting
            self.last_raise = amount - self.target
            self.acted = {p}
        else:  # a short all-in: the betting reopens only as is_reopened_for says (TDA 47)
            self.acted.add(p)
        self.target = amount
        self.aggressor = p
        self.sole = None
        reopened = () if full else tuple(q for q in self.live() if q != p and q in self.faced
                                         and self.stacks[q] > 0 and self.is_reopened_for(q))
        return self._after(p, BettingOrRaisingTo(p, amount, added, "raise", full, self.stacks[p] == 0, reopened,
                                                 street=self.street))

    def act(self, player: str | None, action: str, amount: int | None = None) -> Record:
        """Any decision by name (:data:`DECISIONS`); ``amount`` for bet and raise (the raise-to total).

        :raises ActionError: for an unknown or illegal decision.
        """
        if action == "fold":
            return self.fold(player)
        if action == "check":
            return self.check(player)
        if action == "call":
            return self.call(player)
        if action == "bet":
            return self.bet(player, amount)
        if action == "raise":
            return self.raise_to(player, amount)
        raise IllegalActionError(f"Acción desconocida: «{action}». Las acciones son: {', '.join(DECISIONS)}.")
