"""What one player sees of a Mata Ases hand: the only input a bot decides from.

:func:`view_of` copies, from a :class:`~engine.games.mata_ases.hand.MataAsesHand` in play, the
player's own cards (the closed one included), the other players' open cards, the ayudas once they
are turned up, the chips and the betting of the round. It never reads another player's closed
card, a card still to come or the ayudas while they lie face down, so a decision taken from a
:class:`BotView` cannot depend on them (tests swap every such card and compare decisions).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card
from ...table.bots import BotView as BaseView
from .hand import MataAsesHand

__all__ = ["BotView", "Rival", "view_of"]


@dataclass(frozen=True)
class Rival:
    """Another player of the current deal, as the bot sees him."""

    name: str
    open: tuple[Card, ...]
    #: Own cards he has received (open and closed).
    received: int
    folded: bool
    stack: int
    bet: int


@dataclass(frozen=True, kw_only=True)
class BotView(BaseView):
    """The hand from one player's chair (everything here is visible to that player): what every game's
    bots read (:class:`engine.table.bots.BotView`: ``street``, 1, 3, 4 or 5, the betting round or the card
    being dealt in the card phase; ``pot``, chips in the middle, current-round bets included; ``to_call``;
    ``winnable``, what a call plays for, the pot when there is nothing to call; ``stack``, ``bet``,
    ``options``) and Mata Ases's."""

    modality: str
    betting: str
    minimum: int
    #: "bet" or "card".
    phase: str
    deal: int
    extensions: int
    #: The player's own cards in the order received, and which of them are face up.
    own: tuple[Card, ...]
    own_open: tuple[bool, ...]
    #: The ayudas once they are turned up (empty before).
    ayudas: tuple[Card, ...]
    rivals: tuple[Rival, ...]
    #: The round's bet to match.
    target: int
    #: Live players with chips who still have to act after this one in the round.
    behind: int

    @property
    def live_rivals(self) -> tuple[Rival, ...]:
        return tuple(r for r in self.rivals if not r.folded)

    @property
    def closed(self) -> tuple[Card, ...]:
        return tuple(c for c, is_open in zip(self.own, self.own_open) if not is_open)

    @property
    def seen(self) -> frozenset[Card]:
        """Every card this player knows the place of (the rest may be anywhere)."""
        cards = set(self.own) | set(self.ayudas)
        for rival in self.rivals:
            cards.update(rival.open)
        return frozenset(cards)

    def option(self, action: str) -> dict | None:
        return next((o for o in self.options if o["action"] == action), None)

    def key(self) -> str:
        """A text that names this visible state exactly (to seed the bot's own randomness)."""
        rivals = ";".join(f"{r.name}:{' '.join(map(str, r.open))}:{r.received}:{int(r.folded)}:{r.stack}:{r.bet}"
                          for r in self.rivals)
        own = " ".join(f"{c}{'+' if o else '-'}" for c, o in zip(self.own, self.own_open))
        return (f"{self.player}|{self.deal}|{self.street}|{self.phase}|{own}|{' '.join(map(str, self.ayudas))}|"
                f"{rivals}|{self.stack}|{self.bet}|{self.pot}|{self.target}")


def view_of(hand: MataAsesHand, player: str) -> BotView:
    """``player``'s view of ``hand`` (the player must be in the current deal)."""
    live = hand.live()
    rivals = []
    for name in hand.participants:
        if name == player:
            continue
        rivals.append(Rival(name, tuple(hand.open_cards(name)), len(hand.hole[name]), name not in live,
                            hand.stacks[name], hand.bets.get(name, 0)))
    order = list(hand.names)
    i = order.index(player)
    behind = 0
    for k in range(1, len(order)):
        q = order[(i + k) % len(order)]
        if q in live and hand.stacks[q] > 0 and (hand.bets[q] < hand.target or q not in hand.acted):
            behind += 1
    options = tuple(hand.legal_actions())
    call = next((o["amount"] for o in options if o["action"] == "call"), 0)
    return BotView(
        player=player, modality=hand.modality, betting=hand.rules.betting, minimum=hand.stakes.minimum,
        street=int(hand.street), phase=hand.phase or "", deal=hand.deal_index, extensions=hand.extensions,
        own=tuple(hand.hole[player]), own_open=tuple(hand.up[player]),
        ayudas=tuple(hand.board) if hand.board_up else (),
        rivals=tuple(rivals), stack=hand.stacks[player], bet=hand.bets.get(player, 0), pot=hand.pot,
        target=hand.target, behind=behind, options=options, to_call=call, winnable=hand.winnable(player, call),
    )
