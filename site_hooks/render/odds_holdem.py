"""Texas Hold'em «Probabilidades»: classic pre-flop matchups counted board by board by the engine
(:mod:`engine.games.holdem.equity`) and the outs with the "rule of 2 and 4" beside the exact chance."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from engine import spanish
from site_hooks.html import Cell, Markup, block, join, table
from site_hooks.render.charts import Bar, bar_chart
from site_hooks.render.charts import figure as chart_figure
from site_hooks.render.common import cards_html, figure, marker, no_args, parse

#: Classic heads-up matchups before the flop: a label and the two hands.
MATCHUPS = (
    ("Pareja alta contra pareja menor", "Ah Ad", "Ks Kc"),
    ("Pareja contra dos cartas más altas", "Qs Qh", "Ad Kc"),
    ("Dos cartas altas contra pareja baja", "As Kd", "2c 2h"),
    ("Mano dominada (mismo As, peor acompañante)", "As Kd", "Ah Qc"),
    ("Dos altas contra conectores del mismo palo", "Ac Kd", "8s 7s"),
    ("Pareja contra conectores del mismo palo", "Jc Jd", "9h 8h"),
)

#: Draws on the flop: what you hold and its outs (cards that complete it) out of 47 unseen cards.
DRAWS = (
    ("Escalera interna (gutshot)", 4),
    ("Dos cartas más altas que la mesa", 6),
    ("Escalera abierta", 8),
    ("Proyecto de color", 9),
    ("Color y escalera interna", 12),
    ("Color y escalera abierta", 15),
)

#: A flush draw with two overcards against an overpair on the flop, counted exactly.
DRAW_EXAMPLE = ("Ah Kh", "Qs Qd", "Jh 7h 2c")


@cache
def matchup_rows() -> tuple:
    """(label, hand 1, hand 2, :class:`~engine.games.holdem.equity.Equity`) for each matchup."""
    from engine.games.holdem.equity import equity

    return tuple((label, parse(a), parse(b), equity({"1": parse(a), "2": parse(b)})) for label, a, b in MATCHUPS)


@marker("holdem-odds-matchups", "Enfrentamientos clásicos antes del flop: equity exacta de cada mano.")
def render_matchups(args: list[str]) -> Markup:
    no_args("holdem-odds-matchups", args)
    rows = matchup_rows()
    chart = bar_chart([Bar(f"{spanish.cards_text(a)} – {spanish.cards_text(b)}", float(r.equity(0)),
                           spanish.percent(r.equity(0), 1)) for _, a, b, r in rows],
                      name="holdem-odds-matchups", scale=1.0)
    body = []
    for label, a, b, r in rows:
        body.append([Cell(label, header=True, value=" ".join(map(str, a + b))),
                     Cell(join([cards_html(a), " contra ", cards_html(b)]), value=r.boards),
                     Cell(spanish.percent(r.equity(0), 2), value=float(r.equity(0)), cls="rules-num"),
                     Cell(spanish.percent(r.equity(1), 2), value=float(r.equity(1)), cls="rules-num"),
                     Cell(spanish.percent(r.tie(0), 2), value=float(r.tie(0)), cls="rules-num")])
    data = table(["Enfrentamiento", "Manos", "Equity de la primera", "Equity de la segunda", "Empate"], body,
                 name="holdem-odds-matchups",
                 caption=f"Contadas las {spanish.amount(rows[0][3].boards)} mesas posibles de cada enfrentamiento; "
                         "un empate reparte el bote.")
    return block(chart_figure(chart, data, "Equity de la primera mano de cada enfrentamiento, antes del flop."))


@marker("holdem-odds-outs", "Outs en el flop: la regla del 2 y del 4 frente a la probabilidad exacta.")
def render_outs(args: list[str]) -> Markup:
    from engine.games.holdem.equity import hit_chance

    no_args("holdem-odds-outs", args)
    bars, body = [], []
    for label, outs in DRAWS:
        turn, both = hit_chance(outs, 1, 47), hit_chance(outs, 2, 47)
        rule2, rule4 = outs * 2, outs * 4
        bars.append(Bar(f"{outs} outs: regla", rule4 / 100, spanish.percent(rule4 / 100, 0), highlight=True))
        bars.append(Bar(f"{outs} outs: exacto", float(both), spanish.percent(both, 1)))
        body.append([Cell(label, header=True, value=outs), Cell(spanish.amount(outs), value=outs, cls="rules-num"),
                     Cell(spanish.percent(rule2 / 100, 0), value=rule2, cls="rules-num"),
                     Cell(spanish.percent(turn, 1), value=float(turn), cls="rules-num"),
                     Cell(spanish.percent(rule4 / 100, 0), value=rule4, cls="rules-num"),
                     Cell(spanish.percent(both, 1), value=float(both), cls="rules-num")])
    chart = bar_chart(bars, name="holdem-odds-outs", scale=0.65)
    data = table(["Proyecto", "Outs", "Regla del 2 (una carta)", "Exacto con una carta", "Regla del 4 (dos cartas)",
                  "Exacto con dos cartas"], body, name="holdem-odds-outs",
                 caption="En el flop ves 5 cartas: quedan 47 por ver. «Exacto» es la probabilidad de que salga "
                         "al menos un out en el turn (una carta) o entre el turn y el river (dos cartas).")
    return block(chart_figure(chart, data, "Probabilidad de ligar el proyecto entre turn y river: la regla "
                                           "del 4 (barras resaltadas) frente a la cifra exacta."))


@cache
def draw_example():
    from engine.games.holdem.equity import equity

    hero, villain, board = DRAW_EXAMPLE
    return equity({"1": parse(hero), "2": parse(villain)}, parse(board))


@figure("holdem-odds-draw-example-equity")
def _draw_example_equity() -> str:
    return spanish.percent(draw_example().equity(0), 1)


def draw_example_outs() -> int:
    """The turn cards after which the first hand of :data:`DRAW_EXAMPLE` is ahead."""
    from engine.cards import DECK
    from engine.evaluation import strength

    hero, villain, board = (parse(text) for text in DRAW_EXAMPLE)
    seen = set(hero + villain + board)
    return sum(strength(hero + board + [c]) > strength(villain + board + [c]) for c in DECK if c not in seen)


@figure("holdem-odds-draw-example-outs")
def _draw_example_outs() -> str:
    return spanish.amount(draw_example_outs())


@figure("holdem-odds-draw-example-hero")
def _draw_example_hero() -> str:
    return spanish.cards_text(parse(DRAW_EXAMPLE[0]))


@figure("holdem-odds-draw-example-villain")
def _draw_example_villain() -> str:
    return spanish.cards_text(parse(DRAW_EXAMPLE[1]))


@figure("holdem-odds-draw-example-flop")
def _draw_example_flop() -> str:
    return spanish.cards_text(parse(DRAW_EXAMPLE[2]))


def draw_example_hits() -> tuple[int, int]:
    """(turn-river pairs holding an out, all the turn-river pairs), the rival's cards known: the
    same deals the equity of :data:`DRAW_EXAMPLE` counts."""
    from engine.games.holdem.equity import hit_chance

    pairs = draw_example().boards
    return int(hit_chance(draw_example_outs(), 2, draw_example_unseen()) * pairs), pairs


def draw_example_unseen() -> int:
    """The cards not seen in :data:`DRAW_EXAMPLE`: both hands and the flop are known."""
    from engine.cards import DECK

    return len(DECK) - sum(len(parse(text)) for text in DRAW_EXAMPLE)


@figure("holdem-odds-draw-example-hit")
def _draw_example_hit() -> str:
    hits, pairs = draw_example_hits()
    return spanish.percent(Fraction(hits, pairs), 1)


@figure("holdem-odds-draw-example-hit-pairs")
def _draw_example_hit_pairs() -> str:
    return spanish.amount(draw_example_hits()[0])


@figure("holdem-odds-draw-example-pairs")
def _draw_example_pairs() -> str:
    return spanish.amount(draw_example_hits()[1])


@figure("holdem-odds-draw-example-unseen")
def _draw_example_unseen() -> str:
    return spanish.amount(draw_example_unseen())


@figure("holdem-odds-draw-example-rule")
def _draw_example_rule() -> str:
    return spanish.percent(draw_example_outs() * 4 / 100, 0)


@figure("holdem-odds-preflop-boards")
def _preflop_boards() -> str:
    return spanish.amount(matchup_rows()[0][3].boards)


@figure("holdem-odds-most-outs")
def _most_outs() -> str:
    return spanish.amount(DRAWS[-1][1])


@figure("holdem-odds-most-outs-rule")
def _most_outs_rule() -> str:
    return spanish.percent(DRAWS[-1][1] * 4 / 100, 0)


@figure("holdem-odds-most-outs-exact")
def _most_outs_exact() -> str:
    from engine.games.holdem.equity import hit_chance

    return spanish.percent(hit_chance(DRAWS[-1][1], 2, 47), 1)


#: Players the calculator offers (the engine takes up to ten).
CALCULATOR_PLAYERS = 6
CALCULATOR_SHOWN = 2


def _field(id_: str, label: str, name: str, placeholder: str, hidden: bool = False, hint: str = "") -> Markup:
    from site_hooks.html import tag

    return tag("div", join([
        tag("label", label, for_=id_),
        tag("input", id=id_, type="text", data_name=name, placeholder=placeholder, autocomplete="off",
            spellcheck="false", autocapitalize="off", aria_describedby=f"{id_}-error"),
        tag("span", hint, class_="equity-hint") if hint else "",
        tag("span", "", id=f"{id_}-error", class_="equity-error"),
    ]), class_="equity-field", data_player=name if name != "board" else None, hidden=hidden)


@marker("holdem-equity-calculator", "Calculadora de equity: el formulario, el selector de cartas y la plantilla del "
                                    "resultado; el cálculo lo hace el motor en el navegador.")
def render_calculator(args: list[str]) -> Markup:
    from engine.cards import DECK
    from site_hooks.html import tag
    from site_hooks.render.common import card_html

    no_args("holdem-equity-calculator", args)
    players = [_field(f"equity-p{i}", f"Jugador {i}", f"Jugador {i}", "A♠ K♦ o As Kd",
                      hidden=i > CALCULATOR_SHOWN) for i in range(1, CALCULATOR_PLAYERS + 1)]
    by_rank = sorted(DECK, key=lambda c: (-c.rank, -c.suit))
    picker = [tag("button", card_html(c), type="button", class_="equity-card", data_card=str(c),
                  data_symbol=spanish.card_symbol(c), aria_label=spanish.card_name(c)) for c in by_rank]
    form = tag("form", join([
        tag("fieldset", join([tag("legend", "Jugadores (de 2 a 6)"),
                              tag("p", "Escribe dos cartas por jugador, separadas por un espacio. Deja un "
                                       "jugador vacío para darle una mano al azar.", class_="equity-hint")]
                             + players + [
            tag("div", join([tag("button", "Añadir jugador", type="button", class_="md-button", data_equity_add=True),
                             tag("button", "Quitar el último", type="button", class_="md-button",
                                 data_equity_remove=True)]), class_="equity-actions")])),
        _field("equity-board", "Mesa: 0, 3, 4 o 5 cartas", "board", "vacía antes del flop"),
        tag("details", join([tag("summary", "Elegir las cartas con el selector"),
                             tag("p", "Cada carta que pulses se añade al último campo en el que hayas escrito; "
                                      "las que ya están en algún campo aparecen atenuadas.",
                                 class_="equity-hint"),
                             tag("div", Markup("".join(picker)), class_="equity-picker", role="group",
                                 aria_label="Las 52 cartas")]), class_="equity-picker-box"),
        tag("p", tag("button", "Calcular", type="submit", class_="md-button md-button--primary")),
    ]), class_="equity-form", novalidate=True)
    row = tag("template", tag("div", join([
        tag("span", "", class_="equity-name"),
        tag("span", tag("span", "", class_="equity-bar-fill"), class_="equity-bar", aria_hidden="true"),
        tag("span", "", class_="equity-value"),
        tag("span", join(["gana sola ", tag("span", "", class_="equity-win"), " · empata ",
                          tag("span", "", class_="equity-tie")]), class_="equity-detail"),
    ]), class_="equity-row"), data_equity_row=True)
    return block(tag("div", join([
        tag("p", "La calculadora necesita JavaScript: el motor de reglas se ejecuta en tu navegador.",
            class_="equity-nojs"),
        tag("p", "", class_="equity-engine equity-hint", data_engine_status=True),
        form,
        tag("progress", "", max="100", value="0", hidden=True, class_="equity-progress", aria_label="Progreso del cálculo"),
        tag("p", "", class_="equity-status", role="status", aria_live="polite"),
        tag("div", "", class_="equity-result", aria_live="polite"),
        row,
    ]), class_="equity-calc", data_engine="holdem-equity", data_players_max=CALCULATOR_PLAYERS,
        data_players_min=CALCULATOR_SHOWN))
