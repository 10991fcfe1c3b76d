"""Mata Ases: the showdown, "matar los Ases", visible hands and who opens.

Each player ends with five own cards; three *ayudas* lie in the middle. A play is the five own
cards, or four own cards and exactly one ayuda -- never two. To collect a pot the play must be a
pair of Aces or better ("matar los Ases"); among the plays that kill the Aces the best one wins.

Six cards (the five own plus one ayuda) have as their legal five-card hands exactly the five own
cards and every "four own + that ayuda" hand, so the best play is the best of three six-card
evaluations -- tests check this against the 16-hand brute force.

Visible hands (who speaks first from the second round on) follow the site's convention, because
the rulebook is silent: open own cards plus at most one open ayuda, fewer than five cards allowed;
with fewer than five cards only four of a kind, three of a kind, two pair, pair and high card
exist (stud-style); equal hands are split by the highest card by suit, spades > hearts >
diamonds > clubs.

>>> from engine.cards import parse_cards
>>> play = best_play(parse_cards("As Ah Kd 7c 2s"), parse_cards("Kh 9d 3c"))
>>> play.name, play.kills_aces, str(play.ayuda)
('Doble par de Ases y Reyes', True, 'Kh')
>>> visible_value(parse_cards("Qs Qd"), parse_cards("7h")).name
'par de Reinas'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Mapping, Sequence

from ...cards import Card, format_cards
from ...spanish import hand_name as spanish_hand_name
from ...errors import EngineError
from ...protocol import command
from ...requests import cards as parse_card_list
from ...requests import require, unique_cards
from ...evaluation import (CATEGORY_BY_CODE, FOUR, HIGH_CARD, PAIR, THREE, TWO_PAIR, HandValue, InvalidHandError,
                           WEAKEST_KILL, best_five, best_with_one_of, category_of, code_of, hand_name, kills_aces,
                           name_mx, pack, ranks_of, strength)
from ...requests import located, player_hands
from ...table.rules import highest_open, lowest_open, player_with_highest_open, player_with_lowest_open

__all__ = [
    "MAX_PLAYERS",
    "Play",
    "Showdown",
    "VisibleValue",
    "WEAKEST_KILL",
    "best_play",
    "highest_open",
    "kills_aces",
    "lowest_open",
    "player_with_highest_open",
    "player_with_lowest_open",
    "showdown",
    "with_every_ayuda",
    "visible_value",
]

#: Players at a Mata Ases table.
MAX_PLAYERS = 8

class Play:
    """A player's best legal play at the showdown (the five own cards, or four and one ayuda)."""

    __slots__ = ("strength", "ayuda", "_own", "_value")

    #: The play's strength (:func:`engine.evaluation.strength`): higher is better.
    strength: int
    #: The ayuda used, or None when the five own cards are the play.
    ayuda: Card | None

    def __init__(self, strength: int, own: tuple[Card, ...], ayuda: Card | None) -> None:
        self.strength = strength
        self.ayuda = ayuda
        self._own = own
        self._value: HandValue | None = None

    @property
    def value(self) -> HandValue:
        """The play's :class:`~engine.evaluation.HandValue`."""
        if self._value is None:
            source = self._own if self.ayuda is None else self._own + (self.ayuda,)
            self._value = HandValue(self.strength, source)
        return self._value

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards used, ordered for display (combination first, then kickers)."""
        return self.value.cards

    @property
    def category(self) -> str:
        return category_of(self.strength)

    @property
    def name(self) -> str:
        """Spanish name in the Mata Ases vocabulary, e.g. ``"Doble par de Ases y Reyes"``."""
        return name_mx(self.strength)

    @property
    def kills_aces(self) -> bool:
        """True for a pair of Aces or better (:func:`kills_aces`)."""
        return kills_aces(self.strength)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Play):
            return (self.strength, self.cards, self.ayuda) == (other.strength, other.cards, other.ayuda)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.strength, self.cards))

    def __repr__(self) -> str:
        ayuda = f" ayuda={self.ayuda}" if self.ayuda is not None else ""
        return f"<Play {self.name!r} {' '.join(format_cards(self.cards))}{ayuda}>"


def _check_distinct(cards: Sequence[Card]) -> None:
    seen = 0
    for card in cards:
        bit = 1 << card.index
        if seen & bit:
            raise InvalidHandError(f"La carta {card} está repetida.")
        seen |= bit


def best_play(own: Sequence[Card], ayudas: Sequence[Card]) -> Play:
    """The best play from five own cards and up to three ayudas (one ayuda at most is used).

    When the five own cards are as good as any play with an ayuda, no ayuda is used; when two
    ayudas give the same value, the higher card (by rank, then suit) is the one reported.

    :raises InvalidHandError: without exactly five own cards, with more than three ayudas or
        with a repeated card.
    """
    own = tuple(own)
    if len(own) != 5:
        raise InvalidHandError(f"Cada jugador tiene 5 cartas propias (recibidas {len(own)}).")
    if len(ayudas) > 3:
        raise InvalidHandError(f"Hay 3 ayudas como máximo (recibidas {len(ayudas)}).")
    cards = own + tuple(ayudas)
    if len({card.index for card in cards}) != len(cards):
        _check_distinct(cards)
    best, used = best_with_one_of(own, ayudas)
    return Play(best, own, used)


def with_every_ayuda(own: Sequence[Card], ayudas: Sequence[Card]) -> int:
    """The strength of the best five of the own cards and every ayuda: what the one-ayuda rule forbids
    (and what a reader who plays the ayudas as Hold'em's shared cards counts)."""
    return max(strength(list(five)) for five in combinations([*own, *ayudas], 5))


@dataclass(frozen=True)
class Showdown:
    """Every player's play and the winners (the best play among those that kill the Aces)."""

    plays: dict[str, Play]
    #: Names in the order given; empty when nobody kills the Aces (the hand is extended).
    winners: list[str]


