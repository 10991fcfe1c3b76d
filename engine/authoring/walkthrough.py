"""A practice hand played along its default line, and its words: what the «Manos comentadas» pages
(site_hooks/scenarios.py), the authors' workshop (``author-check``) and the check
(:mod:`engine.authoring.check`) show and compare.

:func:`walk` plays the hand in the play layer's practice session, the script playing the reader's seat
too (his default line), exactly as the live page would play it: the table page's events, the table at
the end of each street, the reader's decisions and the hand's result.

>>> result_sentence([{"amount": 225, "winners": ["Tú"]}], {"Tú": 1125, "Ana": 900})
'Pozo de 225: tú. Fichas al terminar: Tú 1.125 · Ana 900.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import spanish
from ..games import find_game
from ..play.session import PracticeSession
from ..scenarios.model import READER, Scenario
from ..table.game import Move, ScriptGap
from ..table.records import StreetEnding
from ..table.words import LABELS, SCRIPT_SLOTS, form, name_list

__all__ = ["WALK_LABELS", "Walk", "describe_line", "result_sentence", "sections", "walk"]

#: The walkthrough's own words: before the reader's default line, on a rule folded away (cited earlier
#: in the same section), before the result sentence.
WALK_LABELS = {"line": "Tu línea por defecto:", "rule": "Regla", "result": f"{LABELS['result']}:"}


@dataclass
class Walk:
    """The default line of a practice hand in one variant, played: the table page's ``events`` (as its
    replies carry them), each street's closing ``tables`` (by the index of the street's last event),
    every decision as ``(player, move)``, the replies' ``labels``, ``cards``, ``amounts`` and ``result``
    (None when the hand stops before its end), the ``gap`` that stopped it (a script that cannot
    answer) and the script lines that answered (``used``)."""

    scenario: Scenario
    variant: Any
    events: list[dict] = field(default_factory=list)
    tables: dict[int, dict] = field(default_factory=dict)
    decisions: list[tuple[str, Move]] = field(default_factory=list)
    labels: dict = field(default_factory=dict)
    #: How the replies write the cards and amounts they mention (the page's ``Words`` learn them).
    cards: dict = field(default_factory=dict)
    amounts: dict = field(default_factory=dict)
    result: dict | None = None
    gap: ScriptGap | None = None
    used: set[int] = field(default_factory=set)

    @property
    def reader(self) -> list[dict]:
        """The reader's decisions, as ``play-start`` takes them (its ``reader``)."""
        return [move.as_json() for player, move in self.decisions if player == READER]

    @property
    def stacks(self) -> dict[str, int]:
        return {row["name"]: row["stack"] for row in (self.result or {}).get("stacks") or []}


class _WalkSession(PracticeSession):
    """The practice session of a walk: it keeps the table as each part of the log ends, and who made each
    decision. A hand that deals itself (Mata Ases) is drawn as each of its records leaves it; a hand whose
    dealer steps come from its practice hand between the decisions (Hold'em) as each decision, each
    round's end and each dealer's step leaves it."""

    def __init__(self, scenario: Scenario, variant: Any) -> None:
        super().__init__(scenario, variant, walk=True)
        self.tables: dict[int, dict] = {}
        self.played: list[tuple[str, Move]] = []
        dealer = self.deal
        self.every_record = dealer is None

        def deal(hand) -> None:
            self.keep_table()
            if dealer is not None:
                dealer(hand)
        self.deal = deal
        record = self.hand.record

        def recorded(rec):
            out = record(rec)
            if self.every_record or isinstance(rec, StreetEnding):
                self.keep_table()
            return out
        self.hand.record = recorded
        if self.every_record:
            self.keep_table()  # what the hand recorded as it was dealt

    def keep_table(self) -> None:
        count = self.viewer.event_count()
        if not self.every_record or count not in self.tables:  # a record's own table stays its part's
            self.tables[count] = self.viewer.table()

    def act(self, move: Move) -> None:
        player = self.hand.to_act
        super().act(move)
        self.played.append((player, move))
        self.keep_table()


