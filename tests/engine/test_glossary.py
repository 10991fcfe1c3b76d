"""engine.glossary: the one table of English names for the site's Spanish poker terms."""

from __future__ import annotations

from pathlib import Path

from engine.glossary import TERMS, english_names, terms_in
from engine.spanish import fold

DOCS = Path(__file__).resolve().parents[2] / "docs"


def reader_text() -> str:
    return fold(" ".join(p.read_text(encoding="utf-8") for p in DOCS.rglob("*.md") if "desarrollo" not in p.parts))


def test_every_form_belongs_to_one_term_and_every_name_is_lower_case_english():
    seen: dict[str, str] = {}
    for term in TERMS:
        assert term.english and all(name == name.lower().strip() and name.isascii() for name in term.english), term
        for word in term.words():
            assert word not in seen, f"«{word}» es de «{seen[word]}» y de «{term.spanish}»"
            seen[word] = term.spanish


def test_every_term_is_one_the_reader_pages_use():
    text = reader_text()
    unused = [t.spanish for t in TERMS if not terms_in(text).count(t)]
    assert not unused, f"términos que ninguna página usa: {unused}"


def test_the_terms_readers_search_in_english():
    assert english_names("Los botes secundarios se reparten al final") == ["side pot"]
    assert "big blind" in english_names("Paga la ciega grande (BB)")
    assert english_names("La carta de desempate decide") == ["kicker"]
    assert english_names("Dos jugadores sin términos") == []


def test_every_seat_abbreviation_says_where_the_seat_is():
    """Each explanation (engine/glossary.py abbreviation) agrees with the engine's seats at every table size."""
    from engine.games.holdem.rules import positions, preflop_order
    from engine.glossary import abbreviation

    counted = {"primer": 1, "segundo": 2, "tercer": 3, "cuarto": 4, "quinto": 5, "sexto": 6, "séptimo": 7}
    for n in range(2, 11):
        names = positions(n)
        first = names[preflop_order(n)[0]]
        for seat, code in enumerate(names):
            text = abbreviation(code)
            if "primero en hablar antes del flop" in text or "primero antes del flop" in text:
                assert code == first, (n, code)
            if code == "CO":
                assert seat == n - 1 and "justo a la derecha del botón" in text
            elif code == "HJ":
                assert seat == n - 2 and text.endswith("dos asientos a la derecha del botón")
            elif code.startswith("UTG"):
                word = text.split(": ")[1].split()[1]
                assert seat == 2 + counted[word], (n, code, text)
            elif code == "SB":
                assert seat == 1 and "primer asiento a la izquierda del botón" in text
            elif code == "BB":
                small = names.index("SB") if "SB" in names else names.index("D/SB")
                assert seat == small + 1 and "a la izquierda de la ciega pequeña" in text
            elif code == "D/SB":
                assert n == 2 and preflop_order(n)[0] == seat == 0 and "primero antes del flop" in text
