"""The words of a practice hand's walkthrough, once: its sections' titles and its result sentence.

The «Manos comentadas» pages (site_hooks/scenarios.py) and the authors' workshop (``author-check``)
both show the default line of a hand as the ``scenario-play`` reply groups it here.

>>> events = [{"deal": 0, "street": 1}, {"deal": 0, "street": 1}, {"deal": 0, "street": 3},
...           {"type": "extension", "deal": 1, "street": 1}, {"deal": 1, "street": "showdown"}]
>>> [(title, len(items)) for title, items in sections(events)]
[('Reparto inicial y primera ronda', 2), ('Tercera carta', 1), ('Extensión 1 · reparto inicial y primera ronda', 1), ('Extensión 1 · showdown', 1)]
>>> result_sentence([{"amount": 225, "winners": ["Tú"]}], {"Tú": 1125, "Ana": 900})
'Pozo de 225: tú. Fichas al terminar: Tú 1.125 · Ana 900.'
"""

from __future__ import annotations

from .. import spanish
from ..table.words import LABELS, SCRIPT_SLOTS, form, name_list
from .model import READER, ROUND_NAMES, Scenario

__all__ = ["WALK_LABELS", "describe_line", "result_sentence", "sections", "street_title"]

#: The walkthrough's own words: before the reader's default line, on a rule folded away (cited earlier
#: in the same section), before the result sentence.
WALK_LABELS = {"line": "Tu línea por defecto:", "rule": "Regla", "result": f"{LABELS['result']}:"}


def street_title(street, game: str = "mata-ases") -> str:
    """The engine's title for a betting round (the round's own value if it has none)."""
    try:
        return spanish.street_title(street, game)
    except KeyError:
        return str(street)


def sections(events: list[dict], game: str = "mata-ases") -> list[tuple[str, list[dict]]]:
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
        title = street_title(key[1], game)
        if extension:
            title = f"Extensión {extension} · {title[:1].lower()}{title[1:]}" if key[1] != "showdown" \
                else f"Extensión {extension} · showdown"
        groups.append((key, title, [event]))
    return [(title, items) for _, title, items in groups]


def result_sentence(pots: list[dict], stacks: dict[str, int]) -> str:
    """Who took each pot and every player's chips at the end, in one line of text."""
    lines = []
    for pot in pots:
        who = name_list(pot.get("winners") or []) or "nadie"
        lines.append(f"{LABELS['pot']} de {spanish.amount(pot['amount'])}: {who}.")
    final = " · ".join(f"{name} {spanish.amount(chips)}" for name, chips in stacks.items())
    return f"{' '.join(lines)} {LABELS['final_stacks']}: {final}."


def describe_line(scenario: Scenario, modality: str | None, reply: dict | None = None) -> str:
    """The reader's default line in words: «recibes cada carta abierta; pasas si nadie apuesta…». A hand
    without modalities (Hold'em, whose script is per street) says the reader's decisions of ``reply``
    in order: «Pagas 100, pasas y apuestas 200.»."""
    if not scenario.modalities:
        mine = [d for d in (reply or {}).get("decisions") or [] if d.get("player") == READER]
        return spanish.capital(spanish.listing([form(d["action"], "second", d.get("amount")) for d in mine])
                               or "Sigues el guion") + "."

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
