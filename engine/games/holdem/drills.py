"""Texas Hold'em's drills (its ``drills`` facet): the winner at the showdown and a player's hand, side pots,
positions and who acts first, a decision at the table (``holdem-spot``), and the same table asked under the
rules of Hold'em and of Mata Ases (``holdem-side-by-side``).

- ``holdem-winner``: ``plain``, ``split`` (equal hands share), ``board`` (a winner plays the board),
  ``kicker`` (the best two hands differ only by a kicker), ``wheel`` (a winner's straight is
  A-2-3-4-5).
- ``holdem-side-pots``: ``simple`` (one short all-in), ``below-blinds`` (an all-in smaller than the
  big blind), ``dead-money`` (chips of players who folded), ``several`` (two or three all-ins).
- ``holdem-position``: ``blinds``, ``heads-up``, ``early`` (UTG seats), ``late`` (HJ, CO, button).
- ``holdem-first-to-act``: ``preflop``, ``three-handed`` (the button acts first before the flop),
  ``heads-up`` (both streets), ``postflop``, ``postflop-folded`` (the first seats left of the
  button folded).
- ``holdem-hand``: a player's best five, ``plain`` or when the ``board`` plays.
- ``holdem-side-by-side``: ``first-to-act-holdem`` asks who speaks first before the flop in Texas Hold'em;
  ``first-to-act-mata-ases`` asks who opens the first round in Mata Ases (Botón Ante) -- on the same
  table: with the same seed and level both families deal the same players, button and open cards (the
  drill draws its family before dealing, and the deal does not read it), and the two answers always
  differ. A review brings both back after a reader mixed the two games up. Each answer is also judged
  with the other game's rule: the other game's answer is recognised and named (``other_game``).
"""

from __future__ import annotations

import dataclasses
import random

from typing import Any

from ...cards import DECK, Card, format_cards
from ...drills import DrillKinds, deal_until, own_check, quiz_fields
from ...drills.spots import Opening, spot_fields
from ...review.drill import FAMILIES as DECISION_FAMILIES
from ...review.drill import TOPICS as DECISION_TOPICS
from ...review.drill import decision_fields
from ...evaluation import kicker_decides, name_es
from ...pots import called_pots
from ...progress import Blame, OtherGame
from ...quiz import AnswerError, cards_display, parse_names, solve
from ...spanish import amount, card_name, cards_text, pot_name
from ...table.rules import player_with_highest_open
from ...table.words import say
from .play import GAME
from .rules import RULES, positions, postflop_order, preflop_order, showdown, street_phrase

DRILLS = DrillKinds()

NAMES = ("Ana", "Beto", "Carla", "David", "Elena", "Fran", "Gema", "Hugo", "Irene", "Jon")


# ---------------------------------------------------------------------------------------------
# The winner at the showdown.

def _deal_showdown(rng: random.Random, n: int, family: str) -> tuple[dict[str, list[Card]], list[Card]]:
    deck = list(DECK)
    rng.shuffle(deck)
    holes: list[list[Card]] = [[] for _ in range(n)]
    board: list[Card] = []

    def take(rank: int) -> Card:
        card = next(c for c in deck if c.rank == rank)
        deck.remove(card)
        return card

    if family == "split":  # the same two ranks in two hands
        high, low = rng.sample(range(2, 15), 2)
        holes[0] += [take(high), take(low)]
        holes[1] += [take(high), take(low)]
    elif family == "board":  # five connected ranks on the board
        top = rng.randrange(6, 15)
        board += [take(r) for r in range(top, top - 5, -1)]
    elif family == "kicker":  # a shared top card, different kickers
        shared = rng.randrange(9, 15)
        holes[0].append(take(shared))
        holes[1].append(take(shared))
        board.append(take(shared))
    elif family == "wheel":
        wheel = [14, 2, 3, 4, 5]
        rng.shuffle(wheel)
        holes[0] += [take(r) for r in wheel[:2]]
        board += [take(r) for r in wheel[2:]]
    for hole in holes:
        while len(hole) < 2:
            hole.append(deck.pop())
    while len(board) < 5:
        board.append(deck.pop())
    rng.shuffle(board)
    order = rng.sample(range(n), n)  # the stacked hand is not always the first player
    return {NAMES[i]: holes[order[i]] for i in range(n)}, board


