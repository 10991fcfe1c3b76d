"""Mata Ases tables: the ranking with the Aces line, how a play is formed, who opens, who speaks
first from the second round, and the table's figures. Each example's data sits beside its renderer."""

from __future__ import annotations

from engine import spanish
from site_hooks.html import Cell, Markup, block, join, table, tag
from site_hooks.render.common import (card_with_name, cards_html, figure, marker, no_args, one_arg,
                                      parse, ranking_rows)


@marker("ranking-mx", "Ranking de Mata Ases con la línea del par de Ases.")
def render_ranking_mx(args: list[str]) -> Markup:
    from engine.games.mata_ases.showdown import kills_aces

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


#: Own cards and ayudas showing how a play is formed (the engine picks the best legal play).
FORMATION = (
    ("Una ayuda mejora la mano", "As Ah Kd 7c 2s", "Kh 9d 3c"),
    ("Dos ayudas servirían, pero solo vale una", "Qs Qd 8c 5h 2c", "Qh 8d 8s"),
    ("Las cinco propias bastan", "9s 9h 9d 4c 4s", "Ac Kc 2d"),
    ("Nadie mata los Ases con esto", "Ks Kh 8d 6c 3s", "Qc Jd 4h"),
)


def formation_rows() -> list[dict]:
    from engine.games.mata_ases.showdown import best_play

    rows = []
    for title, own, ayudas in FORMATION:
        own_cards, ayuda_cards = parse(own), parse(ayudas)
        rows.append({"title": title, "own": own_cards, "ayudas": ayuda_cards,
                     "play": best_play(own_cards, ayuda_cards)})
    return rows


def _verdict(kills: bool) -> Cell:
    return Cell("Sí" if kills else "No", value="si" if kills else "no", cls="rules-yes" if kills else "rules-no")


@marker("mata-ases-formation", "Ejemplos de jugada: cinco propias, o cuatro propias y una sola ayuda.")
def render_formation(args: list[str]) -> Markup:
    no_args("mata-ases-formation", args)
    rows = []
    for row in formation_rows():
        play = row["play"]
        used = card_with_name(play.ayuda) if play.ayuda else "Ninguna: las cinco propias"
        rows.append([Cell(row["title"], header=True), cards_html(row["own"]), cards_html(row["ayudas"]),
                     Cell(join([tag("strong", play.name), tag("br"), cards_html(play.cards)]), value=play.category),
                     Cell(used, value=str(play.ayuda) if play.ayuda else "-"),
                     _verdict(play.kills_aces)])
    return block(table(["Caso", "Cartas propias", "Ayudas", "Mejor jugada", "Ayuda usada", "¿Mata los Ases?"],
                       rows, name="mata-ases-formation",
                       caption="El motor prueba las cinco propias y cada ayuda por separado, nunca dos a la vez."))


#: Open cards after the initial deal, the same for both modalities so they can be compared.
OPEN_CARDS = (("Ana", "Kh"), ("Beto", "4c"), ("Carla", "Ks"), ("Tú", "4d"))


@marker("mata-ases-opener", "Quién abre la primera ronda según la modalidad (ante | bring-in).")
def render_opener(args: list[str]) -> Markup:
    from engine.games.mata_ases.showdown import player_with_highest_open, player_with_lowest_open

    mode = one_arg("mata-ases-opener", args, ("ante", "bring-in"))
    open_cards = {name: parse(c)[0] for name, c in OPEN_CARDS}
    if mode == "ante":
        chosen = player_with_highest_open(open_cards)
        role = "Habla primero"
        note = "la carta abierta más alta; entre dos Reyes desempata el palo, y picas va antes que corazones"
    else:
        chosen = player_with_lowest_open(open_cards)
        role = "Pone el Bring In"
        note = "la carta abierta más baja; entre dos cuatros desempata el palo, y tréboles es el más bajo"
    rows = []
    for name, c in open_cards.items():
        mark = role if name == chosen else ""
        rows.append([Cell(name, header=True), card_with_name(c),
                     Cell(mark, value="x" if mark else "", cls="rules-yes" if mark else None)])
    return block(table(["Jugador", "Carta abierta", "Primera ronda"], rows, name=f"mata-ases-opener-{mode}",
                       caption=f"{role}: {chosen}, con {note}."))


#: Open cards after the fourth card (three open each) and the three open ayudas.
VISIBLE = {
    "ayudas": "Qc 7d 2h",
    "players": (("Ana", "Qs 9h 4c"), ("Beto", "7s 7c Kd"), ("Tú", "As Kh 5d")),
}


def visible_rows() -> tuple[list, list[dict]]:
    from engine.games.mata_ases.showdown import visible_value

    ayudas = parse(VISIBLE["ayudas"])
    rows = []
    for name, cards in VISIBLE["players"]:
        own = parse(cards)
        rows.append({"name": name, "open": own, "visible": visible_value(own, ayudas)})
    return ayudas, rows


@marker("mata-ases-visible", "Quién habla primero desde la segunda ronda: la mejor jugada a la vista.")
def render_visible(args: list[str]) -> Markup:
    no_args("mata-ases-visible", args)
    ayudas, data = visible_rows()
    first = max(data, key=lambda r: r["visible"])["name"]
    rows = []
    for row in data:
        visible = row["visible"]
        mark = "Habla primero" if row["name"] == first else ""
        rows.append([Cell(row["name"], header=True), cards_html(row["open"]),
                     card_with_name(visible.ayuda) if visible.ayuda else "Ninguna",
                     Cell(visible.name, value=visible.category),
                     Cell(mark, value="x" if mark else "", cls="rules-yes" if mark else None)])
    caption = join(["Ejemplo tras la cuarta carta; ayudas abiertas: ", cards_html(ayudas), "."])
    return block(table(["Jugador", "Cartas abiertas", "Ayuda que cuenta", "Jugada a la vista", "Cuarta ronda"],
                       rows, name="mata-ases-visible", caption=caption))


@figure("mata-ases-max-players")
def _max_players() -> str:
    from engine.games.mata_ases.showdown import MAX_PLAYERS

    return spanish.amount(MAX_PLAYERS)


@figure("mata-ases-cards-used")
def _cards_used() -> str:
    from engine.games.mata_ases.showdown import MAX_PLAYERS

    return spanish.amount(MAX_PLAYERS * 5 + 3)  # five own cards each and three ayudas


@figure("mata-betting-fixed")
def _betting_fixed() -> str:
    from engine.games.mata_ases.texts import BETTING_NAMES

    return BETTING_NAMES["fixed"]


@figure("mata-betting-no-limit")
def _betting_no_limit() -> str:
    from engine.games.mata_ases.texts import BETTING_NAMES

    return BETTING_NAMES["no-limit"]
