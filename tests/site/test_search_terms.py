"""site_hooks/search_terms.py: the built search index carries the English names of the terms."""

from __future__ import annotations

import json
from pathlib import Path

from engine.glossary import english_names
from site_hooks.search_terms import LABEL


def test_sections_that_use_a_term_carry_its_english_names(built_site: Path):
    docs = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    by_location = {d["location"]: d for d in docs}
    side_pots = [d for loc, d in by_location.items() if loc.startswith("holdem/#") and "secundario" in d["title"].lower()]
    assert side_pots and all("side pot" in d["text"] for d in side_pots)
    for entry in docs:
        body, label, added = entry["text"].rpartition(f"<p>{LABEL} ")
        if not label:  # no term in it, so nothing added
            assert not english_names(f"{entry['title']} {entry['text']}"), entry["location"]
            continue
        assert added.removesuffix(".</p>").split(", ") == english_names(f"{entry['title']} {body}"), entry["location"]
