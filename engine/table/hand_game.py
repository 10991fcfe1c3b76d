"""A game made of a table hand's data (:class:`~.hand.Hand`), ready for the play layer: the viewer, the
free table (seats, blinds, the button by the dead-button rule, hand after hand) and plain bots.

:class:`HandGame` needs only the game's :class:`~.rules.Rules`, its :class:`~.texts.HandWords` and its
bots' names; a game overrides what it does its own way (Texas Hold'em: its hand with position names, its
bots, its hand histories in PHH). A test defines a toy game with nothing else.

>>> from engine.table.rules import Opening, Rules, Street
>>> from engine.table.texts import HandWords
>>> toy = HandGame("toy", "El juego de prueba", Rules(minimum=2, players=(2, 4), streets=(
...     Street("uno", hole=(False, False, False), opening=Opening.LEFT_OF_BLINDS, title="Uno"),
...     Street("dos", board=2, title="Dos"))), HandWords(), bots=("Ana", "Beto", "Carla"))
>>> setup = toy.free_setup({"players": 3, "seat": 0, "blinds": [1, 2], "depth": 50, "seed": 5})
>>> table = toy.free_table(setup)
>>> hand, deal, options = table.deal()
>>> table.ring, hand.stacks, sorted(table.styles)
(['Tú', 'Ana', 'Beto'], {'Tú': 99, 'Ana': 98, 'Beto': 100}, ['Ana', 'Beto'])
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Sequence

from ..cards import DECK, Card
from ..errors import RequestError
from ..evaluation import strength
from ..requests import bounded, check_type, require
from ..spanish import amount, percent
from .bots import STYLE_NAMES, read_styles
from .game import Chance, FreeTable, Move, TableGame, read_seed, read_stack, redrawn
from .hand import Hand
from .records import NextHand
from .rotation import next_hand
from .rules import Rules
from .texts import HandWords, part_title
from .words import YOU, did

__all__ = ["BIG_BLINDS", "BlindsTable", "HandGame", "dealt_from"]

#: The unit a review of a blinds game counts its losses in (:meth:`~.game.FreeTable.unit`), in the plural.
BIG_BLINDS = "ciegas grandes"

#: The largest big blind and the deepest stack (in big blinds) a free table takes.
MAX_BIG_BLIND = 100_000
MAX_STACK_BLINDS = 1000


class HandGame(TableGame):
    """A game made of a table hand's data (see the module docstring): ``rules`` (its streets; the
    minimum is each table's big blind), ``words`` (its texts, kept as ``texts``: ``words`` is the free table
    page's, :attr:`TableGame.words`) and the names of its bots, seat after seat.

    The free table's setup (``table`` of ``play-start``): ``players``, ``seat`` (the reader's, from 0),
    ``blinds`` (small and big), ``ante`` (each player's, optional), ``stack`` or ``depth`` (the starting
    stack, or it in big blinds), ``seed`` (optional: a public table, :class:`~.game.Chance`), ``styles``
    (one per bot, optional)."""

    #: The free table's forms: the blinds offered and the depths (in big blinds).
    BLINDS = ((5, 10), (10, 20), (25, 50), (50, 100))
    DEPTHS = (50, 100, 200)
    #: Mixed into each hand's deck shuffle with the table's seed (or secret) and the hand's number.
    deck_key = "mesa"

    def __init__(self, id: str, name: str, rules: Rules, words: HandWords, *, bots: Sequence[str]) -> None:
        self.id = id
        self.name = name
        self.rules = rules
        self.texts = words
        self.bots = tuple(bots)

    # ------------------------------------------------------------------------------ the hand

    def new_hand(self, seats: Sequence[tuple[str, int]], *, minimum: int, **options) -> Hand:
        """A hand of this game (``options``: :class:`~.hand.Hand`'s: ``button``, ``blinds``, ``antes``...)."""
        return Hand(seats, replace(self.rules, minimum=minimum), **options)

    # ------------------------------------------------------------------------------ the free table

    def setup_form(self) -> list[dict]:
        low, high = self.rules.players
        return [
            {"key": "players", "label": "Jugadores", "options": [{"value": n, "label": str(n)}
                                                                 for n in range(low, high + 1)],
             "default": min(max(6, low), high)},
            {"key": "seat", "label": "Tu asiento", "options": [{"value": i, "label": f"Asiento {i + 1}"}
                                                               for i in range(high)],
             "default": 0, "below": "players"},
            {"key": "blinds", "label": "Ciegas", "options": [{"value": list(b), "label": f"{b[0]} / {b[1]}"}
                                                           for b in self.BLINDS],
             "default": list(self.BLINDS[1])},
            {"key": "depth", "label": "Fichas de cada uno", "options": [{"value": d, "label": f"{d} ciegas grandes"}
                                                                        for d in self.DEPTHS],
             "default": self.DEPTHS[1]},
        ]

    def free_setup(self, value: Any) -> dict:
        """The setup of a free table, checked field by field (``table.…`` in the errors). :raises RequestError:"""
        check_type(value, dict, "table")
        low, high = self.rules.players
        players = bounded(value, "players", "table.players", low, high)
        seat = bounded(value, "seat", "table.seat", 0, players - 1)
        blinds = require(value, "blinds", "table.blinds", list)
        if len(blinds) != 2:
            raise RequestError("table.blinds", f"son dos números: la ciega pequeña y la grande (recibidos: {len(blinds)})")
        for i, blind in enumerate(blinds):
            check_type(blind, int, f"table.blinds[{i}]")
        small, big = blinds
        if not 1 <= big <= MAX_BIG_BLIND or not 1 <= small <= big:
            raise RequestError("table.blinds", f"la ciega grande va de 1 a {MAX_BIG_BLIND} y la pequeña de 1 a la "
                                               f"grande (recibidas: {small} y {big})")
        stack = read_stack(value, big, 2, MAX_STACK_BLINDS)
        setup = {"players": players, "seat": seat, "blinds": [small, big],
                 "ante": bounded(value, "ante", "table.ante", 0, big, 0), "stack": stack}
        seed = read_seed(value)
        if seed is not None:
            setup["seed"] = seed
        return {**setup, "styles": read_styles(value, players - 1)}

    def free_table(self, setup: dict) -> "BlindsTable":
        return BlindsTable(self, setup)

    def bot(self, hand, player: str, style: str, seed: int) -> Move:
        """A plain bot: its chance of winning against random hands (a few hundred seeded deals), against
        the pot odds and its style's margin (see :func:`plain_decision`)."""
        return plain_decision(hand, player, STYLE_NAMES.index(style), seed)

    def history(self, hand) -> str | None:
        """The hand as a history text for a link and a download (as the reader saw it); None: none."""
        return None



def _equity(hand: Hand, player: str, rng: random.Random, samples: int) -> float:
    """``player``'s share of the pot against random hands for the others still in, the board completed."""
    mine = list(hand.hole[player])
    seen = set(mine) | set(hand.board)
    unseen = [card for card in DECK if card not in seen]
    rivals = [q for q in hand.live() if q != player]
    board_left = sum(street.board for street in hand.rules.streets) - len(hand.board)
    count = hand.hole_count
    won = 0.0
    for _ in range(samples):
        cards = rng.sample(unseen, board_left + count * len(rivals))
        board = [*hand.board, *cards[:board_left]]
        best = strength([*mine, *board]) if len(mine) + len(board) >= 5 else 0
        others = [strength([*cards[board_left + i * count:board_left + (i + 1) * count], *board])
                  if count + len(board) >= 5 else 0 for i in range(len(rivals))]
        top = max([best, *others])
        if best == top:
            won += 1 / (1 + others.count(top))
    return won / samples


#: A plain bot's figures by style (the order of :data:`engine.table.bots.STYLE_NAMES`): the margin over
#: the pot odds a call needs, and the equity from which it bets.
_MARGINS = (0.08, 0.03, 0.0)
_VALUES = (0.66, 0.58, 0.5)


def plain_decision(hand: Hand, player: str, style: int, seed: int, samples: int = 200) -> Move:
    """A plain bot's decision: bet the minimum from its style's equity when nobody has bet, call when
    its equity beats the pot odds and its margin, check when free, fold otherwise."""
    options = {o["action"]: o for o in hand.legal_actions()}
    rng = random.Random(f"{seed}:{player}:{len(hand.events)}")
    eq = _equity(hand, player, rng, samples)
    rivals = len(hand.live()) - 1
    against = "una mano al azar" if rivals == 1 else f"{rivals} manos al azar"
    odds = f"gana un {percent(eq, 0)} de las veces contra {against}"
    if "check" in options:
        opening = options.get("bet") or options.get("raise")
        if opening is not None and eq >= _VALUES[style]:
            action = "bet" if "bet" in options else "raise"
            return Move(action, opening["min"], f"{did(player, action, opening['min'], end='')}: {odds}.")
        return Move("check", None, f"{did(player, 'check', end='')}: {odds} y pasar no cuesta nada.")
    call = options["call"]["amount"]
    price = call / hand.winnable(player, call)
    needed = price + _MARGINS[style]
    text = (f"pagar {amount(call)} para un bote de {amount(hand.winnable(player, call))} pide al menos un "
            f"{percent(needed, 0)} de equity")
    if eq >= needed:
        return Move("call", None, f"{did(player, 'call', call, end='')}: {odds}, y {text}.")
    return Move("fold", None, f"{did(player, 'fold', end='')}: {odds}, y {text}.")


def dealt_from(hand: Hand, hole: dict[str, Sequence[Card | None]], board: Sequence[Card | None],
               pick: Callable[[Card | None], Card | None] = lambda card: card) -> tuple[Hand, Callable[[Hand], None]]:
    """``hand`` (before its cards) with its dealer's steps: each player's own cards (``hole``, by name) and the
    board (``board``, in order), each card through ``pick`` (a world's, :func:`~.game.world_pick`; a card
    the hand needs and ``board`` lacks, or a player ``hole`` does not name, is ``pick(None)``) — a practice
    hand's or a history's cards, dealt as they were or as one world."""
    def deal(h: Hand) -> None:
        if h.phase == "deal-hole":
            for name in h.deal_order():
                h.deal_hole(name, [pick(card) for card in hole.get(name, (None,) * h.hole_count)])
        while h.phase == "deal-board":
            done, due = len(h.board), h.board_due()
            h.deal_board([pick(card) for card in (*board[done:done + due], *(None,) * due)[:due]])
        if h.phase == "showdown":
            h.finish()
    deal(hand)
    return hand, deal


class BlindsTable(FreeTable):
    """A free table of a blinds game: the seats clockwise (the bots named by the game, seat after seat),
    their stacks carried from hand to hand, the players out, the button and blinds of the hand in play
    (by the dead-button rule, :func:`.rotation.next_hand`: possibly on empty seats), each hand's deck
    shuffled from the table's :class:`~.game.Chance` (its seed or its secret) and the hand's number."""

    def __init__(self, game: HandGame, setup: dict) -> None:
        self.game = game
        self.setup = setup
        n = setup["players"]
        bots = iter(game.bots)
        self.ring = [YOU if i == setup["seat"] else next(bots) for i in range(n)]
        self.styles = dict(zip([name for name in self.ring if name != YOU], setup["styles"]))
        self.stacks = dict.fromkeys(self.ring, setup["stack"])
        self.out: set[str] = set()
        self.number = 1
        self.chance = Chance(setup.get("seed"))
        button = self.ring[setup["seed"] % n if self.chance.public else self.chance.draw("button", 0, n)]
        after = self.ring[(self.ring.index(button) + 1) % n]
        # (button, small blind, big blind) as seats; heads-up the button is the small blind
        self.positions = ((button, button, after) if n == 2 else
                          (button, after, self.ring[(self.ring.index(button) + 2) % n]))
        self.following: tuple[str, str, str] | None = None

    def seed(self) -> int:
        return self.setup["seed"] + self.number if self.chance.public else self.chance.draw("bots", self.number)

    def deal(self) -> tuple[Hand, Any, dict]:
        """Seat the players still in and deal hand number :attr:`number` (its own cards) from the seed."""
        alive = [name for name in self.ring if name not in self.out]
        button, small, big = self.positions
        seats = [(name, self.stacks[name]) for name in alive]
        small_blind, big_blind = self.setup["blinds"]
        antes = [self.setup["ante"]] * len(alive)
        if len(alive) == 2:
            options = dict(button=small, blinds=[small_blind, big_blind], antes=antes)
        else:
            empty_small = small in self.out
            first = big if empty_small else small  # the first seated player left of the (maybe dead) button
            # antes by position: an empty small blind's seat keeps its place (first) and posts nothing
            options = dict(button=alive[(alive.index(first) - 1) % len(alive)],
                           blinds=[0, big_blind] if empty_small else [small_blind, big_blind],
                           antes=[0] * empty_small + antes, no_small_blind=empty_small)
        self._seated = (seats, big_blind, options)
        hand, deal = self.redeal()
        return hand, deal, {"button": button}

    def redeal(self) -> tuple[Hand, Any]:
        """The hand in play dealt again: its seats as they sat down, its deck from the seed."""
        return self._dealt(self.deck())

    def world(self, view, draw: random.Random) -> tuple[Hand, Any]:
        """The deck with every card ``view`` does not see replaced, in deck order, by those cards in the
        order ``draw`` shuffles them (from the deck's order: where the real ones lie plays no part)."""
        seen = view.seen
        fresh = redrawn(seen, draw)
        return self._dealt([card if card in seen else next(fresh) for card in self.deck()])

    def _dealt(self, deck: list) -> tuple[Hand, Any]:
        seats, big_blind, options = self._seated
        hand = self.game.new_hand(seats, minimum=big_blind, next_hand=False, **options)
        cards: Any = iter(deck)
        hand.deal_due(cards)
        return hand, lambda h: h.deal_due(cards)

    def unit(self) -> tuple[int, str]:
        return self.setup["blinds"][1], BIG_BLINDS

    def deck(self) -> list:
        """This hand's deck, top first: shuffled from the table's seed (or secret) and the hand's number."""
        deck = list(DECK)
        self.chance.rng(self.game.deck_key, self.number).shuffle(deck)
        return deck

    def end(self, hand: Hand) -> None:
        """Who leaves, and the next hand's button and blinds (told as the hand's last event)."""
        self.stacks.update(hand.stacks)
        busted = [name for name in hand.names if hand.stacks[name] == 0]
        self.out.update(busted)
        _, small, big = self.positions
        following = next_hand(self.ring, small_blind=small, big_blind=big, busted=self.out)
        self.following = None
        if following is not None and YOU not in self.out:
            self.following = (following.button, following.small_blind or big, following.big_blind)
            hand.record(NextHand(following.button, following.small_blind, following.big_blind,
                                 following.dead_button, tuple(busted), street=hand.street))

    def over(self) -> str | None:
        if YOU in self.out:
            return "Te has quedado sin fichas: la partida ha terminado para ti."
        alive = [name for name in self.ring if name not in self.out]
        if len(alive) < 2:
            return "Todos los bots se han quedado sin fichas: ¡has ganado la mesa!"
        return None

    def next(self, hand: Hand, *, again: bool = False) -> None:
        if again:
            self.out -= set(hand.names)
            self.stacks.update(hand.starting_stacks)
            return
        why = self.over()
        if why is not None:
            raise RequestError("session", why[:1].lower() + why[1:].rstrip("."))
        self.positions = self.following
        self.number += 1

    def when(self, hand: Hand, street: object, extra: dict) -> dict:
        return {"street": street, "when": part_title(hand.events, hand.rules, street)}

    def history(self, hand: Hand, decisions: list[dict], seen: dict[int, set[str]] | None = None) -> str | None:
        return self.game.history(hand)

    def extras(self, hand: Hand) -> dict:
        out = {"hand": self.number,
               "players": [{"name": n} if n == YOU else {"name": n, "style": self.styles[n]} for n in self.ring]}
        if self.number == 1 and self.chance.public:  # restored from the setup and its decisions (never a secret)
            out["table"] = dict(self.setup)
        return out

    def summary(self, hand: Hand) -> str:
        return f"{len(hand.names)} jugadores"
