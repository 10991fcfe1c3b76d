"""Texas Hold'em at the play layer's tables (:mod:`engine.play`): a game made of the table hand's data
(:class:`engine.table.hand_game.HandGame`: the free table, the viewer) with Hold'em's own hand (its
position names), bots (:mod:`.bot_policy`, with their reasons) and hand histories in PHH (:mod:`.phh`:
a share link or a ``.phh`` file shown step by step; each hand of the free table written as the reader
saw it).
"""

from __future__ import annotations

from functools import partial
from typing import Sequence

from ...table.coach import Advice, Reckoning
from ...table.game import HISTORY_ASSUMED, Move, Recording, Replayed, assumed_worlds, world_pick
from ...table.hand_game import BIG_BLINDS, HandGame, dealt_from
from ...table.words import UNNAMED, YOU
from . import rules
from .bot import explain
from .bot_policy import coach_equity, decide
from .bot_texts import NAMES
from .bot_view import view_of
from .hand import HoldemHand, decisions_of
from .phh import HandHistory, apply, dumps, loads, replay, start
from .texts import WORDS

__all__ = ["GAME", "HoldemGame"]


class HoldemGame(HandGame):
    """No-Limit Texas Hold'em, 2 to 10 seats (see the module docstring)."""

    deck_key = "holdem-mesa"
    words = {"deal": "Sentarse y repartir", "failure": "La mesa de Hold'em no está disponible"}
    history_info = {"format": "PHH", "extension": ".phh", "accept": ".phh,.toml,.txt,text/plain",
                    "import": "Ver una mano en PHH (pegada o de un archivo .phh)",
                    "text": "Texto de la mano (formato PHH)", "file": "O abre un archivo .phh",
                    "go": "Ver la mano paso a paso", "download": "Descargar la mano (.phh)",
                    "filename": "mano-{n}", "line": "Línea {n}: {error}",
                    "too_long": "El archivo es demasiado largo para ser una mano en PHH.",
                    "paste_too_long": "No se pegó el texto: es demasiado largo para ser una mano en PHH."}

    def new_hand(self, seats: Sequence[tuple[str, int]], *, minimum: int, **options) -> HoldemHand:
        return HoldemHand(seats, min_bet=minimum, **options)

    def bot(self, hand, player: str, style: str, seed: int) -> Move:
        view = view_of(hand, player)
        decision = decide(view, style, seed)
        return Move(decision.action, decision.amount if decision.action in ("bet", "raise") else None,
                    partial(explain, view, player, decision, hidden=True))

    def seat_view(self, hand, player: str):
        return view_of(hand, player)

    def advise(self, view, style: str, seed: int, name: str, reckoning: Reckoning | None = None) -> Advice:
        decision = decide(view, style, seed, equity=None if reckoning is None else reckoning.value)
        return Advice(decision, explain(view, name, decision))

    def policy(self, view, style: str, seed: int, *, budget: int | None = None):
        return decide(view, style, seed, samples=budget)

    def seat_equity(self, view) -> Reckoning:
        return coach_equity(view)

    def history(self, hand) -> str:
        """The hand in PHH, as the reader saw it: a bot's hole cards only where they were shown."""
        return dumps(hand, players=list(hand.deal_order()), seen=(YOU,))

    def recording(self, text: str, path: str = "history") -> Recording:
        """A hand in PHH: the whole history is read and checked first (a wrong line is the error, with its
        ``line`` and ``at``, and nothing starts), then each PHH action (a dealer's step or a decision) is
        one step; every hole card is shown, the players named by the PHH ``players`` or, when it has none
        (or repeats a name), «Jugador 1»… in PHH order: a position code is a badge, never a person's name."""
        history = loads(text)
        replay(history)  # the whole hand, checked first: its errors name their line
        hand = start(history)
        ids = history.ids
        shown = history.players
        if not shown or len(set(shown)) != len(shown):
            shown = tuple(UNNAMED.format(n=i) for i in range(1, len(ids) + 1))
        names = dict(zip(ids, shown))
        review = partial(replayed, history, tuple(shown)) if YOU in shown else None
        return Recording(hand, len(history.actions), lambda h, i: apply(h, history, history.actions[i]),
                         lambda h: h.finish(), reveal=ids, names=names, review=review)


def replayed(history: HandHistory, names: Sequence[str]) -> Replayed:
    """A PHH hand as the review replays it for the seat «Tú», its seats named ``names`` (PHH order): its cards as
    the history names them (an unknown one unknown), its decisions in order, its worlds (the other seats
    valued as bots of one style: a history does not say how they play)."""
    played = replay(history)
    named = dict(zip(history.ids, names))
    hole = {named[i]: tuple(played.hole[i]) for i in played.names}
    board = tuple(played.board)
    moves = [Move(action, amount) for _, action, amount in decisions_of(played)]

    def world(view, draw):
        return dealt_from(start(history, names), hole, board, world_pick(view, draw))
    worlds = assumed_worlds(world, names, (history.min_bet, BIG_BLINDS), HISTORY_ASSUMED)
    return Replayed(lambda: dealt_from(start(history, names), hole, board), moves, YOU, worlds)


GAME = HoldemGame("holdem", "Texas Hold'em", rules.RULES, WORDS, bots=NAMES)
