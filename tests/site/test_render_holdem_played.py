"""The Hold'em rules page's played examples (site_hooks/render/holdem_played.py): every figure and
every order the page states, as the engine plays it, against the rules (TDA 2024 and the guide)."""

from __future__ import annotations

import pytest

from site_hooks.markers import MarkerError
from site_hooks.render import holdem_played as played
from site_hooks.tables import render


@pytest.mark.parametrize(("name", "value"), [
    ("holdem-min-raise-preflop", "40"),       # blinds 10/20: a raise adds at least the big blind (TDA 43)
    ("holdem-min-reraise-preflop", "100"),    # after a raise to 60 (40 more), the next one goes to 100
    ("holdem-min-bet-postflop", "20"),        # the minimum bet is the big blind
    ("holdem-min-raise-postflop", "200"),     # Ana bets 100: a raise goes at least to 200
    ("holdem-short-all-in-min-raise", "250"),  # 100, then a short all-in to 150: a full raise is still 100
    ("holdem-short-all-in-call", "50"),       # Ana, facing 150 after her 100, calls 50
])
def test_each_figure_is_the_rule(name, value):
    assert render("figure", [name], inline=True) == value


def _actions(name: str) -> list[str]:
    return [option["action"] for option in played.options_after(name)["can"]]


def test_a_short_all_in_does_not_reopen_the_betting_and_two_that_add_up_do():
    assert played.options_after("all-in-corto")["player"] == "Ana"
    assert _actions("all-in-corto") == ["fold", "call"]          # no raise for Ana (TDA 47)
    options = {o["action"]: o for o in played.options_after("all-in-cortos-que-suman")["can"]}
    assert set(options) == {"fold", "call", "raise"}
    assert options["call"]["amount"] == 100 and options["raise"]["min"] == 300  # 200 plus the full raise of 100


def _events(name: str, kind: str) -> list[dict]:
    return [event for event in played.played(name)["events"] if event["type"] == kind]


def test_heads_up_deals_to_the_big_blind_first_the_button_speaks_first_preflop_and_last_after():
    reply = played.played("heads-up")
    assert [e["player"] for e in _events("heads-up", "blind")] == ["Beto", "Ana"]   # the button posts the small
    assert _events("heads-up", "hole")[0]["player"] == "Ana"                          # the big blind gets card one
    firsts = {e["street"]: e["player"] for e in _events("heads-up", "first_to_act")}
    assert firsts == {"preflop": "Beto", "flop": "Ana", "turn": "Ana", "river": "Ana"}
    assert _events("heads-up", "show")[0]["player"] == "Ana"  # no river bet: the big blind shows first
    assert reply["status"] == "over"


def test_the_last_aggressor_on_the_river_shows_first_then_clockwise():
    shows = [e["player"] for e in _events("quien-ensena-primero", "show")]
    assert shows == ["Beto", "Carla", "Ana"]  # Beto raised last; the button (Ana) is last


def test_odd_chips_go_one_by_one_from_the_left_of_the_button():
    reply = played.played("fichas-sueltas")
    stacks = dict(zip(reply["players"], reply["finishing_stacks"]))
    # 290 among Beto, Carla and Tú (the button): 96 each and two chips, to Beto then Carla (Ana folded).
    assert stacks == {"Ana": 990, "Beto": 1017, "Carla": 1017, "Dani": 960, "Tú": 1016}
    text = _events("fichas-sueltas", "win")[0]["text"]
    assert "una para Beto y otra para Carla" in text and "96 para ti" in text


def test_blind_before_ante_when_the_big_blind_is_short():
    reply = played.played("ciega-antes-que-ante")
    beto = reply["players"].index("Beto")
    ante = [e for e in reply["events"] if e["type"] == "ante"]
    assert [(e["player"], e["amount"]) for e in ante] == [("Beto", 5)]  # 25 chips: 20 of blind, 5 of ante
    assert reply["events"][1]["player"] == "Beto" and reply["events"][1]["amount"] == 20
    assert reply["stacks"][beto] == 0


def test_the_button_rotation_follows_the_dead_button_rule():
    rows = [(r["button"], r["small_blind"], r["big_blind"], r["dead_button"]) for r in played.rotation_rows()]
    assert rows == [
        ("Ana", "Beto", "Carla", False),
        ("Beto", "Carla", "Dani", True),    # Beto left: the big blind moves on one seat, the button stays dead
        ("Carla", "Dani", "Tú", False),
        ("Tú", "Tú", "Ana", False),         # heads-up: Tú posted the big blind, so Tú has the button now
        ("Ana", "Ana", "Tú", False),
    ]


def test_each_example_is_rendered_with_its_steps_and_citations():
    out = render("holdem-played", ["all-in-corto"])
    assert 'data-example="all-in-corto"' in out and "TDA 2024, regla 47" in out
    assert "Ana puede retirarse o pagar 50." in out
    with pytest.raises(MarkerError):
        render("holdem-played", ["no-existe"])


@pytest.mark.parametrize("players", range(2, 11))
def test_the_positions_tables_are_the_order_the_hand_engine_plays(players):
    """The page's positions tables (engine.games.holdem.rules's orders) are the order in which the Hold'em
    hand engine asks players to act, before the flop and after it."""
    from engine.protocol import answer
    from site_hooks.render.holdem import position_rows

    row = position_rows(players, players)[0]
    names = row["seats"]  # from the button, clockwise: «D», «SB», «BB», ... (heads-up «D/SB», «BB»)
    request = {"seats": [{"name": n, "stack": 1000} for n in names], "button": names[0], "blinds": [10, 20],
               "seed": players, "actions": []}
    acted: dict[str, list[str]] = {"preflop": [], "flop": []}
    while True:
        reply = answer("holdem-hand", request)
        if reply["street"] not in acted or len(acted[reply["street"]]) == players:
            break
        turn = reply["next"]["player"]
        acted[reply["street"]].append(turn)
        action = next(o["action"] for o in reply["next"]["can"] if o["action"] in ("check", "call"))
        request["actions"].append({"player": turn, "action": action})
    assert acted["preflop"] == row["preflop"]
    assert acted["flop"] == row["postflop"]
