"""Main and side pots from what each player put in, and how a pot is split.

Pots are computed on demand from the contributions; nothing is kept in sync by hand.

Every distinct amount put in by a player who has not folded closes a pot: the main pot takes
from each player up to the smallest such amount, the next pot up to the next one, and so on.
A pot can be won by the players still in the hand who put in at least its upper limit. Chips of
folded players count in the pots they reached; chips above the largest amount of a player still in
the hand (which only happens in made-up data) go to the last pot.

The seed's example (blinds 10/20; UTG1 all-in 100, UTG2 all-in 150, HJ calls 150 and later folds,
D all-in 450, BB calls 450, SB folded its 10):

>>> bets = {"UTG1": 100, "UTG2": 150, "UTG3": 0, "UTG4": 0, "HJ": 150, "CO": 0, "D": 450,
...         "SB": 10, "BB": 450}
>>> for pot in side_pots(bets, folded=["UTG3", "UTG4", "HJ", "CO", "SB"]):
...     print(pot.amount, pot.eligible)
510 ('UTG1', 'UTG2', 'D', 'BB')
200 ('UTG2', 'D', 'BB')
600 ('D', 'BB')
>>> split_pot(25, ["Ana", "Beto"])
{'Ana': 13, 'Beto': 12}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from .cards import Card
from .errors import EngineError, shown

__all__ = ["InvalidPotError", "Pot", "called_pots", "left_of_button", "odd_chip_order", "share_pots", "side_pots",
           "split_pot", "uncalled_bet"]


class InvalidPotError(EngineError):
    """Contributions that cannot form pots: a negative amount, an unknown player, everybody folded."""


@dataclass(frozen=True)
class Pot:
    """One pot: its chips, who can win it (in seat order) and how it was built.

    - ``level``: the contribution cap of this pot, the total a player must have put in to win it
      (``floor`` is the previous pot's level; each player contributed the part of their bet
      between ``floor`` and ``level``).
    - ``contributions``: what each player (in seat order, only those with chips in it) put into
      this pot; a folded player's chips count where they reach. ``dead`` is money nobody bet (the
      Mata Ases antes), so ``amount == sum(contributions.values()) + dead``.

    Two pots are equal when they hold the same chips for the same players (``level``, ``floor``,
    ``contributions`` and ``dead`` say how, not what).

    >>> main, side = side_pots({"A": 50, "B": 200, "C": 200}, dead=25)
    >>> main.level, main.floor, main.contributions, main.dead, main.amount
    (50, 0, {'A': 50, 'B': 50, 'C': 50}, 25, 175)
    >>> side.level, side.floor, side.contributions, side.amount
    (200, 50, {'B': 150, 'C': 150}, 300)
    """

    amount: int
    eligible: tuple[str, ...]
    level: int = field(default=0, compare=False)
    floor: int = field(default=0, compare=False)
    contributions: Mapping[str, int] = field(default_factory=dict, compare=False)
    dead: int = field(default=0, compare=False)


def side_pots(bets: Mapping[str, int], folded: Iterable[str] = (), *, dead: int = 0) -> list[Pot]:
    """The pots, main pot first, from each player's chips put in this hand (in seat order), taken as they
    stand: a part of the largest bet that nobody matched makes a pot of its own here. Once the betting is
    over that part goes back to its owner and is no pot: :func:`called_pots` returns it first.

    Each pot carries its ``level`` (contribution cap) and every player's ``contributions`` to it,
    so callers word and draw the layers from the data instead of re-deriving them. A player still
    in the hand can win exactly the pots whose level is at most what they put in.

    ``dead`` is money that is nobody's bet (the Mata Ases ante): it goes to a main pot that every
    player still in the hand can win, merged with the first pot when that one is open to all of them.

    :raises InvalidPotError: for a negative or non-integer amount, a folded name that is not in
        ``bets``, or when every player has folded.
    """
    for name, amount in bets.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise InvalidPotError(f"Lo apostado por «{name}» debe ser un entero no negativo (recibido: {shown(amount)}).")
    folded = set(folded)
    for name in folded:
        if name not in bets:
            raise InvalidPotError(f"«{name}» se retiró pero no está entre los jugadores.")
    live = [name for name in bets if name not in folded]
    if not live:
        raise InvalidPotError("Todos los jugadores se retiraron: nadie puede ganar el bote.")
    levels = sorted({bets[name] for name in live if bets[name] > 0})
    if not levels:  # nobody still in the hand put anything in
        parts = {name: bet for name, bet in bets.items() if bet > 0}
        pots = [Pot(sum(parts.values()), tuple(live), 0, 0, parts)] if parts else []
        return _with_dead(pots, dead, tuple(live))
    pots = []
    floor = 0
    for level in levels:
        parts = {name: min(bet, level) - floor for name, bet in bets.items() if bet > floor}
        eligible = tuple(name for name in live if bets[name] >= level)
        pots.append(Pot(sum(parts.values()), eligible, level, floor, parts))
        floor = level
    excess = {name: bet - floor for name, bet in bets.items() if bet > floor}
    if excess:  # folded chips above every live player's bet (made-up data): into the last pot
        last = pots[-1]
        parts = {name: last.contributions.get(name, 0) + excess.get(name, 0)
                 for name in bets if name in last.contributions or name in excess}
        pots[-1] = Pot(last.amount + sum(excess.values()), last.eligible, last.level, last.floor, parts)
    return _with_dead(pots, dead, tuple(live))


def called_pots(bets: Mapping[str, int], folded: Iterable[str] = (), *,
                dead: int = 0) -> tuple[list[Pot], tuple[str, int] | None]:
    """The pots once the betting is over (main pot first) and the uncalled bet: the part of the largest bet
    that nobody matched goes back to its owner (:func:`uncalled_bet`) and the rest makes the pots
    (:func:`side_pots`). Returns ``(pots, (owner, chips))``, or ``(pots, None)`` when every bet was matched.

    >>> pots, back = called_pots({"Ana": 500, "Beto": 300, "Carla": 100})
    >>> [(pot.amount, pot.eligible) for pot in pots], back
    ([(300, ('Ana', 'Beto', 'Carla')), (400, ('Ana', 'Beto'))], ('Ana', 200))

    :raises InvalidPotError: as :func:`side_pots`.
    """
    folded = list(folded)
    side_pots(bets, folded)  # the checks, before any arithmetic on the amounts
    back = uncalled_bet(bets)
    if back is not None:
        bets = {**bets, back[0]: bets[back[0]] - back[1]}
    return side_pots(bets, folded, dead=dead), back


def _with_dead(pots: list[Pot], dead: int, everyone: tuple[str, ...]) -> list[Pot]:
    if not dead:
        return pots
    if pots and pots[0].eligible == everyone:
        first = pots[0]
        return [Pot(first.amount + dead, everyone, first.level, first.floor, first.contributions, dead)] + pots[1:]
    return [Pot(dead, everyone, 0, 0, {}, dead)] + pots


def uncalled_bet(bets: Mapping[str, int]) -> tuple[str, int] | None:
    """The part of the largest bet that nobody matched, which returns to its owner and is no pot:
    ``(owner, chips)``, or None when the two largest bets are equal.

    >>> uncalled_bet({"A": 300, "B": 120, "C": 50})
    ('A', 180)
    """
    top = second = 0
    owner = None
    for name, chips in bets.items():
        if chips > top:
            owner, top, second = name, chips, top
        elif chips > second:
            second = chips
    return (owner, top - second) if owner is not None and top > second else None


def split_pot(amount: int, winners: Sequence[str]) -> dict[str, int]:
    """Share ``amount`` among ``winners``; the odd chips go one by one in the order given.

    Callers order the winners by the site's odd-chip convention (TDA 20-B for stud: the winning
    hand with the highest card by suit first).

    :raises InvalidPotError: for no winners or a negative amount.
    """
    if not winners:
        raise InvalidPotError("Un bote necesita al menos un ganador.")
    if amount < 0:
        raise InvalidPotError(f"Cantidad negativa: {amount}.")
    share, odd = divmod(amount, len(winners))
    return {name: share + (1 if i < odd else 0) for i, name in enumerate(winners)}


def odd_chip_order(winners: Sequence[str], own_cards: Mapping[str, Sequence[Card]]) -> list[str]:
    """``winners`` in the order odd chips are handed out in games without a board (the site's
    convention for Mata Ases, TDA 20-B for stud): the player holding the highest card by suit
    (spades > hearts > diamonds > clubs) among their own cards first. Hold'em, a flop game, uses
    :func:`left_of_button` instead. Shared cards (a board, the ayudas) cannot tell winners apart, so only
    each player's own cards count; they are distinct, so the order is strict.
    """
    return sorted(winners, key=lambda name: max(own_cards[name]), reverse=True)


def left_of_button(winners: Iterable[str], seats: Sequence[str], button: str) -> list[str]:
    """``winners`` in the order odd chips are handed out in flop games (TDA 20-A): clockwise from
    the button, the first winner to its left first and the button itself last.

    >>> left_of_button(["D", "A", "B"], ["A", "B", "C", "D"], "B")
    ['D', 'A', 'B']

    :raises EngineError: if the button or a winner is not in ``seats``.
    """
    if button not in seats:
        raise EngineError(f"El botón («{button}») no está entre los asientos.")
    n = len(seats)
    after_button = {name: (i - seats.index(button) - 1) % n for i, name in enumerate(seats)}
    winners = list(winners)
    for name in winners:
        if name not in after_button:
            raise EngineError(f"«{name}» no está entre los asientos.")
    return sorted(winners, key=after_button.__getitem__)


def share_pots(pots: Sequence[Pot], values: Mapping[str, int], order) -> list[tuple[list[str], dict[str, int]]]:
    """Each pot to the best hands (``values``: comparable, of the players who can win) among its eligible
    players, each settled on its own (TDA 21): its winners in eligible order and its shares, the chips a
    split cannot divide going one by one in ``order(winners)``.

    >>> share_pots([Pot(25, ("A", "B")), Pot(10, ("B",))], {"A": 3, "B": 3}, sorted)
    [(['A', 'B'], {'A': 13, 'B': 12}), (['B'], {'B': 10})]

    :raises InvalidPotError: for a pot none of whose eligible players has a value.
    """
    out = []
    for pot in pots:
        contenders = [name for name in pot.eligible if name in values]
        if not contenders:
            raise InvalidPotError(f"Nadie con mano puede ganar un bote de {pot.amount}.")
        top = max(values[name] for name in contenders)
        winners = [name for name in contenders if values[name] == top]
        out.append((winners, split_pot(pot.amount, order(winners))))
    return out
