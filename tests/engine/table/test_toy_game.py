"""A game defined here, as data only, played through the play layer's commands like the site's games.

«Tres y dos» is no real game: three own cards (the third face up), an ante from everybody and two blinds,
a betting round, then two shared cards (the first burnt) and a last round. It is made of the table hand's
data (:class:`engine.table.rules.Rules` with its :class:`~engine.table.rules.Street` list and who opens
each one, :class:`engine.table.texts.HandWords` for its words) and joins the registry
(:func:`engine.games.register_game`); nothing else in the engine knows it. ``game-info``, ``play-start``,
``play-step`` and ``play-next`` then serve it as they serve Texas Hold'em.

It also teaches, declaring its facets in this module (:data:`engine.games.FACETS`): a table of pages, a
question kind (how many chips the antes put in the box), a drill kind that deals it, the skill both exercise
and a path step; the catalogue of «Mi progreso», ``drill``, ``drill-check`` and ``quiz-check`` serve them
with no edit anywhere else.
"""

from __future__ import annotations

import random
import sys
from fractions import Fraction

import pytest

from engine import games, protocol
from engine.cards import Card
from engine.drills import DrillKinds, quiz_fields
from engine.games import FacetError, Game, Pages, register_game
from engine.progress import Analysis, Blame, Practice, Skill, Step, catalogue, check_game, streak
from engine.quiz import QuestionKind, Solution, ask
from engine.spanish import amount
from engine.table.hand_game import HandGame
from engine.table.rules import Opening, Rules, Street
from engine.spanish import card_symbol
from engine.table.texts import HandWords

STREETS = (
    Street("reparto", hole=(False, False, True), opening=Opening.LEFT_OF_BLINDS, title="El reparto",
           round="la primera ronda", when="en el reparto", of="del reparto"),
    Street("mesa", board=2, burn=True, title="La mesa", round="la última ronda", when="con la mesa", of="de la mesa",
           dealt="la mesa, dos cartas comunes"),
)
WORDS = HandWords(cites={"deal": "Reglas de Tres y dos, «El reparto»"},
                  board_labels={0: "La mesa: dos cartas al terminar la primera ronda", 2: "La mesa"},
                  labels={"pot": "Caja"})
TOY = HandGame("tres-y-dos", "Tres y dos", Rules(minimum=2, streets=STREETS, players=(2, 4)), WORDS,
               bots=("Ana", "Beto", "Carla"))
SETUP = {"players": 3, "seat": 0, "blinds": [1, 2], "ante": 1, "depth": 50, "seed": 11}

# What the toy game teaches: its facets, all in this module.
PAGES = Pages({"rules": "/tres-y-dos/"})
SKILLS = (Skill("tres-y-dos.box", "Lo que hay en la caja", PAGES.rule("El reparto"),
                Practice("tres-y-dos-box", "fácil", "antes")),)
PATH = (Step("tres-y-dos.drills", "Cuenta la caja", PAGES.url("rules"), "drills", streak(3, "tres-y-dos-box"),
             ("tres-y-dos.box",)),)


def _solve_box(spec: dict) -> Solution:
    """``{"kind": "tres-y-dos-box", "ask": "box", "players": n, "ante": chips}``: every player's ante and the
    two blinds of 1 and 2 are in the box before the first decision."""
    ask(spec, ("box",))
    total = spec["players"] * spec["ante"] + 3
    return Solution("amount", Fraction(total), amount(total), (f"{spec['players']} antes de {spec['ante']} y las "
                                                               f"ciegas de 1 y 2: {amount(total)}.",))


QUESTIONS = {"tres-y-dos-box": QuestionKind(_solve_box, lambda spec: ["tres-y-dos.box"])}
READ = None
WIDGETS: dict = {}
DRILLS = DrillKinds()


@DRILLS.kind("tres-y-dos-box", {level: (("antes", 1),) for level in ("fácil", "media", "difícil")},
             {"antes": "los antes y las ciegas"}, skills={"antes": ("tres-y-dos.box",)})
