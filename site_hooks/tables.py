"""MkDocs hook: tables and figures computed by the engine, at build time, from explicit markers.

A page asks for generated content with an HTML comment on a line of its own::

    <!-- engine:uth-blind-table -->
    <!-- engine:uth-example 2 -->

or, for a single figure inside a sentence, inline::

    El crupier no se clasifica en el <!-- engine:figure uth-dealer-fails --> de las manos.

The hook is scoped: a page without ``<!-- engine:`` is returned untouched. Markers inside fenced
code blocks are left alone (so the developer page can show them). An unknown marker, bad arguments,
a block marker used inside a sentence or an inline one on its own line stop the build with a
``PluginError`` that names the file and the line.

Every renderer builds plain data from the engine and turns it into HTML through :func:`table` and
friends, which escape all text. Numbers are written the Spanish way (1.350; 37,5; 0,902 %).

A block marker becomes a placeholder paragraph at the marker's indentation (so it works inside
content tabs and admonitions); ``on_page_content`` swaps the generated HTML in after Markdown has
run, so the HTML is never re-parsed as Markdown. The search index is built later, so it sees the
tables' text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from site_hooks import markers
from site_hooks.html import Cell, Markup, block, esc, join, table, tag
from site_hooks.markers import MarkerError

NBSP = "\u00a0"
MINUS = "\u2212"


@dataclass(frozen=True)
class Tabs:
    """Material content tabs (pymdownx.tabbed), each holding one HTML block: they work without JS."""

    items: tuple[tuple[str, Markup], ...]


# ---------------------------------------------------------------------------------------------
# Spanish number formatting.

def fmt_int(n: int) -> str:
    """``1350 -> "1.350"``, ``-500 -> "−500"`` (minus sign, not a hyphen)."""
    n = int(n)
    digits = f"{abs(n):,}".replace(",", ".")
    return (MINUS if n < 0 else "") + digits


def fmt_signed(n: int) -> str:
    """A net result: ``"+1.350"``, ``"−500"``, ``"0"``."""
    return ("+" if n > 0 else "") + fmt_int(n)


def fmt_decimal(x: float | Fraction, places: int) -> str:
    """``37.5 -> "37,5"`` with ``places`` decimals and thousands points."""
    text = f"{float(x):,.{places}f}"
    return text.replace(",", "\0").replace(".", ",").replace("\0", ".").replace("-", MINUS)


def fmt_pct(x: float | Fraction, places: int = 3) -> str:
    """A fraction as a percentage: ``0.00902 -> "0,902 %"`` (no-break space before %)."""
    return fmt_decimal(x * 100, places) + NBSP + "%"


def fmt_odds(odds: Fraction | tuple[int, int] | int) -> str:
    """Payout odds: ``Fraction(3, 2) -> "3 a 2"``, ``500 -> "500 a 1"``."""
    if isinstance(odds, tuple):
        num, den = odds
    else:
        odds = Fraction(odds)
        num, den = odds.numerator, odds.denominator
    return f"{fmt_int(num)} a {fmt_int(den)}"


# ---------------------------------------------------------------------------------------------
# Cards.

_RANK_SHOWN = {10: "10"}


def card_html(card) -> Markup:
    """``A♥`` with its Spanish name for screen readers; red suits get a class (the symbol stays)."""
    rank = _RANK_SHOWN.get(int(card.rank), card.rank.letter)
    cls = "naipe naipe--rojo" if card.suit.is_red else "naipe"
    return tag("span", f"{rank}{card.suit.symbol}", class_=cls, role="img", aria_label=card.name_es)


def cards_html(cards: Iterable) -> Markup:
    """Several cards kept on one line."""
    return tag("span", Markup(" ".join(card_html(c) for c in cards)), class_="naipes")


def parse(text: str) -> list:
    from engine.cards import parse_cards

    return parse_cards(text)


# ---------------------------------------------------------------------------------------------
# Marker registry and expansion.

REGISTRY = markers.Registry("engine")
MARKERS = REGISTRY.entries
marker = REGISTRY.marker
_PAGES = markers.Stash("la tabla generada", "ENGINETABLESBLOCK")


def render(name: str, args: Sequence[str] = (), *, inline: bool | None = None) -> Markup | Tabs | str:
    """Render one marker: HTML (:class:`Markup`), :class:`Tabs` of HTML, or an inline figure's text.

    :raises MarkerError: unknown marker, wrong placement or bad arguments.
    """
    return REGISTRY.render(name, args, inline=inline)


@dataclass
class Expansion:
    """A page's Markdown with every marker replaced, and the HTML blocks its placeholders stand for."""

    markdown: str
    blocks: dict[str, str]


def expand(markdown: str, src: str = "<página>", *, first_line: int = 1, blocks=None) -> Expansion:
    """Replace every marker in ``markdown``; ``src`` names the file in error messages.

    Block markers become a placeholder paragraph (kept at the marker's indentation, so they work
    inside content tabs and admonitions); their HTML is put back by :func:`fill` once Markdown has
    run, so it is never re-parsed as Markdown. Inline figures are replaced by their (escaped) text.

    :raises MarkerError: with ``src:line`` for the first marker that cannot be rendered.
    """
    blocks = blocks if blocks is not None else markers.PageBlocks(_PAGES.token)

    def replace(found: markers.Marker) -> str:
        rendered = render(found.name, found.args, inline=not found.alone)
        if not found.alone:
            return str(esc(rendered))
        if isinstance(rendered, Tabs):
            body = []
            for title, html in rendered.items:
                body += [f'=== "{title}"', "", "    " + blocks.put(html), ""]
            return "\n".join(body)
        return blocks.put(rendered)

    text = markers.expand(markdown, "engine", replace, src=src, first_line=first_line)
    return Expansion(text, blocks.items)


