"""The table's one vocabulary (engine/table/words.py): every action in all its forms, the reader's
«contigo», the labels the pages draw coming in the replies, and no second wording anywhere else."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine import protocol
from engine.games.mata_ases.command import play
from engine.games.mata_ases.simulate import random_request
from engine.table import words
from engine.table.words import ACTIONS, YOU
from tests.engine.games.mata_ases.events import events

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_every_action_has_every_form(action):
    row = ACTIONS[action]
    for kind in ("label", "imperative", "infinitive", "second", "third"):
        spellings = getattr(row, kind)
        assert 1 <= len(spellings) <= 2 and all(spellings), (kind, spellings)
        if len(spellings) == 2:  # the form with an amount is the bare form and the amount
            assert "{n}" in spellings[1] and "{n}" not in spellings[0]
    assert all("{p}" in t for t in row.third)
    assert words.did("Ana", action).startswith("Ana ") and words.did(YOU, action)[0].isupper()
    assert row.past and row.script and row.slot in words.SCRIPT_SLOTS
    assert words.script_words()[row.script[0]] == (row.slot, action)


def test_amounts_in_the_forms_are_written_the_site_way():
    assert words.did("Ana", "call", 12500) == "Ana paga 12.500."
    assert words.choices("Ana", [{"action": "call", "amount": 1500}, {"action": "raise", "min": 3000, "max": 12000},
                                 {"action": "fold"}]) == "Ana puede pagar 1.500, subir a un total de entre 3.000 y 12.000 o retirarse."


def test_a_tie_with_the_reader_says_contigo():
    """Issue 23: «Ana empata con tú». Seed 1007 (3 players) is a random hand where Beto and the reader split."""
    hand, error = play(random_request(random.Random(1007), players=3))
    assert error is None
    told = events(hand)
    ties = [e.text for e in told if e.type == "win" and e.player != YOU and "empata" in e.text]
    assert ties and all("empata contigo" in t for t in ties), ties
    own = [e.text for e in told if e.type == "win" and e.player == YOU]
    assert own and own[0].startswith("Empatas con Beto:"), own
    assert not any(" con tú" in e.text or " con Tú" in e.text for e in told)


def test_the_viewer_sends_the_table_labels_once_and_the_amount_box_label():
    table = {"opponents": 2, "modality": "boton-ante", "betting": "no-limit", "minimum": 50, "stack": 2000, "seed": 5}
    first = protocol.answer("play-start", {"game": "mata-ases", "mode": "free", "session": "words", "table": table})
    assert first["labels"]["pot"] == "Pozo" and first["labels"]["ayuda_closed"] == "Ayuda cerrada"
    assert set(first["labels"]["closed_of"]) == {p["name"] for p in first["players"]} - {YOU}
    for option in first["next"]["can"]:
        assert option["label"] == words.label(option)
        ranged = option["action"] in ("bet", "raise") and option["min"] < option["max"]
        assert ("amount_label" in option) == ranged
    check = next(o for o in first["next"]["can"] if o["action"] in ("check", "call", "up"))
    later = protocol.answer("play-step", {"session": "words", "decision": {"action": check["action"]}})
    assert "error" not in later and "labels" not in later


# Distinctive forms of the actions: written anywhere but the table's words, they would be a second wording.
_FORMS = ["Retirarse", "Te retiras", "Pides la carta", "pidió la carta", "Carta abierta («aire»)", "Subir a ",
          "\"Pagar ", "\"Apostar", "Te retiraste", "En esta ronda", "Fichas al terminar", "Ayuda cerrada"]


def test_no_other_module_or_script_words_an_action_or_a_table_label():
    allowed = {ROOT / "engine/table/words.py", ROOT / "engine/games/mata_ases/texts.py"}
    files = [p for d in ("engine", "site_hooks", "docs/javascripts") for p in (ROOT / d).rglob("*")
             if p.suffix in (".py", ".js", ".mjs") and p not in allowed]
    found = []
    for path in files:
        code = re.sub(r'^\s*"""[\s\S]*?"""', "", path.read_text(encoding="utf-8"), flags=re.M)
        code = "\n".join(line for line in code.splitlines()
                         if not re.match(r"\s*(#|//|/?\*)", line))  # comments and docstrings may quote them
        found += [f"{path.relative_to(ROOT)}: {form}" for form in _FORMS if form in code]
    assert not found, found
