"""The coach (:mod:`engine.table.coach`, ``play-coach``): a note on each of the reader's decisions.

- Honesty: two sessions that differ only in cards the reader's seat could not see at a decision (the
  bots' hidden cards, cards still to come) give the same notes up to that decision, in both games.
- Agreement: each style's line is what the game's own bot policy decides for the same seat, style and seed
  (``holdem-bot``'s path; Mata Ases's :func:`choose_at`, the path of ``mata-ases-bot``) comparing its
  thresholds with the note's one equity, and the note's pot odds are the bots' figures.
- One figure (issue 50): the note's equity is the same every time and in every session, exact where the
  count fits (checked against exact enumeration), otherwise with a 95 % margin of at most one point.
- Practice hands: a note cites the rule the reader's decision applied, as the hand's event does.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import protocol
from engine.cards import DECK
from engine.games.holdem.bot_policy import coach_equity
from engine.games.holdem.bot_policy import decide as holdem_decide
from engine.glossary import LOANWORDS
from engine.games.holdem.play import GAME as HOLDEM
from engine.games.mata_ases.bot_policy import choose_at, coach_estimate
from engine.games.mata_ases.bot_view import view_of as mata_view
from engine.games.mata_ases.command import play as mata_play
from engine.games.mata_ases.play import GAME as MATA
from engine.games.mata_ases.play import MataAsesTable, hand_request
from engine.play.session import FreeSession
from engine.scenarios import to_json
from engine.scenarios.format import load
from engine.table.bots import STYLE_NAMES
from engine.table.game import Move
from engine.table.hand_game import BlindsTable
from engine.table.words import YOU

ROOT = Path(__file__).resolve().parents[3]
HOLDEM_SETUP = {"players": 4, "seat": 1, "blinds": [10, 20], "depth": 100}
MATA_SETUP = {"opponents": 2, "modality": "boton-ante", "betting": "no-limit", "minimum": 50, "depth": 40,
              "exposures": False}


def command(name: str, request: dict) -> dict:
    reply = protocol.answer(name, request)
    assert "error" not in reply, reply
    return reply


# --------------------------------------------------------------------------------------------- tables

class HoldemTable(BlindsTable):
    """The free table with its first hand's deck rewritten by ``swap`` (a card for a card)."""

    def __init__(self, setup: dict, swap: dict | None = None) -> None:
        super().__init__(HOLDEM, setup)
        self.swap = swap or {}

    def deck(self) -> list:
        return [self.swap.get(card, card) for card in super().deck()]


class MataTable(MataAsesTable):
    """The Mata Ases free table with the first deal's cards rewritten by ``swap``."""

    def __init__(self, setup: dict, swap: dict | None = None) -> None:
        super().__init__(setup)
        self.swap = {str(a): str(b) for a, b in (swap or {}).items()}

    def request(self) -> dict:
        request = hand_request(self.setup)
        first = request["deals"][0]
        first["cards"] = {name: [self.swap.get(c, c) for c in cards] for name, cards in first["cards"].items()}
        first["ayudas"] = [self.swap.get(c, c) for c in first["ayudas"]]
        return request

    def deal(self):
        hand, _ = mata_play(self.request())
        return hand, None, {}


def holdem_session(seed: int, swap: dict | None = None) -> FreeSession:
    return FreeSession(HOLDEM, HoldemTable(HOLDEM.free_setup({**HOLDEM_SETUP, "seed": seed}), swap))


def mata_session(seed: int, swap: dict | None = None) -> FreeSession:
    return FreeSession(MATA, MataTable(MATA.free_setup({**MATA_SETUP, "seed": seed}), swap))


def passive(session: FreeSession) -> Move:
    """Everybody checks or calls (and takes the closed card): the hand goes on to the end."""
    kinds = [o["action"] for o in session.hand.legal_actions()]
    return Move(next(k for k in ("check", "call", "down") if k in kinds))


