"""Texas Hold'em tables: the ranking with the five-card counts, the seven-card frequencies, the
positions by number of players and the seed's side-pot example. Each example's data sits beside
its renderer."""

from __future__ import annotations

import re
from fractions import Fraction

from engine import spanish
from site_hooks.html import Cell, Markup, block, join, table, tag
from site_hooks.markers import MarkerError
from site_hooks.render.common import (cards_html, category, figure, five_card_counts, marker, no_args, one_in,
                                      ranking_rows, seven_card_counts)


@marker("ranking-es", "Ranking de manos (vocabulario de España) con cuántas manos de 5 cartas hay de cada una.")
def render_ranking_es(args: list[str]) -> Markup:
    no_args("ranking-es", args)
    counts = five_card_counts()
    total = sum(counts.values())
    rows = []
    for row in ranking_rows("es"):
        count = counts[row["category"]]
        rows.append([Cell(row["name"], header=True, value=row["id"]), row["description"],
                     cards_html(row["value"].cards),
                     Cell(spanish.amount(count), value=count, cls="rules-num"),
                     Cell(spanish.percent(Fraction(count, total), 4), cls="rules-num")])
    caption = (f"De la mejor a la peor. Las dos últimas columnas cuentan las {spanish.amount(total)} manos "
               "distintas de cinco cartas de una baraja de 52.")
    return block(table(["Jugada", "Qué es", "Ejemplo", "Manos posibles", "Probabilidad"], rows,
                       name="ranking-es", caption=caption))


@marker("frequencies-7", "Cuántas combinaciones de 7 cartas dan cada jugada como mejor mano de cinco.")
def render_frequencies_7(args: list[str]) -> Markup:
    from engine.evaluation import CATEGORIES

    no_args("frequencies-7", args)
    counts = seven_card_counts()
    total = sum(counts.values())
    rows = []
    for name in CATEGORIES:
        count = counts[name]
        rows.append([Cell(category(name), header=True, value=name),
                     Cell(spanish.amount(count), value=count, cls="rules-num"),
                     Cell(spanish.percent(Fraction(count, total), 3), cls="rules-num"),
                     Cell(one_in(Fraction(total, count)), cls="rules-num")])
    rows.append([Cell("Total", header=True), Cell(spanish.amount(total), value=total, cls="rules-num"),
                 Cell(spanish.percent(1, 0), cls="rules-num"), ""])
    return block(table(["Mejor jugada con 7 cartas", "Combinaciones", "Probabilidad", "Más o menos, una de cada"],
                       rows, name="frequencies-7",
                       caption=f"Las {spanish.amount(total)} combinaciones de 7 cartas de una baraja de 52."))


def position_html(code: str) -> Markup:
    """A seat's code explained (engine/glossary.py), shown on tap and on focus:
    ``<abbr title="ciega grande: …" tabindex="0">BB</abbr>``."""
    from engine.glossary import abbreviation

    return tag("abbr", code, title=abbreviation(code), tabindex="0")


def position_rows(first: int, last: int) -> list[dict]:
    from engine.games.holdem.rules import positions, postflop_order, preflop_order

    rows = []
    for n in range(first, last + 1):
        names = positions(n)
        rows.append({"players": n, "seats": names,
                     "preflop": [names[s] for s in preflop_order(n)],
                     "postflop": [names[s] for s in postflop_order(n)]})
    return rows


def _seats(codes, sep) -> Cell:
    return Cell(join((position_html(c) for c in codes), sep), value=" ".join(codes))


@marker("holdem-positions", "Posiciones de Texas Hold'em por número de jugadores (2, 3-6, 7-10...).")
def render_positions(args: list[str]) -> Markup:
    from engine.games.holdem.rules import MAX_PLAYERS, MIN_PLAYERS

    if len(args) != 1 or not re.fullmatch(r"\d+(-\d+)?", args[0]):
        raise MarkerError("«engine:holdem-positions» lleva un número de jugadores o un rango, como «2» o «3-6».")
    first, _, last = args[0].partition("-")
    first, last = int(first), int(last or first)
    if not MIN_PLAYERS <= first <= last <= MAX_PLAYERS:
        raise MarkerError(f"«engine:holdem-positions»: de {MIN_PLAYERS} a {MAX_PLAYERS} jugadores (recibido {args[0]}).")
    arrow = Markup(" → ")
    body = [[Cell(spanish.amount(row["players"]), header=True, value=row["players"]), _seats(row["seats"], ", "),
             _seats(row["preflop"], arrow), _seats(row["postflop"], arrow)]
            for row in position_rows(first, last)]
    return block(table(["Jugadores", "Asientos desde el botón", "Orden antes del flop", "Orden en flop, turn y river"],
                       body, name=f"holdem-positions-{args[0]}",
                       caption="Los asientos siguen el sentido de las agujas del reloj. Cada orden empieza por "
                               "quien habla primero."))


