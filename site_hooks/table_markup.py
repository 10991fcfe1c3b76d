"""The markup of a poker table, once: the live table pages clone it, the static walkthroughs are drawn with it.

Every table page (the simulators, the free tables) holds the marker ``<!-- mesa: plantillas -->``;
:func:`templates_html` replaces it with one ``<template id="tpl-table-<part>">`` per part (the table,
a seat, a badge, a card face, a card back, the reader's closed card, a log step, its citation). The
page's script (docs/javascripts/ui/table/markup.js) clones those templates and fills them from the
engine's reply; the walkthroughs without JavaScript (site_hooks/scenarios.py) are drawn here by the
same functions with the data filled in. A label or a layout changes in one place: the wording in the
engine (:data:`engine.table.words.LABELS`), the layout here.

The data are the table viewer's shapes (engine/table/view.py): a seat is
``{"name", "stack", "bet", "folded"?, "all_in"?, "open", "closed", "forced"?, "shown"?, "badges"}``,
the shared cards ``{"cards", "open", "label"}`` under ``ayudas`` (Mata Ases) or ``board`` (Hold'em).
Every text is escaped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from engine import spanish
from engine.cards import Card
from engine.glossary import abbreviations
from engine.table.words import LABELS, YOU

from site_hooks.html import Markup, esc, join, tag

#: The keys a table may carry its shared cards under, in the order they are looked for.
SHARED_KINDS = ("board", "ayudas")


@dataclass(frozen=True)
class TableWords:
    """What the markup needs from the engine: its labels, each card's display, each amount's text."""

    labels: Mapping[str, str] = field(default_factory=lambda: dict(LABELS))
    reader: str = YOU
    amount: Callable[[int], str] = spanish.amount

    def label(self, key: str) -> str:
        text = self.labels.get(key)
        return text if isinstance(text, str) else ""

    def card(self, token: str) -> dict:
        return spanish.card_display(Card.parse(token))


def _label(words: TableWords | None, key: str, cls: str | None = None) -> Markup:
    """A label slot: the engine's word (the page's script puts the reply's own word in it)."""
    return tag("span", words.label(key) if words else LABELS.get(key, ""), class_=cls, data_label=key)


def card_html(token: str | None, words: TableWords | None = None, *, note: str = "") -> Markup:
    """A card face, ``A♠`` with «As de picas» (and ``note``) as its text alternative; the suit is always
    a symbol, red suits also get a class. ``token=None``: the empty template."""
    if token is None:
        return Markup('<span class="sim-card" role="img"><span class="sim-card__rank"></span>'
                      '<span class="sim-card__suit"></span></span>')
    face = words.card(token)
    label = f"{face['name']}, {note}" if note else face["name"]
    classes = "sim-card" + (" sim-card--red" if face["color"] == "red" else "")
    return tag("span", join([tag("span", face["rank"], class_="sim-card__rank"),
                             tag("span", face["suit"], class_="sim-card__suit")]),
               class_=classes, role="img", aria_label=label, data_card=token)


def back_html(label: str | None = None) -> Markup:
    """A card seen from the back (``label`` says whose: «Carta cerrada de Ana»)."""
    return tag("span", "", class_="sim-card sim-card--back", role="img", aria_label=label)


def own_closed_html(token: str | None, words: TableWords | None = None) -> Markup:
    """The reader's own closed card: its face, marked as hidden from the others."""
    title = words.label("own_closed_title") if words else LABELS["own_closed_title"]
    face = card_html(token, words, note=words.label("own_closed") if words and token else "")
    face = Markup(face.replace('class="sim-card', 'class="sim-card sim-card--own-closed', 1)
                  .replace(' role="img"', f' role="img" title="{esc(title)}"', 1))
    return tag("span", join([face, _label(words, "own_closed_note", "sim-own-closed__note")]),
               class_="sim-own-closed")