def showdown(players: Mapping[str, Sequence[Card]], ayudas: Sequence[Card]) -> Showdown:
    """Settle a Mata Ases showdown: ties share, nobody wins when nobody kills the Aces.

    :raises InvalidHandError: for a player without five cards, more than three ayudas, or a card
        that appears twice anywhere.
    """
    everything = [c for cards in players.values() for c in cards] + list(ayudas)
    _check_distinct(everything)
    plays = {name: best_play(cards, ayudas) for name, cards in players.items()}
    killers = [name for name, play in plays.items() if play.kills_aces]
    if not killers:
        return Showdown(plays, [])
    top = max(plays[name].strength for name in killers)
    return Showdown(plays, [name for name in killers if plays[name].strength == top])


# ---------------------------------------------------------------------------------------------
# Visible hands.

class VisibleValue:
    """The best hand a player shows: open own cards plus at most one open ayuda.

    Totally ordered: category, then the ranks that decide ties (combination first, then every
    other visible card; with equal leading ranks more cards rank higher), then the cards by
    suit from the highest down. Different players never tie, since their own cards differ.
    """

    __slots__ = ("category", "ranks", "cards", "ayuda", "key")

    #: One of the category ids of :data:`engine.evaluation.CATEGORIES`.
    category: str
    #: Ranks that decide ties, most significant first.
    ranks: tuple[int, ...]
    #: The visible cards that make the hand (at most five), ordered for display.
    cards: tuple[Card, ...]
    #: The ayuda counted, or None.
    ayuda: Card | None
    #: The sort key: (category code, ranks, card indices from the highest down).
    key: tuple

    def __init__(self, code: int, ranks: tuple[int, ...], cards: tuple[Card, ...], ayuda: Card | None) -> None:
        self.category = CATEGORY_BY_CODE[code]
        self.ranks = ranks
        self.cards = cards
        self.ayuda = ayuda
        self.key = (code, ranks, tuple(sorted((c.index for c in cards), reverse=True)))

    @property
    def name(self) -> str:
        """Spanish name, lower case as in running text: ``"par de Reinas"``, ``"As de picas"`` (said when asked:
        the bots compare thousands of visible hands and name none)."""
        if self.key[0] == HIGH_CARD:
            return max(self.cards).name_es
        return spanish_hand_name(self.category, self.ranks[:2], "mx", running=True)

    @property
    def tie_key(self) -> tuple:
        """What an equal visible hand shares: the category and the ranks (the suits aside)."""
        return self.key[:2]

    @property
    def kills_aces(self) -> bool:
        """True for a visible pair of Aces or better (:func:`kills_aces`; the lone player's test)."""
        return kills_aces(pack(self.key[0], self.ranks[:1]))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, VisibleValue):
            return self.key == other.key
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.key)

    def __lt__(self, other: VisibleValue) -> bool:
        return self.key < other.key

    def __le__(self, other: VisibleValue) -> bool:
        return self.key <= other.key

    def __gt__(self, other: VisibleValue) -> bool:
        return self.key > other.key

    def __ge__(self, other: VisibleValue) -> bool:
        return self.key >= other.key

    def __repr__(self) -> str:
        return f"<VisibleValue {self.name!r} {' '.join(format_cards(self.cards))}>"


