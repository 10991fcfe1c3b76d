"""engine.review beyond the free table: a practice hand's review (its script's seats valued as bots of one
style, said in ``words["assumed"]``) and a hand history's, once replayed to its end, for its seat «Tú»;
neither depends on a card the reader's seat did not see, and a Mata Ases history's review is the very review
of the free table's hand it came from. A history's hand is played again from one of its decisions at a
table of the reader's own, his seat seeing exactly what it saw then."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import protocol
from engine.cards import Card
from engine.errors import RequestError
from engine.play.session import SPOT_OVER, PracticeSession
from engine.scenarios import to_json
from engine.scenarios.format import load
from engine.table.game import HISTORY_ASSUMED, SCRIPT_ASSUMED
from tests.conftest import ROOT


def _drain(command: str, request: dict) -> dict:
    """A request and the rest of its reply (a review's own, a hand's by ``play-step``)."""
    reply = protocol.answer(command, request)
    rest = command if command == "play-review" else "play-step"
    while reply.get("more"):
        reply = protocol.answer(rest, {"session": request["session"]})
    return reply


def _play_out(session: str, reply: dict) -> dict:
    """The reader checks, calls or takes his card open to the end of the hand."""
    while "next" in reply:
        option = next(o for o in reply["next"]["can"] if o["action"] in ("check", "call", "up"))
        reply = _drain("play-step", {"session": session, "decision": {"action": option["action"]}})
    return reply


def _figures(review: dict) -> list:
    return [(d["you"], d["grade"], [(a["action"], a["figure"]) for a in d["actions"]]) for d in review["decisions"]]


def _practice(scenario, extra: dict, session: str) -> dict:
    data = scenario if isinstance(scenario, dict) else to_json(scenario)
    _play_out(session, _drain("play-start", {"session": session, "mode": "practice", "scenario": data, **extra}))
    return _drain("play-review", {"session": session})


PRACTICE = [("holdem-02-la-subida-minima", {}), ("01-matar-los-ases", {"modality": "bring-in"}),
            ("01-matar-los-ases", {"modality": "boton-ante"})]


@pytest.mark.parametrize(("name", "extra"), PRACTICE)
def test_a_practice_hand_is_reviewed_decision_by_decision_and_says_its_bots_are_assumed(name, extra):
    scenario = load(ROOT / "scenarios" / f"{name}.md")
    review = _practice(scenario, extra, "practice-a")
    assert "error" not in review, review
    assert review["words"]["assumed"] == SCRIPT_ASSUMED
    assert review["words"]["session"] == review["words"]["hand"]  # its summary is of this hand alone
    assert review["decisions"] and [d["index"] for d in review["decisions"]] == list(range(len(review["decisions"])))
    for decision in review["decisions"]:
        assert decision["grade"] and any(a["chosen"] for a in decision["actions"])
    assert review["summary"]["text"]
    assert _figures(_practice(scenario, extra, "practice-b")) == _figures(review)  # the same every time


def test_a_practice_hands_review_ignores_the_scripted_cards_the_reader_never_saw():
    """The opponents' hole cards of a Hold'em practice hand exchanged for others (the script plays the same
    decisions): every figure of the review stays, since no world draws on them."""
    scenario = load(ROOT / "scenarios" / "holdem-02-la-subida-minima.md")
    fields = scenario.fields
    reader = "Tú"
    used = {card for cards in fields.hole.values() for card in cards} | set(fields.board)
    spare = iter(sorted(card for card in map(Card.parse, _deck()) if card not in used))
    hole = {name: cards if name == reader else (next(spare), next(spare)) for name, cards in fields.hole.items()}
    other = replace(scenario, fields=replace(fields, hole=hole))
    assert hole != fields.hole
    assert _figures(_practice(other, {}, "practice-c")) == _figures(_practice(scenario, {}, "practice-d"))


def _deck() -> list[str]:
    return [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


def test_a_practice_hand_the_script_plays_alone_has_no_review():
    walked = PracticeSession(load(ROOT / "scenarios" / "holdem-02-la-subida-minima.md"), walk=True)
    with pytest.raises(RequestError, match="no tiene revisión"):
        walked.reviewed()


# ------------------------------------------------------------------------------ hand histories

FREE = {"holdem": {"players": 3, "seat": 0, "blinds": [5, 10], "stack": 1000},
        "mata-ases": {"opponents": 2, "modality": "boton-ante", "betting": "no-limit", "minimum": 50,
                      "stack": 2000, "styles": ["prudente", "agresivo"]}}


def _free_end(game: str, session: str, seed: int | None) -> dict:
    """A hand at a free table (a secret one without ``seed``) played to its end: its last reply."""
    table = dict(FREE[game], **({} if seed is None else {"seed": seed}))
    return _play_out(session, _drain("play-start", {"session": session, "mode": "free", "game": game,
                                                    "table": table}))


def _free_hand(game: str, session: str, seed: int | None) -> tuple[dict, str]:
    """A hand at a free table played to its end: its review and history."""
    end = _free_end(game, session, seed)
    return _drain("play-review", {"session": session}), end["history"]


def _replayed(game: str, history: str, session: str) -> dict:
    start = protocol.answer("play-start", {"session": session, "mode": "replay", "game": game, "history": history})
    assert "error" not in start, start
    early = protocol.answer("play-review", {"session": session})
    assert early.get("code") == "request" and "Ver hasta el final" in early["error"]  # the replay shows it first
    _drain("play-step", {"session": session, "to_end": True})
    return _drain("play-review", {"session": session})


@pytest.mark.parametrize("seed", [None, 3])
def test_a_mata_ases_history_is_reviewed_as_the_free_table_reviewed_its_hand(seed):
    """A secret table's history names no card the reader did not see (a stand-in plays each): its review is
    figure for figure the free table's, so neither looked at a hidden card; a public table's too."""
    free, history = _free_hand("mata-ases", "mata-free", seed)
    replay = _replayed("mata-ases", history, "mata-replay")
    assert free["decisions"] and _figures(replay) == _figures(free)
    assert "assumed" not in replay["words"]  # the history's setup names the bots' styles


def test_a_holdem_history_is_reviewed_for_its_seat_tu_with_the_bots_assumed():
    free, history = _free_hand("holdem", "holdem-free", 3)
    replay = _replayed("holdem", history, "holdem-replay")
    assert replay["words"]["assumed"] == HISTORY_ASSUMED
    assert [d["you"] for d in replay["decisions"]] == [d["you"] for d in free["decisions"]]
    assert "ciegas grandes" in replay["summary"]["text"]


SHOWN = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = [
  'd dh p1 {p1}',
  'd dh p2 {p2}',
  'd dh p3 AcKc',
  'p3 cc', 'p1 f', 'p2 cbr 35', 'p3 cc',
  'd db 2c6sJc', 'p2 cbr 38', 'p3 cc',
  'd db 9c', 'p2 cc', 'p3 cc',
  'd db Ah', 'p2 cc', 'p3 cc',
  'p2 sm {shown}', 'p3 sm AcKc',
]
players = {players}
"""