def fill(html: str, blocks: dict[str, str], src: str = "<página>") -> str:
    """Put each block's HTML where Markdown left its placeholder paragraph.

    :raises MarkerError: if a placeholder did not come out as a paragraph of its own.
    """
    return markers.fill(html, blocks, src, _PAGES.what)


def on_page_markdown(markdown, page, config, files, **kwargs):
    src = markers.source_label(page, config)
    blocks = _PAGES.page(src)
    if not markers.mentions(markdown, "engine"):
        return None
    return expand(markdown, src, first_line=markers.first_line(page, markdown), blocks=blocks).markdown


def on_page_content(html, page, config, files, **kwargs):
    return _PAGES.release(markers.source_label(page, config), html)


# ---------------------------------------------------------------------------------------------
# Helpers shared by renderers.

def no_args(name: str, args: Sequence[str]) -> None:
    if args:
        raise MarkerError(f"«engine:{name}» no lleva argumentos (recibidos: {' '.join(args)}).")


def one_arg(name: str, args: Sequence[str], allowed: Iterable[str]) -> str:
    allowed = list(allowed)
    if len(args) != 1 or args[0] not in allowed:
        raise MarkerError(f"«engine:{name}» lleva un argumento entre: {', '.join(allowed)} (recibidos: {' '.join(args) or 'ninguno'}).")
    return args[0]


# =============================================================================================
# Hand rankings.

#: What each category is, in our words (the engine names it; this only describes it).
CATEGORY_DESCRIPTIONS = {
    "royal_flush": "La escalera más alta posible: del 10 al As, las cinco del mismo palo.",
    "straight_flush": "Cinco valores seguidos, todos del mismo palo.",
    "four_of_a_kind": "Las cuatro cartas de un mismo valor.",
    "full_house": "Tres cartas de un valor y dos de otro.",
    "flush": "Cinco cartas del mismo palo que no van seguidas.",
    "straight": "Cinco valores seguidos de palos mezclados (el As vale arriba, 10-J-Q-K-A, o abajo, A-2-3-4-5).",
    "three_of_a_kind": "Tres cartas del mismo valor y dos sueltas.",
    "two_pair": "Dos parejas de valores distintos y una carta suelta.",
    "pair": "Dos cartas del mismo valor y tres sueltas.",
    "high_card": "Ninguna combinación: cuenta la carta más alta, después la siguiente, y así.",
}

#: One example hand per category (the engine evaluates it; tests check the category).
CATEGORY_EXAMPLES = {
    "royal_flush": "Ah Kh Qh Jh Th",
    "straight_flush": "9s 8s 7s 6s 5s",
    "four_of_a_kind": "Qs Qh Qd Qc 4h",
    "full_house": "Kd Kc Ks 8h 8c",
    "flush": "Ad Jd 9d 6d 3d",
    "straight": "Tc 9d 8h 7s 6c",
    "three_of_a_kind": "7h 7d 7c Kc 2s",
    "two_pair": "Js Jd 5h 5c Ad",
    "pair": "9c 9h Ks 6d 3h",
    "high_card": "As Qd 9h 6c 3s",
}

#: Mata Ases splits the pair: a pair of Aces is the minimum to collect, any other pair is not.
MATA_ASES_PAIRS = (
    ("aces", "Par de Ases", "Dos Ases y tres cartas sueltas: es lo mínimo para cobrar.", "Ac As Kh 8d 4c"),
    ("other", "Otro par", "Cualquier par más bajo, como el de Reyes: no alcanza.", "Kc Kd Qh 8s 4d"),
)


def ranking_rows(vocabulary: str) -> list[dict]:
    """The ranking as plain data, best first: id, name, description, example cards, engine value.

    ``vocabulary`` is ``"mx"`` (Mata Ases: pair split at the Aces) or ``"es"``.
    """
    from engine.evaluation import CATEGORIES, category_name_es, category_name_mx, evaluate

    name_of = category_name_mx if vocabulary == "mx" else category_name_es
    rows = []
    for category in CATEGORIES:
        if vocabulary == "mx" and category == "pair":
            for key, name, description, example in MATA_ASES_PAIRS:
                cards = parse(example)
                rows.append({"id": f"pair_{key}", "category": category, "name": name,
                             "description": description, "cards": cards, "value": evaluate(cards)})
            continue
        cards = parse(CATEGORY_EXAMPLES[category])
        rows.append({"id": category, "category": category, "name": name_of(category),
                     "description": CATEGORY_DESCRIPTIONS[category], "cards": cards,
                     "value": evaluate(cards)})
    return rows


@marker("ranking-mx", "Ranking de Mata Ases con la línea del par de Ases.")
def render_ranking_mx(args: list[str]) -> str:
    from engine.games.mata_ases import kills_aces

    no_args("ranking-mx", args)
    rows, classes = [], []
    for row in ranking_rows("mx"):
        kills = kills_aces(row["value"])
        name: object = row["name"]
        if row["id"] == "pair_aces":
            name = join([tag("strong", row["name"]), Markup(" "),
                         tag("span", "Mínimo para cobrar", class_="rules-badge")])
        verdict = Cell("Sí" if kills else "No alcanza", value="si" if kills else "no",
                       cls="rules-yes" if kills else "rules-no")
        rows.append([Cell(name, header=True, value=row["id"]), row["description"],
                     cards_html(row["value"].cards), verdict])
        classes.append("rules-minimum" if row["id"] == "pair_aces" else None)
    return block(table(["Jugada", "Qué es", "Ejemplo", "¿Mata los Ases?"], rows, name="ranking-mx",
                       caption="De la mejor a la peor. La línea marcada es el mínimo para cobrar.",
                       row_classes=classes))


