"""PHH (PokerKit's Poker Hand History, TOML) for No-Limit Texas Hold'em: read, replay, write back.

Read as PokerKit 0.7.7 reads a PHH file (``pokerkit/notation.py``, ``state.py``):

- ``starting_stacks`` give the players in PHH order: ``p1`` is the first player left of the button
  (the small blind), ``p2`` the big blind, ..., the last player is the button. Heads-up (two
  players) ``p1`` is the big blind and ``p2`` the button, who posts the small blind.
- ``blinds_or_straddles`` and ``antes`` are by position: entry 0 is the small blind's, entry 1 the
  big blind's, then straddles; heads-up PokerKit swaps them (player ``p1`` posts entry 1), so entry 0
  is always the small blind's. A big-blind ante is an ante on the big blind's entry only.
- ``actions``: ``d dh p1 AcKd`` (hole cards, ``????`` unknown), ``d db 7d5h9d`` / ``d db Kc`` (board),
  ``p3 f`` (fold), ``p3 cc`` (check or call), ``p3 cbr 60`` (bet or raise TO 60), ``p3 sm AcKd``
  (show) or ``p3 sm`` (muck); a ``# comment`` after an action is ignored. Burn cards are implicit.
- Whole-chip amounts only; ``finishing_stacks`` and free metadata are ignored on input (kept for
  :func:`dumps`).

>>> text = '''variant = 'NT'
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ['d dh p1 AsAh', 'd dh p2 ????', 'p2 cbr 6', 'p1 f']'''
>>> hand = replay(loads(text))
>>> hand.over, [hand.stacks[p] for p in hand.names]
(True, [98, 102])
>>> loads(dumps(hand)).actions == loads(text).actions
True
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from typing import Any, Collection, Sequence

from ...cards import DECK, Card
from ...errors import EngineError, InvalidCardError
from ... import spanish
from ...requests import MAX_AMOUNT, MAX_REQUEST_CHARS, name_problem
from ...table import (ActionError, BettingOrRaisingTo, BoardDealing, CheckingOrCalling, Folding, HoleDealing,
                      TableSetupError)
from . import rules as holdem
from .hand import HoldemHand
from ...table.records import ShowdownStarting

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "MAX_KEY_PARTS", "MAX_PHH_CHARS", "VERBS", "HandHistory", "PhhError",
           "action_line", "dumps", "loads", "replay"]

#: The longest PHH text read (characters): the protocol's limit on a request line, through which no
#: longer hand could have come (the command line reads a file too).
MAX_PHH_CHARS = MAX_REQUEST_CHARS
#: The deepest nesting of lists and inline tables read (``tomllib`` recurses once per level).
MAX_DEPTH = 32
#: The most parts of one dotted key or table header (``a.b.c``: 3); ``tomllib`` takes quadratic time
#: and memory in them (20,000 parts: 5 s and 1.6 GB).
MAX_KEY_PARTS = 32
#: The longest number read (characters): Python refuses integers over 4,300 digits, and no amount
#: of chips has more than 13.
MAX_DIGITS = 40

#: The PHH verb of each betting decision (``cbr``: complete, bet or raise *to* an amount).
VERBS = {"fold": "f", "check": "cc", "call": "cc", "bet": "cbr", "raise": "cbr"}


def action_line(player_id: str, action: str, amount: int | None = None) -> str:
    """A decision as a PHH action line (the amount only with ``cbr``, a total "to").

    >>> action_line("p3", "raise", 300), action_line("p1", "check"), action_line("p2", "fold")
    ('p3 cbr 300', 'p1 cc', 'p2 f')
    """
    verb = VERBS[action]
    return f"{player_id} {verb} {amount}" if verb == "cbr" else f"{player_id} {verb}"


class PhhError(EngineError):
    """A PHH text that cannot be read: its ``field`` (and ``line``) say where."""

    code = "phh"


class PhhSyntaxError(PhhError):
    """Not TOML at all."""

    code = "phh-syntax"


class UnsupportedVariantError(PhhError):
    """Another game than No-Limit Texas Hold'em (``variant = 'NT'``)."""

    code = "phh-variant"


