"""Mata Ases «Probabilidades»: extensions by table size, killing the Aces from the first two
cards, the ayudas and the one-ayuda limit. Every figure is the engine's
(:mod:`engine.games.mata_ases.odds`): exact counts, except the table sizes (a seeded simulation
whose intervals hold together), both read from the engine's counted table."""

from __future__ import annotations

from functools import cache

from engine import spanish
from site_hooks.html import Cell, Markup, block, table
from site_hooks.render.charts import Bar, bar_chart
from site_hooks.render.charts import figure as chart_figure
from site_hooks.render.common import cards_html, figure, marker, no_args, parse

#: The first two own cards shown in the table (the engine counts every deal of the other three and the ayudas).
FIRST_CARDS = ("As Ah", "As Kd", "Ac 6d", "Ks Kh", "7s 7h", "Kd Qc", "9h 8h", "7s 2d")


@cache
def table_rows() -> tuple:
    """:class:`~engine.games.mata_ases.odds.TableOdds` for 2 to 8 players (the counted simulation)."""
    from engine.games.mata_ases.odds import counted_tables

    return counted_tables()


@cache
def first_card_rows() -> tuple:
    """(cards, :class:`~engine.games.mata_ases.odds.HandOdds`) for each of :data:`FIRST_CARDS`, exact."""
    from engine.games.mata_ases.odds import start_odds

    return tuple((parse(text), start_odds(parse(text))) for text in FIRST_CARDS)


@cache
def any_hand():
    from engine.games.mata_ases.odds import any_hand_odds

    return any_hand_odds()


def _bar(label: str, estimate, highlight: bool = False) -> Bar:
    return Bar(label, float(estimate.value), spanish.percent(estimate.value, 1), estimate.interval(), highlight)


def _cell(estimate) -> Cell:
    return Cell(estimate.text(), value=float(estimate.value), cls="rules-num")


@marker("mata-odds-table", "Probabilidad de extensión, de ganar gracias a la ayuda y de que el límite de una ayuda "
                           "cambie el resultado, de 2 a 8 jugadores (simulada por el motor).")
def render_table(args: list[str]) -> Markup:
    no_args("mata-odds-table", args)
    rows = table_rows()
    chart = bar_chart([_bar(f"{r.players} jugadores", r.extension) for r in rows], name="mata-odds-extension",
                      scale=max(r.extension.interval()[1] for r in rows))
    body = [[Cell(spanish.amount(r.players), header=True, value=r.players),
             _cell(r.extension), _cell(r.rescued), _cell(r.limit)] for r in rows]
    data = table(["Jugadores en el showdown", "Nadie mata los Ases (extensión)", "El ganador necesitó la ayuda",
                  "El límite de una ayuda cambia el resultado"], body, name="mata-odds-table",
                 caption=f"{spanish.amount(rows[0].extension.total)} repartos simulados por cada tamaño de mesa; "
                         f"entre paréntesis, el intervalo de confianza del {_confidence()} de cada cifra: los "
                         f"{spanish.amount(_intervals())} intervalos aciertan a la vez con una probabilidad del "
                         f"{spanish.percent(_family(), 0)} por lo menos.")
    return block(chart_figure(chart, data, "Probabilidad de que nadie mate los Ases, según los jugadores que "
                                           "llegan al showdown (la raya marca el intervalo del 95 %)."))


def _kills_figure(rows, name: str, headers: list[str], cells, caption: str, chart_caption: str) -> Markup:
    """A chart of each row's chance to kill the Aces and the table of (cards, ``cells(odds)``...)."""
    chart = bar_chart([_bar(spanish.cards_text(cards), odds.kills) for cards, odds in rows], name=name, scale=1.0)
    body = [[Cell(cards_html(cards), header=True, value=" ".join(str(c) for c in cards)), *cells(cards, odds)]
            for cards, odds in rows]
    return block(chart_figure(chart, table(headers, body, name=name, caption=caption), chart_caption))


