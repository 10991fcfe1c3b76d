"""Mata Ases bots: the request's ``bot`` field, determinism, no peeking at hidden cards, sensible
choices, no-limit sizes, estimates against an exact count, and the seeded deals of the free table.

Complete hands played by bots (and the styles' measured differences) are in
``test_mata_ases_bot_random.py``.
"""

from __future__ import annotations

import collections
import copy
import random

import pytest

from engine import protocol
from engine.cards import DECK, Card, format_cards, parse_cards
from engine.evaluation import best_with_one_of
from engine.games.mata_ases.showdown import kills_aces
from engine.games.mata_ases.bot_policy import STYLES, choose
from engine.games.mata_ases.deal import deals_for

from engine.games.mata_ases.bot_view import view_of
from engine.games.mata_ases.bot_estimate import estimate, trials_for
from engine.games.mata_ases.bot_sample import decision_states
from engine.games.mata_ases.command import play
from tests.engine.games.mata_ases.test_mata_ases_hand import WALK_ACTIONS, WALK_DEAL, acts, deal, request


def bot(req: dict, player: str = "Ana", style: str = "equilibrado", seed: int = 1) -> dict:
    return protocol.answer("mata-ases-bot", dict(req, bot={"player": player, "style": style, "seed": seed}))


def random_states(count: int, seed: int, **table) -> list[dict]:
    return decision_states(random.Random(seed), count, **table)


# ---------------------------------------------------------------------------------------------
# The request.

PLAIN = deal({"Tú": "Ks 9c 7h 6d 4s", "Ana": "2h Jc Td 8s 3c", "Beto": "2d Qh 5c 4d 3h"}, "Ac 9s 5s")


@pytest.mark.parametrize("change, field, words", [
    (lambda r: r.pop("bot"), "bot", "falta"),
    (lambda r: r.update(bot=[]), "bot", "objeto"),
    (lambda r: r["bot"].pop("player"), "bot.player", "falta"),
    (lambda r: r["bot"].update(style="loco"), "bot.style", "«prudente», «equilibrado», «agresivo»"),
    (lambda r: r["bot"].update(seed=-1), "bot.seed", "de 0 a 1.000.000.000.000"),
    (lambda r: r["bot"].update(seed="7"), "bot.seed", "número entero"),
    (lambda r: r["bot"].update(player="Tú"), "bot.player", "lector"),
    (lambda r: r["bot"].update(player="Zoe"), "bot.player", "no está sentado"),
    (lambda r: r["bot"].update(player="Beto"), "bot.player", "no es el turno de Beto: le toca a «Ana»"),
])
def test_the_bot_field_is_checked_with_a_spanish_error_naming_it(change, field, words):
    req = dict(request([PLAIN], acts("Tú check")), bot={"player": "Ana", "style": "prudente", "seed": 3})
    change(req)
    reply = protocol.answer("mata-ases-bot", req)
    assert reply["code"] == "request" and reply["field"] == field and words in reply["error"], reply


def test_a_finished_hand_or_an_illegal_decision_is_refused():
    over = bot(request([WALK_DEAL], WALK_ACTIONS))
    assert over["field"] == "bot" and "terminó" in over["error"]
    wrong = bot(request([PLAIN], acts("Tú check", "Ana raise 500")))
    assert wrong["field"].startswith("actions[1]") and wrong["at"] == 1


def test_the_reply_is_a_legal_action_with_a_reason_and_the_estimates():
    reply = bot(request([PLAIN], acts("Tú check")))
    assert reply["action"]["player"] == "Ana" and reply["action"]["action"] in ("check", "bet")
    assert reply["reason"].startswith("Ana ") and "%" in reply["reason"]
    assert set(reply["estimate"]) == {"win", "kill", "carry", "trials"}
    card = bot(request([PLAIN], acts("Tú bet 50", "Ana call", "Beto call")), player="Tú")
    assert card["field"] == "bot.player"
    card = bot(request([PLAIN], acts("Tú bet 50", "Ana call", "Beto call", "Tú up")))
    assert card["action"]["action"] in ("up", "down") and "estimate" not in card and "carta" in card["reason"]


# ---------------------------------------------------------------------------------------------
# Determinism and honesty.

def test_same_visible_state_and_seed_give_the_same_reply_and_seeds_vary_it():
    states = random_states(40, 5)
    differ = 0
    for i, req in enumerate(states):
        hand, _ = play(req)
        first = bot(req, hand.to_act, "equilibrado", i)
        assert first == bot(copy.deepcopy(req), hand.to_act, "equilibrado", i)
        differ += first != bot(req, hand.to_act, "equilibrado", i + 1000)
    assert differ > 0