def played(session: FreeSession, moves: list[Move] | None = None, stop: int | None = None) -> list[Move]:
    """Play ``moves`` (whoever's turn; by default everybody passive) until the hand ends or the
    reader's decision number ``stop`` is due; the moves made."""
    made = []
    while not session.is_over():
        if stop is not None and session.hand.to_act == YOU and len(session.spots) == stop:
            break
        move = moves[len(made)] if moves is not None else passive(session)
        session.act(move)
        made.append(move)
    return made


def view_at(session: FreeSession, k: int):
    """What the reader's seat saw at his decision number ``k`` (the coach replays the hand to it)."""
    return next(spot for _, spot in session.replayed([k])).view


def whole_hand(session: FreeSession) -> tuple[list[Move], list[str]]:
    """Play the hand to the end, everybody passive: the moves and who made each."""
    moves, players = [], []
    while not session.is_over():
        players.append(session.hand.to_act)
        moves.append(passive(session))
        session.act(moves[-1])
    return moves, players


def unseen_swap(seen: set, cards: list) -> dict:
    """A card-for-card swap of every card of ``cards`` outside ``seen`` (each to the next one)."""
    hidden = sorted({c for c in cards if c not in seen}, key=str)
    return dict(zip(hidden, hidden[1:] + hidden[:1]))


def first_deal_cards(session: FreeSession) -> list:
    request = session.table.request()
    first = request["deals"][0]
    return [c for cards in first["cards"].values() for c in cards] + list(first["ayudas"])


# --------------------------------------------------------------------------------------------- honesty

@pytest.mark.parametrize("game,seed", [("holdem", 3), ("holdem", 11), ("mata-ases", 3), ("mata-ases", 8)])
def test_unseen_cards_never_change_a_note(game, seed):
    """At each of the reader's decisions, every card his seat had not seen is swapped for another unseen
    card; playing the same moves, the notes so far and the note on the decision he faces are the same."""
    make = holdem_session if game == "holdem" else mata_session
    reference = make(seed)
    moves = played(reference)
    decisions = len(reference.spots)
    assert decisions >= 3, "the hand must give the reader several decisions to test"
    changed = 0
    for k in range(decisions):
        before = make(seed)
        played(before, moves, stop=k)
        view = view_at(before, k - 1) if k else None
        hand = before.hand  # what the reader's seat sees, read from the hand itself (not from the view under test)
        if game == "holdem":
            seen = {*hand.hole[YOU], *hand.board}
            cards = list(DECK)
        else:
            if hand.deal_index != 0:
                continue
            seen = {str(c) for c in hand.hole[YOU]}
            seen |= {str(c) for name in hand.participants for c in hand.open_cards(name)}
            seen |= {str(c) for c in hand.board} if hand.board_up else set()
            cards = first_deal_cards(before)
        swap = unseen_swap(seen, cards)
        other = make(seed, swap)
        played(other, moves, stop=k)
        hidden_before = {name: before.hand.hole[name] for name in before.hand.names if name != YOU}
        hidden_other = {name: other.hand.hole[name] for name in other.hand.names if name != YOU}
        changed += hidden_before != hidden_other
        assert other.coach() == before.coach(), f"decision {k}"
        assert view is None or view_at(other, k - 1) == view
    assert changed, "the swaps must really change the bots' cards"


def test_own_cards_do_change_the_note():
    """The same test's counterpart: the notes do depend on what the reader sees (his own cards)."""
    session = holdem_session(3)
    mine = set(session.hand.hole[YOU])
    swap = unseen_swap(set(), [c for c in DECK if c in mine] + [c for c in DECK if c not in mine][:2])
    other = holdem_session(3, swap)
    played(session, stop=0)
    played(other, stop=0)
    assert set(other.hand.hole[YOU]) != mine
    assert other.coach()["now"] != session.coach()["now"]


# --------------------------------------------------------------------------------------------- agreement

