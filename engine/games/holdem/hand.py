"""One hand of No-Limit Texas Hold'em on the table core (:mod:`engine.table`).

The game's own rules, on top of the core's betting (TDA 2024):

- 2 to 10 seats clockwise; positions, order of dealing and showdown order from
  :mod:`engine.games.holdem.rules`. Forced bets by position, as PHH gives them: index 0 is the small blind
  (the first player left of the button; heads-up, the button itself), 1 the big blind, 2 on
  straddles; antes per position too (a big-blind ante is an ante on the big blind's position only).
  Each player posts his blind before his ante (the site's convention «ciega antes que ante»).
- Hole cards from the left of the button (heads-up the big blind first), a burn card before the
  flop, the turn and the river; four betting rounds. Pre-flop the player left of the largest blind
  (or straddle) opens; after the flop, the first player still in the hand left of the button.
- When nobody can bet any more (all-in), every hand still in is shown and the rest of the board
  is dealt; at the end of each round the uncalled part of a bet goes back.
- Showdown (TDA 16): the last bettor or raiser of the river shows first, otherwise the first
  player still in left of the button; a player may muck instead, except after an all-in (every hand
  is tabled) and the last one who can still win. Each pot to its best hands (TDA 21), side pots
  first, the main pot last; odd chips to the first winner left of the button (TDA 20-A).
- A fold where checking is free is allowed (TDA: the fold stands; PokerKit refuses it).
- The next hand's button and blinds: :func:`.rotation.next_hand` (dead button).

The dealer's steps are decisions of their own (``deal_hole``, ``deal_board``, ``show``, ``muck``,
each with its ``verify_*`` and ``can_*``), so a hand history (PHH) can give the cards; a ``None`` card
is unknown and allowed wherever the hand never needs it.

>>> from engine.cards import parse_cards
>>> hand = HoldemHand([("p1", 100), ("p2", 100), ("p3", 100)], button="p3", blinds=[1, 2], min_bet=2)
>>> hand.phase, [(type(e).__name__, e.player, e.amount) for e in hand.events]
('deal-hole', [('BlindPosting', 'p1', 1), ('BlindPosting', 'p2', 2)])
>>> for name, cards in (("p1", "As Ah"), ("p2", "Kd Kc"), ("p3", "7c 2d")):
...     _ = hand.deal_hole(name, parse_cards(cards))
>>> hand.to_act, hand.legal_actions()[-1]
('p3', {'action': 'raise', 'min': 4, 'max': 100})
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ...cards import Card
from ...evaluation import InvalidHandError
from ...pots import Pot
from ...table import Record, Rules, Street, Table, TableSetupError
from . import rules as holdem
from .records import (BettingOpening, DealError, DuplicateCardError, MissingCardsError, NextHand, Runout,
                      ShowdownStarting, StreetEnding, UncontestedWin)
from .rotation import next_hand

__all__ = ["STREETS", "HoldemHand"]

#: Texas Hold'em's streets as data: two closed cards each, then 3, 1 and 1 board cards, each burnt first.
STREETS = (
    Street("preflop", hole=(False, False)),
    Street("flop", board=3, burn=True),
    Street("turn", board=1, burn=True),
    Street("river", board=1, burn=True),
)
_NEXT = {"preflop": "flop", "flop": "turn", "turn": "river"}
BLIND_KINDS = ("small", "big")


class HoldemHand(Table):
    """One hand of No-Limit Texas Hold'em.

    :param seats: ``(name, stack)`` pairs clockwise, 2 to 10.
    :param button: the name of the player with the button.
    :param blinds: blinds and straddles by position (see the module docstring).
    :param antes: antes by position (missing positions: none).
    :param min_bet: the least bet (the big blind).
    :param no_small_blind: the seat of the small blind is empty (a player who busted, by the dead-button
        rule): the first player left of the button posts the big blind, nobody the small one.
    :param next_hand: False when the table that seats the hand moves the button itself (no
        :class:`.records.NextHand` at the end).
    :param ante_trimming: whether each player's ante counts as his own chips when the pots are built
        (PHH's ``ante_trimming_status``); None: the site's rule, yes when more than one player posts
        an ante (an ante from everybody), no for a single ante (a big-blind ante: dead money for the
        table, which every player still in can win).
    :raises TableSetupError: for a table that cannot be played.
    """

    def __init__(self, seats: Sequence[tuple[str, int]], *, button: str, blinds: Sequence[int],
                 antes: Sequence[int] = (), min_bet: int, no_small_blind: bool = False,
                 next_hand: bool = True, ante_trimming: bool | None = None) -> None:
        n = len(seats)
        if not holdem.MIN_PLAYERS <= n <= holdem.MAX_PLAYERS:
            raise TableSetupError(f"Texas Hold'em se juega de {holdem.MIN_PLAYERS} a {holdem.MAX_PLAYERS} "
                                  f"jugadores (hay {n}).")
        if ante_trimming is None:
            ante_trimming = sum(1 for ante in antes if ante) > 1
        #: Whether each player's ante is his own chips for the pots (see ``ante_trimming``).
        self.ante_trimming = ante_trimming
        super().__init__(seats, Rules(min_bet, "no-limit", True, STREETS, dead_antes=not ante_trimming))
        if button not in self.names:
            raise TableSetupError(f"El botón («{button}») no está sentado en la mesa.")
        places = n + 1 if no_small_blind and n > 2 else n  # an empty small blind keeps its place
        for what, values in (("ciegas", blinds), ("antes", antes)):
            if len(values) > places or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
                raise TableSetupError(f"Las {what} van por posición: hasta {places} números enteros no negativos.")
        self.button = button
        b = self.names.index(button)
        #: Seat numbers of :mod:`engine.games.holdem.rules`: 0 is the button, then clockwise.
        self.seat_of = {name: (i - b) % n for i, name in enumerate(self.names)}
        if no_small_blind and n > 2:  # the empty small blind's seat keeps its name: the first player is the BB
            codes = holdem.positions(n + 1)
            self.position = {name: codes[seat + 1 if seat else 0] for name, seat in self.seat_of.items()}
        else:
            self.position = {name: holdem.positions(n)[seat] for name, seat in self.seat_of.items()}
        #: Players in the order the blinds and antes are given: from the left of the button
        #: (heads-up: the button, who is the small blind, then the big blind).
        self.by_position: tuple[str | None, ...] = (
            tuple(self.clockwise(button)) if n > 2 else (button, self.clockwise(button)[0]))
        if no_small_blind and n > 2:  # the small blind's seat is empty (dead-button rule): the first is the big
            self.by_position = (None, *self.by_position)
        self.rotate = next_hand
        places = len(self.by_position)
        self.blinds = tuple(blinds) + (0,) * (places - len(blinds))
        self.antes = tuple(antes) + (0,) * (places - len(antes))
        self.phase: str | None = None
        self.mucked: set[str] = set()
        self.all_in_runout = False
        self.river_aggressor: str | None = None
        self.show_queue: list[str] = []
        #: The only player with chips of a round that ended without asking him (nobody could answer his
        #: bet, and he owed nothing); PokerKit asks him to check and writes it, so a hand history may
        #: carry that check next (:func:`.phh.apply` passes over it). None otherwise.
        self.unasked: str | None = None
        self.next: NextHand | None = None
        #: Showdown strengths of the hands still in (see :func:`engine.evaluation.strength`), once settled.
        self.strengths: dict[str, int] = {}
        self._seen: dict[Card, str] = {}
        self._start()

    # ------------------------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (:attr:`over`), asked as of a Mata Ases hand
        (:attr:`engine.games.mata_ases.hand.MataAsesHand.is_over`): the practice-hand explorers' ``visit``."""
        return self.over

    @property
    def small_blind(self) -> str | None:
        """Who posts the small blind (None: nobody, its seat is empty)."""
        return self.by_position[0]

    @property
    def big_blind(self) -> str:
        return self.by_position[1]

    def deal_order(self) -> list[str]:
        """Who gets cards first: from the left of the button, the button last (heads-up: the big blind first)."""
        return self.clockwise(self.button)

    def undealt(self) -> list[str]:
        """Players still without their hole cards, in the order of dealing."""
        return [name for name in self.deal_order() if not self.hole[name]]

    def board_due(self) -> int:
        """How many board cards the next dealing step turns up (0: no board is due)."""
        return self.rules.street(self.street).board if self.phase == "deal-board" else 0

    def contenders(self) -> list[str]:
        """Players who can still win a pot: not folded, not mucked."""
        return [name for name in self.live() if name not in self.mucked]

    def collected_pots(self) -> list[Pot]:
        """The pots without this round's bets in front of the players (main pot first)."""
        return self.pots(folded=self.folded | self.mucked, collected=True)

    def not_betting(self, player: str) -> str:
        if self.phase == "deal-hole":
            return "ahora no se apuesta: el crupier está repartiendo las cartas propias"
        if self.phase == "deal-board":
            return "ahora no se apuesta: falta repartir las cartas comunes del " + str(self.street)
        if self.phase == "showdown":
            return "las apuestas terminaron: es el showdown"
        return "ahora no se apuesta"

    # ------------------------------------------------------------------------------ set-up

    def _start(self) -> None:
        self.new_round("preflop")
        for i, name in enumerate(self.by_position):
            if self.blinds[i] and name is not None:
                self.post_blind(name, self.blinds[i], BLIND_KINDS[i] if i < 2 else "straddle")
        for i, name in enumerate(self.by_position):  # the blind first, then the ante from what is left
            if self.antes[i] and name is not None:
                self.post_ante(name, self.antes[i])
        self.phase = "deal-hole"

    # ------------------------------------------------------------------------------ the dealer's steps

    def _verify_phase(self, phase: str, what: str) -> None:
        if self.over:
            raise DealError("La mano ya terminó: no admite más cartas.")
        if self.phase != phase:
            now = {"bet": f"es el turno de apostar de {self.to_act}", "deal-hole": "faltan cartas propias por repartir",
                   "deal-board": "toca repartir las cartas comunes", "showdown": "es el showdown"}.get(self.phase, "")
            raise DealError(f"Ahora no se puede {what}: {now}.")

    def _verify_new_cards(self, cards: Sequence[Card | None], where: str) -> None:
        seen = dict(self._seen)
        for card in cards:
            if card is None:
                continue
            if card in seen:
                raise DuplicateCardError(f"La carta {card} está repetida: ya salió {seen[card]} y una baraja "
                                         "solo tiene una de cada.")
            seen[card] = where

    def verify_deal_hole(self, player: str, cards: Sequence[Card | None]) -> str:
        """:raises DealError: unless ``player``'s two hole cards may be dealt now."""
        self._verify_phase("deal-hole", "repartir cartas propias")
        if player not in self.hole:
            raise DealError(f"«{player}» no está sentado en esta mesa.")
        if self.hole[player]:
            raise DealError(f"{player} ya tiene sus dos cartas: cada jugador recibe dos.")
        if len(cards) != 2:
            raise DealError(f"Cada jugador recibe 2 cartas propias ({player}: {len(cards)}).")
        self._verify_new_cards(cards, f"en las cartas de {player}")
        return player

    def verify_deal_board(self, cards: Sequence[Card]) -> None:
        """:raises DealError: unless ``cards`` are the board cards due now (3 on the flop, then 1)."""
        self._verify_phase("deal-board", "repartir cartas comunes")
        due = self.board_due()
        if len(cards) != due:
            raise DealError(f"En el {self.street} se reparten {due} carta{'s' if due > 1 else ''} comunes "
                            f"(recibidas {len(cards)}).")
        if any(card is None for card in cards):
            raise MissingCardsError("Las cartas comunes se ven siempre: no pueden ser desconocidas («??»).")
        self._verify_new_cards(cards, "en la mesa")

    def verify_show(self, player: str, cards: Sequence[Card | None] | None = None) -> str:
        """:raises DealError: unless ``player`` may show now (``cards``: what he shows, when unknown).

        At the showdown, and from the moment nobody can bet any more (an all-in, before the rest of
        the board: PokerKit writes those shows there). A hand already face up may be shown again: it
        changes nothing, even once the hand is settled."""
        tabling = self.all_in_runout and player in self.live()
        if (self.street == "showdown" or tabling) and player in self.contenders() and self._face_up(player):
            if cards is not None and list(cards) != self.hole[player]:
                raise DealError(f"{player} enseña {' '.join(str(c) for c in cards)}, pero sus cartas son "
                                f"{' '.join(str(c) for c in self.hole[player])}.")
            return player
        if not (tabling and self.phase == "deal-board"):
            self._verify_phase("showdown", "enseñar cartas")
            if player not in self.show_queue:
                raise DealError(f"{player} no tiene que enseñar: no está en el showdown o ya lo hizo.")
        if cards is not None:
            if len(cards) != 2:
                raise DealError(f"Se enseñan las 2 cartas propias ({player}: {len(cards)}).")
            known = self.hole[player]
            for i, card in enumerate(cards):
                if known[i] is not None and card is not None and card != known[i]:
                    raise DealError(f"{player} enseña {card}, pero recibió {known[i]}.")
            self._verify_new_cards([c for i, c in enumerate(cards) if known[i] is None], f"en las cartas de {player}")
        return player

    def verify_muck(self, player: str) -> str:
        """:raises DealError: unless ``player`` may give up his hand unseen at the showdown."""
        self.verify_show(player)
        if self.all_in_runout:
            raise DealError(f"{player} no puede tirar sus cartas: tras un all-in todas las manos se enseñan.")
        contenders = self.contenders()
        for pot in self.pots():
            if [q for q in pot.eligible if q in contenders] == [player]:
                raise DealError(f"{player} no puede tirar sus cartas: es el único que sigue optando a un bote "
                                f"de {pot.amount}.")
        return player

    def can_deal_hole(self, player: str, cards: Sequence[Card | None]) -> bool:
        return self._can(self.verify_deal_hole, player, cards)

    def can_deal_board(self, cards: Sequence[Card]) -> bool:
        return self._can(self.verify_deal_board, cards)

    def can_show(self, player: str, cards: Sequence[Card | None] | None = None) -> bool:
        return self._can(self.verify_show, player, cards)

    def can_muck(self, player: str) -> bool:
        return self._can(self.verify_muck, player)

    def _remember(self, cards: Sequence[Card | None], where: str) -> None:
        for card in cards:
            if card is not None:
                self._seen[card] = where

    def deal_hole(self, player: str, cards: Sequence[Card | None]) -> Record:
        """Give ``player`` his two closed cards. :raises DealError: see :meth:`verify_deal_hole`."""
        self.verify_deal_hole(player, cards)
        self._remember(cards, f"en las cartas de {player}")
        rec = super().deal_hole(player, list(cards))
        if not self.undealt():
            self.phase = "bet"
            order = self.deal_order()  # PHH order: ties go to the later player, as PokerKit reads them
            largest = max(order, key=lambda name: (self.bets[name], order.index(name)))
            self._open(self.clockwise(largest, self.live())[0], after=largest)
        return rec

    def deal_board(self, cards: Sequence[Card], burn: Card | None = None) -> Record:
        """Burn a card (``burn``: which, when known) and turn up the street's board cards.

        :raises DealError: see :meth:`verify_deal_board`."""
        self.verify_deal_board(cards)
        if burn is not None:
            self._verify_new_cards([burn, *cards], "quemada")
            self._remember([burn], "quemada")
        self._remember(cards, "en la mesa")
        self.burn(burn)
        rec = super().deal_board(list(cards))
        if self.all_in_runout:
            self._after_board()
        else:
            self.phase = "bet"
            self._open(self.clockwise(self.button, self.live())[0])
        return rec

    def _face_up(self, player: str) -> bool:
        return None not in self.hole[player] and all(self.up[player])

    def show(self, player: str, cards: Sequence[Card | None] | None = None) -> Record | None:
        """``player`` shows his hand (``cards`` fill in unknown ones); None when it was already face up
        (an all-in). :raises DealError:"""
        self.verify_show(player, cards)
        if self._face_up(player):
            if player in self.show_queue:
                self.show_queue.remove(player)
                if not self.show_queue:
                    self._settle()
            return None
        if cards is not None:
            merged = [known if known is not None else card for known, card in zip(self.hole[player], cards)]
            self._remember(cards, f"en las cartas de {player}")
        else:
            merged = None
        rec = super().show(player, merged)
        if player in self.show_queue:
            self.show_queue.remove(player)
            if not self.show_queue:
                self._settle()
        return rec

    def muck(self, player: str) -> Record:
        """``player`` gives up his hand unseen: it can win nothing. :raises DealError: see :meth:`verify_muck`."""
        self.verify_muck(player)
        self.mucked.add(player)
        self.show_queue.remove(player)
        rec = super().muck(player)
        if not self.show_queue:  # the last one left may still show (PokerKit writes it) or not (finish)
            self._settle()
        return rec

    def finish(self) -> None:
        """Complete a showdown the hand history left open: everybody still to show shows.

        :raises MissingCardsError: when a hand the showdown needs is unknown.
        """
        if self.phase == "showdown" and not self.over:
            self._settle()

    # ------------------------------------------------------------------------------ rounds

    def _open(self, first: str, after: str | None = None) -> None:
        actor = self.open_betting(first)
        self.record(BettingOpening(first, actor, after, street=self.street))
        if actor is None:
            self._end_round()

    def decided(self, rec: Record) -> None:
        if self.round_closed:
            self._end_round()

    def _end_round(self) -> None:
        able = self.able()
        self.unasked = (able[0] if len(able) == 1 and len(self.live()) > 1 and able[0] not in self.acted
                        and self.actors is not None and able[0] in self.actors else None)
        if self.street == "river":
            self.river_aggressor = self.aggressor
        self.return_uncalled()
        self.close_betting()
        self.record(StreetEnding(self.pot, street=self.street))
        live = self.live()
        if len(live) == 1:
            self._uncontested(live[0])
            return
        if not self.all_in_runout and self.street != "river" and len(self.able()) < 2:
            self.all_in_runout = True
            self.record(Runout(street=self.street))
            for name in self.clockwise(self.button, live):
                if None not in self.hole[name]:
                    Table.show(self, name)
        self._after_board()

    def _after_board(self) -> None:
        if self.street == "river":
            self._showdown()
            return
        self.new_round(_NEXT[self.street])
        self.phase = "deal-board"

    def _showdown(self) -> None:
        self.street = "showdown"
        self.phase = "showdown"
        live = self.live()
        n = len(self.names)
        last = self.river_aggressor if self.river_aggressor in live else None
        seats = holdem.showdown_order(n, [self.seat_of[p] for p in live],
                                      self.seat_of[last] if last is not None else None)
        by_seat = {seat: name for name, seat in self.seat_of.items()}
        order = tuple(by_seat[seat] for seat in seats)
        reason = "all_in" if self.all_in_runout else "aggressor" if last is not None else "first_left"
        self.record(ShowdownStarting(order, reason, street=self.street))
        self.show_queue = [name for name in order if not self._face_up(name)]
        if not self.show_queue:  # every hand was tabled for the all-in
            self._settle()

    def _uncontested(self, winner: str) -> None:
        self.record(UncontestedWin(winner, street=self.street))
        pots = self.pots()
        for index in range(len(pots) - 1, -1, -1):
            self.award(index, pots[index].amount, {winner: pots[index].amount})
        self._end_hand()

    def _settle(self) -> None:
        contenders = self.contenders()
        if len(contenders) == 1:
            self.show_queue = []
            self._uncontested(contenders[0])
            return
        for name in list(self.show_queue):
            if None in self.hole[name]:
                raise MissingCardsError(f"Para el showdown faltan las cartas de {name}: añade «{name} sm» con sus "
                                        "dos cartas, o su «sm» sin cartas si las tira.")
            self.show_queue.remove(name)
            Table.show(self, name)
        if len(self.board) != 5:
            raise MissingCardsError("Para el showdown hacen falta las cinco cartas comunes.")
        try:
            strengths, _ = holdem.showdown_strengths({p: self.hole[p] for p in contenders}, self.board)
        except InvalidHandError as exc:  # pragma: no cover - the cards were checked as they came
            raise MissingCardsError(str(exc)) from None
        self.strengths = strengths
        results = holdem.split_among_winners(self.pots(), strengths, self.names, self.button)
        for index in range(len(results) - 1, -1, -1):  # side pots first, the main pot last (TDA 21)
            self.award(index, results[index].pot.amount, results[index].shares)
        self._end_hand()

    def _end_hand(self) -> None:
        self.over = True
        self.phase = None
        self.to_act = None
        self.betting = False
        if not self.rotate:  # the table that seats the hand moves the button (it knows the empty seats)
            return
        busted = [name for name in self.names if self.stacks[name] == 0]
        self.next = next_hand(self.deal_order(), small_blind=self.small_blind, big_blind=self.big_blind,
                              busted=busted)
        if self.next is not None:
            self.record(NextHand(self.next.button, self.next.small_blind, self.next.big_blind,
                                 self.next.dead_button, self.next.busted, street=self.street))

    # ------------------------------------------------------------------------------ facts for the texts

    def blinds_of(self) -> Mapping[str, int]:
        return {name: self.blinds[i] for i, name in enumerate(self.by_position) if name is not None}
