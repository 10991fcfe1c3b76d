"""Texas Hold'em drills: the winner at the showdown, side pots, positions and who acts first.

- ``holdem-winner``: ``plain``, ``split`` (equal hands share), ``board`` (a winner plays the board),
  ``kicker`` (the best two hands differ only by a kicker), ``wheel`` (a winner's straight is
  A-2-3-4-5).
- ``holdem-side-pots``: ``simple`` (one short all-in), ``below-blinds`` (an all-in smaller than the
  big blind), ``dead-money`` (chips of players who folded), ``several`` (two or three all-ins).
- ``holdem-position``: ``blinds``, ``heads-up``, ``early`` (UTG seats), ``late`` (HJ, CO, button).
- ``holdem-first-to-act``: ``preflop``, ``three-handed`` (the button acts first before the flop),
  ``heads-up`` (both streets), ``postflop``, ``postflop-folded`` (the first seats left of the
  button folded).
"""

from __future__ import annotations

import random

from ..cards import DECK, Card, format_cards
from ..evaluation import kicker_decides
from ..games.holdem.rules import positions, showdown, street_phrase
from ..pots import side_pots
from ..spanish import amount, pot_name
from . import deal_until, kind, quiz_fields

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


@kind("holdem-winner", {
    "fácil": (("plain", 3), ("split", 2), ("board", 1), ("kicker", 2)),
    "media": (("plain", 1), ("split", 2), ("board", 2), ("kicker", 3), ("wheel", 2)),
    "difícil": (("split", 2), ("board", 2), ("kicker", 3), ("wheel", 2)),
}, {
    "plain": "la mejor mano de cinco cartas",
    "split": "jugadas que se parecen",
    "board": "las cinco cartas de la mesa",
    "kicker": "el kicker decide",
    "wheel": "la escalera más baja (A-2-3-4-5)",
})
def _holdem_winner(rng: random.Random, level: str, family: str) -> dict:
    low, high = _SHOWDOWN_PLAYERS[level]
    hands, board = deal_until(rng, lambda: _deal_showdown(rng, rng.randint(low, high), family),
                              lambda r: _winner_in_family(family, *r))
    result = showdown(hands, board)
    from ..evaluation import name_es

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
    pots = side_pots(bets, folded)
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


@kind("holdem-side-pots", {
    "fácil": (("simple", 3), ("below-blinds", 1), ("dead-money", 1)),
    "media": (("simple", 1), ("below-blinds", 2), ("dead-money", 2), ("several", 2)),
    "difícil": (("below-blinds", 2), ("dead-money", 2), ("several", 3)),
}, {
    "simple": "un all-in y un bote secundario",
    "below-blinds": "un all-in menor que la ciega grande",
    "dead-money": "fichas de quien se retiró",
    "several": "varios all-in, varios botes",
}, asks=("amount", "eligible", "count"))
def _holdem_side_pots(rng: random.Random, level: str, family: str, ask: str | None = None) -> dict:
    """``ask``: the question asked (else the level's, by the seed: a review of one skill chooses)."""
    bets, folded, big = deal_until(rng, lambda: _deal_bets(rng, level, family),
                                   lambda r: _pots_in_family(family, *r))
    pots = side_pots(bets, folded)
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


@kind("holdem-position", {
    "fácil": (("blinds", 3), ("heads-up", 1), ("late", 2), ("early", 1)),
    "media": (("blinds", 1), ("heads-up", 1), ("late", 3), ("early", 3)),
    "difícil": (("heads-up", 1), ("late", 2), ("early", 4)),
}, {
    "blinds": "las ciegas",
    "heads-up": "heads-up: el botón es la ciega pequeña",
    "early": "las primeras posiciones",
    "late": "las últimas posiciones",
})
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


@kind("holdem-first-to-act", {
    "fácil": (("preflop", 3), ("postflop", 3), ("heads-up", 1)),
    "media": (("preflop", 2), ("three-handed", 1), ("heads-up", 2), ("postflop", 1), ("postflop-folded", 2)),
    "difícil": (("three-handed", 2), ("heads-up", 2), ("postflop-folded", 3), ("preflop", 1)),
}, {
    "preflop": "antes del flop",
    "three-handed": "tres jugadores antes del flop",
    "heads-up": "heads-up: el orden cambia después del flop",
    "postflop": "después del flop",
    "postflop-folded": "después del flop, con jugadores retirados",
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
    from ..quiz import solve

    solution = solve(spec)
    first = next(iter(solution.value))
    label = positions(n)[_seated(players, button).index(first)]
    return quiz_fields(spec, question, data, {"player": first, "position": label})
