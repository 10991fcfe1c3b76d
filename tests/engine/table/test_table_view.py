"""The table page's replies (engine/table/view.py): one viewer for every game, each drawn as its words say.

``python -m scripts.viewer_replies 200`` prints a digest of the replies of free-table hands and every
practice hand down random paths: run it before and after a change to the viewer."""

from __future__ import annotations

import json
import random

from engine.cards import DECK
from engine.games.holdem.bot_play import random_player
from engine.games.holdem.hand import HoldemHand
from engine.games.holdem.texts import WORDS
from engine.glossary import abbreviation, abbreviations
from engine.games.mata_ases.play import GAME as MATA_ASES
from engine.games.mata_ases.play import MataAsesTable
from engine.table.view import EVENTS_BUDGET, HandViewer
from engine.table.words import YOU

NAMES = ["Ana", YOU, "Beto", "Carla", "Dani", "Eva"]


def _hand(seed: int) -> tuple[HoldemHand, HandViewer, list[dict]]:
    """A random hand with random players in every seat, its viewer and every reply made after each step."""
    rng = random.Random(seed)
    n = 2 + seed % 5
    deck = list(DECK)
    rng.shuffle(deck)
    cards = iter(deck)
    seats = [(NAMES[i], rng.randint(5, 300)) for i in range(n)]
    hand = HoldemHand(seats, button=NAMES[seed % n], blinds=[1, 2], min_bet=2)
    viewer = HandViewer(hand, WORDS)
    agents = {name: random_player(seed * 10 + i) for i, (name, _) in enumerate(seats)}
    hand.deal_due(cards)
    replies = []
    while not hand.over:
        if rng.random() < 0.3:
            replies.append(viewer.reply())
        action, amount = agents[hand.to_act](hand, hand.to_act)
        hand.act(hand.to_act, action, amount)
        hand.deal_due(cards)
        viewer.stop()
    while True:
        replies.append(viewer.reply())
        if not replies[-1].get("more"):
            return hand, viewer, replies


def test_one_viewer_draws_every_game():
    setup = MATA_ASES.free_setup({"opponents": 2, "modality": "bring-in", "betting": "fixed", "minimum": 50,
                                  "depth": 40, "seed": 1})
    hand, _, _ = MataAsesTable(setup).deal()
    mata = MATA_ASES.viewer(hand)
    holdem = HandViewer(HoldemHand([("Ana", 100), (YOU, 100)], button="Ana", blinds=[1, 2], min_bet=2), WORDS)
    assert type(mata) is type(holdem) is HandViewer
    assert (mata.SHARED, holdem.SHARED) == ("ayudas", "board")
    table = mata.reply()["events"][-1]["table"]
    assert table["ayudas"]["cards"] == [] and "board" not in table


def test_holdem_replies_rebuild_the_table_and_hide_the_others_cards():
    for seed in range(25):
        hand, viewer, replies = _hand(seed)
        seats: dict[str, dict] = {}
        board = None
        cards_known: set[str] = set()
        for index, reply in enumerate(replies):
            assert ("labels" in reply) == (index == 0)
            assert sum(len(json.dumps(e, ensure_ascii=False)) for e in reply["events"][:-1]) <= EVENTS_BUDGET
            cards_known |= set(reply["cards"])
            for event in reply["events"]:
                if event["type"] == "hole" and event["player"] != YOU:
                    assert "cards" not in event, event  # nobody else's hole cards in the log
                table = event.get("table")
                if table:
                    board = table.get("board", board)
                    seats.update({s["name"]: s for s in table["seats"]})
                    for seat in table["seats"]:
                        if seat["name"] != YOU and not seat["open"]:
                            assert set(seat["closed"]) <= {"??"}, seat
                        assert set(seat["open"] + seat["closed"]) - {"??"} <= cards_known
        final = viewer.table()
        assert board == final["board"] and board["cards"] == [str(c) for c in hand.board]
        assert [seats[s["name"]] for s in final["seats"]] == final["seats"]
        result = replies[-1]["result"]
        assert "extensions" not in result
        assert sum(p["amount"] for p in result["pots"]) == hand.pot
        assert {r["name"]: r["stack"] for r in result["stacks"]} == hand.stacks
        assert sum(r["change"] for r in result["stacks"]) == 0


def test_holdem_next_offers_the_engines_options_with_labels():
    hand = HoldemHand([("Ana", 100), (YOU, 100), ("Beto", 100)], button="Beto", blinds=[1, 2], min_bet=2)
    hand.deal_due(iter(DECK))
    hand.act("Beto", "call")
    hand.act("Ana", "raise", 10)
    reply = HandViewer(hand, WORDS).reply()
    assert reply["next"]["player"] == YOU
    assert [(o["action"], o["label"]) for o in reply["next"]["can"]] == [
        ("fold", "Retirarse"), ("call", "Pagar 8"), ("raise", "Subir")]
    assert reply["next"]["prompt"].endswith("tienes que pagar 8.")
    seat = {s["name"]: s for s in reply["events"][-1]["table"]["seats"]}
    assert seat["Ana"]["forced"] == {"type": "small_blind", "amount": 1, "label": "Ciega pequeña 1"}
    # A badge names its code only: the page explains it once (glossary.abbreviations in its templates).
    assert {"kind": "position", "text": "BB"} in seat[YOU]["badges"]
    assert abbreviations()["BB"] == abbreviation("BB")