#: Seed 004's side-pot example: blinds 10/20, what each player put in, in seat order, and who folded.
SIDE_POT = {
    "blinds": (10, 20),
    "actions": (
        ("UTG1", "All-in de 100", 100, False),
        ("UTG2", "All-in de 150", 150, False),
        ("UTG3", "Se retira", 0, True),
        ("UTG4", "Se retira", 0, True),
        ("HJ", "Iguala 150; cuando D sube, se retira", 150, True),
        ("CO", "Se retira", 0, True),
        ("D", "All-in de 450", 450, False),
        ("SB", "Se retira (pierde su ciega de 10)", 10, True),
        ("BB", "Iguala 450 (su ciega de 20 va incluida)", 450, False),
    ),
}


def side_pot_data() -> dict:
    """The example's pots as the engine answers ``holdem-pots``: amount, level, who can win each
    and what every player put into it."""
    from engine.protocol import answer

    bets = {name: chips for name, _, chips, _ in SIDE_POT["actions"]}
    folded = [name for name, _, _, out in SIDE_POT["actions"] if out]
    reply = answer("holdem-pots", {"bets": bets, "folded": folded})
    if "error" in reply:
        raise MarkerError(f"el motor rechazó el ejemplo de botes: {reply['error']}")
    return {"bets": bets, "folded": folded, "pots": reply["pots"]}


def _origin(contributions: dict[str, int]) -> Markup:
    """Where a pot's chips come from: ``UTG1, UTG2, D, BB: 100 cada uno; SB: 10``."""
    groups: dict[int, list[str]] = {}
    for name, chips in contributions.items():
        groups.setdefault(chips, []).append(name)
    return join((join([join((position_html(n) for n in names), ", "),
                       f": {spanish.amount(chips)}" + (" cada uno" if len(names) > 1 else "")])
                 for chips, names in sorted(groups.items(), reverse=True)), "; ")


@marker("holdem-side-pot-example", "El ejemplo de botes secundarios del reglamento, calculado por el motor.")
def render_side_pot_example(args: list[str]) -> Markup:
    no_args("holdem-side-pot-example", args)
    data = side_pot_data()
    actions = table(["Jugador", "Qué hace", "Fichas que pone"],
                    [[Cell(position_html(n), header=True), text, Cell(spanish.amount(chips), cls="rules-num")]
                     for n, text, chips, _ in SIDE_POT["actions"]],
                    name="holdem-side-pot-actions", caption="La acción, en el orden en que se habla antes del flop.")
    rows = []
    for i, pot in enumerate(data["pots"]):
        name = spanish.pot_name(i + 1)
        rows.append([Cell(name[:1].upper() + name[1:], header=True),
                     Cell(spanish.amount(pot["amount"]), value=pot["amount"], cls="rules-num"),
                     _seats(pot["eligible"], ", "), _origin(pot["contributions"])])
    total = sum(p["amount"] for p in data["pots"])
    rows.append([Cell("Total", header=True), Cell(spanish.amount(total), value=total, cls="rules-num"), "", ""])
    pots = table(["Bote", "Fichas", "Quién puede ganarlo", "De dónde salen las fichas"], rows,
                 name="holdem-side-pots",
                 caption="Los jugadores que se retiraron dejan sus fichas en los botes, pero no pueden ganar ninguno.")
    return block(actions, pots)


# ---------------------------------------------------------------------------------------------
# Inline figures of the rules page's examples.

#: Blinds 10/20: the small blind has only 7 chips and posts them all; the button calls 20 and the
#: big blind checks. The main pot cannot hold the whole big blind.
SHORT_BLIND = {"D": 20, "SB": 7, "BB": 20}

#: You bet 300 and the only player who calls has 120 left.
UNCALLED = {"Tú": 300, "Rival": 120}


def _short_blind_pots() -> list:
    from engine.pots import called_pots

    pots, back = called_pots(SHORT_BLIND)
    if back or len(pots) != 2 or "SB" not in pots[0].eligible or "SB" in pots[1].eligible:
        raise MarkerError("el ejemplo de la ciega pequeña corta ya no da un bote principal y uno secundario")
    return pots


@figure("holdem-short-blind-main-pot")
def _short_blind_main_pot() -> str:
    return spanish.amount(_short_blind_pots()[0].amount)


@figure("holdem-short-blind-side-pot")
def _short_blind_side_pot() -> str:
    return spanish.amount(_short_blind_pots()[1].amount)


@figure("holdem-uncalled-returned")
def _uncalled_returned() -> str:
    from engine.pots import uncalled_bet

    owner, chips = uncalled_bet(UNCALLED) or ("", 0)
    if owner != "Tú":
        raise MarkerError("el ejemplo de la apuesta no igualada ya no devuelve fichas a quien apostó")
    return spanish.amount(chips)
