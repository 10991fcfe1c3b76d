"""One hand of a flop game played from its rules as data: blinds and antes by position, hole cards, a
board street by street, the betting of the table core, the showdown and the pots.

A game is its :class:`~.rules.Rules` (Texas Hold'em: :data:`engine.games.holdem.rules.RULES`): the first
street deals every player his own cards, each later one turns up board cards (a card burnt first where
its data says so); who opens each betting round is the street's :class:`~.rules.Opening`. On top of the
core's betting (:class:`~.table.Table`, TDA 2024):

- seats clockwise; forced bets by position, as PHH gives them: index 0 is the small blind (the first
  player left of the button; heads-up, the button itself), 1 the big blind, 2 on straddles; antes by
  position too (a big-blind ante is an ante on the big blind's position only). Each player posts his
  blind before his ante (the site's convention «ciega antes que ante»). An ante from every player is
  his own chips for the pots; a single ante is dead money for the table (``ante_trimming``).
- Own cards from the left of the button (heads-up the big blind first). On a
  :data:`~.rules.Opening.LEFT_OF_BLINDS` street the player left of the largest blind (or straddle)
  opens; on the others, the first player still in the hand left of the button.
- When nobody can bet any more (all-in), every hand still in is shown and the rest of the board is
  dealt; at the end of each round the uncalled part of a bet goes back. A round also ends when the
  only player left with chips owes nothing: nobody could answer his bet.
- Showdown: the last bettor or raiser of the last round shows first (TDA 17), otherwise the first
  player still in left of the button; a player may muck instead, except when a player still in is
  all-in (every hand is tabled, TDA 16) and the last one who can still win. Each pot to its best hands (TDA 21: the best five
  of own and board cards), side pots first, the main pot last; odd chips to the first winner left of
  the button (TDA 20-A).
- The next hand's button and blinds: :func:`.rotation.next_hand` (dead button).

The dealer's steps are decisions of their own (``deal_hole``, ``deal_board``, ``show``, ``muck``,
each with its ``verify_*`` and ``can_*``), so a hand history can give the cards; a ``None`` card is
unknown and allowed wherever the hand never needs it. :meth:`Hand.deal_due` deals them from a deck.

A hand whose cards are given before it starts, deal by deal, and dealt by the hand itself is a
:class:`DealtHand` (Mata Ases's, as PokerKit plays a stud game from its streets' data):

- Deals: the first one, then one for each extension (:meth:`Hand.extend`) or new deal after a
  misdeal (:meth:`DealtHand.misdeal`: a deal voided gives back what it took, :meth:`Hand.refund_deal`;
  the first one voids the hand). Each is a :class:`~.setup.Deal` with every player's own cards
  (:attr:`DealtHand.own_count`) and the board (as many cards as the streets put down), checked as it
  begins.
- Streets: the shared cards of a street without betting are put down on the way to the next one with
  betting (face down where the street says so); each player's own card of a street comes as the street
  says or, where it lets him choose (``hole`` None), as he decides (``up``, open, or ``down``), one player
  after another from the left of the button, before the round (:meth:`DealtHand.no_choice`: when he has
  no choice); each round opens by its street's :class:`~.rules.Opening`, the Bring In included. When
  nobody can bet against anybody any more, the rest is dealt at once (a runout) and every hand is shown.
- Showdown: every hand still in is shown, the player who bet or raised last in the last round first,
  else the player who opened that round (or the next one still in on his left); everybody at once after a
  runout (``all_in``) or when every card is already face up (``face_up``). Each plays his best
  (:meth:`Hand.best_of`: own cards with as many shared ones as the rules allow); a lone player,
  everybody else folded, shows what he holds. The pots go to the best hands that qualify
  (:meth:`Hand.award_pots`), each winner's share one record (with the own card that gave him a chip
  a split cannot divide); when none qualifies, the extensions of the core.

A game gives how a player's next own card is dealt (:meth:`DealtHand.deal_next`), its plays
(:attr:`DealtHand.PLAY`), its first deal's forced bets (``begin_deal``) and what ends its rounds
(``_end_round``, then :meth:`DealtHand.next_round`).

>>> from engine.cards import DECK, parse_cards
>>> rules = Rules(minimum=2, players=(2, 6), streets=(Street("uno", hole=(False, False, False),
...     opening=Opening.LEFT_OF_BLINDS), Street("dos", board=2, burn=True)))
>>> hand = Hand([("p1", 100), ("p2", 100), ("p3", 100)], rules, button="p3", blinds=[1, 2])
>>> hand.phase, [(type(e).__name__, e.player, e.amount) for e in hand.events]
('deal-hole', [('BlindPosting', 'p1', 1), ('BlindPosting', 'p2', 2)])
>>> hand.deal_due(iter(DECK))
>>> hand.to_act, hand.hole["p3"], hand.legal_actions()[-1]
('p3', [Card.parse('2h'), Card.parse('3d'), Card.parse('4c')], {'action': 'raise', 'min': 4, 'max': 100})
>>> hand.fold("p3"), hand.fold("p1")
(Folding(street='uno', player='p3', free=False), Folding(street='uno', player='p1', free=False))
>>> hand.over, hand.stacks
(True, {'p1': 99, 'p2': 101, 'p3': 100})
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from ..cards import Card
from ..evaluation import InvalidHandError, best_with_one_of, strength
from ..pots import Pot, left_of_button, odd_chip_order, share_pots, split_pot
from ..spanish import count_word, ordinal
from .errors import (DealError, DuplicateCardError, HandOverError, IllegalActionError, MissingCardsError, MissingDealError,
                     NotYourTurnError, TableSetupError)
from .records import (AllIn, BettingOpening, BettingOrRaisingTo, BlindPosting, ButtonReturning, CheckingOrCalling,
                      Extending, HandEnding, Misdealing, NextHand, PotAwarding, PotSplitting, PotUnclaimed, Record,
                      Runout, ShareWinning, ShowdownStarting, Showing, StreetEnding, UncontestedWin)
from .rotation import next_hand, showing_order
from .rules import (Opening, Rules, Street,  # Street: for the module docstring's example
                    player_with_highest_open, player_with_lowest_open)
from .setup import Deal
from .table import Table
from .words import YOU, over

__all__ = ["BLIND_KINDS", "DealtHand", "Hand"]

BLIND_KINDS = ("small", "big")


class Hand(Table):
    """One hand of a flop game (see the module docstring).

    :param seats: ``(name, stack)`` pairs clockwise, as many as ``rules.players`` allows.
    :param rules: the game's rules; ``rules.minimum`` is the least bet (the big blind).
    :param button: the name of the player with the button.
    :param blinds: blinds and straddles by position (see the module docstring).
    :param antes: antes by position (missing positions: none).
    :param no_small_blind: the seat of the small blind is empty (a player who busted, by the dead-button
        rule): the first player left of the button posts the big blind, nobody the small one.
    :param next_hand: False when the table that seats the hand moves the button itself (no
        :class:`~.records.NextHand` at the end).
    :param ante_trimming: whether each player's ante counts as his own chips when the pots are built
        (PHH's ``ante_trimming_status``); None: the site's rule, yes when more than one player posts
        an ante (an ante from everybody), no for a single ante (a big-blind ante: dead money for the
        table, which every player still in can win).
    :raises TableSetupError: for a table that cannot be played.
    """

    #: The game's name in a sentence («Texas Hold'em se juega de 2 a 10 jugadores»).
    NAME = "Esta mesa"

    def __init__(self, seats: Sequence[tuple[str, int]], rules: Rules, *, button: str, blinds: Sequence[int],
                 antes: Sequence[int] = (), no_small_blind: bool = False, next_hand: bool = True,
                 ante_trimming: bool | None = None) -> None:
        n = len(seats)
        low, high = rules.players
        if not low <= n <= high:
            raise TableSetupError(f"{self.NAME} se juega de {low} a {high} jugadores (hay {n}).")
        if ante_trimming is None:
            ante_trimming = sum(1 for ante in antes if ante) > 1
        #: Whether each player's ante is his own chips for the pots (see ``ante_trimming``).
        self.ante_trimming = ante_trimming
        super().__init__(seats, replace(rules, dead_antes=not ante_trimming))
        if button not in self.names:
            raise TableSetupError(f"El botón («{button}») no está sentado en la mesa.")
        places = n + 1 if no_small_blind and n > 2 else n  # an empty small blind keeps its place
        for what, values in (("ciegas", blinds), ("antes", antes)):
            if len(values) > places or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
                raise TableSetupError(f"Las {what} van por posición: hasta {places} números enteros no negativos.")
        self.button = button
        b = self.names.index(button)
        #: Seat numbers: 0 is the button, then clockwise.
        self.seat_of = {name: (i - b) % n for i, name in enumerate(self.names)}
        #: The players dealt into the hand (a game of several deals deals some of them again).
        self.participants: tuple[str, ...] = self.names
        #: Extensions played (:meth:`unclaimed`); chips the pots paid out so far; who was left alone in the
        #: deal being settled (everybody else folded), if anybody; what each had put in when the deal began.
        self.extensions = 0
        self.awarded = 0
        self.lone: str | None = None
        self.deal_start: tuple[dict, dict] = ({}, {})
        #: Each player's position name (:meth:`positions`; empty for a game without them).
        self.position: dict[str, str] = {}
        if no_small_blind and n > 2:  # the empty small blind's seat keeps its name: the first player is the BB
            codes = self.positions(n + 1)
            if codes:
                self.position = {name: codes[seat + 1 if seat else 0] for name, seat in self.seat_of.items()}
        else:
            codes = self.positions(n)
            if codes:
                self.position = {name: codes[seat] for name, seat in self.seat_of.items()}
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
        self.last_aggressor: str | None = None
        self.show_queue: list[str] = []
        #: The only player with chips of a round that ended without asking him (nobody could answer his
        #: bet, and he owed nothing); PokerKit asks him to check and writes it, so a hand history may
        #: carry that check next (:func:`engine.games.holdem.phh.apply` passes over it). None otherwise.
        self.unasked: str | None = None
        self.next: NextHand | None = None
        #: Showdown strengths of the hands still in (see :func:`engine.evaluation.strength`), once settled.
        self.strengths: dict[str, int] = {}
        self._seen: dict[Card, str] = {}
        self._start()

    @staticmethod
    def positions(n: int) -> tuple[str, ...]:
        """Position names by seat, clockwise from the button (seat 0); none for a game without them."""
        return ()

    # ------------------------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (:attr:`over`), asked as of a Mata Ases hand
        (:attr:`engine.games.mata_ases.hand.MataAsesHand.is_over`): the practice-hand explorers' ``visit``."""
        return self.over

    def live(self) -> list[str]:
        """Players of the deal in play who have not folded, clockwise."""
        return [name for name in self.participants if name not in self.folded]

    def able(self) -> list[str]:
        """Players of the deal in play who have not folded and still have chips to bet, clockwise."""
        return [name for name in self.live() if self.stacks[name] > 0]

    def pots(self, *, folded: Iterable[str] | None = None, collected: bool = False) -> list[Pot]:
        """The pots as they stand (:meth:`Table.pots`): by default, whoever is not in the deal in play, or
        folded in it, can win nothing."""
        if folded is None:
            folded = set(self.names) - set(self.live())
        return Table.pots(self, folded=folded, collected=collected)

    @property
    def small_blind(self) -> str | None:
        """Who posts the small blind (None: nobody, its seat is empty)."""
        return self.by_position[0]

    @property
    def big_blind(self) -> str:
        return self.by_position[1]

    @property
    def last_street(self) -> object:
        return self.rules.streets[-1].name

    @property
    def hole_count(self) -> int:
        """How many own cards each player gets (on the first street)."""
        return len(self.rules.streets[0].hole)

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
        self.new_round(self.rules.streets[0].name)
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
            raise DealError(over("cards"))
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
        """:raises DealError: unless ``player``'s own cards may be dealt now."""
        self._verify_phase("deal-hole", "repartir cartas propias")
        if player not in self.hole:
            raise DealError(f"«{player}» no está sentado en esta mesa.")
        n = self.hole_count
        if self.hole[player]:
            raise DealError(f"{player} ya tiene sus {count_word(n)} cartas: cada jugador recibe {count_word(n)}.")
        if len(cards) != n:
            raise DealError(f"Cada jugador recibe {n} cartas propias ({player}: {len(cards)}).")
        self._verify_new_cards(cards, f"en las cartas de {player}")
        return player

    def verify_deal_board(self, cards: Sequence[Card]) -> None:
        """:raises DealError: unless ``cards`` are the board cards due now."""
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
            if len(cards) != self.hole_count:
                raise DealError(f"Se enseñan las {self.hole_count} cartas propias ({player}: {len(cards)}).")
            known = self.hole[player]
            for i, card in enumerate(cards):
                if known[i] is not None and card is not None and card != known[i]:
                    raise DealError(f"{player} enseña {card}, pero recibió {known[i]}.")
                if known[i] is None and card is None:
                    raise DealError(f"{player} enseña sin decir qué cartas tiene: quien enseña dice sus "
                                    f"{count_word(self.hole_count)} cartas, y quien no, las tira.")
            self._verify_new_cards([c for i, c in enumerate(cards) if known[i] is None], f"en las cartas de {player}")
        return player

    def verify_muck(self, player: str) -> str:
        """:raises DealError: unless ``player`` may give up his hand unseen at the showdown."""
        self.verify_show(player)
        if self.all_in_runout or self._all_in_showdown():
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
        """Give ``player`` his own cards. :raises DealError: see :meth:`verify_deal_hole`."""
        self.verify_deal_hole(player, cards)
        self._remember(cards, f"en las cartas de {player}")
        rec = super().deal_hole(player, list(cards), self.rules.streets[0].hole)
        if not self.undealt():
            self.phase = "bet"
            street = self.rules.street(self.street)
            if street.opening is Opening.LEFT_OF_BLINDS:
                order = self.deal_order()  # PHH order: ties go to the later player, as PokerKit reads them
                largest = max(order, key=lambda name: (self.bets[name], order.index(name)))
                self._open(self.clockwise(largest, self.live())[0], after=largest)
            else:
                self._open(self.clockwise(self.button, self.live())[0])
        return rec

    def deal_board(self, cards: Sequence[Card], burn: Card | None = None) -> Record:
        """Burn a card (``burn``: which, when known) where the street says so and turn up its board cards.

        :raises DealError: see :meth:`verify_deal_board`."""
        self.verify_deal_board(cards)
        street = self.rules.street(self.street)
        if burn is not None:
            self._verify_new_cards([burn, *cards], "quemada")
            self._remember([burn], "quemada")
        self._remember(cards, "en la mesa")
        if street.burn:
            self.burn(burn)
        rec = super().deal_board(list(cards))
        if self.all_in_runout:
            self._after_board()
        else:
            self.phase = "bet"
            self._open(self.clockwise(self.button, self.live())[0])
        return rec

    def deal_due(self, deck: Iterator[Card]) -> None:
        """The dealer's steps due now, from ``deck`` (top first): the own cards, one at a time from the
        left of the button; a burn (where the street burns one) and the board of each street; the
        showdown."""
        if self.phase == "deal-hole":
            order = self.deal_order()
            rounds = [[next(deck) for _ in order] for _ in range(self.hole_count)]
            for i, name in enumerate(order):
                self.deal_hole(name, [cards[i] for cards in rounds])
        while self.phase == "deal-board":
            burn = next(deck) if self.rules.street(self.street).burn else None
            self.deal_board([next(deck) for _ in range(self.board_due())], burn=burn)
        if self.phase == "showdown":
            self.finish()

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
        straddle = any(isinstance(r, BlindPosting) and r.kind == "straddle" and r.player == after
                       for r in self.events)
        self.record(BettingOpening(first, actor, after, straddle, street=self.street))
        if actor is None:
            self._end_round()

    def decided(self, rec: Record) -> None:
        if self.round_closed:
            self._end_round()

    def _end_round(self) -> None:
        able = self.able()
        self.unasked = (able[0] if len(able) == 1 and len(self.live()) > 1 and able[0] not in self.acted
                        and self.actors is not None and able[0] in self.actors else None)
        if self.street == self.last_street:
            self.last_aggressor = self.aggressor
        self.return_uncalled()
        self.close_betting()
        self.record(StreetEnding(self.pot, street=self.street))
        live = self.live()
        if len(live) == 1:
            self._uncontested(live[0])
            return
        if not self.all_in_runout and self.street != self.last_street and len(self.able()) < 2:
            self.all_in_runout = True
            self.record(Runout(street=self.street))
            for name in self.clockwise(self.button, live):
                if None not in self.hole[name]:
                    Table.show(self, name)
        self._after_board()

    def _after_board(self) -> None:
        if self.street == self.last_street:
            self._showdown()
            return
        self.new_round(self.rules.next_street(self.street))
        self.phase = "deal-board"

    def _showdown(self) -> None:
        self.street = "showdown"
        self.phase = "showdown"
        live = self.live()
        last = self.last_aggressor if self.last_aggressor in live else None
        order = tuple(showing_order(self.clockwise(self.button), live, last))
        reason = "all_in" if self.all_in_runout else "aggressor" if last is not None else "first_left"
        tabled = self.all_in_runout or self._all_in_showdown()
        self.record(ShowdownStarting(order, reason, tabled, street=self.street))
        self.show_queue = [name for name in order if not self._face_up(name)]
        if not self.show_queue:  # every hand was tabled for the all-in
            self._settle()

    def _all_in_showdown(self) -> bool:
        """A player still in the hand is all-in: at the showdown every hand is tabled (TDA 16)."""
        return any(self.stacks[q] == 0 for q in self.live())

    def _uncontested(self, winner: str) -> None:
        self.record(UncontestedWin(winner, street=self.street))
        pots = self.pots()
        for index in range(len(pots) - 1, -1, -1):
            self.award(index, pots[index].amount, {winner: pots[index].amount})
        self._end_hand()

    # ------------------------------------------------------------------------------ the game's data at work

    def opener(self, opening: Opening) -> tuple[str, dict]:
        """Who opens a round by ``opening`` (not the blinds': :meth:`deal_hole` finds that one), and the facts
        that decided it, as :class:`~.records.BettingOpening` keeps them: the best or the lowest first
        face-up card (``cards``; ``tie``: another of its rank is up, the suits decide), the best visible
        hand (:meth:`visible_value`: ``value``, its ``cards``; ``tie``: an equal one, the suits decide), or
        the first player still in left of the button."""
        live = self.live()
        if opening in (Opening.HIGH_CARD, Opening.LOW_CARD):
            up = {name: self.open_cards(name)[0] for name in live}
            who = (player_with_highest_open if opening is Opening.HIGH_CARD else player_with_lowest_open)(up)
            card = up[who]
            return who, {"cards": (card,), "tie": sum(1 for name in live if up[name].rank == card.rank) > 1}
        if opening is Opening.HIGH_HAND:
            values = {name: self.visible_value(name) for name in live}
            who = max(live, key=values.__getitem__)
            value = values[who]
            tie = any(values[name].tie_key == value.tie_key for name in live if name != who)
            return who, {"value": value, "cards": tuple(value.cards), "tie": tie}
        return self.clockwise(self.button, live)[0], {}

    def visible_value(self, player: str):
        """The hand ``player`` shows (his face-up cards and the shared ones the rules let him use), for a
        :data:`~.rules.Opening.HIGH_HAND` street: comparable, with its ``cards`` and ``tie_key`` (what an
        equal hand shares, the suits aside). A game with such streets gives it."""
        raise NotImplementedError

    def best_of(self, cards: Sequence[Card]) -> tuple[int, Card | None]:
        """The best strength of ``cards`` (a player's own) with as many shared cards as the rules allow
        (:attr:`~.rules.Rules.board_limit`), and the one shared card used when at most one may be (None:
        none, or any number)."""
        if self.rules.board_limit == 1:
            return best_with_one_of(cards, self.board)
        return strength([*cards, *self.board]), None

    def showdown_strengths(self, players: Mapping[str, Sequence[Card]]) -> dict[str, int]:
        """Each player's strength: the best five of his own cards and the board (:meth:`best_of`)."""
        return {name: self.best_of(cards)[0] for name, cards in players.items()}

    def odd_chip_order(self, winners: Sequence[str]) -> list[str]:
        """Winners in the order odd chips go (:attr:`~.rules.Rules.odd_chips`): from the first left of the
        button, the button last (TDA 20-A), or from the highest own card by suit."""
        if self.rules.odd_chips == "high-card":
            return odd_chip_order(winners, self.hole)
        return left_of_button(winners, self.names, self.button)

    def award_pots(self, strengths: Mapping[str, int], qualified: Sequence[str] | None = None) -> None:
        """Each pot to the best hands (``strengths``) among those that play for it, side pots first and the
        main pot last (TDA 21), the odd chips in :meth:`odd_chip_order`; then the hand ends. ``qualified``:
        the hands that reach the rules' qualifying hand (by default, by strength); when none does, the pots
        are not awarded: :meth:`unclaimed` says what happens instead."""
        if qualified is None:
            qualified = [name for name, value in strengths.items() if value >= self.rules.qualifier]
        if not qualified:
            self.unclaimed()
            return
        pots = self.pots()
        plans = share_pots(pots, strengths, self.odd_chip_order)
        for index in range(len(pots) - 1, -1, -1):
            winners, shares = plans[index]
            self.pay(index, pots[index], winners, shares,
                     qualified=any(name in qualified for name in pots[index].eligible if name in strengths))
        self._end_hand()

    def pay(self, index: int, pot: Pot, winners: Sequence[str], shares: Mapping[str, int], *, qualified: bool) -> None:
        """Pay pot ``index`` to its ``winners`` (``shares``, in odd-chip order; ``qualified``: some hand in it
        reached the qualifying hand)."""
        self.awarded += pot.amount
        self.award(index, pot.amount, dict(shares))

    # ------------------------------------------------------------------------------ extensions

    def unclaimed(self) -> None:
        """No hand reached the qualifying hand (:attr:`~.rules.Rules.qualifier`): the pot stays in play for
        an extension (:meth:`extend`), up to :attr:`~.rules.Rules.extensions` of them, among those who paid in
        this deal or reached the showdown; after the last one each pot is split among its players."""
        claimants = self.extension_players()
        self.record(PotUnclaimed(self.pot, self.lone, street=self.street))
        if len(claimants) >= 2 and self.extensions < self.rules.extensions:
            self.extend(claimants)
        else:
            self.split(claimants)
            self._end_hand()

    def refund_deal(self) -> tuple[tuple[str, int], ...]:
        """Void the deal in play (a misdeal): every chip each player put in since it began, his ante included,
        goes back to him; who got chips back and how many, in seat order."""
        refunds = []
        bets, antes = self.deal_start
        for name in self.names:
            back = self.contributions[name] - bets[name] + self.dead[name] - antes[name]
            if back:
                self.stacks[name] += back
                self.contributions[name] = bets[name]
                self.dead[name] = antes[name]
                refunds.append((name, back))
        return tuple(refunds)

    def paid_in_this_deal(self, player: str) -> bool:
        """Whether ``player`` put chips in the pot during the current deal (ante included)."""
        bets, antes = self.deal_start
        return self.contributions[player] + self.dead[player] > bets[player] + antes[player]

    def extension_players(self) -> list[str]:
        """Who plays an extension of the current deal, in seat order: the players who paid (put chips in
        the pot during this deal, the ante included, even if they folded later) or reached the showdown."""
        return [q for q in self.participants if q not in self.folded or self.paid_in_this_deal(q)]

    def extend(self, claimants: list[str]) -> None:
        """An extension: a new deal between ``claimants`` (:meth:`new_deal`), the button on the next of them
        left of it, the pot still in play."""
        folded = set(self.folded)
        self.extensions += 1
        self.deal_index += 1
        self.button = self.clockwise(self.button, claimants)[0]
        self.new_deal(claimants)
        self.record(Extending(self.extensions, self.participants, tuple(q for q in self.participants if q in folded),
                              self.lone is not None, self.pot, self.button, self.deal_forced(), street=self.street))
        self.begin_deal()

    def split(self, claimants: list[str]) -> None:
        """After the last extension, each pot split among its players (those of ``claimants`` who reached it),
        the odd chips in :meth:`odd_chip_order` (with the own card that gave each, where the highest card
        decides)."""
        pots = self.pots(folded=set(self.names) - set(claimants))
        for index in range(len(pots) - 1, -1, -1):
            pot = pots[index]
            receivers = list(pot.eligible)
            shares = split_pot(pot.amount, self.odd_chip_order(receivers))
            for name in receivers:
                self.stacks[name] += shares[name]
            self.awarded += pot.amount
            extra = [q for q in receivers if shares[q] > pot.amount // len(receivers)] if len(receivers) > 1 else []
            odd = tuple((q, max(self.hole[q])) for q in self.odd_chip_order(extra)) if self.rules.odd_chips == \
                "high-card" else ()
            self.record(PotSplitting(pot.amount, index, len(pots), tuple((q, shares[q]) for q in receivers),
                                     self.extensions, odd, street=self.street))

    def new_deal(self, players: list[str]) -> None:
        """Set up a new deal between ``players`` (a game with extensions gives it)."""
        raise NotImplementedError

    def begin_deal(self) -> None:
        """Deal the new deal set up by :meth:`new_deal` (a game with extensions gives it)."""
        raise NotImplementedError

    def deal_forced(self) -> str:
        """The forced bet of the deal just set up, for its announcement (``Extending.forced``)."""
        return "none"

    def _settle(self) -> None:
        contenders = self.contenders()
        if len(contenders) == 1:
            self.show_queue = []
            self._uncontested(contenders[0])
            return
        for name in list(self.show_queue):
            if None in self.hole[name]:
                raise MissingCardsError(f"Para el showdown faltan las cartas de {name}: añade «{name} sm» con sus "
                                        f"{count_word(self.hole_count)} cartas, o su «sm» sin cartas si las tira.")
            self.show_queue.remove(name)
            Table.show(self, name)
        total = sum(street.board for street in self.rules.streets)
        if len(self.board) != total:
            raise MissingCardsError(f"Para el showdown hacen falta las {count_word(total)} cartas comunes.")
        try:
            strengths = self.showdown_strengths({p: self.hole[p] for p in contenders})
        except InvalidHandError as exc:  # pragma: no cover - the cards were checked as they came
            raise MissingCardsError(str(exc)) from None
        self.strengths = strengths
        self.award_pots(strengths)

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

    def pot_results(self) -> list[tuple[int, tuple[str, ...]]]:
        """The pots paid, main pot first: each one's chips and its winners (in odd-chip order)."""
        awards = sorted((rec for rec in self.events if isinstance(rec, PotAwarding)), key=lambda rec: rec.index)
        return [(rec.amount, rec.winners) for rec in awards]


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
    #: The Bring In the lowest open card posts on a street a game opens so (:meth:`open_round`).
    bring_in = 0
    #: Every decision by name: the betting's, and how the next own card comes where its player chooses
    #: (a street's ``hole`` None: ``up``, open; ``down``, closed); the order the options are offered in.
    ACTIONS = ("check", "bet", "call", "raise", "fold", "up", "down")
    ORDER = ("up", "down", "check", "call", "bet", "raise", "fold")
    #: Why a hand a misdeal voided takes no decision.
    VOID = "La mano se anuló por un reparto mal dado: no admite más decisiones."
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

    @property
    def phase(self) -> str | None:
        """"bet" (a betting decision is due: the core's round is open), "card" (a player chooses how his next
        own card comes) or None."""
        return self._phase

    @phase.setter
    def phase(self, value: str | None) -> None:
        self._phase = value
        self.betting = value == "bet"

    # ------------------------------------------------------------------------------ decisions

    def legal_actions(self) -> list[dict]:
        """What the player to act may do, as protocol ``next.can`` entries in :attr:`ORDER` (empty when over):
        the card choice, or the core's betting options. Built from the ``can_*`` answers."""
        p = self.to_act
        if self.over or p is None:
            return []
        self._answering += 1
        try:
            options = [{"action": a} for a, can in (("up", self.can_card_up), ("down", self.can_card_down)) if can(p)]
            options += Table.legal_actions(self)
            return sorted(options, key=lambda o: self.ORDER.index(o["action"]))
        finally:
            self._answering -= 1

    def _verify_turn(self, player: str | None, phase: str) -> str:
        if self.void:
            raise HandOverError(self.VOID)
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
                nth = ordinal(len(self.hole[p]) + 1)
                who = (f"te toca elegir cómo recibes la {nth} carta" if p == YOU
                       else f"{p} tiene que elegir cómo recibe la {nth} carta")
                raise IllegalActionError(f"Ahora no se apuesta: {who}.{allowed}")
            who = "te toca apostar" if p == YOU else f"le toca apostar a {p}"
            raise IllegalActionError(f"Ahora no se reparte carta: {who}.{allowed}")
        return p

    def verify_turn(self, player: str | None) -> str:
        """The core's turn check, with the card choice: a betting decision only in a betting round."""
        return self._verify_turn(player, "bet")

    def verify_card_up(self, player: str | None = None) -> str:
        return self._verify_turn(player, "card")

    def verify_card_down(self, player: str | None = None) -> str:
        return self._verify_turn(player, "card")

    def can_card_up(self, player: str | None = None) -> bool:
        return self._can(self.verify_card_up, player)

    def can_card_down(self, player: str | None = None) -> bool:
        return self._can(self.verify_card_down, player)

    def card_up(self, player: str | None = None) -> Record:
        """Take the next own card open. :raises ActionError:"""
        return self._choose(self.verify_card_up(player), "up")

    def card_down(self, player: str | None = None) -> Record:
        """Take the next own card closed. :raises ActionError:"""
        return self._choose(self.verify_card_down(player), "down")

    def act(self, player: str, action: str, amount: int | None = None) -> Record:
        """Any decision by name (:attr:`ACTIONS`); ``amount`` for bet and raise (raise-to total).

        :raises ActionError: for an unknown or illegal decision.
        """
        if action not in self.ACTIONS:
            raise IllegalActionError(f"Acción desconocida: «{action}». Las acciones son: {', '.join(self.ACTIONS)}.")
        if action in ("up", "down"):
            return self.card_up(player) if action == "up" else self.card_down(player)
        return Table.act(self, player, action, amount)

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
        #: The Bring In is the only bet of the round so far; who still gets a card of the street in play.
        self._bring_in_only = False
        self._queue: list[str] = []
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

    def deal_first(self) -> list[str]:
        """The first street's own cards to every player of the deal, from the left of the button, each face up
        or down as the street says; the order they were dealt in."""
        first = self.rules.streets[0]
        order = self.clockwise(self.button, self.participants)
        for p in order:
            self.hole[p] += self._deal.cards[p][:len(first.hole)]
            self.up[p] += first.hole
        return order

    def start_round(self, street: object) -> None:
        """A new betting round on ``street``, nothing to match yet, opened by the game (:meth:`opens_round`) or by
        the street's data (:meth:`open_round`)."""
        self.new_round(street)
        self.phase = "bet"
        self.round_opener = None
        self._bring_in_only = False
        if not self.opens_round(street):
            self.open_round(street)

    def opens_round(self, street: object) -> bool:
        """Whether the game opened ``street``'s round itself (Mata Ases: a card exposed by mistake)."""
        return False

    def next_round(self) -> None:
        """After a betting round: the showdown after the last one, the rest at once when nobody can bet against
        anybody, else the next street's own cards, from the left of the button (each player choosing how his
        comes where the street lets him: :meth:`no_choice`), and its round."""
        if self.street == self.last_street:
            self._showdown()
        elif len(self.able()) < 2:
            self._runout()
        else:
            self._queue = self.clockwise(self.button, self.live())
            self._next_street()
            self._continue_dealing()

    def no_choice(self, player: str) -> str | None:
        """How ``player``'s next own card comes when he has no choice (a :meth:`deal_next` mode), as the street
        says (``hole``: True open, False closed); None: he chooses."""
        face = self.rules.street(self.street).hole[0]
        return None if face is None else "up" if face else "down"

    def _continue_dealing(self) -> None:
        s = self.street
        while self._queue:
            p = self._queue[0]
            mode = self.no_choice(p)
            if mode is None:
                self.phase = "card"
                self.to_act = p
                return
            self._queue.pop(0)
            self.deal_next(p, mode)
        self.phase = None
        self.to_act = None
        if self.rules.street(s).turn:
            self.turn_board()
        self.start_round(s)

    def _choose(self, p: str, face: str) -> Record:
        self._queue.pop(0)
        self.phase = None
        self.to_act = None
        start = len(self.events)
        self.deal_next(p, face)
        self._continue_dealing()
        return self.events[start]

    def open_round(self, street: object) -> None:
        """Open ``street``'s betting by its :class:`~.rules.Opening`: the lowest open card posts the Bring In
        (:attr:`bring_in`; a later deal, an extension, has none: the best open card opens), or the best open
        card or visible hand opens; when nobody can bet against anybody, the rest of the deal at once."""
        if len(self.able()) < 2:
            self._runout()
            return
        opening = self.rules.street(street).opening
        skipped = opening is Opening.LOW_CARD and self.extensions > 0
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
        self.round_opener = opener
        self.to_act = first
        self.record(BettingOpening(opener, first, street=street, **facts))

    def _post_bring_in(self) -> None:
        p, facts = self.opener(Opening.LOW_CARD)
        self.post_bring_in(p, self.bring_in, card=facts["cards"][0], tie=facts["tie"])
        self._bring_in_only = True
        first = self.to_act
        if self.stacks[p] == 0:
            self.all_in(p)
        if first is None:
            self._end_round()
            return
        self.record(BettingOpening(first, first, reason="bring-in", options=tuple(self.legal_actions()),
                                   street=self.street))

    def verify_bet(self, player: str | None = None, amount: int | None = None) -> str:
        """The core's bet, and the Bring In named when it is the bet already there."""
        p = self.verify_turn(player)
        if self._bring_in_only:
            raise self._refuse(p, "bet", "ya hay una apuesta (el Bring In)")
        return Table.verify_bet(self, p, amount)

    def decided(self, rec: Record) -> None:
        """After each decision: the Bring In answered is no longer the only bet, an all-in is told, and the
        round ends when nobody is left to act."""
        if isinstance(rec, BettingOrRaisingTo) or (isinstance(rec, CheckingOrCalling) and rec.amount):
            self._bring_in_only = False
        if getattr(rec, "all_in", False):
            self.all_in(rec.player)
        if self.to_act is None:
            self._end_round()

    def _end_round(self) -> None:
        """The betting round is over (a game dealt so says what follows: the next street, the showdown)."""
        raise NotImplementedError

    def all_in(self, player: str) -> None:
        """``player`` has put in all his chips: told once, with all he put in this hand."""
        self.record(AllIn(player, self.contributions[player] + self.dead[player], street=self.street))

    def deal_next(self, player: str, mode: str) -> None:
        """Deal ``player``'s next own card of the street in play and record it (``mode``: how: ``"up"``, ``"down"``,
        ``"runout"`` in a runout, or what :meth:`no_choice` said)."""
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
