"""What Texas Hold'em adds to the practice-hand format (:mod:`engine.scenarios.format`), and its practice
hands.

Its keys: ``ciegas`` (the small and the big blind, and a straddle if there is one: «10, 20»), ``ante``
(each player's, optional), ``cartas`` (each player's two, one line per player: «Ana: As Kd») and
``mesa`` (the five board cards: flop, turn and river, even when the hand ends before). Its script names
the streets («pre-flop», «flop», «turn», «river»); its sections take no qualifier and its result only
the pots and the stacks.

A practice hand is played by the play layer (:mod:`engine.play`) on :func:`practice` and the script's
:class:`~engine.table.game.Situation` (:func:`situation`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import Card
from ...errors import RequestError
from ...keyvalue import Collector, Node, normalise, read_cards, read_int, repeated_card, split_list
from ...spanish import amount
from ...table import BettingOrRaisingTo, CheckingOrCalling, Folding
from ...table.game import SCRIPT_ASSUMED, Practice, Situation, assumed_worlds, world_pick
from ...table.hand_game import BIG_BLINDS, dealt_from
from ...table.words import YOU, say
from .hand import HoldemHand, decisions_of
from .rules import MAX_PLAYERS, MIN_PLAYERS, STREETS

__all__ = ["Fields", "fork", "practice", "situation"]

KEYS = {"ciegas": "ciegas", "ante": "ante", "cartas": "cartas", "mesa": "mesa"}
NAMES = {"ciegas": "ciegas", "ante": "ante", "cartas": "cartas", "mesa": "mesa"}
NUMBERED_NAMES: list[str] = []
REQUIRED = ("ciegas", "cartas", "mesa")
BLOCKS = ("cartas",)
QUALIFIERS: tuple[str, ...] = ()
SCRIPT_HELP = ("Palabras posibles: pasa o apuesta (si nadie ha apostado); paga, se retira o sube (ante una apuesta); "
               "con cantidad: «apuesta 60», «sube a 300», «all-in».")
ROUNDS_HELP = "Las calles son «pre-flop», «flop», «turn» y «river»; «siempre» vale para todas."
OUTCOME_HELP = "«bote» o «fichas»"

#: The streets as the script names them (the hand's streets), and how authors may write each (normalised;
#: None: every street).
ROUNDS = {street.name: street.short for street in STREETS}
ROUND_WORDS = {"pre flop": "preflop", "preflop": "preflop", "antes del flop": "preflop", "flop": "flop",
               "turn": "turn", "river": "river", "siempre": None, "todas": None}


@dataclass(frozen=True)
class Fields:
    """A Hold'em hand's own fields: the blinds (small, big, a straddle), each player's ante, the hole
    cards and the board (five cards)."""

    blinds: tuple[int, ...]
    ante: int
    hole: dict[str, tuple[Card, Card]]
    board: tuple[Card, ...]


# ---------------------------------------------------------------------------------------------
# Reading the file.

def round_phrase(round_: str, where: dict) -> str:
    """A street in running text: «el flop»."""
    return f"el {ROUNDS[round_]}"


def numbered(key: str) -> None:
    return None


def numbered_name(target: str, number: int) -> str:  # pragma: no cover - no numbered keys
    return target


def qualifiers(rest: str) -> tuple[dict, str]:
    return {}, " ".join(normalise(rest).split())


def qualifiers_help(section: str) -> str:
    return f"una mano de Texas Hold'em tiene un solo «{section}:», sin modalidad ni reparto."


def variants(fields: Fields | None) -> tuple:
    return (None,)


def variant_name(variant: Any) -> str:
    return ""


def variant_where(variant: Any) -> dict:
    return {}


def variants_note(fields: Fields) -> tuple[str, str]:
    """A Hold'em hand is played one way: its page says nothing about it."""
    return "", ""


def card_choice_refused(round_: Any, part: str) -> str:
    return f"«{part}» es de Mata Ases: en Texas Hold'em las cartas propias llegan siempre tapadas."


def check_where(where: dict, fields: Fields | None, line: int, out: Collector) -> None:
    return None


def outcome_keys(where: dict, fields: Fields | None, node: Node | None, out: Collector | None) -> list[str]:
    return [""]


def outcome_item(node: Node, player, extra: dict, out: Collector) -> bool | None:
    if node.norm.startswith(("jugada", "extension")):
        out.add(node.line, f"«{node.key}» es de Mata Ases: el resultado de una mano de Hold'em lleva «bote» y «fichas».")
        return False
    return None


