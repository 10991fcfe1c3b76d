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
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from mkdocs.exceptions import PluginError

MARKER_PREFIX = "<!-- engine:"
MARKER_RE = re.compile(r"<!-- engine:(?P<name>[^\s>]*)(?P<args>[^>]*?)\s*-->")
MARKER_START_RE = re.compile(re.escape(MARKER_PREFIX))
FENCE_RE = re.compile(r"^[ \t]*(```|~~~)")
NBSP = "\u00a0"
MINUS = "\u2212"


class MarkerError(Exception):
    """A marker cannot be rendered; the message (Spanish) explains why, without the location."""


# ---------------------------------------------------------------------------------------------
# Safe HTML: text is escaped unless it is already Markup built by these helpers.

VOID_ELEMENTS = frozenset({"br", "hr", "img", "input", "wbr"})


class Markup(str):
    """A string of HTML that is already safe (built from escaped parts)."""


def esc(value: object) -> Markup:
    """``value`` as safe HTML: Markup passes through, anything else is escaped."""
    if isinstance(value, Markup):
        return value
    return Markup(html.escape(str(value), quote=True))


def tag(name: str, content: object = "", **attrs: object) -> Markup:
    """``<name attr="...">content</name>``; attribute names use ``_`` for ``-``; None drops one."""
    parts = [name]
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        key = key.rstrip("_").replace("_", "-")
        parts.append(key if value is True else f'{key}="{esc(value)}"')
    if name in VOID_ELEMENTS:
        return Markup(f"<{' '.join(parts)}>")
    return Markup(f"<{' '.join(parts)}>{esc(content)}</{name}>")


def join(parts: Iterable[object], sep: str = "") -> Markup:
    return Markup(esc(sep).join(esc(p) for p in parts))


@dataclass(frozen=True)
class Cell:
    """A table cell with options: header cell (``th``), a CSS class, a data value for tests."""

    content: object
    header: bool = False
    cls: str | None = None
    value: object = None


def table(headers: Sequence[object], rows: Sequence[Sequence[object]], *, name: str,
          caption: object = None, row_classes: Sequence[str | None] | None = None,
          first_column_header: bool = True) -> Markup:
    """An HTML table (no class, so Material styles it) marked ``data-engine-table="name"``.

    Cells are escaped; the first cell of each row is a row header unless told otherwise.
    """
    out = [f'<table data-engine-table="{esc(name)}">']
    if caption is not None:
        out.append(str(tag("caption", caption)))
    out.append("<thead><tr>" + "".join(tag("th", h, scope="col") for h in headers) + "</tr></thead>")
    out.append("<tbody>")
    for i, row in enumerate(rows):
        cls = row_classes[i] if row_classes else None
        cells = []
        for j, cell in enumerate(row):
            if not isinstance(cell, Cell):
                cell = Cell(cell, header=first_column_header and j == 0)
            data_value = None if cell.value is None else str(cell.value)
            if cell.header:
                cells.append(tag("th", cell.content, scope="row", class_=cell.cls, data_value=data_value))
            else:
                cells.append(tag("td", cell.content, class_=cell.cls, data_value=data_value))
        out.append(str(tag("tr", Markup("".join(cells)), class_=cls)))
    out.append("</tbody></table>")
    return Markup("\n".join(out))


def block(*parts: object) -> str:
    """Raw HTML parts separated by blank lines, so Markdown keeps each one as an HTML block."""
    return "\n\n".join(str(esc(p)) for p in parts if p)


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
    cls = "card card--red" if card.suit.is_red else "card"
    return tag("span", f"{rank}{card.suit.symbol}", class_=cls, role="img", aria_label=card.name_es)


def cards_html(cards: Iterable) -> Markup:
    """Several cards kept on one line."""
    return tag("span", Markup(" ".join(card_html(c) for c in cards)), class_="cards")


def parse(text: str) -> list:
    from engine.cards import parse_cards

    return parse_cards(text)


# ---------------------------------------------------------------------------------------------
# Marker registry.

@dataclass(frozen=True)
class Marker:
    name: str
    render: Callable[[list[str]], str]
    inline: bool
    summary: str


MARKERS: dict[str, Marker] = {}