class DecimalAmountError(PhhError):
    """An amount with decimals: the site plays whole chips."""

    code = "decimal-amount"


class PlayerCountError(PhhError):
    """Fewer than 2 or more than 10 players."""

    code = "player-count"


class PhhTooLargeError(PhhError):
    """A text over a bound read before ``tomllib``: its size, nesting, a key's parts, a number's digits."""

    code = "phh-too-large"


class PhhActionError(PhhError):
    """An action that is not written as PHH writes one."""

    code = "phh-action"


#: tomllib's reasons in Spanish (the common ones; any other: a generic hint).
_TOML_REASONS = {
    "Unclosed array": "falta cerrar una lista con «]»",
    "Invalid value": "un valor no es válido (los textos van entre comillas)",
    "Expected '=' after a key in a key/value pair": "falta «=» después de un nombre de campo",
    "Cannot overwrite a value": "un campo aparece dos veces",
    "Unterminated string": "falta cerrar unas comillas",
    "Invalid statement": "una línea no es «campo = valor»",
}

#: Card tokens as PHH writes them (``"Td"``), parsed once.
_TOKENS: dict[str, Card] = {str(card): card for card in DECK}

_ACTION = re.compile(r"^(?:d (?P<deal>dh|db)(?: p(?P<dealee>\d+))? (?P<cards>\S+)"
                     r"|p(?P<player>\d+) (?P<verb>f|cc|cbr|sm)(?: (?P<arg>\S+))?)$")


@dataclass(frozen=True)
class HandHistory:
    """One PHH hand (No-Limit Texas Hold'em). ``lines`` holds the text line of each action (None
    when unknown); ``extra`` the free metadata, written back by :func:`dumps`."""

    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    min_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    players: tuple[str, ...] | None = None
    variant: str = "NT"
    finishing_stacks: tuple[int, ...] | None = None
    #: PHH's ``ante_trimming_status``: each player's ante is his own chips for the pots (None: not
    #: given; the site's rule, :class:`~.hand.HoldemHand`).
    ante_trimming: bool | None = None
    lines: tuple[int | None, ...] = field(default=(), compare=False)
    extra: dict = field(default_factory=dict, compare=False)

    @property
    def ids(self) -> tuple[str, ...]:
        """``("p1", "p2", ...)``: the players in PHH order."""
        return tuple(f"p{i}" for i in range(1, len(self.starting_stacks) + 1))


#: What ``tomllib`` reads as strings and comments: masked before the bounds are counted.
_MASKED = re.compile(r'"""[\s\S]*?(?:"""|\Z)|\'\'\'[\s\S]*?(?:\'\'\'|\Z)|"(?:[^"\\\n]|\\.)*+"?|\'[^\'\n]*+\'?|#[^\n]*+')
_OPEN_CLOSE = re.compile(r"[\[\]{}]")
#: A run of bare words joined by dots (a dotted key; a float has two parts); possessive, so linear.
_DOTTED = re.compile(r"(?<![\w.-])[\w-]++(?:[ \t]*+\.[ \t]*+[\w-]++)*+")
_NUMBER = re.compile(r"(?<![\w.])[+-]?[0-9][0-9a-fA-FxXoObB_]{%d,}" % MAX_DIGITS)


def _mask(match: re.Match) -> str:
    return "s" + "\n" * match.group().count("\n")