@marker("ranking-es", "Ranking de manos (vocabulario de España) con cuántas manos de 5 cartas hay de cada una.")
def render_ranking_es(args: list[str]) -> str:
    no_args("ranking-es", args)
    counts = five_card_counts()
    total = sum(counts.values())
    rows = []
    for row in ranking_rows("es"):
        count = counts[row["category"]]
        rows.append([Cell(row["name"], header=True, value=row["id"]), row["description"],
                     cards_html(row["value"].cards),
                     Cell(fmt_int(count), value=count, cls="rules-num"),
                     Cell(fmt_pct(Fraction(count, total), 4), cls="rules-num")])
    caption = (f"De la mejor a la peor. Las dos últimas columnas cuentan las {fmt_int(total)} manos "
               "distintas de cinco cartas de una baraja de 52.")
    return block(table(["Jugada", "Qué es", "Ejemplo", "Manos posibles", "Probabilidad"], rows,
                       name="ranking-es", caption=caption))


@marker("frequencies-7", "Cuántas combinaciones de 7 cartas dan cada jugada como mejor mano de cinco.")
def render_frequencies_7(args: list[str]) -> str:
    from engine.evaluation import CATEGORIES

    no_args("frequencies-7", args)
    counts = seven_card_counts()
    total = sum(counts.values())
    rows = []
    for category in CATEGORIES:
        count = counts[category]
        rows.append([Cell(_es(category), header=True, value=category),
                     Cell(fmt_int(count), value=count, cls="rules-num"),
                     Cell(fmt_pct(Fraction(count, total), 3), cls="rules-num"),
                     Cell(fmt_one_in(Fraction(total, count)), cls="rules-num")])
    rows.append([Cell("Total", header=True), Cell(fmt_int(total), value=total, cls="rules-num"),
                 Cell(fmt_pct(1, 0), cls="rules-num"), ""])
    return block(table(["Mejor jugada con 7 cartas", "Combinaciones", "Probabilidad", "Más o menos, una de cada"],
                       rows, name="frequencies-7",
                       caption=f"Las {fmt_int(total)} combinaciones de 7 cartas de una baraja de 52."))


def fmt_one_in(ratio: Fraction) -> str:
    """``Fraction(30940, 1) -> "30.940"``; small ratios keep one decimal (``2,3``)."""
    if ratio >= 100:
        return fmt_int(round(ratio))
    return fmt_decimal(ratio, 1)


def five_card_counts() -> dict[str, int]:
    from engine import stats

    return stats.category_counts(5)


def seven_card_counts() -> dict[str, int]:
    from engine import stats

    return stats.category_counts(7)


def trips_house_edge(table: str) -> Fraction:
    from engine import stats

    return Fraction(stats.trips_house_edge(table))


def dealer_fails_rate() -> Fraction:
    from engine import stats

    return Fraction(stats.dealer_nonqualification_rate())


# =============================================================================================
# Mata Ases.

#: Own cards and ayudas showing how a play is formed (the engine picks the best legal play).
MATA_ASES_FORMATION = (
    ("Una ayuda mejora la mano", "As Ah Kd 7c 2s", "Kh 9d 3c"),
    ("Dos ayudas servirían, pero solo vale una", "Qs Qd 8c 5h 2c", "Qh 8d 8s"),
    ("Las cinco propias bastan", "9s 9h 9d 4c 4s", "Ac Kc 2d"),
    ("Nadie mata los Ases con esto", "Ks Kh 8d 6c 3s", "Qc Jd 4h"),
)


def mata_ases_formation_rows() -> list[dict]:
    from engine.games.mata_ases import best_play

    rows = []
    for title, own, ayudas in MATA_ASES_FORMATION:
        own_cards, ayuda_cards = parse(own), parse(ayudas)
        rows.append({"title": title, "own": own_cards, "ayudas": ayuda_cards,
                     "play": best_play(own_cards, ayuda_cards)})
    return rows


@marker("mata-ases-formation", "Ejemplos de jugada: cinco propias, o cuatro propias y una sola ayuda.")
def render_mata_ases_formation(args: list[str]) -> str:
    no_args("mata-ases-formation", args)
    rows = []
    for row in mata_ases_formation_rows():
        play = row["play"]
        used = (join([card_html(play.ayuda), " (", play.ayuda.name_es, ")"]) if play.ayuda
                else "Ninguna: las cinco propias")
        rows.append([Cell(row["title"], header=True), cards_html(row["own"]), cards_html(row["ayudas"]),
                     Cell(join([tag("strong", play.name), tag("br"), cards_html(play.cards)]), value=play.category),
                     Cell(used, value=str(play.ayuda) if play.ayuda else "-"),
                     Cell("Sí" if play.kills_aces else "No", value="si" if play.kills_aces else "no",
                          cls="rules-yes" if play.kills_aces else "rules-no")])
    return block(table(["Caso", "Cartas propias", "Ayudas", "Mejor jugada", "Ayuda usada", "¿Mata los Ases?"],
                       rows, name="mata-ases-formation",
                       caption="El motor prueba las cinco propias y cada ayuda por separado, nunca dos a la vez."))


#: Open cards after the initial deal, the same for both modalities so they can be compared.
MATA_ASES_OPEN_CARDS = (("Ana", "Kh"), ("Beto", "4c"), ("Carla", "Ks"), ("Tú", "4d"))