def parse(fields: dict[str, Node], numbered_nodes: dict, table, button_node: Node | None,
          out: Collector) -> Fields | None:
    """The hand's own fields and its table's rules (2 to 10 seats, each with chips, the button seated;
    no card dealt twice), each problem at its line."""
    ok = True
    seats = table.written
    if table.known:
        names = [normalise(s.name) for s in seats]
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            out.add(fields["asientos"].line, f"Texas Hold'em se juega de {MIN_PLAYERS} a {MAX_PLAYERS} jugadores "
                                             f"(hay {len(seats)}).")
        for i, seat in enumerate(seats):
            if names.index(normalise(seat.name)) != i:
                out.add(seat.line, f"«{seat.name}» está sentado dos veces.")
            if seat.stack < 1:
                out.add(seat.line, f"{seat.name} necesita fichas para jugar (tiene {seat.stack}).")
    if button_node is not None and table.player(button_node.value) is None and table.seats:
        out.add(button_node.line, f"El botón («{button_node.value}») no está sentado en la mesa.")
    blinds: tuple[int, ...] = ()
    if "ciegas" in fields:
        node = fields["ciegas"]
        parts = split_list(node.value)
        values = [read_int(Node(node.key, p, node.line), out, "Cada ciega", minimum=1) for p in parts]
        if len(parts) < 2 or len(parts) > 3:
            out.add(node.line, "Escribe la ciega pequeña y la grande (y, si lo hay, el straddle), separadas por comas: "
                               "«ciegas: 10, 20».")
            ok = False
        elif None not in values:
            blinds = tuple(values)
            if blinds[0] > blinds[1]:
                out.add(node.line, f"La ciega pequeña ({blinds[0]}) no puede ser mayor que la grande ({blinds[1]}).")
        else:
            ok = False
    ante = (read_int(fields["ante"], out, "El ante") or 0) if "ante" in fields else 0
    hole, hole_lines = _parse_hole(fields["cartas"], table, out) if "cartas" in fields else ({}, {})
    board: tuple[Card, ...] = ()
    if "mesa" in fields:
        node = fields["mesa"]
        cards = read_cards(node.value, node.line, out, "mesa")
        if cards is not None and len(cards) != 5:
            out.add(node.line, f"La mesa tiene {len(cards)} cartas: escribe las cinco (flop, turn y river), aunque la "
                               "mano termine antes.")
        elif cards is not None:
            board = tuple(cards)
    seen: dict[Card, tuple[str, int]] = {}
    for who, cards in hole.items():
        for card in cards:
            if card in seen:
                out.add(hole_lines[who], repeated_card(card, *seen[card]))
            seen[card] = (who, hole_lines[who])
    for card in board:
        if card in seen:
            out.add(fields["mesa"].line, repeated_card(card, *seen[card], of=" de la mesa"))
    if not ok or len(board) != 5 or not blinds:
        return None
    return Fields(blinds, ante, hole, board)


def _parse_hole(node: Node, table, out: Collector) -> tuple[dict[str, tuple[Card, Card]], dict[str, int]]:
    hole: dict[str, tuple[Card, Card]] = {}
    lines: dict[str, int] = {}
    if node.value:
        out.add(node.line, "Las cartas van en líneas debajo de «cartas:», una por jugador («Ana: As Kd»).")
    for child in node.children:
        who = table.player(child.key)
        if who is None:
            out.add(child.line, f"«{child.key}» no está sentado en la mesa ({', '.join(s.name for s in table.seats)}).")
            continue
        if who in hole:
            out.add(child.line, say(who, "Tus cartas", "Las cartas de {p}") + f" están repetidas (línea {lines[who]}).")
            continue
        cards = read_cards(child.value, child.line, out, who)
        if cards is None:
            continue
        if len(cards) != 2:
            out.add(child.line, say(who, "Tienes", "{p} tiene") + f" {len(cards)} cartas: en Texas Hold'em cada jugador "
                                "recibe 2.")
            continue
        hole[who], lines[who] = (cards[0], cards[1]), child.line
    for seat in table.seats:
        if seat.name not in hole and not any(normalise(c.key) == normalise(seat.name) for c in node.children):
            out.add(node.line, f"Faltan las cartas de {seat.name}.")
    return hole, lines


def cards_of(fields: Fields) -> tuple[set[Card], set[Card]]:
    """Every card the hand deals, and the reader's own."""
    dealt = {c for cards in fields.hole.values() for c in cards} | set(fields.board)
    return dealt, set(fields.hole.get(YOU, ()))


# ---------------------------------------------------------------------------------------------
# As JSON (the browser simulator's form), and back.

def to_json(fields: Fields) -> dict:
    return {"blinds": list(fields.blinds), "ante": fields.ante,
            "hole": {name: [str(c) for c in cards] for name, cards in fields.hole.items()},
            "board": [str(c) for c in fields.board]}