def hidden_swapped(req: dict, rng: random.Random) -> dict:
    """The same request with every card the player to act cannot see dealt anew.

    In the current deal: the other players' closed cards and cards still to come, the player's own
    cards to come and the ayudas while face down, drawn again from these and the undealt cards.
    Later deals (extensions) are reshuffled whole. Earlier deals were settled in the open: kept.
    """
    hand, _ = play(req)
    me, k = hand.to_act, hand.deal_index
    out = copy.deepcopy(req)
    current = out["deals"][k]
    slots = []  # (list, index) of every hidden card
    for name, cards in current["cards"].items():
        if name not in hand.participants:
            continue
        shown = len(hand.hole[name])
        flags = list(hand.up[name]) + [False] * (5 - shown)
        for i in range(5):
            if (name != me and not flags[i]) or i >= shown:
                slots.append((cards, i))
    if not hand.board_up:
        slots += [(current["ayudas"], i) for i in range(3)]
    dealt = {c for cards in current["cards"].values() for c in cards}
    dealt |= set(current["ayudas"])
    pool = [cards[i] for cards, i in slots] + [c for c in format_cards(DECK) if c not in dealt]
    rng.shuffle(pool)
    for (cards, i), card in zip(slots, pool):
        cards[i] = card
    for later in out["deals"][k + 1:]:
        deck = format_cards(DECK)
        rng.shuffle(deck)
        for j, name in enumerate(later["cards"]):
            later["cards"][name] = deck[5 * j:5 * j + 5]
        later["ayudas"] = deck[-3:]
    return out


def test_no_peeking_hidden_cards_swapped_give_the_same_decision():
    rng = random.Random(11)
    states = random_states(100, 23)
    changed = 0
    for i, req in enumerate(states):
        hand, _ = play(req)
        style = list(STYLES)[i % 3]
        expected = bot(req, hand.to_act, style, i)
        for _ in range(2):
            other = hidden_swapped(req, rng)
            changed += other["deals"] != req["deals"]
            twin, error = play(other)
            assert error is None and twin.to_act == hand.to_act
            assert bot(other, hand.to_act, style, i) == expected, (req, other)
    assert changed == 2 * len(states)


def test_the_view_holds_only_what_the_player_sees():
    hand, error = play(request([PLAIN], acts("Tú bet 50", "Ana call", "Beto call", "Tú up")))
    assert error is None
    view = view_of(hand, hand.to_act)
    assert view.player == "Ana" and view.phase == "card"
    assert view.own == tuple(parse_cards("2h Jc")) and view.own_open == (True, False)
    assert {r.name: r.open for r in view.rivals} == {"Tú": tuple(parse_cards("Ks 7h")), "Beto": tuple(parse_cards("2d"))}
    assert view.ayudas == ()  # face down until the third card is dealt
    assert Card.parse("Qh") not in view.seen and Card.parse("9c") not in view.seen


# ---------------------------------------------------------------------------------------------
# Sensible play.

ACES = deal({"Tú": "Ks 9c 7h 6d 4s", "Ana": "Ah As Td 8s 3c", "Beto": "2d Qh 5c 4d 3h"}, "Kc 9s 5s")
TRASH = deal({"Tú": "As Ad Ah Ac 4s", "Ana": "2h 3c 4d 7s 8c", "Beto": "Qs Qd Qh Qc 9h"}, "Kc 9s 5s")


@pytest.mark.parametrize("style", STYLES)
def test_a_pair_of_aces_is_not_folded_to_one_bet(style):
    for seed in range(12):
        reply = bot(request([ACES], acts("Ana check", "Beto check", "Tú bet 50")), style=style, seed=seed)
        assert reply["action"]["action"] in ("call", "raise"), reply
        assert reply["estimate"]["kill"] == 1.0


@pytest.mark.parametrize("style", STYLES)
def test_a_weak_hand_folds_to_an_all_in(style):
    req = request([TRASH], acts("Tú bet 1000"), betting="no-limit")
    for seed in range(6):
        reply = bot(req, style=style, seed=seed)
        assert reply["action"]["action"] == "fold" and reply["estimate"]["win"] < 0.3, reply
        assert "pagar 1.000" in reply["reason"]  # engine.spanish.amount


def test_no_limit_sizes_stay_in_range_and_grow_with_the_style_and_reasons_read_well():
    sizes = collections.defaultdict(list)
    for i, req in enumerate(random_states(100, 31, betting="no-limit")):
        hand, _ = play(req)
        p = hand.to_act
        ranges = {o["action"]: (o.get("min"), o.get("max")) for o in hand.legal_actions()}
        for style in STYLES:
            move, est = choose(hand, p, style, i)
            text = move.reason
            assert text.startswith(f"{p} ") and text.endswith(".") and "  " not in text and "{" not in text, text
            assert est is None or "%" in text, text
            if move.action in ("bet", "raise"):
                low, high = ranges[move.action]
                assert low <= move.amount <= high
                if move.action == "bet" and high > 4 * low:
                    sizes[style].append(move.amount / max(hand.pot, 1))
    assert min(sizes["agresivo"]) >= 0 and sum(sizes["agresivo"]) / len(sizes["agresivo"]) > \
        sum(sizes["prudente"]) / len(sizes["prudente"])