@marker("mata-ases-opener", "Quién abre la primera ronda según la modalidad (ante | bring-in).")
def render_mata_ases_opener(args: list[str]) -> str:
    from engine.games.mata_ases import player_with_highest_open, player_with_lowest_open

    mode = one_arg("mata-ases-opener", args, ("ante", "bring-in"))
    open_cards = {name: parse(card)[0] for name, card in MATA_ASES_OPEN_CARDS}
    if mode == "ante":
        chosen = player_with_highest_open(open_cards)
        role = "Habla primero"
        note = "la carta abierta más alta; entre dos Reyes desempata el palo, y picas va antes que corazones"
    else:
        chosen = player_with_lowest_open(open_cards)
        role = "Pone el Bring In"
        note = "la carta abierta más baja; entre dos cuatros desempata el palo, y tréboles es el más bajo"
    rows = []
    for name, card in open_cards.items():
        mark = role if name == chosen else ""
        rows.append([Cell(name, header=True), join([card_html(card), " (", card.name_es, ")"]),
                     Cell(mark, value="x" if mark else "", cls="rules-yes" if mark else None)])
    return block(table(["Jugador", "Carta abierta", "Primera ronda"], rows, name=f"mata-ases-opener-{mode}",
                       caption=f"{role}: {chosen}, con {note}."))


#: Open cards after the fourth card (three open each) and the three open ayudas.
MATA_ASES_VISIBLE = {
    "ayudas": "Qc 7d 2h",
    "players": (("Ana", "Qs 9h 4c"), ("Beto", "7s 7c Kd"), ("Tú", "As Kh 5d")),
}


def mata_ases_visible_rows() -> tuple[list, list[dict]]:
    from engine.games.mata_ases import visible_value

    ayudas = parse(MATA_ASES_VISIBLE["ayudas"])
    rows = []
    for name, cards in MATA_ASES_VISIBLE["players"]:
        own = parse(cards)
        rows.append({"name": name, "open": own, "visible": visible_value(own, ayudas)})
    return ayudas, rows


@marker("mata-ases-visible", "Quién habla primero desde la segunda ronda: la mejor jugada a la vista.")
def render_mata_ases_visible(args: list[str]) -> str:
    no_args("mata-ases-visible", args)
    ayudas, data = mata_ases_visible_rows()
    first = max(data, key=lambda r: r["visible"])["name"]
    rows = []
    for row in data:
        visible = row["visible"]
        with_ayuda = join([card_html(visible.ayuda), " (", visible.ayuda.name_es, ")"]) if visible.ayuda else "Ninguna"
        mark = "Habla primero" if row["name"] == first else ""
        rows.append([Cell(row["name"], header=True), cards_html(row["open"]), with_ayuda,
                     Cell(visible.name, value=visible.category),
                     Cell(mark, value="x" if mark else "", cls="rules-yes" if mark else None)])
    caption = join(["Ejemplo tras la cuarta carta; ayudas abiertas: ", cards_html(ayudas), "."])
    return block(table(["Jugador", "Cartas abiertas", "Ayuda que cuenta", "Jugada a la vista", "Cuarta ronda"],
                       rows, name="mata-ases-visible", caption=caption))


@marker("figure", "Una cifra calculada por el motor, dentro de una frase.", inline=True)
def render_figure(args: list[str]) -> str:
    name = one_arg("figure", args, FIGURES)
    return FIGURES[name]()


def _mata_ases_cards_used() -> str:
    from engine.games.mata_ases import MAX_PLAYERS

    return fmt_int(MAX_PLAYERS * 5 + 3)


def _mata_ases_max_players() -> str:
    from engine.games.mata_ases import MAX_PLAYERS

    return fmt_int(MAX_PLAYERS)


def _dealer_fails() -> str:
    return fmt_pct(dealer_fails_rate(), 2)


def _seven_card_total() -> str:
    return fmt_int(sum(seven_card_counts().values()))


def _five_card_total() -> str:
    return fmt_int(sum(five_card_counts().values()))


#: Inline figures: name -> function returning the formatted text.
FIGURES: dict[str, Callable[[], str]] = {
    "mata-ases-max-players": _mata_ases_max_players,
    "mata-ases-cards-used": _mata_ases_cards_used,
    "uth-dealer-fails": _dealer_fails,
    "seven-card-total": _seven_card_total,
    "five-card-total": _five_card_total,
}


# =============================================================================================
# Ultimate Texas Hold'em.

def fmt_amount(value) -> str:
    """An exact chip amount: ``Fraction(75, 2) -> "37,5"``, ``1350 -> "1.350"``."""
    value = Fraction(value)
    if value.denominator == 1:
        return fmt_int(int(value))
    places = 1 if (value * 10).denominator == 1 else 2
    return fmt_decimal(value, places)


def fmt_net(value) -> str:
    """A net result: ``"+1.350"``, ``"−500"``, ``"+37,5"``, ``"0"``."""
    value = Fraction(value)
    return ("+" if value > 0 else "") + fmt_amount(value)


def _es(category: str) -> str:
    from engine.evaluation import category_name_es

    return category_name_es(category)


def uth_blind_rows(unit: int) -> list[dict]:
    """The Blind pay table as data: category, odds (None = push), net win for a Blind of ``unit``."""
    from engine.evaluation import CATEGORIES
    from engine.games.ultimate import BLIND_TABLE

    rows = [{"category": c, "odds": Fraction(BLIND_TABLE[c]), "win": unit * Fraction(BLIND_TABLE[c])}
            for c in CATEGORIES if c in BLIND_TABLE]
    lowest = _es(rows[-1]["category"]).lower()
    rows.append({"category": None, "label": f"Menos que {lowest}", "odds": None, "win": Fraction(0)})
    return rows