def _native(session: FreeSession, moves: list[Move], players: list[str]) -> dict:
    """The ``holdem-hand`` native request of the session's hand with its moves, the reader renamed."""
    hand = session.hand
    rename = {YOU: "Zoe"}
    return {"seats": [{"name": rename.get(n, n), "stack": hand.starting_stacks[n]} for n in hand.names],
            "button": rename.get(hand.button, hand.button), "blinds": HOLDEM_SETUP["blinds"],
            "deck": [str(c) for c in session.table.deck()],
            "actions": [{"player": rename.get(p, p), **m.as_json()} for p, m in zip(players, moves)]}


def _figure(fact: str) -> float:
    """The equity a note's last fact gives, as a share («Tu equity: 37,7 % contra…» → 0.377)."""
    return float(fact.split(": ")[1].split("\xa0")[0].replace(",", ".")) / 100


def test_holdem_notes_agree_with_holdem_bot():
    """Each style's line is the bot's own policy (``holdem-bot``'s path) comparing its thresholds with the
    note's one equity; where that equity is its quick estimate's, ``holdem-bot`` decides the same."""
    session = holdem_session(3)
    moves, players = whole_hand(session)
    reply = session.coach()
    assert len(reply["notes"]) == len(session.spots) >= 3
    seed = session.seed()
    mine = [i for i, p in enumerate(players) if p == YOU]
    for note, at in zip(reply["notes"], mine):
        request = _native(session, moves[:at], players[:at])
        view = view_at(session, note["index"])
        facing = view.to_call
        own = coach_equity(view)
        for line in note["styles"]:
            decision = holdem_decide(view, line["style"], seed, equity=own.value)
            assert line["action"] == decision.action
            if decision.action in ("bet", "raise"):
                assert line["amount"] == decision.amount
            for key in ("equity", "pot_odds", "needed"):
                figure = getattr(decision, key)
                assert line["figures"].get(key) == (None if figure is None else round(float(figure), 4)), key
            if "equity" in line["figures"]:  # every style compares with the note's one figure
                assert line["figures"]["equity"] == round(own.value, 4)
            bot = command("holdem-bot", {**request, "bot": {"player": "Zoe", "style": line["style"], "seed": seed}})
            if "equity" not in bot["decision"]:  # no equity asked: the bot at the table decides the same
                assert line["action"] == bot["decision"]["action"]
                assert line["text"].split(":", 1)[1] == bot["reason"].split(":", 1)[1]
        if facing:
            odds = facing / view.winnable
            assert any(f"{round(odds * 100)}" in fact and "pot odds" in fact for fact in note["facts"])
        assert _figure(note["facts"][-1]) == pytest.approx(own.value, abs=0.0005)
        # the English words it keeps come with the glossary's meaning, for the page to mark
        terms = {t["text"]: t["title"] for t in note["terms"]}
        assert {"equity", *(("pot odds",) if facing else ())} <= set(terms)
        assert all(LOANWORDS[word.lower()] == meaning for word, meaning in terms.items())


def test_mata_ases_notes_agree_with_its_bot():
    """Each style's line is Mata Ases's bot (:func:`choose_at`, the path of ``mata-ases-bot``) with the
    note's one estimate: every style reckons the same equity, the one the note shows."""
    session = mata_session(3)
    moves, players = whole_hand(session)
    reply = session.coach()
    assert len(reply["notes"]) >= 3
    seed = session.seed()
    mine = [i for i, p in enumerate(players) if p == YOU]
    kinds = set()
    for note, at in zip(reply["notes"], mine):
        request = session.table.request()
        request["actions"] = [{"player": p, **m.as_json()} for p, m in zip(players[:at], moves[:at])]
        hand, error = mata_play(request)
        assert error is None and hand.to_act == YOU
        view = mata_view(hand, YOU)
        assert view == view_at(session, note["index"])
        reckoned = coach_estimate(view)
        equities = set()
        for line in note["styles"]:
            decision, est = choose_at(view, line["style"], seed, est=reckoned and reckoned[0])
            kinds.add(decision.action)
            assert line["action"] == decision.action
            assert line.get("amount") == (decision.amount if decision.action in ("bet", "raise") else None)
            assert line["text"].split(":", 1)[-1] == decision.reason.split(":", 1)[-1]
            if est is not None:
                assert line["figures"]["estimate"] == est.as_json()
                assert line["figures"]["equity"] == round(decision.equity, 4)
                equities.add(line["figures"]["equity"])
        if reckoned is not None:
            assert equities == {round(reckoned[1], 4)}
            assert _figure(note["facts"][-1]) == pytest.approx(reckoned[1], abs=0.0005)
            assert "entre el" not in note["facts"][-1]  # one figure, never a range
    assert kinds, "the styles decided something"


