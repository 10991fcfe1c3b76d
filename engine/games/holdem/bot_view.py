"""What a Hold'em bot sees: its own hole cards, the board, the actions, the stacks; never the others' cards.

:func:`masked` rewrites a hand history so that every hole card but the bot's is unknown (``????``)
before the hand is replayed for the bot: whatever the history says about the other players' cards
(or whatever cards come later) cannot reach the decision. :func:`view_of` then reads the facts the
decision rests on from that hand, as a frozen :class:`BotView`.

>>> from engine.games.holdem.phh import loads
>>> text = '''variant = 'NT'
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [200, 200, 200]
... actions = ['d dh p1 AsAh', 'd dh p2 KdKc', 'd dh p3 7c2d']'''
>>> masked(loads(text), "p3").actions
('d dh p1 ????', 'd dh p2 ????', 'd dh p3 7c2d')
>>> view = view_of(replay(masked(loads(text), "p3")), "p3")
>>> view.hole, view.position, view.to_call, view.pot, view.behind, view.effective_bb
(('7c', '2d'), 'D', 2, 3, 2, 100.0)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ...cards import Card
from ...table import BettingOrRaisingTo, BoardDealing, CheckingOrCalling, Folding, HoleDealing
from ...table.bots import BotView as BaseView
from .phh import HandHistory, replay
from .hand import HoldemHand

__all__ = ["BotView", "masked", "view_of", "replay"]

_HOLE = re.compile(r"^d dh (p\d+) (\S+)")


def masked(history: HandHistory, player: str) -> HandHistory:
    """``history`` with every hole card dealt to anybody but ``player`` written as unknown."""
    actions = []
    for action in history.actions:
        found = _HOLE.match(action.split("#", 1)[0].strip())
        if found and found[1] != player:
            action = f"d dh {found[1]} " + "?" * len(found[2])
        actions.append(action)
    return replace(history, actions=tuple(actions))


@dataclass(frozen=True, kw_only=True)
class BotView(BaseView):
    """The facts of one decision, all visible to the player (amounts in chips): the ones every game's
    bots read (:class:`engine.table.bots.BotView`: ``street``, ``pot``, ``to_call``, ``winnable``,
    ``stack``, ``bet``, ``options``) and Hold'em's."""

    position: str                 # engine.games.holdem.rules position code: "D", "SB", "BB", "UTG1", "CO"...
    players: int                  # seats at the table
    hole: tuple[str, str]
    board: tuple[str, ...]
    big_blind: int
    opponents: int                # live opponents (all-in ones included)
    behind: int                   # live opponents still to act after this player in this round
    able: int                     # live opponents with chips behind (who could still call a raise)
    raises: int                   # bets and raises so far in this round (blinds not counted)
    effective_bb: float           # the effective stack (own vs the deepest live opponent), in big blinds
    in_position: bool             # last to act after the flop among the live players
    actions: int                  # PHH actions so far (dealing included): mixes the seed per decision
    cards: tuple[Card, ...] = ()  # own hole cards then the board, as Card objects

    @property
    def seen(self) -> frozenset[Card]:
        """Every card this player knows the place of: his own and the board."""
        return frozenset(self.cards)


_ACTIONS = (HoleDealing, BoardDealing, Folding, CheckingOrCalling, BettingOrRaisingTo)


def view_of(hand: HoldemHand, player: str) -> BotView:
    """What ``player`` sees of ``hand`` at his turn."""
    live = hand.live()
    others = [q for q in live if q != player]
    total = {q: hand.stacks[q] + hand.bets[q] for q in live}
    deepest = max((total[q] for q in others), default=0)
    big = max(hand.blinds[:2]) or hand.rules.minimum
    ring = hand.clockwise(player, live)[:-1]
    behind = sum(1 for q in ring if hand.stacks[q] > 0 and (q not in hand.acted or hand.bets[q] < hand.target))
    after_flop = hand.clockwise(hand.button, live)
    raises = sum(1 for rec in hand.events if isinstance(rec, BettingOrRaisingTo) and rec.street == hand.street)
    hole = tuple(hand.hole[player])
    return BotView(
        player=player, position=hand.position[player], players=len(hand.names),
        hole=tuple(str(c) for c in hole), board=tuple(str(c) for c in hand.board), street=str(hand.street),
        pot=hand.pot, to_call=hand.call_amount(player), winnable=hand.winnable(player, hand.call_amount(player)),
        stack=hand.stacks[player], bet=hand.bets[player], big_blind=big,
        opponents=len(others), behind=behind, raises=raises, able=sum(1 for q in others if hand.stacks[q] > 0),
        effective_bb=round(min(total[player], deepest) / big, 1), in_position=after_flop[-1] == player,
        options=tuple(hand.legal_actions()),
        actions=sum(1 for rec in hand.events if isinstance(rec, _ACTIONS)), cards=hole + tuple(hand.board))