def uth_trips_rows(unit: int, table: str | None = None) -> list[dict]:
    """A Trips pay table as data: category, odds (None = loses), net result for a Trips of ``unit``."""
    from engine.evaluation import CATEGORIES
    from engine.games.ultimate import DEFAULT_TRIPS_TABLE, TRIPS_TABLES

    pays = TRIPS_TABLES[table or DEFAULT_TRIPS_TABLE]
    rows = [{"category": c, "odds": Fraction(pays[c]), "win": unit * Fraction(pays[c])}
            for c in CATEGORIES if c in pays]
    lowest = _es(rows[-1]["category"]).lower()
    rows.append({"category": None, "label": f"Menos que {lowest}", "odds": None, "win": Fraction(-unit)})
    return rows


def _pay_table(rows: list[dict], *, name: str, bet: str, unit: int, otherwise: str, caption: object = None) -> Markup:
    body = []
    for row in rows:
        label = _es(row["category"]) if row["category"] else row["label"]
        odds = fmt_odds(row["odds"]) if row["odds"] is not None else otherwise
        body.append([Cell(label, header=True, value=row["category"] or "-"),
                     Cell(odds, value=row["odds"] if row["odds"] is not None else "-"),
                     Cell(fmt_net(row["win"]), value=row["win"], cls="rules-num")])
    return table(["Mano del jugador", "Paga", f"Resultado con {bet} {fmt_int(unit)}"], body, name=name,
                 caption=caption)


@marker("uth-blind-table", "Tabla de pagos del Blind (con el resultado de un Blind de 100).")
def render_uth_blind_table(args: list[str]) -> str:
    no_args("uth-blind-table", args)
    return block(_pay_table(uth_blind_rows(100), name="uth-blind", bet="Blind", unit=100,
                            otherwise="Empate (se devuelve)",
                            caption="Solo cuando el jugador gana al crupier. Si pierde, el Blind se pierde."))


@marker("uth-trips-table", "Tabla de pagos de Trips del sitio (con el resultado de un Trips de 100).")
def render_uth_trips_table(args: list[str]) -> str:
    from engine.games.ultimate import DEFAULT_TRIPS_TABLE

    no_args("uth-trips-table", args)
    return block(_pay_table(uth_trips_rows(100), name="uth-trips", bet="Trips", unit=100, otherwise="Pierde",
                            caption=f"Tabla {DEFAULT_TRIPS_TABLE}, la que usa este sitio. Se cobra gane quien gane."))


def uth_trips_variants() -> list[dict]:
    """Every Trips table with its house edge as computed by the engine, best for the player first."""
    from engine.games.ultimate import DEFAULT_TRIPS_TABLE, TRIPS_TABLES

    out = [{"name": name, "pays": pays, "edge": trips_house_edge(name), "default": name == DEFAULT_TRIPS_TABLE}
           for name, pays in TRIPS_TABLES.items()]
    return sorted(out, key=lambda v: v["edge"])


@marker("uth-trips-tables", "Las tablas de Trips de cada variante y su ventaja de la casa (calculada).")
def render_uth_trips_tables(args: list[str]) -> str:
    from engine.evaluation import CATEGORIES

    no_args("uth-trips-tables", args)
    variants = uth_trips_variants()
    categories = [c for c in CATEGORIES if any(c in v["pays"] for v in variants)]
    headers = ["Mano del jugador"] + [
        join([v["name"], tag("br"), "(este sitio)"]) if v["default"] else v["name"] for v in variants]
    rows = []
    for c in categories:
        rows.append([Cell(_es(c), header=True, value=c)] + [
            Cell(fmt_odds(v["pays"][c]) if c in v["pays"] else "Pierde", value=v["pays"].get(c, "-"))
            for v in variants])
    lowest = _es(categories[-1]).lower()
    rows.append([Cell(f"Menos que {lowest}", header=True, value="-")] + [Cell("Pierde", value="-") for _ in variants])
    rows.append([Cell("Ventaja de la casa", header=True, value="edge")] + [
        Cell(tag("strong", fmt_pct(v["edge"], 3)), value=v["name"], cls="rules-num") for v in variants])
    caption = ("Cada columna es una tabla de Trips; su nombre lista los pagos de escalera real a trío. "
               "Ordenadas de la más favorable para el jugador a la menos.")
    return block(table(headers, rows, name="uth-trips-variants", caption=caption))


#: One hand per settlement case (player, dealer, board); the engine settles each with bets of 100.
UTH_SETTLEMENT_CASES = (
    ("Gana el jugador y el crupier se clasifica", "As Ad", "Kc Kd", "9h 7c 4s 3d 2h", 1),
    ("Gana el jugador y el crupier no se clasifica", "Qs Qd", "Ac 8d", "9c 6h 3s 2d Jc", 1),
    ("Empate", "Kd 2h", "Qc 3d", "9c 8d 7h 6s 5c", 1),
    ("Gana el crupier y se clasifica", "9s 9h", "Kd Kc", "Ah 7c 4d 3s 2c", 1),
    ("Gana el crupier sin clasificarse", "Qh Jd", "Ah Kd", "9c 7s 4d 3h 2c", 1),
    ("El jugador se retira", "7s 2d", "Ah Kd", "9c 7c 4d 3h Jc", 0),
)