def badge_html(kind: str | None = None, text: str = "", title: str | None = None) -> Markup:
    """A seat's badge; ``kind`` only picks a CSS class (``out`` looks like ``folded``). A badge with a
    ``title`` (a seat's abbreviation explained) is an ``<abbr>`` that shows it on tap and on focus."""
    shown = "folded" if kind == "out" else kind
    classes = "sim-badge" + (f" sim-badge--{shown}" if shown else "")
    if title:
        return tag("abbr", text, class_=classes, title=title, tabindex="0")
    return tag("span", text, class_=classes)


#: Each seat abbreviation's explanation, read once (every drawn seat badge looks its code up).
_POSITIONS = abbreviations()


def _seat_code_title(badge: Mapping) -> str | None:
    """A position badge's explanation (the engine's glossary): replies name only the code."""
    return _POSITIONS.get(badge.get("text", "")) if badge.get("kind") == "position" else None


def positions_html() -> Markup:
    """Each seat abbreviation explained (engine/glossary.py), once per page: the live table's position
    badges take their explanation from here (markup.js ``badge``)."""
    return join(tag("abbr", code, title=text, data_code=code) for code, text in _POSITIONS.items())


def seat_html(seat: Mapping | None, words: TableWords | None = None) -> Markup:
    """One seat (an ``<li>``) from the Viewer's seat shape; ``None``: the empty template."""
    seat = seat or {}
    name = seat.get("name")
    you = name is not None and words is not None and name == words.reader
    badges = [badge_html(b.get("kind"), b.get("text", ""), b.get("title") or _seat_code_title(b)) for b in seat.get("badges") or []]
    cards = [card_html(c, words) for c in seat.get("open") or []]
    for token in seat.get("closed") or []:
        cards.append(own_closed_html(token, words) if you else
                     back_html(words.labels.get("closed_of", {}).get(name) or words.label("closed")))
    bet = seat.get("bet") or 0
    stack = words.amount(seat.get("stack") or 0) if name is not None else ""
    chips = [tag("span", join([_label(words, "stack"), ": ", tag("strong", stack, class_="sim-seat__stack")]),
                 class_="sim-seat__money"),
             tag("span", join([_label(words, "bet"), ": ",
                               tag("strong", words.amount(bet) if bet else "", class_="sim-seat__bet")]),
                 class_="sim-seat__bet-part", hidden=None if bet else True)]
    if seat.get("forced"):
        chips.append(tag("span", seat["forced"]["label"], class_="sim-badge sim-badge--forced"))
    shown = seat.get("shown")
    attrs = {}
    if name is not None:
        attrs = {"data_player": name, "data_stack": str(seat.get("stack") or 0), "data_bet": str(bet),
                 "data_folded": "true" if seat.get("folded") else None,
                 "data_out": "true" if seat.get("out") else None,
                 "data_all_in": "true" if seat.get("all_in") else None,
                 "data_to_act": "true" if any(b.get("kind") == "act" for b in seat.get("badges") or []) else None,
                 "data_button": "true" if any(b.get("kind") == "button" for b in seat.get("badges") or []) else None}
    return tag("li", join([
        tag("p", join([tag("span", name or "", class_="sim-seat__name"), *badges]), class_="sim-seat__head"),
        tag("div", join(cards), class_="sim-cards"),
        tag("p", join(chips), class_="sim-seat__chips"),
        tag("p", (f"{shown['name']}: {shown['verdict']}." if shown.get("verdict") else shown["name"]) if shown else "",
            class_="sim-seat__hand",
            hidden=None if shown else True),
    ]), class_="sim-seat", **attrs)


def shared_of(table: Mapping) -> tuple[str, Mapping]:
    """The table's shared cards and their kind: ``("board", {...})`` or ``("ayudas", {...})``."""
    for kind in SHARED_KINDS:
        if table.get(kind) is not None:
            return kind, table[kind]
    return "ayudas", {"cards": [], "open": False, "label": ""}


