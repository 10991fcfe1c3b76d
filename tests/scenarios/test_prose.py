"""What the practice hands and the rules pages say in prose, checked against the engine: the figures a
hand's text states for a line the reader may try, the card names the engine uses, and the reader
addressed as «tú» (never «vosotros»)."""

from __future__ import annotations

import re
from pathlib import Path

from engine import protocol
from engine.cards import Rank
from engine.scenarios import to_json
from engine.scenarios.format import load

ROOT = Path(__file__).resolve().parents[2]
#: Every text a reader sees that is written by hand: the pages and the practice hands.
PROSE = sorted([*ROOT.glob("docs/**/*.md"), *ROOT.glob("scenarios/*.md")])
#: Vosotros forms: second person plural verbs (-áis, -éis), «vuestro», «vosotros», «sois».
VOSOTROS = re.compile(r"\b\w+(?:áis|éis)\b|\bvuestr[oa]s?\b|\bvosotr[oa]s\b|\bsois\b", re.IGNORECASE)


def _play(name: str, reader: list[dict]) -> tuple[list[dict], dict]:
    scenario = load(ROOT / "scenarios" / f"{name}.md")
    reply = protocol.answer("play-start", {"mode": "practice", "session": name, "scenario": to_json(scenario),
                                           "reader": reader})
    events = list(reply.get("events", []))
    while reply.get("more"):
        reply = protocol.answer("play-step", {"session": name})
        events += reply.get("events", [])
    return events, reply["result"]


def test_hand_6_the_figures_said_for_folding_are_the_engines():
    name = "holdem-06-botes-secundarios"
    text = (ROOT / "scenarios" / f"{name}.md").read_text(encoding="utf-8")
    sentence = re.search(r"Prueba a retirarte:[^.]*\.", text.replace("\n", " ")).group(0)
    events, result = _play(name, [{"action": "fold"}])
    returned = [e for e in events if e["type"] == "return"]
    assert [e["player"] for e in returned] == ["Dani"]
    dani_bet = max(e["amount"] for e in events if e.get("player") == "Dani" and "amount" in e)
    pots = [pot["amount"] for pot in result["pots"]]
    said = [int(n) for n in re.findall(r"\d+", sentence)]
    assert said == [dani_bet, returned[0]["amount"], *pots], (sentence, dani_bet, returned, pots)


def test_no_page_or_practice_hand_speaks_to_vosotros():
    found = [f"{path.relative_to(ROOT)}:{n}: {m.group(0)}" for path in PROSE
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             for m in VOSOTROS.finditer(line)]
    assert found == []


def test_the_queen_is_named_as_the_engine_names_it():
    assert (Rank.QUEEN.name_es, Rank.QUEEN.plural_es) == ("Reina", "Reinas")  # never «Dama», «Damas»
    found = [f"{path.relative_to(ROOT)}:{n}" for path in PROSE
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bDamas?\b", line)]
    assert found == []


def test_every_english_word_a_page_keeps_is_explained_where_it_is_used():
    from engine.glossary import LOANWORDS
    from engine.spanish import fold

    missing = []
    for path in PROSE:
        if "desarrollo" in path.parts:  # the developers' pages speak to developers
            continue
        text = fold(re.sub(r"[*_\s]+", " ", path.read_text(encoding="utf-8")))
        for word, meaning in LOANWORDS.items():
            if re.search(rf"(?<!\w){re.escape(fold(word))}(?!\w)", text) and fold(meaning) not in text:
                missing.append(f"{path.relative_to(ROOT)}: {word}")
    assert missing == []