def walk(scenario: Scenario, variant: Any = None) -> Walk:
    """Play ``scenario``'s default line in ``variant`` (a Mata Ases hand's modality).

    :raises EngineError: for a table the game cannot play (located at the author's line)."""
    session = _WalkSession(scenario, variant)
    out = Walk(scenario, variant)
    try:
        session.advance()
    except ScriptGap as gap:
        out.gap = gap
    viewer = session.viewer
    while True:  # the replies the live page would get, events without their tables
        reply = viewer.reply()
        out.labels = out.labels or reply.get("labels") or {}
        out.cards.update(reply.get("cards") or {})
        out.amounts.update(reply.get("amounts") or {})
        out.events += [{k: v for k, v in event.items() if k != "table"} for event in reply["events"]]
        if not reply.get("more"):
            out.result = reply.get("result")
            break
    out.decisions = session.played
    out.used = session.script.used
    for _, first, items in sections(out.events):
        last = first + len(items) - 1
        kept = [count for count in session.tables if first < count <= last + 1]
        if kept:
            out.tables[last] = session.tables[max(kept)]
    return out


def sections(events: list[dict]) -> list[tuple[str, int, list[dict]]]:
    """The events in the parts the table page's log shows them in (the viewer marks each part's first event
    with its ``section``): each part's title, the index of its first event and its events.

    >>> events = [{"section": "Pre-flop", "type": "blind"}, {"type": "blind"}, {"section": "Flop", "type": "board"}]
    >>> [(title, first, len(items)) for title, first, items in sections(events)]
    [('Pre-flop', 0, 2), ('Flop', 2, 1)]
    """
    groups: list[tuple[str, int, list[dict]]] = []
    for index, event in enumerate(events):
        if "section" in event or not groups:
            groups.append((event.get("section", ""), index, [event]))
        else:
            groups[-1][2].append(event)
    return groups


def result_sentence(pots: list[dict], stacks: dict[str, int]) -> str:
    """Who took each pot and every player's chips at the end, in one line of text."""
    lines = []
    for pot in pots:
        who = name_list(pot.get("winners") or []) or "nadie"
        lines.append(f"{LABELS['pot']} de {spanish.amount(pot['amount'])}: {who}.")
    final = " · ".join(f"{name} {spanish.amount(chips)}" for name, chips in stacks.items())
    return f"{' '.join(lines)} {LABELS['final_stacks']}: {final}."


def _words(slot: str, moves) -> str:
    said = " y luego ".join(form(m.action, "second", m.amount) + (" all-in" if m.all_in else "") for m in moves)
    return said + ("" if slot == "card" else f" {SCRIPT_SLOTS[slot]}")


def describe_line(scenario: Scenario, variant: Any = None) -> str:
    """The reader's default line in words, from the script: «Recibes cada carta abierta, pasas si nadie ha
    apostado y pagas ante una apuesta; salvo en la 3ª carta, apuestas si nadie ha apostado»."""
    author = find_game(scenario.game).author()
    own = author.variant_where(variant)

    def applies(entry) -> bool:
        return all(entry.where.get(key, value) == value for key, value in own.items())

    def said(moves) -> tuple:
        return tuple((m.action, m.amount, m.all_in) for m in moves)

    general = [e for e in scenario.script if e.player == READER and e.round is None and applies(e)
               and set(e.where) <= set(own)]
    base: dict[str, tuple] = {}
    for entry in sorted(general, key=scenario.specificity):
        base.update(entry.moves)
    parts = [_words(s, base[s]) for s in SCRIPT_SLOTS if s in base]
    text = spanish.capital(spanish.listing(parts)) or "Sigues el guion"
    exceptions = []
    for entry in scenario.script:
        if entry.player != READER or entry.round is None or not applies(entry):
            continue
        changed = [_words(s, moves) for s, moves in entry.moves.items()
                   if s not in base or said(base[s]) != said(moves)]
        if changed:
            exceptions.append(f"en {author.round_phrase(entry.round, entry.where)}, " + " y ".join(changed))
    if exceptions:
        text += "; salvo " + "; ".join(exceptions)
    return text + "."