def shared_html(table: Mapping | None, words: TableWords | None = None) -> Markup:
    """The shared cards in the middle (one component for Mata Ases's ayudas and Hold'em's board)."""
    if table is None:
        return Markup('<div class="sim-shared"><p class="sim-shared__label"></p><div class="sim-cards"></div></div>')
    kind, shared = shared_of(table)
    tokens = shared.get("cards") or []
    if shared.get("open"):
        cards = [card_html(c, words) for c in tokens]
    else:
        cards = [back_html(words.label("ayuda_closed") or words.label("closed")) for _ in tokens]
    return tag("div", join([tag("p", shared.get("label") or "", class_="sim-shared__label"),
                            tag("div", join(cards), class_="sim-cards")]),
               class_="sim-shared", data_kind=kind, data_open="true" if shared.get("open") else "false")


def table_html(table: Mapping | None, words: TableWords | None = None, *, label: str = "Mesa") -> Markup:
    """The whole table: a banner, the others' seats, the pot and the shared cards, the reader's seat.
    ``table`` is ``{"pot", "seats": [seat, ...], "ayudas" | "board", "banner"?}``; ``None``: the template."""
    seats = (table or {}).get("seats") or []
    reader = words.reader if words else YOU
    banner = (table or {}).get("banner")
    pot = words.amount((table or {}).get("pot") or 0) if table is not None else ""
    return tag("div", join([
        tag("p", banner or "", class_="sim-banner", hidden=None if banner else True),
        tag("ul", join(seat_html(s, words) for s in seats if s["name"] != reader), class_="sim-seats sim-seats--others"),
        tag("div", join([
            tag("p", join([_label(words, "pot", "sim-pot__label"), " ",
                           tag("strong", pot, class_="sim-pot__amount")]),
                class_="sim-pot", data_pot=str((table or {}).get("pot") or 0) if table is not None else None),
            shared_html(table, words)]), class_="sim-center"),
        tag("ul", join(seat_html(s, words) for s in seats if s["name"] == reader), class_="sim-seats sim-seats--mine"),
    ]), class_="sim-table", role="group", aria_label=label)


def cite_text(event: Mapping, link: Callable[[str], str] | None = None) -> Markup | str:
    """A citation's text; with ``link`` (a page's source path -> its address from the page being built),
    each rule the engine links (``cite_links``: ``{"text", "href"}``, href from the site's root) is a link
    to the paragraph of the rules page that states it."""
    parts = event.get("cite_links")
    if link is None or not parts:
        return event.get("cite", "")
    out = []
    for part in parts:
        href = part.get("href")
        if href:
            page, _, anchor = href.partition("#")
            out.append(tag("a", part["text"], href=f"{link(page + 'index.md')}#{anchor}"))
        else:
            out.append(esc(part["text"]))
    return join(out, " · ")


def cite_html(event: Mapping | None, repeat_label: str = "Regla", link: Callable[[str], str] | None = None) -> Markup:
    """A step's citation; a rule already cited in the same part of the hand folds into «Regla»."""
    if event is None or event.get("cite_repeat"):
        cite = tag("cite", cite_text(event, link) if event else "", class_="sim-log__cite")
        return tag("details", join([tag("summary", repeat_label), cite]), class_="sim-log__cite-repeat")
    return tag("cite", cite_text(event, link), class_="sim-log__cite")


def step_html(event: Mapping | None, link: Callable[[str], str] | None = None) -> Markup:
    """One step of the log: the engine's sentence and the rule it cites. ``None``: the template."""
    event = event or {}
    parts = [tag("span", event.get("text") or "", class_="sim-log__text")]
    if event.get("cite"):
        parts.append(cite_html(event, link=link))
    return tag("li", join(parts, " "), class_="sim-log__step", data_type=event.get("type") if event else None)


def stacks_html(rows: list | None, words: TableWords | None = None) -> Markup:
    """The final stacks table: each player, their chips and the change (the engine's ``change_text``)."""
    body = []
    for row in rows or []:
        change = row.get("change", 0)
        body.append(stack_row_html(row, words, "sim-up" if change > 0 else "sim-down" if change < 0 else None))
    heads = [tag("th", words.label(key) if words else LABELS[key], scope="col", data_label=key)
             for key in ("players", "stack", "change")]
    return tag("table", join([tag("caption", words.label("final_stacks") if words else LABELS["final_stacks"],
                                  data_label="final_stacks"),
                              tag("thead", tag("tr", join(heads))), tag("tbody", join(body))]),
               class_="sim-result__stacks")