def _box_drill(rng: random.Random, level: str, family: str) -> dict:
    spec = {"kind": "tres-y-dos-box", "ask": "box", "players": rng.randint(2, 4), "ante": rng.randint(1, 5)}
    return quiz_fields(spec, "¿Cuántas fichas hay en la caja antes de la primera decisión?", spec, {})


BLAME = {"tres-y-dos-box": Analysis(lambda spec, given: ([Blame("tres-y-dos.box", "Cuenta también las ciegas.")]
                                                         if given == spec["players"] * spec["ante"] else [], None))}
DECISIONS = None


@pytest.fixture(autouse=True)
def toy_game():
    """The toy game in the registry for one test, and the registry as it was afterwards."""
    before, keys = dict(games.GAMES), dict(games._KEYS)
    register_game(Game("tres-y-dos", "Tres y dos", ("tres y dos", "3 y 2"), table=TOY, teaching=sys.modules[__name__]))
    yield
    games.GAMES.clear()
    games.GAMES.update(before)
    games._KEYS.clear()
    games._KEYS.update(keys)


def answer(command: str, request: dict) -> dict:
    reply = protocol.answer(command, request)
    assert "error" not in reply, reply
    return reply


def whole(reply: dict, session: str) -> tuple[dict, list[dict]]:
    """The reply with the rest of its events (``more``), and all of them."""
    events = list(reply["events"])
    while reply.get("more"):
        reply = answer("play-step", {"session": session})
        events += reply["events"]
    return reply, events


def play_hand(reply: dict, session: str, pick) -> tuple[dict, list[dict]]:
    """The hand to its end, the reader deciding with ``pick(options)``: the last reply and every event."""
    reply, events = whole(reply, session)
    while "next" in reply:
        option = pick(reply["next"]["can"])
        decision = {"action": option["action"], **({"amount": option["min"]} if "min" in option else {})}
        reply, more = whole(answer("play-step", {"session": session, "decision": decision}), session)
        events += more
    return reply, events


def test_game_info_describes_the_toy_games_free_table():
    info = answer("game-info", {"game": "3 y 2"})
    assert (info["game"], info["name"], info["reader"]) == ("tres-y-dos", "Tres y dos", "Tú")
    players = next(field for field in info["setup"] if field["key"] == "players")
    assert [option["value"] for option in players["options"]] == [2, 3, 4]  # the rules' seats, as data


def test_a_hand_of_the_toy_game_is_dealt_bet_and_settled_by_its_rules():
    start = answer("play-start", {"session": "toy", "game": "tres-y-dos", "mode": "free", "table": SETUP})
    assert start["labels"]["pot"] == "Caja"  # the game's own words
    reply, events = play_hand(start, "toy", lambda can: next(o for o in can if o["action"] in ("check", "call")))
    assert [e["section"] for e in events if "section" in e][:2] == ["El reparto", "La mesa"]  # by their titles
    forced = sorted((e["type"], e["amount"]) for e in events if e["type"] in ("ante", "blind"))
    assert forced == [("ante", 1)] * 3 + [("blind", 1), ("blind", 2)]
    # Three own cards each, the third face up: the reader sees his; of a bot's, only the face-up one.
    hole = {e["player"]: e for e in events if e["type"] == "hole"}
    assert len(hole["Tú"]["cards"]) == 3 and len(hole["Ana"]["cards"]) == 1
    assert hole["Ana"]["text"] == f"Ana recibe sus tres cartas: dos boca abajo y una boca arriba ({_symbol(hole['Ana'])})."
    seats = {}
    for event in events:
        for seat in event.get("table", {}).get("seats", []):
            seats.setdefault(seat["name"], seat)
    assert len(seats["Tú"]["closed"]) == 2 and "??" not in seats["Tú"]["closed"]
    assert seats["Ana"]["closed"] == ["??", "??"] and seats["Ana"]["open"] == hole["Ana"]["cards"]
    board = [e for e in events if e["type"] == "board"]
    assert len(board) == 1 and len(board[0]["cards"]) == 2 and any(e["type"] == "burn" for e in events)
    # No chip created or lost; every ante and blind is in the pots.
    result = reply["result"]
    assert sum(row["change"] for row in result["stacks"]) == 0
    assert sum(pot["amount"] for pot in result["pots"]) >= 3 * 1 + 1 + 2