def _visible(cards: tuple[Card, ...], ayuda: Card | None) -> VisibleValue:
    """The visible value of exactly these cards (1 to 6 of them; from 5 on, the best five count)."""
    if len(cards) >= 5:
        value = strength(cards)
        shown = best_five(value, cards)
        if ayuda is not None and ayuda not in shown:
            ayuda = None
        return VisibleValue(code_of(value), ranks_of(value), shown, ayuda)
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(cards, reverse=True):
        by_rank.setdefault(int(card.rank), []).append(card)
    groups = sorted(by_rank.items(), key=lambda item: (len(item[1]), item[0]), reverse=True)
    sizes = [len(group) for _, group in groups]
    if sizes[0] == 4:
        code = FOUR
    elif sizes[0] == 3:
        code = THREE
    elif sizes[0] == 2:
        code = TWO_PAIR if len(sizes) > 1 and sizes[1] == 2 else PAIR
    else:
        code = HIGH_CARD
    ranks = tuple(rank for rank, _ in groups)
    shown = tuple(card for _, group in groups for card in group)
    return VisibleValue(code, ranks, shown, ayuda)


def visible_value(open_cards: Sequence[Card], ayudas_open: Sequence[Card] = ()) -> VisibleValue:
    """The best visible hand from a player's open cards plus at most one of the open ayudas.

    :raises InvalidHandError: without any open card, with more than five open cards or three
        ayudas, or with a repeated card.
    """
    own = tuple(open_cards)
    if not 1 <= len(own) <= 5:
        raise InvalidHandError(f"Un jugador tiene de 1 a 5 cartas abiertas (recibidas {len(own)}).")
    if len(ayudas_open) > 3:
        raise InvalidHandError(f"Hay 3 ayudas como máximo (recibidas {len(ayudas_open)}).")
    _check_distinct(own + tuple(ayudas_open))
    options = [_visible(own, None)] + [_visible(own + (a,), a) for a in ayudas_open]
    return max(options)


# ---------------------------------------------------------------------------------------------
# Protocol.

@command(
    "mata-ases-showdown",
    "Showdown de Mata Ases: mejor jugada de cada jugador (5 propias, o 4 propias y una ayuda) y ganadores.",
)
def _showdown_command(request: dict) -> dict:
    hands = player_hands(require(request, "players", "players"), "players", 5, max_players=MAX_PLAYERS)
    ayudas = parse_card_list(require(request, "ayudas", "ayudas"), "ayudas", 3)
    unique_cards(located(hands, "players") + [(f"ayudas[{i}]", c) for i, c in enumerate(ayudas)])
    result = showdown(hands, ayudas)
    return {
        "players": {
            name: {
                "cards": format_cards(play.cards),
                "category": play.category,
                "name": play.name,
                "kills_aces": play.kills_aces,
            }
            for name, play in result.plays.items()
        },
        "winners": result.winners,
    }
