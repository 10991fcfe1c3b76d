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

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from .cards import Card
from .errors import EngineError

__all__ = ["InvalidPotError", "Pot", "odd_chip_order", "side_pots", "split_pot"]


class InvalidPotError(EngineError):
    """Contributions that cannot form pots: a negative amount, an unknown player, everybody folded."""


@dataclass(frozen=True)
class Pot:
    """One pot: its chips and who can win it (in seat order)."""

    amount: int
    eligible: tuple[str, ...]


def side_pots(bets: Mapping[str, int], folded: Iterable[str] = (), *, dead: int = 0) -> list[Pot]:
    """The pots, main pot first, from each player's chips put in this hand (in seat order).

    ``dead`` is money that is nobody's bet (the Mata Ases ante): it goes to a main pot that every
    player still in the hand can win, merged with the first pot when that one is open to all of them.

    :raises InvalidPotError: for a negative or non-integer amount, a folded name that is not in
        ``bets``, or when every player has folded.
    """
    for name, amount in bets.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise InvalidPotError(f"Lo apostado por «{name}» debe ser un entero no negativo (recibido: {amount!r}).")
    folded = set(folded)
    for name in folded:
        if name not in bets:
            raise InvalidPotError(f"«{name}» se retiró pero no está entre los jugadores.")
    live = [name for name in bets if name not in folded]
    if not live:
        raise InvalidPotError("Todos los jugadores se retiraron: nadie puede ganar el bote.")
    levels = sorted({bets[name] for name in live if bets[name] > 0})
    total = sum(bets.values())
    if not levels:  # nobody still in the hand put anything in
        return _with_dead([Pot(total, tuple(live))] if total else [], dead, tuple(live))
    pots = []
    floor = 0
    for level in levels:
        amount = sum(min(bet, level) - floor for bet in bets.values() if bet > floor)
        eligible = tuple(name for name in live if bets[name] >= level)
        pots.append(Pot(amount, eligible))
        floor = level
    excess = sum(bet - floor for bet in bets.values() if bet > floor)
    if excess:
        last = pots[-1]
        pots[-1] = Pot(last.amount + excess, last.eligible)
    return _with_dead(pots, dead, tuple(live))


def _with_dead(pots: list[Pot], dead: int, everyone: tuple[str, ...]) -> list[Pot]:
    if not dead:
        return pots
    if pots and pots[0].eligible == everyone:
        return [Pot(pots[0].amount + dead, everyone)] + pots[1:]
    return [Pot(dead, everyone)] + pots


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
    """``winners`` in the order odd chips are handed out (the site's convention, TDA 20-B for
    stud): the player holding the highest card by suit (spades > hearts > diamonds > clubs) among
    their own cards first. Shared cards (a board, the ayudas) cannot tell winners apart, so only
    each player's own cards count; they are distinct, so the order is strict.
    """
    return sorted(winners, key=lambda name: max(own_cards[name]), reverse=True)