def check_bounds(text: str) -> None:
    """Refuse, before ``tomllib`` builds anything, a PHH text over the reader's bounds: longer than
    :data:`MAX_PHH_CHARS`, nested deeper than :data:`MAX_DEPTH`, a key of more than
    :data:`MAX_KEY_PARTS` parts or a number longer than :data:`MAX_DIGITS` characters. Linear time.

    >>> check_bounds("a" + ".a" * 40 + " = 1")
    Traceback (most recent call last):
    ...
    engine.games.holdem.phh.PhhTooLargeError: Un nombre de campo tiene 41 partes separadas por puntos; el máximo es 32.

    :raises PhhTooLargeError: with the line at fault."""
    if len(text) > MAX_PHH_CHARS:
        raise PhhTooLargeError(f"La mano PHH es demasiado larga ({spanish.amount(len(text))} caracteres; el máximo "
                               f"es {spanish.amount(MAX_PHH_CHARS)}).")
    masked = _MASKED.sub(_mask, text)

    def line(at: int) -> int:
        return masked.count("\n", 0, at) + 1

    depth = 0
    for found in _OPEN_CLOSE.finditer(masked):
        depth += 1 if found.group() in "[{" else -1
        if depth > MAX_DEPTH:
            at = line(found.start())
            raise PhhTooLargeError(f"Hay más de {MAX_DEPTH} listas o tablas una dentro de otra.").locate(line=at)
    for found in _DOTTED.finditer(masked):
        parts = found.group().count(".") + 1
        if parts > MAX_KEY_PARTS:
            at = line(found.start())
            raise PhhTooLargeError(f"Un nombre de campo tiene {spanish.amount(parts)} partes separadas por puntos; "
                                   f"el máximo es {MAX_KEY_PARTS}.").locate(line=at)
    found = _NUMBER.search(masked)
    if found:
        at = line(found.start())
        raise PhhTooLargeError(f"Un número tiene más de {MAX_DIGITS} cifras; ninguna cantidad de fichas pasa de "
                               f"{spanish.amount(MAX_AMOUNT)}.").locate(line=at)


