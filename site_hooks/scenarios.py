"""MkDocs hook: validate the practice hands in scenarios/ and show them as static walkthroughs.

- ``on_config``: every scenario is checked by the engine (format, cards, script against every
  reader decision, outcome claims, see :mod:`engine.scenarios.check`); any problem stops the build
  with a ``PluginError`` that lists them all as ``scenarios/file.md:line: message``. The default
  line of each scenario and modality is played once and kept for the pages.
- ``on_page_markdown``: a line holding only a marker is replaced. The hook is scoped: pages
  without ``<!-- escenario:`` are returned untouched, and markers inside fenced code are left alone::

      <!-- escenario: 01-matar-los-ases -->             the whole hand: title, lesson, text,
                                                       and one walkthrough per modality
      <!-- escenario: 01-matar-los-ases bring-in -->   only the walkthrough of that modality

  An unknown hand or modality, or a marker that shares its line with other text, fails the build
  with the page's file and line.
- ``on_post_build``: every scenario, as the JSON the browser simulator loads, goes to
  ``assets/scenarios.json``.

The walkthrough is built from the very events the interactive simulator shows (the
``mata-ases-hand`` reply): grouped by street, each step with its rule and citation, the table
after each street. Every text is escaped; a card is its rank and suit symbol with a Spanish text
alternative, red suits get a class but are never told by colour alone.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

from mkdocs.exceptions import PluginError

from site_hooks import markers
from site_hooks.html import Markup, card, esc, join, tag
from site_hooks.markers import MarkerError, PageBlocks

from engine import spanish
from engine.cards import Card
from engine.games.mata_ases_hand.texts import AYUDAS_LABELS, TABLE_LABELS
from engine.scenarios import MODALITY_NAMES, READER, ROUND_NAMES, Scenario, to_json
from engine.table.words import LABELS, SCRIPT_SLOTS, badge, form, name_list
from engine.scenarios.check import check_paths
from engine.scenarios.script import play

log = logging.getLogger("mkdocs.hooks.scenarios")

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_DIR = ROOT / "scenarios"
JSON_PATH = "assets/scenarios.json"
PREFIX = "escenario"

_state: dict = {"scenarios": {}, "walks": {}}
#: Generated HTML waiting for its page's HTML.
PAGES = markers.Stash("el recorrido", "ESCENARIOBLOCK")


# ---------------------------------------------------------------------------------------------
# Build events.

def on_config(config):
    report = check_paths([SCENARIO_DIR], root=ROOT)
    if report.problems:
        listing = "\n".join(f"  {p}" for p in report.problems)
        raise PluginError(f"Las manos de práctica tienen problemas ({report.summary()}) "
                          f"Corrígelos y vuelve a construir:\n{listing}")
    scenarios = {s.name: s for s in report.scenarios}
    walks = {}
    for scenario in scenarios.values():
        for modality in scenario.modalities:
            walks[scenario.name, modality] = play(scenario, modality, [], default_line=True)
    _state["scenarios"], _state["walks"] = scenarios, walks
    log.info("Manos de práctica: %s", report.summary())
    return config


def on_page_markdown(markdown: str, page, config, files):
    src = markers.source_label(page, config)
    blocks = PAGES.page(src)
    if not markers.mentions(markdown, PREFIX):
        return None

    def replace(marker: markers.Marker) -> str:
        if not marker.alone:
            raise MarkerError("el marcador «<!-- escenario: … -->» tiene que ir solo en su línea.")
        return render_marker(marker.text, blocks)

    return markers.expand(markdown, PREFIX, replace, src=src, first_line=markers.first_line(page, markdown))


def on_page_content(html: str, page, config, files):
    return PAGES.release(markers.source_label(page, config), html)


def on_post_build(config):
    target = Path(config.site_dir) / JSON_PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    ordered = sorted(_state["scenarios"].values(), key=lambda s: (s.order, s.name))
    data = {"scenarios": [to_json(s) for s in ordered]}
    target.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# Markers.

def render_marker(args: str, blocks: PageBlocks) -> str:
    """The Markdown that replaces a marker; generated HTML goes to ``blocks`` behind placeholders."""
    parts = args.split()
    scenarios: dict[str, Scenario] = _state["scenarios"]
    if not parts:
        raise MarkerError("falta el nombre de la mano: «<!-- escenario: 01-matar-los-ases -->».")
    if len(parts) > 2:
        raise MarkerError(f"«{args}»: escribe el nombre de la mano y, si quieres, una modalidad; nada más.")
    name = parts[0]
    if name not in scenarios:
        known = ", ".join(sorted(scenarios)) or "ninguna"
        raise MarkerError(f"mano de práctica desconocida: «{name}». Manos en scenarios/: {known}.")
    scenario = scenarios[name]
    if len(parts) == 1:
        return render_scenario(scenario, blocks)
    modality = parts[1]
    if modality not in MODALITY_NAMES:
        raise MarkerError(f"modalidad desconocida: «{modality}». Escribe «boton-ante» o «bring-in».")
    if modality not in scenario.modalities:
        raise MarkerError(f"la mano «{name}» no se juega en {MODALITY_NAMES[modality]}.")
    return blocks.put(walkthrough_html(scenario, modality, _state["walks"][name, modality]))


def render_scenario(scenario: Scenario, blocks: PageBlocks) -> str:
    """The whole hand as Markdown: title, lesson, text, and a folded block with one tab per modality."""
    names = " y ".join(MODALITY_NAMES[m] for m in scenario.modalities)
    lesson = tag("p", Markup(f"{tag('strong', 'Lección:')} {esc(scenario.lesson)}"), class_="scenario-lesson")
    if scenario.single_modality_reason:
        modality = tag("p", Markup(f"{tag('strong', f'Solo en {names}.')} {esc(scenario.single_modality_reason)}"),
                       class_="scenario-modality")
    else:
        modality = tag("p", f"Se juega en las dos modalidades: {names}.", class_="scenario-modality")
    lines = [
        f"## {scenario.order}. {scenario.title} {{ #{_anchor(scenario)} }}",
        "",
        blocks.put(Markup(str(lesson) + str(modality))),
        "",
        shift_headings(scenario.body, _anchor(scenario)),
        "",
        '??? example "Paso a paso, con tu línea por defecto"',
        "",
    ]
    for modality_id in scenario.modalities:
        walk = walkthrough_html(scenario, modality_id, _state["walks"][scenario.name, modality_id])
        lines += [f'    === "{MODALITY_NAMES[modality_id]}"', "", "        " + blocks.put(walk), ""]
    return "\n".join(lines)


def _anchor(scenario: Scenario) -> str:
    return "mano-" + re.sub(r"[^a-z0-9-]", "", scenario.name.lower())


def shift_headings(body: str, prefix: str, by: int = 1) -> str:
    """Move the body's headings down one level (its ``##`` become ``###`` under the hand's title).

    Each heading without an explicit id gets ``prefix-<words>``, so «Qué observar» has a different
    anchor in every hand.
    """
    lines = body.split("\n")
    for number, line in markers.prose_lines(lines):
        if re.match(r"^#{1,5}\s", line):
            line = "#" * by + line
            if "{" not in line:
                words = spanish.fold(line.lstrip("#"), punctuation=True).replace(" ", "-")
                line += f" {{ #{prefix}-{re.sub(r'[^a-z0-9-]', '', words)} }}"
            lines[number - 1] = line
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Cards.

def card_html(token: str, *, closed: bool = False) -> Markup:
    """A card face: ``A♠`` with «As de picas» as its text alternative; red suits get a class too."""
    face = spanish.card_display(Card.parse(token))
    return card(face, "walk-card", more="walk-card--closed" if closed else "",
                label=face["name"] + (f", {LABELS['closed_suffix']}" if closed else ""), title=True)


def back_html(label: str = LABELS["closed"]) -> Markup:
    return tag("span", "\u00a0", class_="walk-card walk-card--back", role="img", aria_label=label, title=label)


# ---------------------------------------------------------------------------------------------
# Walkthroughs.

def street_title(street) -> str:
    """The engine's title for a Mata Ases betting round (the round's own value if it has none)."""
    try:
        return spanish.street_title(street, "mata-ases")
    except KeyError:
        return str(street)


def group_events(events: list[dict]) -> list[tuple[str, list[dict]]]:
    """Consecutive events of the same deal and street, each group with its section title.

    An extension's sections are prefixed with its number («Extensión 1 · Tercera carta»).
    """
    groups: list[tuple[tuple, str, list[dict]]] = []
    extension = 0
    for event in events:
        if event.get("type") == "extension":
            extension += 1
        key = (event.get("deal") or 0, event.get("street"))
        if groups and groups[-1][0] == key:
            groups[-1][2].append(event)
            continue
        title = street_title(key[1])
        if extension:
            title = f"Extensión {extension} · {title[:1].lower()}{title[1:]}" if key[1] != "showdown" \
                else f"Extensión {extension} · showdown"
        groups.append((key, title, [event]))
    return [(title, items) for _, title, items in groups]


def walkthrough_html(scenario: Scenario, modality: str, reply: dict) -> str:
    """The default line of ``scenario`` in ``modality`` as static HTML (one block)."""
    # An <article>, not a <div>: Material's search skips a data-search-exclude element only until the
    # first closing tag of the same name, and the walkthrough holds nested divs. Its steps repeat the
    # rules page sentence by sentence and only made the index (built in the reader's browser) larger.
    out = [f'<article class="walkthrough" data-search-exclude data-scenario="{esc(scenario.name)}" '
           f'data-modality="{esc(modality)}">']
    out.append(str(tag("p", Markup(f"{tag('strong', 'Tu línea por defecto:')} {esc(describe_line(scenario, modality))}"),
                       class_="walk-line")))
    for title, events in group_events(reply.get("events") or []):
        out.append('<section class="walk-street">')
        out.append(str(tag("h4", title, class_="walk-street-title")))
        out.append(str(tag("ol", Markup("".join(step_html(e) for e in events)), class_="walk-steps")))
        table = events[-1].get("table")
        if table:
            out.append(table_html(table, f"La mesa al terminar: {title[:1].lower()}{title[1:]}"))
        out.append("</section>")
    out.append(result_html(reply))
    out.append("</article>")
    return "".join(out)


def step_html(event: dict) -> Markup:
    parts = [tag("span", event.get("text") or "", class_="walk-text")]
    if event.get("cite") and event.get("cite_repeat"):  # cited earlier in this section: folded away
        parts.append(tag("details", join([tag("summary", "Regla"), tag("cite", event["cite"], class_="walk-cite")]),
                         class_="walk-cite-repeat"))
    elif event.get("cite"):
        parts.append(tag("cite", event["cite"], class_="walk-cite"))
    return tag("li", join(parts, " "), class_="walk-step", data_type=event.get("type"))


def table_html(table: dict, label: str) -> str:
    seats = []
    button = table.get("button")
    to_act = table.get("to_act")
    for name, seat in (table.get("players") or {}).items():
        badges = []
        if name == button:
            badges.append(badge("button", name)["text"])
        outside = seat.get("folded") and not seat.get("open") and not seat.get("closed")
        if outside:
            badges.append(TABLE_LABELS["not_dealt"])
        elif seat.get("folded"):
            badges.append(badge("folded", name)["text"])
        if seat.get("all_in"):
            badges.append(badge("allin", name)["text"])
        heading = [tag("span", name, class_="walk-seat-name")]
        heading += [tag("span", b, class_="walk-badge") for b in badges]
        cards = [card_html(c) for c in seat.get("open") or []]
        closed = seat.get("closed") or []
        if name == READER:
            cards += [card_html(c, closed=True) for c in closed]
        else:
            cards += [back_html() for _ in closed]
        if seat.get("folded"):
            cards = []
        money = f"{LABELS['stack']}: {spanish.amount(seat.get('stack', 0))}"
        if seat.get("bet"):
            money += f" · {LABELS['bet']}: {spanish.amount(seat['bet'])}"
        classes = "walk-seat" + (" is-you" if name == READER else "") + (" is-folded" if seat.get("folded") else "")
        seats.append(tag("li", Markup(
            str(tag("p", join(heading, " "), class_="walk-seat-head"))
            + str(tag("p", join(cards, " ") if cards else (LABELS["no_cards"] if outside or not seat.get("folded")
                                            else LABELS["dead_cards"]), class_="walk-cards"))
            + str(tag("p", money, class_="walk-money"))), class_=classes))
    ayudas = table.get("ayudas") or {}
    ayuda_cards = ayudas.get("cards") or []
    if ayudas.get("open") and ayuda_cards:
        shown = join([card_html(c) for c in ayuda_cards], " ")
        state = "open"
    elif ayuda_cards:
        shown = join([back_html(TABLE_LABELS["ayuda_closed"]) for _ in ayuda_cards], " ")
        state = "closed"
    else:
        shown, state = Markup(""), "none"
    center = (str(tag("p", f"{LABELS['pot']}: {spanish.amount(table.get('pot', 0))}", class_="walk-pot"))
              + str(tag("p", Markup(f"{tag('span', AYUDAS_LABELS[state], class_='walk-label')} {shown}"),
                        class_="walk-ayudas")))
    return (f'<div class="walk-table" role="group" aria-label="{esc(label)}">'
            f"{tag('ul', Markup(''.join(seats)), class_='walk-seats')}{center}</div>")


def result_html(reply: dict) -> str:
    pots = reply.get("pots") or []
    stacks = reply.get("stacks") or {}
    lines = []
    for pot in pots:
        winners = pot.get("winners") or []
        who = name_list(winners) or "nadie"
        lines.append(f"{LABELS['pot']} de {spanish.amount(pot['amount'])}: {who}.")
    final = " · ".join(f"{name} {spanish.amount(amount)}" for name, amount in stacks.items())
    return (str(tag("p", Markup(f"{tag('strong', LABELS['result'] + ':')} {esc(' '.join(lines))} "
                                f"{LABELS['final_stacks']}: {esc(final)}."), class_="walk-result")))


def describe_line(scenario: Scenario, modality: str) -> str:
    """The reader's default line in words: «recibes cada carta abierta; pasas si nadie apuesta…»."""
    def words(slot: str, action: str) -> str:
        return form(action, "second") + ("" if slot == "card" else f" {SCRIPT_SLOTS[slot]}")

    general = [e for e in scenario.script if e.player == READER and e.round is None
               and e.modality in (None, modality) and e.deal is None]
    base = {}
    for entry in sorted(general, key=lambda e: e.specificity):
        base.update(entry.slots)
    parts = [words(s, base[s].action) for s in ("card", "open", "facing") if s in base]
    text = spanish.capital(spanish.listing(parts)) or "Sigues el guion"
    exceptions = []
    for entry in scenario.script:
        if entry.player != READER or entry.round is None or entry.modality not in (None, modality):
            continue
        changed = [words(s, slot.action) for s, slot in entry.slots.items()
                   if s not in base or base[s].action != slot.action]
        if changed:
            when = ROUND_NAMES[entry.round] + (f" del reparto {entry.deal}" if entry.deal else "")
            exceptions.append(f"en la {when}, " + " y ".join(changed))
    if exceptions:
        text += "; salvo " + "; ".join(exceptions)
    return text + "."