def test_a_holdem_historys_review_does_not_look_at_the_others_cards():
    """The same PHH hand with the other players' cards written, other cards, or unknown («????») until Beto
    shows them at the end: one review."""
    named = "['Ana', 'Beto', 'Tú']"
    hands = [("7d2h", "8sTs", "8sTs"), ("QdQh", "3h4h", "3h4h"), ("????", "????", "8sTs")]
    reviews = [_figures(_replayed("holdem", SHOWN.format(p1=p1, p2=p2, shown=shown, players=named), f"shown-{i}"))
               for i, (p1, p2, shown) in enumerate(hands)]
    assert reviews[0] and reviews[0] == reviews[1] == reviews[2]


def test_a_history_without_a_seat_tu_has_no_review():
    history = SHOWN.format(p1="????", p2="????", shown="8sTs", players="['Ana', 'Beto', 'Carla']")
    protocol.answer("play-start", {"session": "nobody", "mode": "replay", "game": "holdem", "history": history})
    _drain("play-step", {"session": "nobody", "to_end": True})
    reply = protocol.answer("play-review", {"session": "nobody"})
    assert reply.get("code") == "request" and "«Tú»" in reply["error"]


@pytest.mark.parametrize("game", list(FREE))
def test_a_history_is_played_from_a_decision_of_tu_at_a_table_of_ones_own(game):
    """«Vuelve a esa decisión» of a history: its hand from the reader's last decision, what he saw then in place,
    the decisions before it made, his turn; the hand ends with no next one but the same one again."""
    end = _free_end(game, "spot-free", 5)
    free, history = _drain("play-review", {"session": "spot-free"}), end["history"]
    last = free["decisions"][-1]
    spot = _drain("play-start", {"session": "spot", "mode": "replay", "game": game, "history": history,
                                 "decision": last["index"]})
    assert "error" not in spot, spot
    assert spot["reader"] == "Tú" and "next" in spot
    assert spot["decisions"] == end["decisions"][:last["at"]]
    assert "table" not in spot and "seed" not in str(spot)  # nothing the hidden cards were drawn from
    same = end["decisions"][last["at"]]  # the history's decision there: the same spot, the same public seed
    after = _drain("play-step", {"session": "spot", "decision": same})
    end_spot = _play_out("spot", after) if "next" in after else after
    assert end_spot["table_over"] == SPOT_OVER and "history" not in end_spot
    again_review = _drain("play-review", {"session": "spot"})
    assert again_review["decisions"][last["index"]]["spot"] == last["spot"]  # his seat saw what it saw then
    refused = protocol.answer("play-next", {"session": "spot"})
    assert refused.get("code") == "request" and refused["error"].endswith(SPOT_OVER)
    again = _drain("play-next", {"session": "spot", "again": True})
    assert "error" not in again and again["reader"] == "Tú"


def test_a_history_has_no_decision_of_tu_beyond_its_own():
    _, history = _free_hand("holdem", "spot-far", 5)
    reply = protocol.answer("play-start", {"session": "far", "mode": "replay", "game": "holdem", "history": history,
                                           "decision": 99})
    assert reply.get("field") == "decision" and "decisi" in reply["error"]