# ---------------------------------------------------------------------------------------------
# Estimates.

def test_estimate_agrees_with_an_exact_count_on_the_last_card():
    steps = acts("Tú bet 50", "Ana call", "Beto fold", "Tú up", "Ana up", "Tú bet 50", "Ana call", "Tú up", "Ana up",
                 "Tú bet 50", "Ana call", "Tú up", "Ana up")
    cards = deal({"Tú": "Ks 9c 7h 6d Kh", "Ana": "9h Jc Jd 8s 3c", "Beto": "2d Qh 5c 4d 3h"}, "Kc 9s 5s")
    hand, _ = play(request([cards], steps))
    assert hand.street == 5 and hand.to_act == "Tú"
    view = view_of(hand, "Tú")
    mine = list(view.own)
    ana = list(view.rivals[0].open)
    unseen = [c for c in DECK if c not in view.seen]
    me, _ = best_with_one_of(mine, view.ayudas)
    wins = 0
    for card in unseen:  # Ana's one closed card
        her, _ = best_with_one_of(ana + [card], view.ayudas)
        wins += kills_aces(me) and (me > her or (me == her) / 2)
    exact = wins / len(unseen)
    result = estimate(view, random.Random(5))
    assert result.trials == trials_for(2) and abs(result.win - exact) < 0.08, (result, exact)
    assert result.kill == 1.0 and result.kills_now and result.holding.startswith("trío de Reyes")


# ---------------------------------------------------------------------------------------------
# Seeded deals.

def test_seeded_deals_replay_and_cover_the_extensions():
    names = ["Tú", "Ana", "Beto", "Carla", "Dani", "Eva", "Fede", "Gala"]
    reply = protocol.answer("mata-ases-deal", {"players": names, "seed": 9})
    assert reply == protocol.answer("mata-ases-deal", {"players": names, "seed": 9})
    assert reply["deals"] != protocol.answer("mata-ases-deal", {"players": names, "seed": 10})["deals"]
    assert len(reply["deals"]) == 3 and reply["seed"] == 9
    for d in reply["deals"]:
        dealt = [c for cards in d["cards"].values() for c in cards] + d["ayudas"]
        assert len(set(dealt)) == 43 and set(d["cards"]) == set(names)
    assert deals_for(names, 9) == reply["deals"]
    with_exposures = [protocol.answer("mata-ases-deal", {"players": names[:3], "seed": s, "exposures": True})
                      for s in range(120)]
    assert all(len(r["deals"]) == 6 for r in with_exposures)
    assert any("exposed" in d for r in with_exposures for d in r["deals"])


@pytest.mark.parametrize("req, field, words", [
    ({"seed": 1}, "players", "falta"),
    ({"players": ["Ana"], "seed": 1}, "players", "de 2 a 8"),
    ({"players": ["Ana", "Ana"], "seed": 1}, "players[1]", "repetido"),
    ({"players": ["Ana", 3], "seed": 1}, "players[1]", "texto"),
    ({"players": ["Ana", "Beto"], "seed": -2}, "seed", "de 0 a"),
    ({"players": ["Ana", "Beto"], "seed": 2, "exposures": "sí"}, "exposures", "true o false"),
])
def test_deal_requests_are_checked(req, field, words):
    reply = protocol.answer("mata-ases-deal", req)
    assert reply["field"] == field and words in reply["error"], reply


def test_a_short_call_counts_only_the_chips_it_plays_for():
    """Facing a bet larger than its stack, a bot's call plays for the pot less what it cannot match (that
    part goes back to the bettor): the pot odds and the reason use that total, never the whole pot."""
    from engine.spanish import amount

    found = 0
    for state in random_states(400, 11, betting="no-limit"):
        hand, _ = play(state)
        player = hand.to_act
        view = view_of(hand, player)
        call = view.option("call")
        if call is None or view.winnable == view.pot + call["amount"]:
            continue
        assert view.winnable < view.pot + call["amount"]
        decision, _ = choose(hand, player, "equilibrado", 3)
        if "pozo de" in decision.reason:
            assert f"pozo de {amount(view.winnable)}" in decision.reason, decision.reason
            assert f"pozo de {amount(view.pot + call['amount'])}" not in decision.reason
            found += 1
    assert found >= 3