@marker("mata-odds-first-cards", "Probabilidad exacta de matar los Ases según tus dos primeras cartas.")
def render_first_cards(args: list[str]) -> Markup:
    no_args("mata-odds-first-cards", args)
    return _kills_figure(
        first_card_rows(), "mata-odds-first-cards",
        ["Tus dos primeras cartas", "Acabas con par de Ases o mejor", "Una ayuda sube tu jugada de categoría"],
        lambda cards, odds: [_cell(odds.kills), _cell(odds.category)],
        f"Cuenta exacta: los {spanish.amount(first_card_rows()[0][1].kills.total)} repartos posibles de tus otras "
        "tres cartas y de las tres ayudas, por fila.",
        "Probabilidad de acabar con par de Ases o mejor según las dos primeras cartas.")


#: Five own cards that do not kill the Aces alone: the ayudas decide (counted exactly, every set of ayudas).
OWN_FIVE = ("Kc Kd 9h 6s 3c", "2c 2d 9h 6s Kc", "Ah Qd 9h 6s 3c", "Kh Qh 8h 4h 2c", "9c 8d 7h 6s 2c", "Kh Qd 9c 6s 3h")


@cache
def own_five_rows() -> tuple:
    """(cards, :class:`~engine.games.mata_ases.odds.HandOdds`) for each of :data:`OWN_FIVE`, exact."""
    from engine.games.mata_ases.odds import hand_odds

    return tuple((parse(text), hand_odds(parse(text))) for text in OWN_FIVE)


@marker("mata-odds-own-five", "Con tus cinco cartas propias, probabilidad exacta de que una ayuda te haga matar los Ases.")
def render_own_five(args: list[str]) -> Markup:
    from engine.cards import DECK
    from engine.evaluation import evaluate, name_mx
    from engine.games.mata_ases.odds import OWN_CARDS

    no_args("mata-odds-own-five", args)
    rows = own_five_rows()
    return _kills_figure(
        rows, "mata-odds-own-five", ["Tus cinco cartas", "Tu jugada sin ayudas", "Las ayudas te hacen matar los Ases"],
        lambda cards, odds: [Cell(name_mx(evaluate(cards)), value=evaluate(cards).category), _cell(odds.kills)],
        f"Cuenta exacta: las {spanish.amount(rows[0][1].kills.total)} combinaciones posibles de tres ayudas entre "
        f"las {spanish.amount(len(DECK) - OWN_CARDS)} cartas que no ves.",
        "Probabilidad exacta de matar los Ases gracias a una ayuda, según tus cinco cartas propias.")


@figure("mata-odds-deals")
def _deals() -> str:
    return spanish.amount(table_rows()[0].extension.total)


def _intervals() -> int:
    """The simulated intervals on the page: the table's, the only simulated figures."""
    from engine.games.mata_ases.odds import counted_intervals

    return counted_intervals()


def _family() -> float:
    from engine.games.mata_ases.odds import FAMILY_CONFIDENCE

    return FAMILY_CONFIDENCE


def _confidence() -> str:
    return spanish.percent(table_rows()[0].extension.confidence, 2)


@figure("mata-odds-intervals")
def _intervals_figure() -> str:
    return spanish.amount(_intervals())


@figure("mata-odds-interval-confidence")
def _confidence_figure() -> str:
    return _confidence()


@figure("mata-odds-family-confidence")
def _family_figure() -> str:
    return spanish.percent(_family(), 0)


@figure("mata-odds-kill-any")
def _kill_any() -> str:
    return any_hand().kills.text()


@figure("mata-odds-ayuda-any")
def _ayuda_any() -> str:
    return any_hand().ayuda.text()


@figure("mata-odds-raise-any")
def _raise_any() -> str:
    return any_hand().category.text()


@figure("mata-odds-hand-deals")
def _hand_deals() -> str:
    from math import comb

    from engine.games.mata_ases.odds import AYUDAS, OWN_CARDS

    unseen = 52 - 2
    return spanish.amount(comb(unseen, OWN_CARDS - 2) * comb(unseen - (OWN_CARDS - 2), AYUDAS))
