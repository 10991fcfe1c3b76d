"""MkDocs hook: the English names of the poker terms a section uses go into its search entry.

A reader who knows the game in English searches «side pot» or «big blind»; the pages say «bote
secundario» and «ciega grande». Once the search plugin has written ``search/search_index.json``, each
entry (a page or one of its sections) whose title or text uses a term of :data:`engine.glossary.TERMS`
gets that term's English names appended to its text, as «En inglés: side pot.», which is also what
the result shows under its title. The names live only in the engine's glossary.
"""

from __future__ import annotations

import json
from pathlib import Path

from mkdocs.plugins import event_priority

from engine.glossary import english_names

LABEL = "En inglés:"


def with_english(entry: dict) -> dict:
    """The search entry with the English names of its terms at the end of its text.

    >>> with_english({"location": "holdem/#botes", "title": "Botes secundarios", "text": "<p>Cada all-in…</p>"})["text"]
    '<p>Cada all-in…</p> <p>En inglés: side pot.</p>'
    >>> with_english({"location": "", "title": "Inicio", "text": "Hola"})["text"]
    'Hola'
    """
    names = english_names(f"{entry.get('title', '')} {entry.get('text', '')}")
    if not names:
        return entry
    return {**entry, "text": f"{entry.get('text', '')} <p>{LABEL} {', '.join(names)}.</p>"}


def add_english_names(index_path: Path) -> int:
    """Rewrite the search index at ``index_path``; returns how many entries got English names."""
    index = json.loads(index_path.read_text(encoding="utf-8"))
    docs = [with_english(entry) for entry in index["docs"]]
    changed = sum(1 for old, new in zip(index["docs"], docs) if old is not new)
    index["docs"] = docs
    index_path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return changed


@event_priority(-100)  # after the search plugin has written its index
def on_post_build(config, **kwargs) -> None:
    index_path = Path(config["site_dir"]) / "search" / "search_index.json"
    if index_path.is_file():
        add_english_names(index_path)