def _kicker_decides(values: list[int]) -> bool:
    """The best two strengths differ, and only by a kicker."""
    best, second = sorted(values, reverse=True)[:2]
    return best != second and kicker_decides(best, second)


def _winner_in_family(family: str, hands: dict[str, list[Card]], board: list[Card]) -> bool:
    result = showdown(hands, board)
    winners = result.winners
    if family == "plain":
        top = result.values[winners[0]]
        return len(winners) == 1 and bool(set(top.cards) & set(hands[winners[0]])) and not _kicker_decides(
            [v.strength for v in result.values.values()])
    if family == "split":
        return len(winners) >= 2
    if family == "board":
        return any(set(result.values[w].cards) == set(board) for w in winners)
    if family == "kicker":
        return len(winners) == 1 and _kicker_decides([v.strength for v in result.values.values()])
    if family == "wheel":
        return any(result.values[w].category in ("straight", "straight_flush") and result.values[w].ranks[0] == 5
                   for w in winners)
    raise ValueError(family)


_SHOWDOWN_PLAYERS = {"fácil": (2, 2), "media": (2, 3), "difícil": (3, 4)}


@DRILLS.kind("holdem-winner", {
    "fácil": (("plain", 3), ("split", 2), ("board", 1), ("kicker", 2)),
    "media": (("plain", 1), ("split", 2), ("board", 2), ("kicker", 3), ("wheel", 2)),
    "difícil": (("split", 2), ("board", 2), ("kicker", 3), ("wheel", 2)),
}, {
    "plain": "la mejor mano de cinco cartas",
    "split": "jugadas que se parecen",
    "board": "las cinco cartas de la mesa",
    "kicker": "el kicker decide",
    "wheel": "la escalera más baja (A-2-3-4-5)",
}, skills={
    "plain": ("holdem.showdown.best-five",),
    "split": ("holdem.showdown.split", "holdem.showdown.best-five"),
    "board": ("holdem.showdown.board", "holdem.showdown.best-five"),
    "kicker": ("holdem.showdown.kicker", "holdem.showdown.best-five"),
    "wheel": ("holdem.showdown.wheel", "holdem.showdown.best-five"),
})
def _holdem_winner(rng: random.Random, level: str, family: str) -> dict:
    low, high = _SHOWDOWN_PLAYERS[level]
    hands, board = deal_until(rng, lambda: _deal_showdown(rng, rng.randint(low, high), family),
                              lambda r: _winner_in_family(family, *r))
    result = showdown(hands, board)
    data = {"players": {name: format_cards(cards) for name, cards in hands.items()}, "board": format_cards(board)}
    answer = {"winners": list(result.winners), "hands": {name: name_es(v) for name, v in result.values.items()}}
    spec = {"kind": "holdem-showdown", "ask": "winners", **data}
    return quiz_fields(spec, "¿Quién gana el bote? Si empatan, escribe todos los ganadores.", data, answer)


# ---------------------------------------------------------------------------------------------
# Side pots.

_BLINDS = ((5, 10), (10, 20), (25, 50), (50, 100))