def uth_settle(*, ante: int, play: int, trips: int, player: str, dealer: str, board: str,
               trips_table: str | None = None) -> tuple[dict, object]:
    """Settle through the protocol (as the browser does) and through the module (for the hands).

    :raises MarkerError: if the protocol answers with an error or the two disagree.
    """
    from engine.games.ultimate import DEFAULT_TRIPS_TABLE, settle
    from engine.protocol import answer

    request = {"ante": ante, "trips": trips, "play": play, "player": player.split(),
               "dealer": dealer.split(), "board": board.split(),
               "trips_table": trips_table or DEFAULT_TRIPS_TABLE}
    reply = answer("uth-settle", request)
    if "error" in reply:
        raise MarkerError(f"el motor rechazó la mano {request}: {reply['error']}")
    result = settle(ante=ante, play=play, trips=trips, player=parse(player), dealer=parse(dealer),
                    board=parse(board), trips_table=request["trips_table"])
    for key in ("ante", "blind", "play", "trips", "total"):
        if Fraction(reply[key]) != getattr(result, key):
            raise MarkerError(f"uth-settle y ultimate.settle no coinciden en «{key}»: {reply[key]} ≠ {getattr(result, key)}")
    return reply, result


def _ratio_text(net, bet: int) -> tuple[str, str]:
    """How a bet ended, said at the table: ("1 a 1", "gana"), ("Empate", "empate"), ("Pierde", "pierde")."""
    ratio = Fraction(net) / bet
    if ratio > 0:
        return fmt_odds(ratio), "gana"
    if ratio == 0:
        return "Empate (se devuelve)", "empate"
    if ratio == -1:
        return "Pierde", "pierde"
    raise MarkerError(f"resultado inesperado: {net} con una apuesta de {bet}")


def uth_settlement_rows() -> list[dict]:
    """The settlement table as data, each row computed by settling a real hand."""
    from engine.games.ultimate import blind_odds

    rows = []
    for label, player, dealer, board, play in UTH_SETTLEMENT_CASES:
        reply, result = uth_settle(ante=100, play=100 * play, trips=0, player=player, dealer=dealer, board=board)
        ante = _ratio_text(reply["ante"], 100)
        play_text = _ratio_text(reply["play"], 100) if play else ("—", "sin apuesta")
        if result.outcome == "win":
            odds = blind_odds(result.player.category)
            expected = 100 * Fraction(odds) if odds is not None else Fraction(0)
            if Fraction(reply["blind"]) != expected:
                raise MarkerError(f"el Blind de «{label}» no sigue la tabla del Blind: {reply['blind']}")
            blind = ("Según la tabla del Blind", "tabla")
        else:
            blind = _ratio_text(reply["blind"], 100)
        rows.append({"label": label, "outcome": result.outcome, "qualifies": result.dealer_qualifies,
                     "ante": ante, "play": play_text, "blind": blind, "reply": reply,
                     "player": player, "dealer": dealer, "board": board})
    return rows


@marker("uth-settlement-table", "Tabla de liquidación de Ante, Play y Blind, calculada mano a mano.")
def render_uth_settlement_table(args: list[str]) -> str:
    no_args("uth-settlement-table", args)
    body = []
    for row in uth_settlement_rows():
        body.append([Cell(row["label"], header=True, value=row["outcome"])]
                    + [Cell(row[k][0], value=row[k][1]) for k in ("ante", "play", "blind")])
    return block(table(["Resultado", "Ante", "Play", "Blind"], body, name="uth-settlement",
                       caption="«1 a 1» significa que cobras lo mismo que apostaste. "
                               "«Empate» significa que la apuesta se te devuelve."))


#: The four worked examples of seed 003, with cards chosen to fit each description.
UTH_EXAMPLES = {
    1: {"ante": 100, "trips": 100, "play": 400, "when": "antes del flop",
        "player": "Ah 9h", "dealer": "Ks 5d", "board": "Kh 7h 4h 2c Jd"},
    2: {"ante": 100, "trips": 0, "play": 200, "when": "después del flop",
        "player": "Qs Qd", "dealer": "Ac 8d", "board": "9c 6h 3s 2d Jc"},
    3: {"ante": 100, "trips": 0, "play": 300, "when": "antes del flop",
        "player": "9s 9h", "dealer": "Kd Kc", "board": "Ah 7c 4d 3s 2c"},
    4: {"ante": 100, "trips": 100, "play": 100, "when": "en el river",
        "player": "Kd 2h", "dealer": "Qc 3d", "board": "9c 8d 7h 6s 5c"},
}


def uth_example(number: int) -> dict:
    """One worked example as data: the bets, the cards, the engine's settlement and the reasons."""
    from engine.games.ultimate import DEFAULT_TRIPS_TABLE, blind_odds, trips_odds

    ex = UTH_EXAMPLES[number]
    reply, result = uth_settle(ante=ex["ante"], play=ex["play"], trips=ex["trips"], player=ex["player"],
                               dealer=ex["dealer"], board=ex["board"])
    from engine.evaluation import name_es

    player_name, dealer_name = name_es(result.player), name_es(result.dealer)
    cat = result.player.category
    reasons = {}
    if result.outcome == "win":
        reasons["ante"] = "Gana 1 a 1" if result.dealer_qualifies else "Se devuelve: el crupier no se clasifica"
        odds = blind_odds(cat)
        reasons["blind"] = (f"{_es(cat)}: paga {fmt_odds(odds)}" if odds is not None
                            else f"Empate: gana con {_es(cat).lower()}, que no llega a escalera")
        reasons["play"] = "Gana 1 a 1"
    elif result.outcome == "tie":
        reasons["ante"] = reasons["blind"] = reasons["play"] = "Empate: se devuelve"
    elif result.outcome == "lose":
        reasons["ante"] = "Pierde" if result.dealer_qualifies else "Se devuelve: el crupier no se clasifica"
        reasons["blind"] = reasons["play"] = "Pierde"
    else:
        reasons["ante"] = reasons["blind"] = "Pierde: el jugador se retira"
        reasons["play"] = "Sin apuesta"
    if ex["trips"]:
        odds = trips_odds(cat, DEFAULT_TRIPS_TABLE)
        reasons["trips"] = f"{_es(cat)}: paga {fmt_odds(odds)}" if odds is not None else "Pierde: menos que trío"
    return {"number": number, **ex, "reply": reply, "result": result, "player_name": player_name,
            "dealer_name": dealer_name, "reasons": reasons}


