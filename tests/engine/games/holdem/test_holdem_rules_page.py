"""What the Hold'em rules page says against what the engine does: the sections the engine's citations
name exist, the short big blind's figures are the engine's, a straddle is worded and cited as one, and
the page words TDA 14, 58, 16, 17, 20-A, 21, 43 and 47 as those rules say."""

from __future__ import annotations

import re
from pathlib import Path

from engine.games.holdem.texts import CITE
from engine.protocol import answer

PAGE = (Path(__file__).resolve().parents[4] / "docs" / "holdem" / "index.md").read_text(encoding="utf-8")
FLAT = re.sub(r"\s+", " ", PAGE)
SITE = re.compile(r"Reglas de este sitio: «([^»]+)»")


def _titles() -> set[str]:
    headings = {line.lstrip("#").strip() for line in PAGE.splitlines() if line.startswith("#")}
    notes = set(re.findall(r'^!!! \w+ "([^"]+)"', PAGE, re.MULTILINE))
    return headings | notes


def test_every_section_the_engine_cites_exists_on_the_page():
    titles = _titles()
    cited = {name for cite in CITE.values() for name in SITE.findall(cite)}
    assert "El straddle" in cited and cited <= titles, sorted(cited - titles)


def test_a_straddle_is_worded_as_one_and_cited_to_its_section():
    phh = ("variant = 'NT'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 4, 0]\nmin_bet = 2\n"
           "starting_stacks = [200, 200, 200, 200]\n"
           "actions = ['d dh p1 AsAh', 'd dh p2 KdKc', 'd dh p3 7c2d', 'd dh p4 9c9d']\n")
    events = answer("holdem-hand", {"phh": phh})["events"]
    straddle = [e for e in events if e["type"] == "blind"][2]
    assert "pone un straddle: 4." in straddle["text"] and "voluntaria" in straddle["text"]
    assert straddle["cite"] == CITE["straddle"] and "Guía" not in straddle["cite"]
    opening = next(e for e in events if e["type"] == "first_to_act")  # left of the straddle: the site says why
    assert CITE["straddle"] in opening["cite"]
    plain = phh.replace("[1, 2, 4, 0]", "[1, 2, 0, 0]")
    opening = next(e for e in answer("holdem-hand", {"phh": plain})["events"] if e["type"] == "first_to_act")
    assert CITE["straddle"] not in opening["cite"]


def test_the_short_big_blind_convention_states_the_engines_figures():
    bullet = re.search(r"\*\*Una ciega grande que no llega\.\*\*(.*?)(?= - \*\*|$)", FLAT).group(1)
    small, big, posted, call, raise_to = (int(n) for n in re.findall(r"\b\d+\b", bullet)[:5])
    seats = [{"name": n, "stack": s} for n, s in (("Ana", 1000), ("Beto", posted), ("Carla", 1000), ("Dani", 1000))]
    reply = answer("holdem-hand", {"seats": seats, "button": "Dani", "blinds": [small, big], "seed": 1,
                                   "actions": []})
    can = {o["action"]: o for o in reply["next"]["can"]}
    assert (can["call"]["amount"], can["raise"]["min"]) == (call, raise_to)
    blind = [e for e in reply["events"] if e["type"] == "blind"][1]
    assert blind["amount"] == posted and CITE["short_blind"] in blind["cite"]
    assert "los demás igualan la apuesta más alta que haya" in blind["text"]


def test_the_page_words_the_tda_rules_as_they_are():
    assert "quién enseña primero, la regla 16" not in FLAT  # rule 16 is face up for all-ins only
    assert "quién enseña primero, la regla 17" in FLAT and "ya no quedan apuestas, la regla 16" in FLAT
    assert "(TDA 2024, regla 58)" in FLAT and "sancionar" in FLAT and "pero vale)" not in FLAT
    assert "ya no se puede recuperar" in FLAT and "(TDA 2024, regla 14)" in FLAT
    assert "Una mano tirada está muerta:" not in FLAT
    # Rule 14: the player may table cards that remain 100 % identifiable and retrievable; the floor has no say.
    muck = re.search(r"\*\*Tirar las cartas\*\*.*?\(TDA 2024, regla 14\)", FLAT).group(0)
    assert "puedes cambiar de idea y enseñarlas" in muck and "identificar sin ninguna duda y recuperar" in muck
    assert "puede decidir" not in muck and "no una decisión del responsable de la sala" in muck


def test_the_staff_note_gives_each_tda_number_its_own_subject():
    """The 2024 numbers the site cites, each with what that rule is about (checked against the TDA text)."""
    note = FLAT.split('"Para el personal de sala: de dónde salen estas convenciones"', 1)[1]
    for words, rule in (("quién enseña primero", "17"), ("ya no quedan apuestas", "16"),
                        ("comunes", "20-A"), ("los botes secundarios", "21"), ("la subida mínima", "43"),
                        ("el all-in que no reabre", "47")):
        assert re.search(re.escape(words) + r"[^;.]*?\b(la regla |la )" + re.escape(rule) + r"\b", note), (words, rule)
    assert "Retirarse cuando se podía pasar: la regla 58" in note


def test_the_call_is_defined_by_the_word_the_table_uses():
    from engine.table.words import ACTIONS, did, label

    term = next(line for line in PAGE.splitlines() if line.endswith("(*call*)"))
    word = ACTIONS["call"].infinitive[0]  # the buttons' and the log's verb
    assert label({"action": "call"}).lower() == word and did("Ana", "call", 50) == "Ana paga 50."
    assert word in term.lower() and "igualar" in term.lower()
    assert f"«{did('Ana', 'call', 50)[:-1]}»" in FLAT


def test_the_ranking_intro_does_not_repeat_its_table_caption():
    from site_hooks.render.holdem import render_ranking_es

    caption = re.search(r"<caption[^>]*>(.*?)</caption>", str(render_ranking_es([])), re.S).group(1)
    intro = PAGE.split("## Ranking de manos", 1)[1].split("<!-- engine:ranking-es -->", 1)[0]
    intro = re.sub(r"\s+", " ", intro)
    for sentence in re.split(r"(?<=\.)\s+", re.sub(r"<[^>]+>", "", caption)):
        opening = " ".join(sentence.split()[:4])
        assert opening and opening not in intro, opening
