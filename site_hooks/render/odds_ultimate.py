"""Ultimate Texas Hold'em «Probabilidades»: the Trips house edge of each pay table and how often
seven cards make each hand (the dealer's qualification among them), exact, from
:mod:`engine.stats` and :mod:`engine.games.ultimate.rules`, drawn as charts with their tables."""

from __future__ import annotations

from fractions import Fraction

from engine import spanish
from site_hooks.html import Cell, Markup, block, table
from site_hooks.render.charts import Bar, bar_chart
from site_hooks.render.charts import figure as chart_figure
from site_hooks.render.common import category, figure, marker, no_args, one_in, seven_card_counts
from site_hooks.render.ultimate import trips_variants


@marker("uth-odds-trips", "Ventaja de la casa de Trips en cada tabla de pagos, en gráfico y tabla.")
def render_trips(args: list[str]) -> Markup:
    no_args("uth-odds-trips", args)
    variants = trips_variants()
    chart = bar_chart([Bar(v["name"], float(v["edge"]), spanish.percent(v["edge"], 2), highlight=v["default"])
                       for v in variants], name="uth-odds-trips")
    body = [[Cell(v["name"] + (" (este sitio)" if v["default"] else ""), header=True, value=v["name"]),
             Cell(spanish.percent(v["edge"], 3), value=float(v["edge"]), cls="rules-num"),
             Cell(spanish.decimal(v["edge"] * 100, 2), value=float(v["edge"] * 100), cls="rules-num")]
            for v in variants]
    data = table(["Tabla de pagos (escalera real … trío)", "Ventaja de la casa", "Pierdes de media por cada 100 apostados"],
                 body, name="uth-odds-trips", caption="Cálculo exacto sobre las 133.784.560 combinaciones de 7 cartas.")
    return block(chart_figure(chart, data, "Ventaja de la casa de la apuesta Trips según su tabla de pagos "
                                           "(menos es mejor para ti); la barra resaltada es la tabla de este sitio."))


@marker("uth-odds-hands", "Frecuencia de cada jugada con 7 cartas, en gráfico y tabla (la del crupier incluida).")
def render_hands(args: list[str]) -> Markup:
    no_args("uth-odds-hands", args)
    counts = seven_card_counts()
    total = sum(counts.values())
    rows = [(c, n, Fraction(n, total)) for c, n in counts.items()]
    chart = bar_chart([Bar(category(c), float(p), spanish.percent(p, 2), highlight=c == "high_card")
                       for c, _, p in rows], name="uth-odds-hands", scale=max(float(p) for _, _, p in rows))
    body = [[Cell(category(c), header=True, value=c), Cell(spanish.amount(n), value=n, cls="rules-num"),
             Cell(spanish.percent(p, 3), value=float(p), cls="rules-num"),
             Cell(f"1 de cada {one_in(1 / p)}", value=float(1 / p), cls="rules-num")] for c, n, p in rows]
    data = table(["Mejor jugada de 7 cartas", "Combinaciones", "Probabilidad", "Frecuencia"], body,
                 name="uth-odds-hands",
                 caption=f"Las {spanish.amount(total)} combinaciones de 7 cartas, contadas por el motor. "
                         "Con «carta alta» el crupier no se clasifica.")
    return block(chart_figure(chart, data, "Probabilidad de cada jugada con 7 cartas; la barra resaltada es la "
                                           "carta alta, la mano con la que el crupier no se clasifica."))


@figure("uth-odds-trips-best")
def _trips_best() -> str:
    return spanish.percent(trips_variants()[0]["edge"], 2)


@figure("uth-odds-trips-worst")
def _trips_worst() -> str:
    return spanish.percent(trips_variants()[-1]["edge"], 2)
