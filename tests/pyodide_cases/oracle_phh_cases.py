"""holdem-hand cases for the Pyodide batch: the oracle's PHH corpus (tests/engine/phh/oracle/: televised
hands written by PokerKit, with big-blind antes, shows before the board and unknown cards; the TDA 47-A
examples). Same request, same reply in CPython and Pyodide."""

from __future__ import annotations

from pathlib import Path

CORPUS = Path(__file__).parent.parent / "engine" / "games" / "holdem" / "phh" / "oracle"


def cases() -> list[tuple[str, dict]]:
    return [("holdem-hand", {"phh": path.read_text(encoding="utf-8")}) for path in sorted(CORPUS.glob("*.phh"))]