def _line_of(text: str, key: str) -> int | None:
    match = re.search(rf"^[ \t]*{re.escape(key)}[ \t]*=", text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else None


def _amounts(data: dict, key: str, text: str, *, count: int | None, required: bool, minimum: int = 0) -> tuple:
    if key not in data:
        if required:
            raise PhhError(f"Falta el campo «{key}» de la mano PHH.").locate(field=key)
        return (0,) * (count or 0)
    value = data[key]
    single = isinstance(value, (int, float)) and not isinstance(value, bool) and count is not None
    if single:
        value = [value] * count  # PokerKit: one number for every player
    if not isinstance(value, list):
        raise PhhError(f"«{key}» debe ser una lista de números enteros.").locate(field=key, line=_line_of(text, key))
    for i, item in enumerate(value):
        where = key if single else f"{key}[{i}]"
        if isinstance(item, float) or (isinstance(item, str) and re.fullmatch(r"-?\d+[.,]\d+", item)):
            raise DecimalAmountError(f"«{key}» tiene una cantidad con decimales ({item}): en este sitio se juega "
                                     "con fichas enteras.").locate(field=where, line=_line_of(text, key))
        if not isinstance(item, int) or isinstance(item, bool):
            raise PhhError(f"«{key}» debe tener solo números enteros (el {i + 1}.º es {json.dumps(item)}).").locate(
                field=where, line=_line_of(text, key))
        if not minimum <= item <= MAX_AMOUNT:
            said = spanish.amount(item) if abs(item) <= MAX_AMOUNT * 1000 else (
                "un número de más de 15 cifras" if item > 0 else "un número negativo de más de 15 cifras")
            raise PhhError(f"«{key}»: {said} no vale; cada cantidad va de {spanish.amount(minimum)} a "
                           f"{spanish.amount(MAX_AMOUNT)}.").locate(field=where, line=_line_of(text, key))
    if count is not None and len(value) > count:
        raise PhhError(f"«{key}» tiene {len(value)} números, pero hay {count} jugadores.").locate(field=key, line=_line_of(text, key))
    return tuple(value) + (0,) * ((count or 0) - len(value))


def loads(text: str) -> HandHistory:
    """Read one hand of PHH text. :raises PhhError: (or a subclass) naming the field and line."""
    check_bounds(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        line = int(found.group(1)) if found else text.rstrip("\n").count("\n") + 1 if "end of document" in str(exc) \
            else None
        reason = _TOML_REASONS.get(re.sub(r"\s*\(at .*\)$", "", str(exc)), "revisa comillas, corchetes y comas")
        raise PhhSyntaxError(f"El texto PHH no es TOML válido{f' (línea {line})' if line else ''}: {reason}.").locate(
            line=line) from None
    variant = data.get("variant")
    if variant != "NT":
        raise UnsupportedVariantError(
            f"Solo se lee Texas Hold'em sin límite («variant = 'NT'»); esta mano es «{variant}»."
            if variant is not None else "Falta «variant = 'NT'» (Texas Hold'em sin límite).").locate(
            field="variant", line=_line_of(text, "variant"))
    stacks = _amounts(data, "starting_stacks", text, count=None, required=True, minimum=1)
    n = len(stacks)
    if not holdem.MIN_PLAYERS <= n <= holdem.MAX_PLAYERS:
        raise PlayerCountError(f"Texas Hold'em se juega de {holdem.MIN_PLAYERS} a {holdem.MAX_PLAYERS} jugadores; "
                               f"«starting_stacks» trae {n}.").locate(field="starting_stacks",
                                                                    line=_line_of(text, "starting_stacks"))
    antes = _amounts(data, "antes", text, count=n, required=False)
    blinds = _amounts(data, "blinds_or_straddles", text, count=n, required=True)
    min_bet = _amounts(data, "min_bet", text, count=1, required=True, minimum=1)[0]
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PhhError("«actions» debe ser una lista de textos como 'p1 cc'.").locate(
            field="actions", line=_line_of(text, "actions"))
    players = data.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != n
                                or not all(isinstance(p, str) and p.strip() for p in players)):
        raise PhhError(f"«players» debe tener un nombre por jugador ({n}).").locate(
            field="players", line=_line_of(text, "players"))
    for i, name in enumerate(players or ()):
        problem = name_problem(name)
        if problem:
            raise PhhError(f"«players»: el nombre {i + 1}.º {problem}.").locate(
                field=f"players[{i}]", line=_line_of(text, "players"))
    finishing = data.get("finishing_stacks")
    trimming = data.get("ante_trimming_status")
    if trimming is not None and not isinstance(trimming, bool):
        raise PhhError("«ante_trimming_status» debe ser «true» o «false».").locate(
            field="ante_trimming_status", line=_line_of(text, "ante_trimming_status"))
    known = {"variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions", "players",
             "finishing_stacks", "ante_trimming_status"}
    return HandHistory(antes, blinds, min_bet, stacks, tuple(actions), tuple(players) if players else None,
                       variant, tuple(finishing) if isinstance(finishing, list) else None, trimming,
                       _action_lines(text, actions), {k: v for k, v in data.items() if k not in known})


def _action_lines(text: str, actions: list[str]) -> tuple[int | None, ...]:
    """The line of each action: searched in order from the ``actions`` key on."""
    start = re.search(r"^[ \t]*actions[ \t]*=", text, re.MULTILINE)
    pos = start.end() if start else 0
    lines: list[int | None] = []
    counted, line = 0, 1  # the newlines are counted once, as the search goes on (linear in the text)
    for action in actions:
        found = text.find(f"'{action}'", pos)
        if found < 0:
            found = text.find(json.dumps(action, ensure_ascii=False), pos)
        if found < 0:
            lines.append(None)
            continue
        line += text.count("\n", counted, found)
        counted = found
        lines.append(line)
        pos = found + len(action)
    return tuple(lines)


def _cards(token: str, where: str) -> list[Card | None]:
    if len(token) % 2:
        raise PhhActionError(f"{where}: «{token}» no son cartas (dos caracteres por carta, como «AcKd»).")
    cards: list[Card | None] = []
    for i in range(0, len(token), 2):
        two = token[i:i + 2]
        card = _TOKENS.get(two)
        if card is None and two != "??":
            try:
                card = Card.parse(two)
            except InvalidCardError as exc:
                raise PhhActionError(f"{where}: {exc}") from None
        cards.append(card)
    return cards


def _quoted(action: str) -> str:
    """An action as a message quotes it: at most 40 characters."""
    return action if len(action) <= 40 else action[:39] + "…"


def _player(number: str, history: HandHistory, action: str) -> str:
    n = len(history.starting_stacks)
    if len(number) > 2 or not 1 <= int(number) <= n:
        if len(number) > 2:
            raise PhhActionError(f"«{_quoted(action)}»: no hay ese jugador (la mano tiene {n}: de p1 a p{n}).")
        raise PhhActionError(f"«{action}»: no hay jugador p{int(number)} (la mano tiene {n}: de p1 a p{n}).")
    return f"p{int(number)}"


def apply(hand: HoldemHand, history: HandHistory, action: str) -> None:
    """Apply one PHH action to ``hand``. :raises EngineError: when it cannot be read or the rules refuse it."""
    text = action.split("#", 1)[0].strip()
    unasked, hand.unasked = hand.unasked, None
    match = _ACTION.match(text)
    if match is None:
        raise PhhActionError(f"«{action}» no es una acción PHH: se escriben como «d dh p1 AcKd», «d db 7d5h9d», "
                             "«p1 f», «p1 cc», «p1 cbr 60» o «p1 sm AcKd».")
    if match["deal"] == "dh":
        if match["dealee"] is None:
            raise PhhActionError(f"«{action}»: falta a quién se reparte («d dh p1 AcKd»).")
        player = _player(match["dealee"], history, action)
        hand.deal_hole(player, _cards(match["cards"], f"«{action}»"))
    elif match["deal"] == "db":
        hand.deal_board(_cards(match["cards"], f"«{action}»"))
    else:
        player = _player(match["player"], history, action)
        verb, arg = match["verb"], match["arg"]
        if verb == "cbr":
            if arg is None or not re.fullmatch(r"\d+([.,]\d+)?", arg):
                raise PhhActionError(f"«{action}»: «cbr» lleva la cantidad total a la que se apuesta o sube.")
            if not arg.isdigit():
                raise DecimalAmountError(f"«{_quoted(action)}»: la cantidad tiene decimales; en este sitio se juega "
                                         "con fichas enteras.")
            if len(arg.lstrip("0")) > len(str(MAX_AMOUNT)):
                raise PhhActionError(f"«{_quoted(action)}»: la cantidad pasa del máximo, "
                                     f"{spanish.amount(MAX_AMOUNT)} fichas.")
            amount = int(arg)
            if hand.betting and hand.to_act == player and hand.target > 0:
                hand.raise_to(player, amount)
            else:
                hand.bet(player, amount)
        elif arg is not None and verb != "sm":
            raise PhhActionError(f"«{action}»: «{verb}» no lleva nada detrás.")
        elif verb == "f":
            hand.fold(player)
        elif verb == "cc":
            if unasked == player:
                return  # PokerKit asks the only player left with chips, who owes nothing; the site does not
            if hand.betting and hand.to_act == player and hand.bets[player] < hand.target:
                hand.call(player)
            else:
                hand.check(player)
        elif arg is None or arg == "-":
            hand.muck(player)
        else:
            hand.show(player, _cards(arg, f"«{action}»"))


def start(history: HandHistory, names: Sequence[str] | None = None) -> HoldemHand:
    """The hand before any action: blinds and antes posted; its seats named ``names`` (in PHH order; by
    default the PHH's ``p1``, ``p2``...). :raises TableSetupError:"""
    ids = history.ids if names is None else tuple(names)
    blinds, antes, empty = history.blinds_or_straddles, history.antes, False
    if len(ids) > 2 and blinds and blinds[0] > 0 and not any(blinds[1:]):
        # One blind, posted by the first player: the small blind's seat was empty (a dead small blind, as
        # dumps() writes it): that player posts the big blind.
        blinds, antes, empty = (0, *blinds), (0, *antes) if antes else antes, True
    try:
        return HoldemHand(list(zip(ids, history.starting_stacks)), button=ids[-1], blinds=blinds, antes=antes,
                          min_bet=history.min_bet, no_small_blind=empty, ante_trimming=history.ante_trimming)
    except TableSetupError as exc:
        raise exc.locate(field="starting_stacks")


def replay(history: HandHistory) -> HoldemHand:
    """Play every action of ``history``; a showdown left open is completed (everybody still in shows).

    :raises EngineError: for the first action the rules refuse, with ``at`` (its index), ``field``
        and ``line``; nothing after it is applied.
    """
    hand = start(history)
    for i, action in enumerate(history.actions):
        try:
            apply(hand, history, action)
        except EngineError as exc:
            raise exc.locate(at=i, field=f"actions[{i}]", line=history.lines[i] if i < len(history.lines) else None)
    try:
        hand.finish()
    except ActionError as exc:
        raise exc.locate(field="actions")
    return hand


# ---------------------------------------------------------------------------------------------
# Writing.

def actions_of(hand: HoldemHand, *, seen: Collection[str] | None = None) -> list[str]:
    """The PHH actions of what ``hand`` has done so far (PHH player ids: the hand's names in the order
    of dealing, ``p1`` first). ``seen``: the players whose hole cards are written when they are dealt
    (default: all); the others' are unknown (``????``) unless they show them."""
    ids = {name: f"p{i}" for i, name in enumerate(hand.deal_order(), 1)}
    out = []
    showdown: tuple[str, ...] = ()
    for rec in hand.events:
        if isinstance(rec, HoleDealing):
            known = seen is None or rec.player in seen
            out.append(f"d dh {ids[rec.player]} " + "".join(str(c) if c is not None and known else "??"
                                                             for c in rec.cards))
        elif isinstance(rec, BoardDealing):
            out.append("d db " + "".join(str(c) for c in rec.cards))
        elif isinstance(rec, Folding):
            out.append(action_line(ids[rec.player], "fold"))
        elif isinstance(rec, CheckingOrCalling):
            out.append(action_line(ids[rec.player], "call"))
        elif isinstance(rec, BettingOrRaisingTo):
            out.append(action_line(ids[rec.player], "raise", rec.amount))
        elif isinstance(rec, ShowdownStarting):
            showdown = rec.order
    # The showdown, in its order (TDA 17; 16 after an all-in; PokerKit orders it so too), after every card
    if hand.over:
        for name in showdown:
            cards = "".join(str(c) if c is not None else "??" for c in hand.hole[name])
            out.append(f"{ids[name]} sm" if name in hand.mucked else f"{ids[name]} sm {cards}")
    return out


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return f"'{value}'" if "'" not in value and "\n" not in value else json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise TypeError(type(value).__name__)


def dumps(hand: HoldemHand, *, players: list[str] | None = None, extra: dict | None = None,
          seen: Collection[str] | None = None) -> str:
    """``hand`` as PHH text (variant, forced bets, stacks, actions; ``finishing_stacks`` once over).

    Free metadata in ``extra`` is written when it is plain (texts, numbers, lists of them). ``seen``:
    whose hole cards are written (default: everybody's; see :func:`actions_of`)."""
    order = hand.deal_order()
    seated = [i for i, name in enumerate(hand.by_position) if name is not None]  # an empty small blind: none
    lines = ["variant = 'NT'"]
    if any(hand.antes):  # how the antes count for the pots: written, so that every reader builds the same pots
        lines.append(f"ante_trimming_status = {_toml(hand.ante_trimming)}")
    lines += [f"antes = {_toml([hand.antes[i] for i in seated])}",
             f"blinds_or_straddles = {_toml([hand.blinds[i] for i in seated])}",
             f"min_bet = {hand.rules.minimum}",
             f"starting_stacks = {_toml([hand.starting_stacks[p] for p in order])}",
             "actions = [" + "".join(f"\n  {_toml(a)}," for a in actions_of(hand, seen=seen)) + "\n]"]
    if players:
        lines.append(f"players = {_toml(players)}")
    if hand.over:
        lines.append(f"finishing_stacks = {_toml([hand.stacks[p] for p in order])}")
    for key, value in (extra or {}).items():
        if re.fullmatch(r"[A-Za-z0-9_-]+", key):
            try:
                lines.append(f"{key} = {_toml(value)}")
            except TypeError:
                continue
    return "\n".join(lines) + "\n"