def _symbol(event: dict) -> str:
    return card_symbol(Card.parse(event["cards"][0]))


def test_the_rules_refuse_what_they_do_not_allow_in_spanish():
    start = answer("play-start", {"session": "toy-refused", "game": "tres-y-dos", "mode": "free", "table": SETUP})
    start, _ = whole(start, "toy-refused")
    can = {option["action"] for option in start["next"]["can"]}
    wrong = "check" if "check" not in can else "call"
    refused = protocol.answer("play-step", {"session": "toy-refused", "decision": {"action": wrong}})
    assert refused["code"] == "illegal-action" and refused["error"].startswith("No puedes")


def _button(events: list[dict]) -> str:
    return next(s["name"] for e in events for s in e.get("table", {}).get("seats", [])
                if any(b["kind"] == "button" for b in s["badges"]))


def test_the_next_hand_moves_the_button_and_keeps_the_stacks():
    start = answer("play-start", {"session": "toy-next", "game": "tres-y-dos", "mode": "free", "table": SETUP})
    first, events = play_hand(start, "toy-next", lambda can: next(o for o in can if o["action"] in ("fold", "check")))
    stacks = {row["name"]: row["stack"] for row in first["result"]["stacks"]}
    second, more = whole(answer("play-next", {"session": "toy-next"}), "toy-next")
    assert (start["hand"], second["hand"]) == (1, 2)
    ring = [p["name"] for p in start["players"]]
    assert _button(more) == ring[(ring.index(_button(events)) + 1) % len(ring)]  # one seat clockwise
    seats = {s["name"]: s for e in more for s in e.get("table", {}).get("seats", [])}
    assert sum(s["stack"] + s["bet"] for s in seats.values()) + sum(
        e["amount"] for e in more if e["type"] == "ante") == sum(stacks.values())  # last hand's stacks


def test_the_toy_game_teaches_through_its_facets_and_mi_progreso_lists_it():
    from site_hooks.progress import catalogue_html, path_html

    check_game(games.find_game("tres-y-dos"))
    data = catalogue()
    assert {"id": "tres-y-dos", "name": "Tres y dos", "practice": None, "table": None} in data["games"]
    assert [s["id"] for s in data["skills"] if s["game"] == "tres-y-dos"] == ["tres-y-dos.box"]
    assert [step["id"] for step in data["path"]["tres-y-dos"]] == ["tres-y-dos.drills"]
    assert "Cuenta la caja" in str(path_html(data, "progreso/")) and "tres-y-dos.box" in str(catalogue_html(data))
    drill = answer("drill", {"kind": "tres-y-dos-box", "seed": 4, "level": "fácil"})
    spec = drill["data"]
    wrong = answer("drill-check", {"kind": "tres-y-dos-box", "seed": 4, "level": "fácil",
                                   "answer": str(spec["players"] * spec["ante"])})
    assert wrong["progress"]["skills"] == [{"id": "tres-y-dos.box", "ok": False, "why": "Cuenta también las ciegas.",
                                            "rule": "/tres-y-dos/#el-reparto"}]
    right = answer("quiz-check", {"question": {"kind": "tres-y-dos-box", "ask": "box", "players": 2, "ante": 5},
                                  "answer": "13"})
    assert right["correct"] and right["progress"]["skills"][0]["id"] == "tres-y-dos.box"


def test_a_game_missing_a_facet_fails_loudly_naming_it():
    class Half:
        PAGES, SKILLS, PATH, QUESTIONS, READ, WIDGETS, BLAME, DECISIONS = (PAGES, SKILLS, PATH, QUESTIONS, READ,
                                                                            WIDGETS, BLAME, DECISIONS)

    broken = register_game(Game("tres-y-dos", "Tres y dos", table=TOY, teaching=Half))
    with pytest.raises(FacetError, match="La faceta «drills» de Tres y dos no define DRILLS"):
        check_game(broken)
    missing = register_game(Game("tres-y-dos", "Tres y dos", table=TOY, teaching="engine.games.ningun_juego"))
    with pytest.raises(FacetError, match="Tres y dos no declara su faceta «pages»"):
        check_game(missing)