def from_json(data: dict, need) -> Fields:
    """The fields of a practice hand's JSON (its seats already read): every seat's hole cards, by name
    (a seat without them is refused on ``scenario.hole.<name>``; a name that is no seat's is a field nobody reads)."""
    hole_data = need(data, "hole", "scenario.hole", dict)
    hole = {}
    for name in (seat["name"] for seat in data["seats"]):
        cards = [Card.parse(c) for c in need(hole_data, name, f"scenario.hole.{name}", list)]
        if len(cards) != 2:
            raise RequestError(f"scenario.hole.{name}", "cada jugador recibe 2 cartas")
        hole[name] = (cards[0], cards[1])
    return Fields(tuple(need(data, "blinds", "scenario.blinds", list)), need(data, "ante", "scenario.ante", int),
                  hole, tuple(Card.parse(c) for c in need(data, "board", "scenario.board", list)))


def extra_from_json(extra: dict) -> dict:
    return dict(extra)


# ---------------------------------------------------------------------------------------------
# Playing it.

def new_hand(scenario) -> HoldemHand:
    """The practice hand, dealt up to its first decision. :raises EngineError: for a table that cannot be played."""
    hand = seated(scenario)
    deal(hand, scenario)
    return hand


def seated(scenario) -> HoldemHand:
    """The practice hand before its cards: seats, button, blinds and antes."""
    f = scenario.fields
    return HoldemHand([(s.name, s.stack) for s in scenario.seats], button=scenario.button, blinds=list(f.blinds),
                      antes=[f.ante] * len(scenario.seats), min_bet=f.blinds[1])


def deal(hand: HoldemHand, scenario) -> None:
    """The dealer's steps due now, with the author's cards."""
    f = scenario.fields
    if hand.phase == "deal-hole":
        for name in hand.deal_order():
            hand.deal_hole(name, list(f.hole[name]))
    while hand.phase == "deal-board":
        done = len(hand.board)
        hand.deal_board(list(f.board[done:done + hand.board_due()]))
    if hand.phase == "showdown":
        hand.finish()


def practice(scenario, variant=None) -> Practice:
    """The practice hand, at its first decision, and its worlds for «Revisión de la mano» (the script's seats
    valued as bots of one style). :raises EngineError: for a table that cannot be played."""
    f = scenario.fields
    hole = {name: tuple(cards) for name, cards in f.hole.items()}

    def world(view, draw):
        return dealt_from(seated(scenario), hole, tuple(f.board), world_pick(view, draw))
    worlds = assumed_worlds(world, [s.name for s in scenario.seats], (f.blinds[1], BIG_BLINDS), SCRIPT_ASSUMED)
    return Practice(new_hand(scenario), lambda hand: deal(hand, scenario), worlds=worlds)


def line_of_field(scenario, field_path: str | None) -> int:
    return 1


_DECISIONS = (Folding, CheckingOrCalling, BettingOrRaisingTo)


def _kind(rec) -> str:
    if isinstance(rec, BettingOrRaisingTo):
        return "open" if rec.kind == "bet" else "facing"
    if isinstance(rec, CheckingOrCalling):
        return "open" if rec.amount == 0 else "facing"
    return "open" if rec.free else "facing"


def situation(hand: HoldemHand) -> Situation:
    """The decision the hand asks for, as a script answers it."""
    player, street = hand.to_act, hand.street
    can = {o["action"]: o for o in hand.legal_actions()}
    slot = "open" if "check" in can else "facing"
    made = sum(1 for rec in hand.events if isinstance(rec, _DECISIONS) and rec.player == player
               and rec.street == street and _kind(rec) == slot)
    facing = f"una apuesta delante ({amount(can['call']['amount'])} por pagar)" if "call" in can else None
    return Situation(player, street, slot, {}, can, made, ROUNDS[street], facing)


def fork(hand: HoldemHand, scenario) -> HoldemHand:
    """A copy of ``hand`` (replayed: the hand keeps no other state than its decisions)."""
    copy = new_hand(scenario)
    for player, action, amount_to in decisions_of(hand):
        copy.act(player, action, amount_to)
        deal(copy, scenario)
    return copy



def explore_key(hand: HoldemHand, scenario) -> None:
    """A Hold'em hand has no point where the check could tell that two paths go on alike."""
    return None


# ---------------------------------------------------------------------------------------------
# Checking what the author claims.

#: What the game calls a pot, and what a script line may be for (in a check's messages).
WHERE_WORDS = "calle"
POT_WORD = "bote"


def compare_extra(scenario, outcome, result: dict) -> list[tuple[int, str]]:
    """A Hold'em result claims only the pots and the stacks (the check compares those for every game)."""
    return []


def check_prose(scenario, result: dict) -> list[tuple[int, str]]:
    return []