@marker("uth-example", "Un ejemplo resuelto de Ultimate Texas Hold'em (1 a 4), liquidado por el motor.")
def render_uth_example(args: list[str]) -> str:
    number = one_arg("uth-example", args, [str(n) for n in UTH_EXAMPLES])
    ex = uth_example(int(number))
    result, reply = ex["result"], ex["reply"]
    multiple = ex["play"] // ex["ante"]
    bets = [f"Ante {fmt_int(ex['ante'])}", f"Blind {fmt_int(ex['ante'])}"]
    if ex["trips"]:
        bets.append(f"Trips {fmt_int(ex['trips'])}")
    bets.append(f"Play {multiple}x = {fmt_int(ex['play'])} ({ex['when']})")
    qualifies = "se clasifica" if result.dealer_qualifies else "no se clasifica"
    verdict = {"win": "Gana el jugador.", "tie": "Empate.", "lose": "Gana el crupier.",
               "fold": "El jugador se retira."}[result.outcome]
    hands = table(
        ["", "Cartas", "Mejor mano"],
        [[Cell("Jugador", header=True), cards_html(parse(ex["player"])),
          Cell(join([ex["player_name"], ": ", cards_html(result.player.cards)]), value=result.player.category)],
         [Cell("Crupier", header=True), cards_html(parse(ex["dealer"])),
          Cell(join([ex["dealer_name"], f" ({qualifies}): ", cards_html(result.dealer.cards)]),
               value=result.dealer.category)],
         [Cell("Mesa", header=True), cards_html(parse(ex["board"])), ""]],
        name=f"uth-example-{number}-hands", caption="Apuestas: " + ", ".join(bets) + ".")
    rows = []
    stakes = {"ante": ex["ante"], "blind": ex["ante"], "play": ex["play"], "trips": ex["trips"]}
    for key, label in (("ante", "Ante"), ("blind", "Blind"), ("play", "Play"), ("trips", "Trips")):
        if key == "trips" and not ex["trips"]:
            continue
        rows.append([Cell(label, header=True), Cell(fmt_int(stakes[key]), cls="rules-num"),
                     ex["reasons"][key], Cell(fmt_net(reply[key]), value=reply[key], cls="rules-num rules-net")])
    rows.append([Cell("Total", header=True), Cell(fmt_int(sum(stakes.values())), cls="rules-num"), verdict,
                 Cell(fmt_net(reply["total"]), value=reply["total"], cls="rules-num rules-net")])
    nets = table(["Apuesta", "Apostado", "Por qué", "Resultado"], rows, name=f"uth-example-{number}",
                 caption="El resultado es lo que ganas (+) o pierdes (−), sin contar la apuesta que recuperas.")
    return block(hands, nets)


#: Units for the cheat sheet tabs.
CHEAT_SHEET_UNITS = (5, 10, 25, 100)


def uth_play_rows(unit: int) -> list[dict]:
    from engine.games.ultimate import PLAY_MULTIPLES

    when = {4: "Antes del flop", 3: "Antes del flop", 2: "Después del flop", 1: "En el river"}
    return [{"multiple": k, "when": when[k], "bet": unit * k} for k in sorted(PLAY_MULTIPLES, reverse=True)]


@marker("uth-cheat-sheet", "Chuleta de pagos para Ante de 5, 10, 25 y 100, en pestañas.")
def render_uth_cheat_sheet(args: list[str]) -> str:
    no_args("uth-cheat-sheet", args)
    items = []
    for unit in CHEAT_SHEET_UNITS:
        blind = _pay_table(uth_blind_rows(unit), name=f"uth-cheat-blind-{unit}", bet="Blind", unit=unit,
                           otherwise="Empate (se devuelve)", caption=f"Blind {fmt_int(unit)}, si ganas al crupier")
        trips = _pay_table(uth_trips_rows(unit), name=f"uth-cheat-trips-{unit}", bet="Trips", unit=unit,
                           otherwise="Pierde", caption=f"Trips {fmt_int(unit)}")
        play = table(["Cuándo", "Play", "Si ganas"],
                     [[Cell(r["when"], header=True), f"{r['multiple']}x = {fmt_int(r['bet'])}",
                       Cell(fmt_net(r["bet"]), value=r["bet"], cls="rules-num")] for r in uth_play_rows(unit)],
                     name=f"uth-cheat-play-{unit}",
                     caption=f"Ante {fmt_int(unit)}: si ganas y el crupier se clasifica, el Ante cobra "
                             f"{fmt_net(unit)}; el Play cobra 1 a 1")
        items.append((f"Unidad {fmt_int(unit)}", block(Markup('<div class="rules-sheet">'), blind, trips, play,
                                                       Markup("</div>"))))
    return Tabs(tuple(items))


# =============================================================================================
# Texas Hold'em.

POSITION_NAMES = {
    "D": "Dealer (botón)", "SB": "ciega pequeña", "BB": "ciega grande", "HJ": "Hijack", "CO": "Cut Off",
    "D/SB": "Dealer y ciega pequeña",
}


