"""Questions whose answers the engine computes, each explained step by step in Spanish.

A *question* is plain data (a JSON object, the same in the browser and at build time)::

    {"kind": "uth", "ask": "blind", "ante": 25, "play": 100, "player": ["Ah", "9h"], ...}

:func:`solve` dispatches on ``kind`` to one solver per kind (Mata Ases showdowns, Ultimate
settlements, Hold'em positions, side pots and showdowns); each computes with the game modules and
returns a :class:`Solution`. A malformed question raises :class:`~engine.errors.RequestError`
naming the field (it is the author's or the program's mistake, never the reader's).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable

from ..cards import Card
from ..errors import RequestError
from ..requests import check_type, optional, require
from ..spanish import MINUS, card_display, card_symbol, cards_text, fold, listing, position_phrase, pot_name
from ..spanish import amount as format_amount
from .answers import hand_detail

__all__ = ["UTH_ASKS", "Solution", "cards_display", "kinds", "solve", "uth_bets_text"]


# ---------------------------------------------------------------------------------------------
# Solutions.

@dataclass(frozen=True)
class Solution:
    """The engine's answer to a question, how to read a reader's answer, and the explanation."""

    #: ``"amount"``, ``"names"``, ``"position"`` or ``"hand"``.
    answer_type: str
    #: Fraction for amounts, frozenset of names, a position name, or (category, ranks) for hands.
    value: Any
    #: The answer as shown to the reader (Spanish).
    display: str
    #: The explanation, one Spanish sentence per step.
    steps: tuple[str, ...]
    #: Names the reader may use (players or positions).
    choices: tuple[str, ...] = ()
    #: Whether «nadie» is a possible answer (Mata Ases: nobody kills the Aces).
    allow_nobody: bool = False
    #: Signed amounts (net results) are displayed with «+».
    signed: bool = False
    #: What the question shows: ``{"label", "cards": [cards_display...]}`` or ``{"label", "text"}``.
    facts: tuple[dict, ...] = ()
    #: Extra data for callers.
    data: dict = field(default_factory=dict)

    @property
    def hint(self) -> str:
        """How to write the answer (Spanish), for the answer box."""
        if self.data.get("hint"):
            return self.data["hint"]
        if self.answer_type == "amount":
            if self.signed or self.data.get("net"):
                return ("Escribe el resultado neto: sin signo (o con «+») si el jugador cobra, con «−» "
                        "si pierde, 0 si se le devuelve. Por ejemplo 37,5, −25 o 0; también vale «gana 37,5» "
                        "o «pierde 25».")
            return "Escribe una cantidad, por ejemplo 150, 1.350 o 37,5."
        if self.answer_type == "names":
            extra = "; «nadie» si nadie cobra" if self.allow_nobody else ""
            return (f"Escribe un nombre ({listing(list(self.choices), 'o')}); si son varios, "
                    f"sepáralos con «y»{extra}.")
        if self.answer_type == "position":
            return f"Escribe la posición: {', '.join(self.choices)}."
        from .answers import hand_examples

        words = hand_examples(self.data.get("vocabulary", "es"), ("as",))
        return (f"Escribe la jugada con sus cartas, por ejemplo «{words['one_pair']}», «Escalera del 5 al 9» "
                f"o «{words['full_house']}»; si quieres, añade las cartas que la acompañan: "
                f"«{words['one_pair']} con As y 9».")



# ---------------------------------------------------------------------------------------------
# Question kinds.

Solver = Callable[[dict], Solution]
_SOLVERS: dict[str, Solver] = {}


def _kind(name: str) -> Callable[[Solver], Solver]:
    def register(func: Solver) -> Solver:
        _SOLVERS[name] = func
        return func

    return register


def kinds() -> list[str]:
    """The question kinds :func:`solve` knows."""
    return sorted(_SOLVERS)


def solve(spec: Any) -> Solution:
    """The engine's answer to a question, with its explanation.

    :raises RequestError: naming the field when the question is malformed.
    """
    check_type(spec, dict, "question")
    kind = require(spec, "kind", "question.kind", str)
    if kind not in _SOLVERS:
        raise RequestError("question.kind", f"tipo de pregunta desconocido «{kind}» (tipos: {', '.join(kinds())})")
    return _SOLVERS[kind](spec)


def _ask(spec: dict, choices: Iterable[str]) -> str:
    choices = list(choices)
    ask = require(spec, "ask", "question.ask", str)
    if ask not in choices:
        raise RequestError("question.ask", f"«{ask}» no se puede preguntar aquí (opciones: {', '.join(choices)})")
    return ask


def cards_display(cards: Iterable[Card]) -> list[dict]:
    """Cards for a page: ``[{"card": "Ah", "text": "A♥", "name": "As de corazones", "red": true}]``."""
    shown = [card_display(c) for c in cards]
    return [{"card": d["code"], "text": d["rank"] + d["suit"], "name": d["name"], "red": d["color"] == "red"}
            for d in shown]


# Mata Ases ------------------------------------------------------------------------------------

@_kind("mata-ases")
def _solve_mata_ases(spec: dict) -> Solution:
    """``{"kind": "mata-ases", "ask": "winners" | "hand", "players": {name: [5]}, "ayudas": [3],
    "of": name}`` (``of`` only for ``hand``)."""
    from ..evaluation import category_of, hand_name
    from ..requests import located, player_hands
    from ..games.mata_ases.showdown import MAX_PLAYERS, showdown, with_every_ayuda
    from ..requests import cards as parse_card_list
    from ..requests import unique_cards
    from ..table.showdown import why

    ask = _ask(spec, ("winners", "hand"))
    hands = player_hands(require(spec, "players", "question.players"), "question.players", 5,
                         max_players=MAX_PLAYERS)
    ayudas = parse_card_list(require(spec, "ayudas", "question.ayudas"), "question.ayudas", 3)
    unique_cards(located(hands, "question.players")
                 + [(f"question.ayudas[{i}]", c) for i, c in enumerate(ayudas)])
    result = showdown(hands, ayudas)
    names = tuple(hands)
    facts = tuple([{"label": name, "cards": cards_display(cards)} for name, cards in hands.items()]
                  + [{"label": "Ayudas", "cards": cards_display(ayudas)}])
    steps = [
        f"Cada jugador usa sus cinco cartas propias, o cuatro propias y una sola ayuda "
        f"(ayudas: {cards_text(ayudas)}); nunca dos ayudas."
    ]
    for name, play in result.plays.items():
        how = (f"con la ayuda {card_symbol(play.ayuda)}" if play.ayuda is not None
               else "solo con sus cartas propias")
        verdict = "mata los Ases" if play.kills_aces else "no llega a par de Ases, así que no mata los Ases"
        steps.append(f"{name}: {play.name} ({cards_text(play.cards)}), {how}; {verdict}.")
        # Would two ayudas have given more? Say so: it is the most common mistake.
        unrestricted = with_every_ayuda(hands[name], ayudas)
        if category_of(unrestricted) != play.category:
            steps.append(f"Con dos ayudas {name} tendría {hand_name(unrestricted, 'mx', running=True)}, "
                         "pero solo se puede usar una.")
    if not result.winners:
        steps.append(
            "Nadie llega a par de Ases: el pozo no se cobra y se juega una extensión de la mano "
            "entre quienes llegaron al showdown."
        )
    elif len(result.winners) == 1:
        steps.append(
            f"Se lleva el pozo: {result.winners[0]}, con la mejor de las jugadas que matan los Ases."
        )
    else:
        steps.append(f"Empatan {listing(result.winners)} con la misma jugada: se reparten el pozo.")
    if ask == "winners":
        winners = frozenset(result.winners)
        display = (listing(result.winners) if result.winners
                   else "Nadie (nadie mata los Ases: extensión de la mano)")
        return Solution("names", winners, display, tuple(steps), choices=names, allow_nobody=True,
                        facts=facts)
    of = require(spec, "of", "question.of", str)
    if of not in result.plays:
        raise RequestError("question.of", f"«{of}» no es uno de los jugadores ({', '.join(names)})")
    play = result.plays[of]
    return Solution("hand", hand_detail(play.name, play.strength), play.name, tuple(steps), choices=names,
                    facts=facts, data={"vocabulary": "mx"})


# Ultimate Texas Hold'em -------------------------------------------------------------------------

UTH_ASKS = ("blind", "trips", "ante", "play", "ante+play", "total")
_UTH_OUTCOMES = {
    "win": "Gana el jugador: su mejor mano de cinco cartas supera a la del crupier.",
    "tie": "Empate: las dos mejores manos de cinco cartas valen lo mismo; Ante, Blind y Play se devuelven.",
    "lose": "Gana el crupier: su mejor mano de cinco cartas supera a la del jugador.",
    "fold": "El jugador se retiró: pierde el Ante y el Blind, y no hay apuesta Play.",
}


def uth_bets_text(ante: int, play: int, trips: int) -> str:
    """``"Ante 25 · Blind 25 · Play 100 (4x) · Trips 10"`` (Play «se retira» when 0)."""
    play_text = f"Play {format_amount(play)} ({play // ante}x)" if play else "Play: se retira"
    parts = [f"Ante {format_amount(ante)}", f"Blind {format_amount(ante)}", play_text]
    if trips:
        parts.append(f"Trips {format_amount(trips)}")
    return " · ".join(parts)


@_kind("uth")
def _solve_uth(spec: dict) -> Solution:
    """``{"kind": "uth", "ask": one of UTH_ASKS, "ante", "play" (amount; 0 = fold), "trips" (0 = none),
    "player": [2], "dealer": [2], "board": [5], "trips_table"}`` -- the answer is the net result
    of the bet asked (``ante+play``: both; ``total``: every bet)."""
    from ..evaluation import name_es
    from ..games.ultimate.rules import BETS, DEFAULT_TRIPS_TABLE, PLAY_MULTIPLES, TRIPS_TABLES, bet_line, settle
    from ..requests import amount as parse_bet
    from ..requests import cards as parse_card_list
    from ..requests import unique_cards

    ask = _ask(spec, UTH_ASKS)
    ante = parse_bet(require(spec, "ante", "question.ante"), "question.ante", minimum=1)
    play = parse_bet(require(spec, "play", "question.play"), "question.play")
    trips = parse_bet(optional(spec, "trips", "question.trips", int, 0), "question.trips")
    if play and play not in [ante * k for k in PLAY_MULTIPLES]:
        raise RequestError("question.play", f"debe ser 0 (se retira) o 1, 2, 3 o 4 veces el Ante de {ante} (recibido: {play})")
    table = optional(spec, "trips_table", "question.trips_table", str, DEFAULT_TRIPS_TABLE)
    if table not in TRIPS_TABLES:
        raise RequestError("question.trips_table", f"tabla desconocida «{table}»; tablas: {', '.join(TRIPS_TABLES)}")
    if ask == "trips" and not trips:
        raise RequestError("question.trips", "para preguntar por Trips hace falta una apuesta Trips")
    player = parse_card_list(require(spec, "player", "question.player"), "question.player", 2)
    dealer = parse_card_list(require(spec, "dealer", "question.dealer"), "question.dealer", 2)
    board = parse_card_list(require(spec, "board", "question.board"), "question.board", 5)
    unique_cards([(f"question.player[{i}]", c) for i, c in enumerate(player)]
                 + [(f"question.dealer[{i}]", c) for i, c in enumerate(dealer)]
                 + [(f"question.board[{i}]", c) for i, c in enumerate(board)])
    result = settle(ante=ante, play=play, player=player, dealer=dealer, board=board, trips=trips,
                    trips_table=table)
    own, theirs = result.player, result.dealer
    S = lambda x: format_amount(x, signed=True)  # noqa: E731

    steps = [
        f"Jugador: {name_es(own)} ({cards_text(own.cards)}), con sus dos cartas y las cinco de la mesa.",
        f"Crupier: {name_es(theirs)} ({cards_text(theirs.cards)}).",
    ]
    if ask != "trips":
        steps.append("El crupier se clasifica: tiene pareja o más." if result.dealer_qualifies
                     else "El crupier no se clasifica: no llega a pareja.")
        steps.append(_UTH_OUTCOMES[result.outcome])
    lines = {bet: bet_line(result, bet) for bet in BETS}
    parts = {"ante": result.ante, "blind": result.blind, "play": result.play, "trips": result.trips}
    if ask in ("ante", "blind", "play", "trips"):
        steps.append(lines[ask])
        value = parts[ask]
    elif ask == "ante+play":
        steps += [lines["ante"], lines["play"]]
        value = result.ante + result.play
        steps.append(f"Ante + Play: {S(result.ante)} {_plus(result.play)} = {S(value)}.")
    else:
        steps += [lines["ante"], lines["blind"], lines["play"]] + ([lines["trips"]] if trips else [])
        value = result.total
        shown = [result.ante, result.blind, result.play] + ([result.trips] if trips else [])
        steps.append(f"Total: {S(shown[0])} " + " ".join(_plus(x) for x in shown[1:]) + f" = {S(value)}.")
    facts = (
        {"label": "Jugador", "cards": cards_display(player)},
        {"label": "Crupier", "cards": cards_display(dealer)},
        {"label": "Mesa", "cards": cards_display(board)},
        {"label": "Apuestas", "text": uth_bets_text(ante, play, trips)},
    ) + (({"label": "Tabla de Trips", "text": table},) if trips else ())
    return Solution("amount", value, format_amount(value, signed=ask == "total"), tuple(steps),
                    signed=ask == "total", facts=facts,
                    data={"net": True, "outcome": result.outcome, "dealer_qualifies": result.dealer_qualifies,
                          "player_hand": name_es(own), "dealer_hand": name_es(theirs)})


def _plus(x: Fraction) -> str:
    """A term of a sum: ``+ 20``, ``− 25``."""
    return f"{MINUS} {format_amount(-x)}" if x < 0 else f"+ {format_amount(x)}"


# Texas Hold'em --------------------------------------------------------------------------------

_STREETS = ("preflop", "flop", "turn", "river")


def _seats(spec: dict) -> tuple[list[str], tuple[str, ...], bool]:
    """Players by seat from the button (seat 0), their position names, and whether they are named."""
    from ..games.holdem.rules import MAX_PLAYERS, MIN_PLAYERS, positions

    players = require(spec, "players", "question.players")
    if isinstance(players, int) and not isinstance(players, bool):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RequestError("question.players", f"de {MIN_PLAYERS} a {MAX_PLAYERS} jugadores (recibido: {players})")
        labels = positions(players)
        if optional(spec, "button", "question.button", str, None) is not None:
            raise RequestError("question.button", "solo tiene sentido con jugadores con nombre")
        return list(labels), labels, False
    check_type(players, list, "question.players")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RequestError("question.players", f"de {MIN_PLAYERS} a {MAX_PLAYERS} jugadores (recibidos {len(players)})")
    folded_names = []
    for i, name in enumerate(players):
        check_type(name, str, f"question.players[{i}]")
        if not name.strip():
            raise RequestError(f"question.players[{i}]", "el nombre no puede estar vacío")
        if fold(name) in folded_names:
            raise RequestError(f"question.players[{i}]", f"«{name}» está repetido")
        folded_names.append(fold(name))
    button = optional(spec, "button", "question.button", str, players[0])
    if button not in players:
        raise RequestError("question.button", f"«{button}» no es uno de los jugadores")
    start = players.index(button)
    seated = players[start:] + players[:start]
    return seated, positions(len(seated)), True


@_kind("holdem-position")
def _solve_holdem_position(spec: dict) -> Solution:
    """``{"kind": "holdem-position", "ask": "position" | "first-to-act", "players": n | [names
    clockwise], "button": name, "of": name | seat (0 = button), "street", "folded": [names]}``."""
    from ..games.holdem.rules import postflop_order, preflop_order, street_phrase

    ask = _ask(spec, ("position", "first-to-act"))
    seated, labels, named = _seats(spec)
    n = len(seated)
    position_of = dict(zip(seated, labels))
    steps = [f"Con {n} jugadores, las posiciones desde el botón y hacia la izquierda (en el sentido de "
             f"las agujas del reloj) son: {', '.join(labels)}."]
    if named:
        steps.append("En esta mesa: " + ", ".join(f"{name} ({label})" for name, label in position_of.items()) + ".")
    facts = ({"label": "Jugadores", "text": f"{n}" if not named else
              " → ".join(seated) + f" (botón: {seated[0]})"},)
    if ask == "position":
        of = require(spec, "of", "question.of")
        if isinstance(of, int) and not isinstance(of, bool):
            if not 0 <= of < n:
                raise RequestError("question.of", f"el asiento debe estar entre 0 (botón) y {n - 1}")
            seat = of
            who = "el botón" if seat == 0 else f"el jugador {seat} {'puesto' if seat == 1 else 'puestos'} a la izquierda del botón"
        else:
            check_type(of, str, "question.of")
            if of not in seated:
                raise RequestError("question.of", f"«{of}» no es uno de los jugadores")
            seat = seated.index(of)
            who = of
        label = labels[seat]
        steps.append(f"{who[:1].upper() + who[1:]} ocupa {position_phrase(label)}.")
        return Solution("position", label, label, tuple(steps), choices=labels, facts=facts)
    street = optional(spec, "street", "question.street", str, "preflop")
    if street not in _STREETS:
        raise RequestError("question.street", f"«{street}» no es una ronda (preflop, flop, turn, river)")
    folded = optional(spec, "folded", "question.folded", list, [])
    for i, name in enumerate(folded):
        check_type(name, str, f"question.folded[{i}]")
        if name not in seated:
            raise RequestError(f"question.folded[{i}]", f"«{name}» no es uno de los jugadores")
    if street == "preflop":
        if folded:
            raise RequestError("question.folded", "antes del flop todavía no se ha retirado nadie: quita «folded»")
        order = preflop_order(n)
        if n == 2:
            steps.append("En heads-up el botón es también la ciega pequeña y habla primero antes del flop.")
        else:
            steps.append("Antes del flop habla primero el jugador sentado a la izquierda de la ciega grande (BB).")
    else:
        order = postflop_order(n)
        if n == 2:
            steps.append("En heads-up, después del flop habla primero la ciega grande (BB); el botón habla el último.")
        else:
            steps.append("Después del flop habla primero el primer jugador que sigue en la mano a la izquierda del botón.")
    live = [seat for seat in order if seated[seat] not in folded]
    if not live:
        raise RequestError("question.folded", "se han retirado todos los jugadores")
    for seat in order:
        if seat == live[0]:
            break
        steps.append(f"{seated[seat]} se retiró: la palabra pasa al siguiente jugador.")
    first = seated[live[0]]
    steps.append(f"Habla primero {street_phrase(street)}: {first}" + (f" ({labels[live[0]]})." if named else "."))
    if folded:
        facts += ({"label": "Se retiraron", "text": ", ".join(folded)},)
    facts += ({"label": "Ronda", "text": street},)
    if named:
        return Solution("names", frozenset([first]), f"{first} ({labels[live[0]]})", tuple(steps),
                        choices=tuple(seated), facts=facts, data={"positions": position_of})
    return Solution("position", first, first, tuple(steps), choices=labels, facts=facts)


@_kind("holdem-pots")
def _solve_holdem_pots(spec: dict) -> Solution:
    """``{"kind": "holdem-pots", "ask": "amount" | "eligible" | "count", "bets": {name: chips},
    "folded": [names], "pot": 1-based index (1 = main pot)}``."""
    from ..games.holdem.rules import read_bets, read_folded
    from ..pots import InvalidPotError, side_pots

    ask = _ask(spec, ("amount", "eligible", "count"))
    bets = read_bets(require(spec, "bets", "question.bets"), "question.bets")
    folded = read_folded(optional(spec, "folded", "question.folded", list, []), "question.folded", bets,
                         "las apuestas")
    try:
        pots = side_pots(bets, folded)
    except InvalidPotError as exc:
        raise RequestError("question.folded", str(exc)) from None
    live = [n for n in bets if n not in folded]
    steps = ["Cada jugador que sigue en la mano y apostó una cantidad distinta cierra un bote: "
             + ", ".join(f"{n} {format_amount(bets[n])}" for n in live if bets[n] > 0) + "."]
    if folded:
        steps.append(f"{listing(list(folded))} se retiró: sus fichas se quedan en los botes, pero no opta a ninguno."
                     if len(folded) == 1 else
                     f"{listing(list(folded))} se retiraron: sus fichas se quedan en los botes, pero no optan a ninguno.")
    for i, pot in enumerate(pots, start=1):
        pieces: dict[int, int] = {}
        for part in pot.contributions.values():
            pieces[part] = pieces.get(part, 0) + 1
        sum_text = " + ".join(f"{count} × {format_amount(part)}" if count > 1 else format_amount(part)
                              for part, count in sorted(pieces.items(), reverse=True))
        upto = (f"de {format_amount(pot.floor)} a {format_amount(pot.level)}" if pot.floor
                else f"hasta {format_amount(pot.level)}")
        steps.append(f"{pot_name(i).capitalize()}: {upto} por jugador → {sum_text} = "
                     f"{format_amount(pot.amount)}; optan {listing(list(pot.eligible))}.")
    facts = ({"label": "Apuestas", "text": " · ".join(
        f"{n} {format_amount(c)}" + (" (se retira)" if n in folded else "") for n, c in bets.items())},)
    if ask == "count":
        return Solution("amount", Fraction(len(pots)), format_amount(len(pots)), tuple(steps), facts=facts,
                        data={"hint": "Escribe un número: cuántos botes hay, contando el principal."})
    index = require(spec, "pot", "question.pot", int)
    if not 1 <= index <= len(pots):
        raise RequestError("question.pot", f"hay {len(pots)} botes: elige uno del 1 (principal) al {len(pots)}")
    pot = pots[index - 1]
    if ask == "amount":
        return Solution("amount", Fraction(pot.amount), format_amount(pot.amount), tuple(steps), facts=facts)
    return Solution("names", frozenset(pot.eligible), listing(list(pot.eligible)), tuple(steps),
                    choices=tuple(bets), facts=facts)


@_kind("holdem-showdown")
def _solve_holdem_showdown(spec: dict) -> Solution:
    """``{"kind": "holdem-showdown", "ask": "winners" | "hand", "players": {name: [2]}, "board": [5],
    "of": name}``."""
    from ..evaluation import name_es
    from ..requests import located, player_hands
    from ..games.holdem.rules import MAX_PLAYERS, showdown
    from ..requests import cards as parse_card_list
    from ..requests import unique_cards
    from ..table.showdown import why

    ask = _ask(spec, ("winners", "hand"))
    hands = player_hands(require(spec, "players", "question.players"), "question.players", 2,
                         max_players=MAX_PLAYERS)
    board = parse_card_list(require(spec, "board", "question.board"), "question.board", 5)
    unique_cards(located(hands, "question.players")
                 + [(f"question.board[{i}]", c) for i, c in enumerate(board)])
    result = showdown(hands, board)
    steps = ["Cada jugador forma la mejor mano de cinco cartas con sus dos cartas y las cinco de la mesa; "
             "las otras dos cartas no cuentan, ni como desempate."]
    for name, value in result.values.items():
        used = len(set(value.cards) & set(hands[name]))
        how = {0: "juega la mesa", 1: "usa una de sus cartas", 2: "usa sus dos cartas"}[used]
        steps.append(f"{name}: {name_es(value)} ({cards_text(value.cards)}), {how}.")
    if len(result.winners) == 1:
        steps.append(f"La mejor mano es la de {result.winners[0]}: se lleva el bote.")
        decides = why(hands, board, list(hands))  # the deciding card: the kicker, the second pair...
        if decides:
            steps.append(decides)
    else:
        steps.append(f"{listing(result.winners)} tienen manos del mismo valor: empatan y se reparten el bote.")
    facts = tuple({"label": name, "cards": cards_display(cards)} for name, cards in hands.items()) + (
        {"label": "Mesa", "cards": cards_display(board)},)
    if ask == "winners":
        return Solution("names", frozenset(result.winners), listing(result.winners), tuple(steps),
                        choices=tuple(hands), facts=facts)
    of = require(spec, "of", "question.of", str)
    if of not in result.values:
        raise RequestError("question.of", f"«{of}» no es uno de los jugadores ({', '.join(hands)})")
    name = name_es(result.values[of])
    return Solution("hand", hand_detail(name, result.values[of].strength), name, tuple(steps),
                    choices=tuple(hands), facts=facts)