def test_play_coach_command_in_both_games():
    """Through the protocol: ``now`` at the reader's turn, a note per decision after the hand, one
    decision by its number, and a number he has not taken refused on ``decision``."""
    for game, table in (("holdem", {**HOLDEM_SETUP, "seed": 5}), ("mata-ases", {**MATA_SETUP, "seed": 5})):
        reply = command("play-start", {"session": "coach", "game": game, "mode": "free", "table": table})
        taken = 0
        while "result" not in reply:
            if reply.get("more"):
                reply = command("play-step", {"session": "coach"})
                continue
            advice = command("play-coach", {"session": "coach"})
            assert len(advice["notes"]) == taken and "you" not in advice["now"]
            assert [s["style"] for s in advice["now"]["styles"]] == list(STYLE_NAMES)
            assert advice["words"]["title"] == "Consejos del entrenador"
            kinds = [o["action"] for o in reply["next"]["can"]]
            action = next(k for k in ("check", "call", "down") if k in kinds)
            reply = command("play-step", {"session": "coach", "decision": {"action": action}})
            taken += 1
        advice = command("play-coach", {"session": "coach"})
        assert "now" not in advice and [n["index"] for n in advice["notes"]] == list(range(taken))
        assert all(n["you"] and n["summary"] and n["styles"] for n in advice["notes"])
        one = command("play-coach", {"session": "coach", "decision": taken - 1})
        assert one["notes"] == advice["notes"][-1:]
        error = protocol.answer("play-coach", {"session": "coach", "decision": taken})
        assert error["code"] == "request" and error["field"] == "decision"


def test_practice_note_cites_the_rule_the_decision_applied():
    scenario = load(ROOT / "scenarios" / "holdem-02-la-subida-minima.md")
    reply = command("play-start", {"session": "practice", "mode": "practice", "scenario": to_json(scenario)})
    while reply.get("more"):  # the deal's events may take two replies
        reply = command("play-step", {"session": "practice"})
    raise_to = next(o for o in reply["next"]["can"] if o["action"] == "raise")["min"]
    reply = command("play-step", {"session": "practice", "decision": {"action": "raise", "amount": raise_to}})
    mine = next(e for e in reply["events"] if e.get("player") == YOU and e["type"] == "raise")
    advice = command("play-coach", {"session": "practice"})
    assert mine["cite"] and advice["notes"][0]["cite"] == mine["cite"]
    assert advice["notes"][0]["you"].startswith("Subes a")


def test_mata_ases_practice_notes_cite_each_decisions_rule():
    """Every decision of the reader along a Mata Ases practice hand: its note cites what its event cites."""
    scenario = load(ROOT / "scenarios" / "01-matar-los-ases.md")
    reply = command("play-start", {"session": "practice", "mode": "practice", "scenario": to_json(scenario),
                                   "modality": "boton-ante"})
    cites = []
    while "result" not in reply:
        if reply.get("more"):
            reply = command("play-step", {"session": "practice"})
            continue
        kinds = [o["action"] for o in reply["next"]["can"]]
        action = next(k for k in ("check", "call", "down", "up") if k in kinds)
        reply = command("play-step", {"session": "practice", "decision": {"action": action}})
        mine = reply["events"][0]  # the decision's own event comes first
        assert mine["player"] == YOU
        cites.append(mine.get("cite"))
    advice = command("play-coach", {"session": "practice"})
    assert [n.get("cite") for n in advice["notes"]] == cites and any(cites)