def _position_title(code: str) -> str:
    if code.startswith("UTG"):
        return "Under The Gun" + (f" {code[3:]}" if code[3:] else "")
    return POSITION_NAMES[code]


def position_html(code: str) -> Markup:
    return tag("abbr", code, title=_position_title(code))


def holdem_position_rows(first: int, last: int) -> list[dict]:
    from engine.games.holdem import positions, postflop_order, preflop_order

    rows = []
    for n in range(first, last + 1):
        names = positions(n)
        rows.append({"players": n, "seats": names,
                     "preflop": [names[s] for s in preflop_order(n)],
                     "postflop": [names[s] for s in postflop_order(n)]})
    return rows


@marker("holdem-positions", "Posiciones de Texas Hold'em por número de jugadores (2, 3-6, 7-10...).")
def render_holdem_positions(args: list[str]) -> str:
    from engine.games.holdem import MAX_PLAYERS, MIN_PLAYERS

    if len(args) != 1 or not re.fullmatch(r"\d+(-\d+)?", args[0]):
        raise MarkerError("«engine:holdem-positions» lleva un número de jugadores o un rango, como «2» o «3-6».")
    first, _, last = args[0].partition("-")
    first, last = int(first), int(last or first)
    if not MIN_PLAYERS <= first <= last <= MAX_PLAYERS:
        raise MarkerError(f"«engine:holdem-positions»: de {MIN_PLAYERS} a {MAX_PLAYERS} jugadores (recibido {args[0]}).")
    body = []
    for row in holdem_position_rows(first, last):
        arrow = Markup(" → ")
        body.append([Cell(fmt_int(row["players"]), header=True, value=row["players"]),
                     Cell(join((position_html(c) for c in row["seats"]), ", "), value=" ".join(row["seats"])),
                     Cell(join((position_html(c) for c in row["preflop"]), arrow), value=" ".join(row["preflop"])),
                     Cell(join((position_html(c) for c in row["postflop"]), arrow), value=" ".join(row["postflop"]))])
    return block(table(["Jugadores", "Asientos desde el botón", "Orden antes del flop", "Orden en flop, turn y river"],
                       body, name=f"holdem-positions-{args[0]}",
                       caption="Los asientos siguen el sentido de las agujas del reloj. Cada orden empieza por "
                               "quien habla primero."))


#: Seed 004's side-pot example: blinds 10/20, what each player put in, in seat order, and who folded.
HOLDEM_SIDE_POT = {
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


def holdem_side_pot_data() -> dict:
    """The example's pots from the engine (``holdem-pots``) and where each pot's chips come from."""
    from engine.protocol import answer

    bets = {name: chips for name, _, chips, _ in HOLDEM_SIDE_POT["actions"]}
    folded = [name for name, _, _, out in HOLDEM_SIDE_POT["actions"] if out]
    reply = answer("holdem-pots", {"bets": bets, "folded": folded})
    if "error" in reply:
        raise MarkerError(f"el motor rechazó el ejemplo de botes: {reply['error']}")
    pots, floor = [], 0
    live_levels = sorted({bets[n] for n in bets if n not in folded and bets[n] > 0})
    for pot, level in zip(reply["pots"], live_levels):
        parts = {n: min(b, level) - floor for n, b in bets.items() if b > floor}
        if sum(parts.values()) != pot["amount"]:
            raise MarkerError(f"el bote de {pot['amount']} no cuadra con lo apostado: {parts}")
        pots.append({**pot, "parts": parts})
        floor = level
    return {"bets": bets, "folded": folded, "pots": pots}


@marker("holdem-side-pot-example", "El ejemplo de botes secundarios del reglamento, calculado por el motor.")
def render_holdem_side_pot_example(args: list[str]) -> str:
    no_args("holdem-side-pot-example", args)
    data = holdem_side_pot_data()
    actions = table(["Jugador", "Qué hace", "Fichas que pone"],
                    [[Cell(position_html(n), header=True), text, Cell(fmt_int(chips), cls="rules-num")]
                     for n, text, chips, _ in HOLDEM_SIDE_POT["actions"]],
                    name="holdem-side-pot-actions", caption="La acción, en el orden en que se habla antes del flop.")
    ordinal = ["Bote principal", "Bote secundario", "Bote terciario", "Cuarto bote", "Quinto bote"]
    rows = []
    for i, pot in enumerate(data["pots"]):
        groups: dict[int, list[str]] = {}
        for name, chips in pot["parts"].items():
            groups.setdefault(chips, []).append(name)
        origin = join((join([join((position_html(n) for n in names), ", "), f": {fmt_int(chips)}"
                             + (" cada uno" if len(names) > 1 else "")])
                       for chips, names in sorted(groups.items(), reverse=True)), "; ")
        rows.append([Cell(ordinal[i] if i < len(ordinal) else f"Bote {i + 1}", header=True),
                     Cell(fmt_int(pot["amount"]), value=pot["amount"], cls="rules-num"),
                     Cell(join((position_html(n) for n in pot["eligible"]), ", "), value=" ".join(pot["eligible"])),
                     origin])
    total = sum(p["amount"] for p in data["pots"])
    rows.append([Cell("Total", header=True), Cell(fmt_int(total), value=total, cls="rules-num"), "", ""])
    pots = table(["Bote", "Fichas", "Quién puede ganarlo", "De dónde salen las fichas"], rows,
                 name="holdem-side-pots",
                 caption="Los jugadores que se retiraron dejan sus fichas en los botes, pero no pueden ganar ninguno.")
    return block(actions, pots)