def _deal_bets(rng: random.Random, level: str, family: str) -> tuple[dict[str, int], list[str], int]:
    """A betting situation a real hand reaches: blinds posted, the largest bet called by two players
    still in the hand (no uncalled chips), all-ins below it, folded players' chips below it.
    Returns the bets in seat order from the button, who folded and the big blind."""
    n = rng.randint(3, 5) if level == "fácil" else rng.randint(4, 7)
    small, big = rng.choice(_BLINDS)
    names = list(NAMES[:n])  # seat order from the button: D, SB, BB, ...
    top = big * rng.choice((4, 6, 8, 10, 15, 20))
    bets = {name: 0 for name in names}
    bets[names[1]], bets[names[2]] = small, big
    all_ins = {"simple": 1, "below-blinds": 1, "dead-money": rng.randint(0, 1),
               "several": 2 if level != "difícil" else rng.randint(2, 3)}[family]
    seats = list(range(n))
    rng.shuffle(seats)
    callers, shorts, rest = seats[:2], seats[2:2 + all_ins], seats[2 + all_ins:]
    for seat in callers:
        bets[names[seat]] = top
    for seat, multiple in zip(shorts, rng.sample(range(1, top // big), len(shorts))):
        bets[names[seat]] = big * multiple + rng.choice((0, 0, small * 3 // 5))
    if family == "below-blinds":
        bets[names[shorts[0]]] = rng.randrange(1, big)
    folded = []
    for seat in rest:
        name = names[seat]
        folded.append(name)
        if seat not in (1, 2):  # a blind that folds leaves its blind; the others put in 0 or a call
            bets[name] = rng.choice((big, 2 * big, 3 * big)) if family == "dead-money" or rng.random() < 0.3 else 0
    return bets, [name for name in names if name in folded], big


def _pots_in_family(family: str, bets: dict[str, int], folded: list[str], big: int) -> bool:
    live = [n for n in bets if n not in folded]
    top = max(bets[n] for n in live)
    if sum(1 for n in live if bets[n] == top) < 2 or any(bets[n] >= top for n in folded):
        return False  # the largest bet must be called; nobody folds after putting in the most
    pots, _ = called_pots(bets, folded)
    if family == "simple":
        return len(pots) == 2
    if family == "below-blinds":
        return any(0 < bets[n] < big for n in live) and len(pots) >= 2
    if family == "dead-money":
        return any(bets[n] > 0 for n in folded) and len(pots) >= 2
    if family == "several":
        return len(pots) >= 3
    raise ValueError(family)


_POT_QUESTIONS = {"amount": "¿Cuántas fichas hay en el {pot}?", "eligible": "¿Quiénes pueden ganar el {pot}?",
                  "count": "¿Cuántos botes hay en total, contando el principal?"}


@DRILLS.kind("holdem-side-pots", {
    "fácil": (("simple", 3), ("below-blinds", 1), ("dead-money", 1)),
    "media": (("simple", 1), ("below-blinds", 2), ("dead-money", 2), ("several", 2)),
    "difícil": (("below-blinds", 2), ("dead-money", 2), ("several", 3)),
}, {
    "simple": "un all-in y un bote secundario",
    "below-blinds": "un all-in menor que la ciega grande",
    "dead-money": "fichas de quien se retiró",
    "several": "varios all-in, varios botes",
}, skills={  # the ask (amount, eligible, count) adds its own skill: the question's
    "simple": (), "below-blinds": ("holdem.side-pots.below-blinds",), "dead-money": (), "several": (),
}, asks=("amount", "eligible", "count"))
def _holdem_side_pots(rng: random.Random, level: str, family: str, ask: str | None = None) -> dict:
    """``ask``: the question asked (else the level's, by the seed: a review of one skill chooses)."""
    bets, folded, big = deal_until(rng, lambda: _deal_bets(rng, level, family),
                                   lambda r: _pots_in_family(family, *r))
    pots, _ = called_pots(bets, folded)  # the largest bet is matched: nothing goes back
    drawn = rng.choice({"fácil": ("amount",), "media": ("amount", "count", "eligible"),
                        "difícil": ("amount", "eligible")}[level])
    ask = ask or drawn
    index = 1 if level == "fácil" else rng.randint(1, len(pots))
    if ask == "eligible" and index == 1:
        index = rng.randint(2, len(pots))
    data = {"bets": bets, "folded": folded, "blinds": [big // 2, big]}
    answer = {"pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in pots]}
    spec = {"kind": "holdem-pots", "ask": ask, "bets": bets, "folded": folded}
    if ask != "count":
        spec["pot"] = index
    question = (f"Ciegas {amount(big // 2)}/{amount(big)}. Fichas que puso cada jugador en esta mano (la apuesta "
                f"más alta está igualada). " + _POT_QUESTIONS[ask].format(pot=pot_name(index)))
    return quiz_fields(spec, question, data, answer)


# ---------------------------------------------------------------------------------------------
# Positions and who acts first.

_TABLE_SIZES = {"fácil": (2, 6), "media": (3, 9), "difícil": (5, 10)}


def _table(rng: random.Random, n: int) -> tuple[list[str], str]:
    """``n`` players clockwise (from a random first name) and the button."""
    names = list(NAMES[:n])
    start = rng.randrange(n)
    return names[start:] + names[:start], rng.choice(names)


def _seated(players: list[str], button: str) -> list[str]:
    start = players.index(button)
    return players[start:] + players[:start]


_POSITION_FAMILIES = {"blinds": ("SB", "BB", "D/SB"), "heads-up": ("D/SB", "BB"),
                      "early": tuple(["UTG"] + [f"UTG{i}" for i in range(1, 6)]), "late": ("HJ", "CO", "D")}


@DRILLS.kind("holdem-position", {
    "fácil": (("blinds", 3), ("heads-up", 1), ("late", 2), ("early", 1)),
    "media": (("blinds", 1), ("heads-up", 1), ("late", 3), ("early", 3)),
    "difícil": (("heads-up", 1), ("late", 2), ("early", 4)),
}, {
    "blinds": "las ciegas",
    "heads-up": "heads-up: el botón es la ciega pequeña",
    "early": "las primeras posiciones",
    "late": "las últimas posiciones",
}, skills={"blinds": ("holdem.positions",), "heads-up": ("holdem.heads-up", "holdem.positions"),
           "early": ("holdem.positions",), "late": ("holdem.positions",)})
def _holdem_position(rng: random.Random, level: str, family: str) -> dict:
    low, high = _TABLE_SIZES[level]

    def deal():
        n = 2 if family == "heads-up" else rng.randint(max(low, 3), high)
        players, button = _table(rng, n)
        return players, button, rng.choice(players)

    def accept(r):
        players, button, of = r
        label = positions(len(players))[_seated(players, button).index(of)]
        return label in _POSITION_FAMILIES[family] and (family != "early" or len(players) >= 6)

    players, button, of = deal_until(rng, deal, accept)
    label = positions(len(players))[_seated(players, button).index(of)]
    data = {"players": players, "button": button, "of": of}
    spec = {"kind": "holdem-position", "ask": "position", **data}
    question = (f"Los jugadores, en el sentido de las agujas del reloj: {', '.join(players)}; el botón es "
                f"{button}. ¿Qué posición ocupa {of}?")
    return quiz_fields(spec, question, data, {"position": label})


_STREETS = ("preflop", "flop", "turn", "river")


@DRILLS.kind("holdem-first-to-act", {
    "fácil": (("preflop", 3), ("postflop", 3), ("heads-up", 1)),
    "media": (("preflop", 2), ("three-handed", 1), ("heads-up", 2), ("postflop", 1), ("postflop-folded", 2)),
    "difícil": (("three-handed", 2), ("heads-up", 2), ("postflop-folded", 3), ("preflop", 1)),
}, {
    "preflop": "antes del flop",
    "three-handed": "tres jugadores antes del flop",
    "heads-up": "heads-up: el orden cambia después del flop",
    "postflop": "después del flop",
    "postflop-folded": "después del flop, con jugadores retirados",
}, skills={  # the street adds preflop or postflop: the question's skills
    "preflop": (), "three-handed": (), "heads-up": ("holdem.heads-up",), "postflop": (), "postflop-folded": (),
})
def _holdem_first_to_act(rng: random.Random, level: str, family: str) -> dict:
    low, high = _TABLE_SIZES[level]
    n = {"three-handed": 3, "heads-up": 2}.get(family) or rng.randint(max(low, 4), high)
    players, button = _table(rng, n)
    street = "preflop" if family in ("preflop", "three-handed") else rng.choice(
        _STREETS if family == "heads-up" else _STREETS[1:])
    folded: list[str] = []
    if family == "postflop-folded":
        seated = _seated(players, button)
        gone = rng.randint(1, min(3, n - 2))
        folded = seated[1:1 + gone]  # the first seats left of the button
        extra = [p for p in seated[1 + gone:] if rng.random() < 0.2][: n - 2 - gone]
        folded += extra
        folded = [p for p in players if p in folded]
    data = {"players": players, "button": button, "street": street, "folded": folded}
    spec = {"kind": "holdem-position", "ask": "first-to-act", **data}
    gone_text = f" Se retiraron: {', '.join(folded)}." if folded else ""
    question = (f"Los jugadores, en el sentido de las agujas del reloj: {', '.join(players)}; el botón es "
                f"{button}.{gone_text} ¿Quién habla primero {street_phrase(street)}?")
    solution = solve(spec)
    first = next(iter(solution.value))
    label = positions(n)[_seated(players, button).index(first)]
    return quiz_fields(spec, question, data, {"player": first, "position": label})


# ---------------------------------------------------------------------------------------------
# A player's hand.

@DRILLS.kind("holdem-hand", {
    "fácil": (("plain", 1),),
    "media": (("plain", 2), ("board", 1)),
    "difícil": (("plain", 1), ("board", 1)),
}, {
    "plain": "nombrar la jugada",
    "board": "la jugada cuando la mesa juega",
}, skills={"plain": ("holdem.hand-name",), "board": ("holdem.hand-name", "holdem.showdown.board")})
def _holdem_hand(rng: random.Random, level: str, family: str) -> dict:
    low, high = _SHOWDOWN_PLAYERS[level]

    def deal():
        hands, board = _deal_showdown(rng, rng.randint(low, high), family)
        result = showdown(hands, board)
        playing = [n for n, v in result.values.items() if (set(v.cards) == set(board)) == (family == "board")]
        return hands, board, result, playing

    hands, board, result, playing = deal_until(rng, deal, lambda r: bool(r[3]))
    of = rng.choice(sorted(playing))
    data = {"players": {name: format_cards(cards) for name, cards in hands.items()}, "board": format_cards(board)}
    spec = {"kind": "holdem-showdown", "ask": "hand", **data, "of": of}
    question = f"¿Qué jugada tiene {of}? Escribe su mejor mano de cinco cartas, con sus cartas."
    return quiz_fields(spec, question, {**data, "of": of}, {"hand": name_es(result.values[of])})


# ---------------------------------------------------------------------------------------------
# The same table under two games' rules.

_SIZES = {"fácil": (3, 4), "media": (3, 6), "difícil": (4, 8)}
_FAMILIES = (("first-to-act-holdem", 1), ("first-to-act-mata-ases", 1))



@DRILLS.kind("holdem-side-by-side", {level: _FAMILIES for level in ("fácil", "media", "difícil")}, {
    "first-to-act-holdem": "en Hold'em, con el reparto de Mata Ases",
    "first-to-act-mata-ases": "en Mata Ases, con el reparto de Hold'em",
}, skills={"first-to-act-holdem": ("holdem.first-to-act.preflop",),
           "first-to-act-mata-ases": ("mata-ases.first-to-act",)})
def _side_by_side(rng: random.Random, level: str, family: str) -> dict:
    low, high = _SIZES[level]

    def deal():
        n = rng.randint(low, high)
        names = list(NAMES[:n])
        start = rng.randrange(n)
        players = names[start:] + names[:start]
        button = rng.choice(players)
        cards = dict(zip(players, rng.sample(DECK, n)))
        seated = _seated(players, button)
        holdem = next(seated[s] for s in preflop_order(n))
        return players, button, cards, holdem, player_with_highest_open(cards)

    players, button, cards, holdem, mata = deal_until(rng, deal, lambda r: r[3] != r[4])
    n = len(players)
    labels = dict(zip(_seated(players, button), positions(n)))
    table = (f"Los jugadores, en el sentido de las agujas del reloj: {', '.join(players)}; el botón es {button}. "
             f"Cartas abiertas: {', '.join(f'{p} {cards_text([cards[p]])}' for p in players)}.")
    holdem_steps = (
        "En Hold'em las cartas propias van tapadas: quién habla lo decide el asiento, no las cartas.",
        f"Posiciones: {', '.join(f'{p} ({labels[p]})' for p in _seated(players, button))}.",
        ("Con tres jugadores, antes del flop habla primero el botón, a la izquierda de la ciega grande."
         if n == 3 else "Antes del flop habla primero el jugador a la izquierda de la ciega grande (BB)."),
        f"Habla primero {holdem} ({labels[holdem]}).",
    )
    mata_steps = (
        "En Mata Ases (Botón Ante) el asiento no decide: abre la primera ronda la carta abierta más alta; si dos "
        "tienen el mismo valor, el palo (picas, corazones, diamantes, tréboles).",
        f"La más alta es {card_name(cards[mata], article=True)}: abre {mata}.",
    )
    if family == "first-to-act-holdem":
        answer, other, steps = holdem, mata, holdem_steps
        question = f"{table} En Texas Hold'em, ¿quién habla primero antes del flop?"
        skill, crossed = "holdem.first-to-act.preflop", "mata-ases.first-to-act"
        other_text = (f"{other} abriría en Mata Ases (Botón Ante), con la carta abierta más alta; en Hold'em "
                      "manda el asiento: habla primero quien está a la izquierda de la ciega grande.")
    else:
        answer, other, steps = mata, holdem, mata_steps
        question = f"{table} En Mata Ases (Botón Ante), ¿quién abre la primera ronda de apuestas?"
        skill, crossed = "mata-ases.first-to-act", "holdem.first-to-act.preflop"
        other_text = (f"{other} hablaría primero en Hold'em, por su asiento; en Mata Ases (Botón Ante) abre la "
                      "carta abierta más alta.")
    data = {"players": players, "button": button, "cards": format_cards([cards[p] for p in players])}
    hint = f"Escribe un nombre: {', '.join(players)}."

    def read(text: Any) -> str:
        given = parse_names(text, players)
        if not isinstance(given, frozenset) or len(given) != 1:
            raise AnswerError(f"Escribe un solo nombre: {', '.join(players)}.")
        return next(iter(given))

    def verdict(name: str) -> tuple:
        mixed = OtherGame(crossed, other_text) if name == other else None
        return (name == answer, name, f"«{name}» no es la respuesta.", ([Blame(skill, " ".join(steps[-2:]))], mixed))

    def checker(text: Any, reveal: bool) -> dict:
        return own_check(text, reveal, read=read, verdict=verdict, expected=answer,
                         solution=f"La respuesta es {answer}.", steps=steps)

    facts = tuple({"label": p + (" (botón)" if p == button else ""), "cards": cards_display([cards[p]])}
                  for p in players)
    return {"question": question, "data": data, "answer": {"player": answer, "other_game": other},
            "explanation": steps, "hint": hint, "facts": facts, "checker": checker}


# ---------------------------------------------------------------------------------------------
# A decision at the table (the table core's betting round, with Hold'em's blinds).

def _spot_start(table, rng: random.Random) -> str:
    """Before the flop (the blinds, then the left of the big blind) or after it (the left of the button)."""
    n, button = len(table.names), rng.randrange(len(table.names))
    seated = table.names[button:] + table.names[:button]
    big = table.rules.minimum
    if rng.random() < 0.5:
        table.new_round("preflop")
        small, large = (seated[0], seated[1]) if n == 2 else (seated[1], seated[2])
        table.post_blind(small, big // 2, "small")
        table.post_blind(large, big, "big")
        table.open_betting(seated[preflop_order(n)[0]])
        return say(seated[0], "Antes del flop; el botón eres tú.", "Antes del flop; el botón es {p}.")
    table.new_round("flop")
    table.open_betting(seated[postflop_order(n)[0]])
    return say(seated[0], "Después del flop; el botón eres tú.", "Después del flop; el botón es {p}.")


_SPOT = Opening(lambda rng: dataclasses.replace(RULES, minimum=rng.choice(_BLINDS)[1]), _spot_start,
                lambda table: f"Sin límite; ciegas {amount(table.rules.minimum // 2)}/{amount(table.rules.minimum)}: "
                              f"la apuesta mínima es {amount(table.rules.minimum)}.")


@DRILLS.kind("holdem-spot", {
    "fácil": (("options", 2), ("call", 1)),
    "media": (("options", 1), ("call", 1), ("min-raise", 1)),
    "difícil": (("options", 1), ("min-raise", 2)),
}, {
    "options": "qué puedes hacer en tu turno",
    "call": "cuánto cuesta pagar",
    "min-raise": "la subida mínima",
}, skills={"options": ("holdem.betting",), "call": ("holdem.betting",), "min-raise": ("holdem.min-raise",)})
def _holdem_spot(rng: random.Random, level: str, family: str) -> dict:
    return spot_fields(rng, _SPOT, family, "holdem.min-raise" if family == "min-raise" else "holdem.betting")


@DRILLS.kind("holdem-decision", DECISION_FAMILIES, DECISION_TOPICS,
             skills={"facing": ("holdem.play.facing",), "open": ("holdem.play.open",)})
def _decision(rng: random.Random, level: str, family: str):
    """A decision at the free table, graded by «Revisión de la mano» (:mod:`engine.review.drill`)."""
    return decision_fields(GAME, rng, family)