def marker(name: str, summary: str, *, inline: bool = False):
    """Register a renderer: ``render(args) -> str`` (Markdown/HTML)."""

    def register(func):
        MARKERS[name] = Marker(name, func, inline, summary)
        return func

    return register


def render(name: str, args: Sequence[str] = (), *, inline: bool | None = None) -> str:
    """Render one marker (what the hook puts in place of ``<!-- engine:name args -->``).

    :raises MarkerError: unknown marker, wrong placement or bad arguments.
    """
    found = MARKERS.get(name)
    if found is None:
        raise MarkerError(f"marcador desconocido «engine:{name}». Marcadores válidos: {', '.join(sorted(MARKERS))}.")
    if inline is not None and inline != found.inline:
        if found.inline:
            raise MarkerError(f"«engine:{name}» es una cifra: va dentro de una frase, no en una línea sola.")
        raise MarkerError(f"«engine:{name}» genera un bloque: debe ir solo en su línea.")
    try:
        return found.render(list(args))
    except MarkerError:
        raise
    except ImportError as exc:
        raise MarkerError(f"«engine:{name}» necesita un módulo del motor que no se puede importar: {exc}") from exc
    except Exception as exc:  # an engine change broke a renderer: say which marker
        raise MarkerError(f"no se pudo generar «engine:{name}»: {type(exc).__name__}: {exc}") from exc


def expand(markdown: str, src: str = "<página>") -> str:
    """Replace every marker in ``markdown``; ``src`` names the file in error messages.

    :raises PluginError: with ``src:line`` for the first marker that cannot be rendered.
    """
    lines = markdown.split("\n")
    out: list[str] = []
    fence: str | None = None
    for number, line in enumerate(lines, start=1):
        match = FENCE_RE.match(line)
        if match:
            if fence is None:
                fence = match.group(1)
            elif fence == match.group(1):
                fence = None
            out.append(line)
            continue
        if fence is not None or MARKER_PREFIX not in line:
            out.append(line)
            continue
        try:
            out.append(_expand_line(line))
        except MarkerError as exc:
            raise PluginError(f"{src}:{number}: {exc}") from exc
    return "\n".join(out)


def _expand_line(line: str) -> str:
    stripped = line.strip()
    whole = MARKER_RE.fullmatch(stripped)
    if whole:
        name, args = whole.group("name"), whole.group("args").split()
        found = MARKERS.get(name)
        if found is not None and found.inline:
            raise MarkerError(f"«engine:{name}» es una cifra: va dentro de una frase, no en una línea sola.")
        indent = line[: len(line) - len(line.lstrip())]
        rendered = render(name, args, inline=False)
        body = "\n".join((indent + l) if l.strip() else "" for l in rendered.split("\n"))
        return f"\n{body}\n"
    starts = len(MARKER_START_RE.findall(line))
    matches = list(MARKER_RE.finditer(line))
    if len(matches) != starts:
        raise MarkerError("marcador mal cerrado: se esperaba «<!-- engine:nombre argumentos -->».")
    pieces, last = [], 0
    for m in matches:
        pieces.append(line[last:m.start()])
        pieces.append(render(m.group("name"), m.group("args").split(), inline=True))
        last = m.end()
    pieces.append(line[last:])
    return "".join(pieces)


def on_page_markdown(markdown, page, config, files, **kwargs):
    if MARKER_PREFIX not in markdown:
        return None
    return expand(markdown, f"docs/{page.file.src_uri}")


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


def tabs(items: Sequence[tuple[str, str]]) -> str:
    """Material content tabs (pymdownx.tabbed) holding raw HTML blocks: work without JavaScript."""
    out = []
    for title, content in items:
        title = title.replace('"', "'")
        out.append(f'=== "{title}"\n')
        out.extend(("    " + l) if l.strip() else "" for l in content.split("\n"))
        out.append("")
    return "\n".join(out)


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


def five_card_counts() -> dict[str, int]:
    from engine import stats

    return dict(stats.five_card_counts())


def seven_card_counts() -> dict[str, int]:
    from engine import stats

    return dict(stats.seven_card_counts())


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


#: Inline figures: name -> function returning the formatted text.
FIGURES: dict[str, Callable[[], str]] = {
    "mata-ases-max-players": _mata_ases_max_players,
    "mata-ases-cards-used": _mata_ases_cards_used,
}
