"""The shapes every game's bots share (each game adds its own figures): a style, a decision, and what a
bot sees of the hand at its turn; the styles' names, and how a free table's request names them.

Each game's bots decide from its :class:`BotView` only (what the bot's seat sees: never another
player's hidden cards, nor a card still to come), with one of three styles (:data:`STYLE_NAMES`) and a
seed: the same view and seed give the same :class:`Decision`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RequestError, shown
from ..requests import check_type, optional

__all__ = ["MAX_SEED", "STYLE_CYCLE", "STYLE_NAMES", "BotView", "Decision", "Style", "read_styles"]

#: The three styles, from the most careful to the boldest.
STYLE_NAMES = ("prudente", "equilibrado", "agresivo")
#: The bots' styles seat after seat when a table does not choose them.
STYLE_CYCLE = ("equilibrado", "prudente", "agresivo")
#: The largest seed: a whole number JavaScript keeps exactly.
MAX_SEED = 2**53 - 1


@dataclass(frozen=True, kw_only=True)
class Style:
    """A style's figures every game uses: ``margin`` (equity over the pot odds a call needs), ``bluff``
    (the chance of a bet without the cards) and ``size`` (a bet's size as a fraction of the pot). A
    game's style adds its own."""

    name: str
    margin: float
    bluff: float
    size: float


@dataclass(frozen=True)
class Decision:
    """What a bot does: ``action``, ``amount`` (a bet or raise's round total; a call's chips where the game
    says so) and why: ``why`` (a key its game's texts word) or ``reason`` (the sentence, when the policy
    words it itself), with the figures behind it: ``equity``, ``pot_odds`` (the call against the chips it
    plays for), ``needed`` (the equity the call asks: the pot odds and the style's margin), ``score`` and
    ``threshold`` (a pre-flop chart's), ``all_in``; ``no_raise``, when the bot would raise but cannot,
    why (a code its game's texts word: ``"stack"``, calling takes all its chips; ``"all-in"``, nobody
    left who could call a raise; ``"closed"``, a short all-in did not reopen the betting for it)."""

    action: str
    amount: int | None = None
    reason: str = ""
    why: str = ""
    equity: float | None = None
    pot_odds: float | None = None
    score: int | None = None
    threshold: float | None = None
    all_in: bool = False
    needed: float | None = None
    no_raise: str = ""

    def to_json(self, player: str) -> dict:
        """The decision as a request's action: ``{"player", "action", "amount"?}``."""
        action = {"player": player, "action": self.action}
        if self.amount is not None:
            action["amount"] = self.amount
        return action


@dataclass(frozen=True, kw_only=True)
class BotView:
    """The hand from the bot's seat at its turn, what every game's bots read: the ``player``, the
    ``street``, the chips in the middle (``pot``), what a call adds (``to_call``) and plays for
    (``winnable``, :meth:`engine.table.Table.winnable`), his ``stack`` and ``bet`` this round, and the
    legal ``options``. A game's view adds what its seat sees (cards, positions...)."""

    player: str
    street: object
    pot: int
    to_call: int
    winnable: int
    stack: int
    bet: int
    options: tuple[dict, ...]

    def option(self, action: str) -> dict | None:
        return next((o for o in self.options if o["action"] == action), None)


def read_styles(value: dict, count: int, path: str = "table.styles") -> list[str]:
    """The ``styles`` of a free table's setup, one per bot (``count``); by default the cycle
    :data:`STYLE_CYCLE`. :raises RequestError: naming the field."""
    styles = optional(value, "styles", path, list, None)
    if styles is None:
        return [STYLE_CYCLE[i % len(STYLE_CYCLE)] for i in range(count)]
    if len(styles) != count:
        raise RequestError(path, f"debe tener un estilo por bot ({count}; tiene {len(styles)})")
    for i, style in enumerate(styles):
        check_type(style, str, f"{path}[{i}]")
        if style not in STYLE_NAMES:
            raise RequestError(f"{path}[{i}]", f"debe ser {', '.join(f'«{s}»' for s in STYLE_NAMES)} "
                                               f"(recibido: {shown(style)})")
    return list(styles)