def stack_row_html(row: Mapping | None, words: TableWords | None = None, change_class: str | None = None) -> Markup:
    """One row of the final stacks; ``None``: the template."""
    if row is None:
        return Markup('<tr><th scope="row"></th><td></td><td></td></tr>')
    return tag("tr", join([tag("th", row["name"], scope="row"), tag("td", words.amount(row["stack"])),
                           tag("td", row.get("change_text", ""), class_=change_class)]),
               data_player=row["name"], data_final_stack=str(row["stack"]))


def five_html(five: list | None, words: TableWords | None = None) -> Markup:
    """The five cards that play for a shown hand («Juega: A♠ K♦ …»); ``None``: the template."""
    cards = join(card_html(c, words) for c in five) if five else ""
    return tag("span", join([_label(words, "plays"), ": ", tag("span", cards, class_="sim-cards sim-cards--small")]),
               class_="sim-result__five")


def why_html(lines: list | None) -> Markup:
    """What decided the showdown, one sentence per contested pot (the engine's); ``None``: the template."""
    return tag("div", join(tag("p", line) for line in lines or []), class_="sim-result__why")


def show_html(item: Mapping | None, words: TableWords | None = None) -> Markup:
    """One line of what was shown at the end: the player and their hand (then the cards), or the engine's
    sentence. ``None``: the template of a shown hand."""
    if item is None:
        return Markup('<li class="sim-result__show"><strong></strong> <span class="sim-result__hand"></span></li>')
    if item.get("type") == "show" and item.get("player") and item.get("hand"):
        parts = [tag("strong", item["player"]), " ", tag("span", item["hand"], class_="sim-result__hand")]
    else:
        parts = [tag("span", item.get("text", ""))]
    if item.get("cards"):
        parts += [" ", tag("span", join(card_html(c, words) for c in item["cards"]), class_="sim-cards sim-cards--small")]
    if item.get("five"):
        parts.append(five_html(item["five"], words))
    return tag("li", join(parts), class_=f"sim-result__{item.get('type')}", data_player=item.get("player"),
               data_show=item.get("text") if item.get("type") == "show" else None)


def result_html(result: Mapping, words: TableWords, *, level: int = 3) -> Markup:
    """The end of the hand (the table Viewer's ``result``): the engine's sentences for who takes the chips,
    what each player showed (per deal when there are several), the final stacks. The live page draws the
    same (docs/javascripts/ui/table/result.js) from the same parts."""
    headline = [tag("p", line["text"], class_="sim-result__win" if line.get("player") == words.reader else None)
                for line in result.get("headline") or []]
    parts = [tag(f"h{level}", words.label("end"), class_="sim-result__title"),
             tag("div", join(headline), class_="sim-result__headline")]
    deals = result.get("shows") or []
    for deal in deals:
        if len(deals) > 1 or deal.get("deal", 0) > 0:
            parts.append(tag(f"h{level + 1}", deal["title"], class_="sim-result__deal"))
        parts.append(tag("ul", join(show_html(item, words) for item in deal["items"]), class_="sim-result__shows"))
        if deal.get("why"):
            parts.append(why_html(deal["why"]))
    parts.append(stacks_html(result.get("stacks"), words))
    return join(parts)


def templates_html() -> Markup:
    """Every part as a ``<template>`` (empty), for the live table to clone."""
    parts = {
        "table": table_html(None), "seat": seat_html(None), "badge": badge_html(), "card": card_html(None),
        "back": back_html(), "own-closed": own_closed_html(None), "step": step_html(None),
        "cite": tag("cite", "", class_="sim-log__cite"), "cite-repeat": cite_html(None),
        "stacks": stacks_html(None), "stack-row": stack_row_html(None), "show": show_html(None),
        "five": five_html(None), "why": why_html(None), "positions": positions_html(),
    }
    return join(tag("template", Markup(html), id=f"tpl-table-{name}") for name, html in parts.items())
