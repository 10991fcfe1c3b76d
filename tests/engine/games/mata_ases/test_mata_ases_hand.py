"""Mata Ases hands, rule by rule: the seed's walkthrough, both modalities, card faces, betting,
all-in runouts, side pots, the lone player, extensions, misexposed cards and every illegal decision.

Most tests go through the protocol (``engine.protocol.answer``), exactly as the site does.
"""

from __future__ import annotations

import json

import pytest

from engine import protocol
from engine.cards import DECK, format_cards, parse_cards
from engine.games.mata_ases.texts import CITE
from engine.games.mata_ases.setup import Deal, Exposure, SetupProblem, Stakes, table_problems
from engine.table.setup import seat_problems
from engine.table.errors import (ActionError, HandOverError, IllegalActionError, InvalidAmountError, NotYourTurnError,
                                 TableSetupError)
from engine.games.mata_ases.hand import MataAsesHand
from engine.games.mata_ases.command import play
from tests.engine.games.mata_ases.events import events

NAMES = ["Tú", "Ana", "Beto"]


# ---------------------------------------------------------------------------------------------
# Helpers.

def deal(cards: dict[str, str], ayudas: str, exposed: list | None = None) -> dict:
    entry = {"cards": {name: tokens.split() for name, tokens in cards.items()}, "ayudas": ayudas.split()}
    if exposed:
        entry["exposed"] = exposed
    return entry


def acts(*specs: str) -> list[dict]:
    """``acts("Tú check", "Ana bet 50")``."""
    out = []
    for spec in specs:
        parts = spec.split()
        decision = {"player": parts[0], "action": parts[1]}
        if len(parts) > 2:
            decision["amount"] = int(parts[2])
        out.append(decision)
    return out


def request(deals: list[dict], actions: list[dict] = (), *, stacks=(1000, 1000, 1000), names=NAMES,
            button="Beto", modality="boton-ante", betting="fixed", minimum=50, ante=25, bring_in=25) -> dict:
    return {
        "modality": modality,
        "stakes": {"ante": ante, "bring_in": bring_in, "minimum": minimum},
        "betting": betting,
        "seats": [{"name": n, "stack": s} for n, s in zip(names, stacks)],
        "button": button,
        "deals": deals,
        "actions": list(actions),
    }


def ask(req: dict) -> dict:
    reply = protocol.answer("mata-ases-hand", req)
    return json.loads(json.dumps(reply, ensure_ascii=False))  # what the browser gets


def of_type(reply: dict, kind: str) -> list[dict]:
    return [e for e in reply["events"] if e["type"] == kind]


def texts(reply: dict) -> list[str]:
    return [e["text"] for e in reply["events"]]


def drive(req: dict, policy, *, limit: int = 200) -> dict:
    """Play through ``next`` as the browser does: re-ask with one more decision each time."""
    req = dict(req, actions=list(req.get("actions", [])))
    for _ in range(limit):
        reply = ask(req)
        assert "error" not in reply, reply
        if "next" not in reply:
            return reply
        req["actions"].append(policy(reply["next"]))
    raise AssertionError("the hand did not end")


def check_or_call(nxt: dict) -> dict:
    actions = {c["action"]: c for c in nxt["can"]}
    for choice in ("check", "call", "up"):
        if choice in actions:
            return {"player": nxt["player"], "action": choice}
    raise AssertionError(nxt)


# The seed's walkthrough «Matar los Ases» (Botón Ante). The seed shows only some cards; these make
# the whole story hold: your As de picas is the highest open card; after the 3rd card Ana's visible
# pair of Queens leads; on 5th street your visible pair of Kings leads; at the showdown you have
# Doble par de Ases y Reyes and Ana Doble par de Reinas y Ochos.
WALK_DEAL = deal({"Tú": "As Kc Ah 7c Kd", "Ana": "Qh Qc 8s Js 2h", "Beto": "9d 4s Tc 6h 3d"}, "8d 3c 5h")
WALK_ACTIONS = acts(
    "Tú check", "Ana check", "Beto check",
    "Ana bet 50", "Beto fold", "Tú call",
    "Tú up", "Ana up",
    "Ana bet 50", "Tú call",
    "Tú up", "Ana up",
    "Tú check", "Ana check",
)

# A neutral deal for three: the open cards are K♠ (you), 2♥ (Ana), 2♦ (Beto).
PLAIN = deal({"Tú": "Ks 9c 7h 6d 4s", "Ana": "2h Jc Td 8s 3c", "Beto": "2d Qh 5c 4d 3h"}, "Ac 9s 5s")


# ---------------------------------------------------------------------------------------------
# The seed's walkthrough.

def test_walkthrough_matar_los_ases():
    reply = ask(request([WALK_DEAL], WALK_ACTIONS))
    assert "error" not in reply
    assert reply["stacks"] == {"Tú": 1125, "Ana": 900, "Beto": 975}
    assert reply["pots"] == [{"amount": 225, "winners": ["Tú"]}]
    assert reply["extensions"] == 0
    assert "next" not in reply
    events = reply["events"]
    kinds = [e["type"] for e in events]
    assert kinds[:3] == ["ante", "deal", "first_to_act"]
    ante = events[0]
    assert (ante["player"], ante["amount"], ante["cite"]) == ("Beto", 25, CITE["ante"])
    assert ante["table"]["pot"] == 25 and ante["table"]["players"]["Beto"]["stack"] == 975
    deal_event = events[1]
    assert deal_event["cite"] == "Reglamento Mata Ases Emporium Academy 2024, desarrollo A y B"
    assert deal_event["table"]["players"]["Tú"] == {
        "stack": 1000, "bet": 0, "folded": False, "all_in": False, "open": ["As"], "closed": ["Kc"]}
    opener = events[2]
    assert opener["player"] == "Tú" and opener["cards"] == ["As"]
    assert "tu As de picas" in opener["text"]
    assert opener["cite"] == "Reglamento Mata Ases Emporium Academy 2024, desarrollo C-1"
    assert texts(reply)[3:6] == ["Pasas.", "Ana pasa.", "Beto pasa."]
    checked = of_type(reply, "all_checked")[0]
    assert checked["cite"] == "Reglamento Mata Ases Emporium Academy 2024, desarrollo F"
    assert checked["table"]["players"]["Tú"]["closed"] == []
    down = of_type(reply, "ayudas_down")[0]
    assert down["cite"] == ("Reglamento Mata Ases Emporium Academy 2024, desarrollo D · "
                            "Mata Ases, formato de juego")
    assert down["table"]["ayudas"] == {"cards": ["8d", "3c", "5h"], "open": False}
    third = [e for e in of_type(reply, "card") if e["street"] == 3]
    assert [e["player"] for e in third] == ["Tú", "Ana", "Beto"]
    assert all("sin elegir" in e["text"] for e in third)
    assert third[0]["table"]["players"]["Tú"]["closed"] == ["Ah"]
    opened = of_type(reply, "ayudas_open")[0]
    assert opened["cards"] == ["8d", "3c", "5h"] and opened["table"]["ayudas"]["open"] is True
    assert opened["cite"] == "Reglamento Mata Ases Emporium Academy 2024, desarrollo E"
    openers = of_type(reply, "first_to_act")
    assert [(e["street"], e["player"]) for e in openers] == [(1, "Tú"), (3, "Ana"), (4, "Ana"), (5, "Tú")]
    assert "Empieza a hablar Ana: su jugada a la vista, par de Reinas" in openers[1]["text"]
    assert "Empiezas a hablar tú: tu jugada a la vista, par de Reyes" in openers[3]["text"]
    assert ["Ana apuesta 50.", "Beto se retira.", "Pagas 50."] == texts(reply)[14:17]
    seventh = [e for e in of_type(reply, "card") if e["street"] == 4 and e["player"] == "Tú"][0]
    assert "7 de tréboles" in seventh["text"] and seventh["cite"].endswith("desarrollo E y F")
    assert seventh["table"]["players"]["Tú"]["closed"] == ["Ah"]
    assert seventh["table"]["players"]["Tú"]["open"] == ["As", "Kc", "7c"]
    king = [e for e in of_type(reply, "card") if e["street"] == 5 and e["player"] == "Tú"][0]
    assert "Rey de diamantes" in king["text"]
    last = of_type(reply, "all_checked")[1]
    assert last["street"] == 5 and "showdown" in last["text"]
    showdown = of_type(reply, "showdown")[0]
    assert showdown["cite"] == ("Reglamento Mata Ases Emporium Academy 2024, desarrollo H y regla 10-A · "
                                "Mata Ases, formato de juego")
    shows = {e["player"]: e["text"] for e in of_type(reply, "show")}
    assert shows == {"Tú": "Enseñas doble par de Ases y Reyes: matas los Ases.",
                     "Ana": "Ana enseña doble par de Reinas y Ochos: mata los Ases."}
    win = of_type(reply, "win")[0]
    assert (win["player"], win["amount"], win["text"]) == ("Tú", 225, "Ganas el pozo de 225.")
    assert win["table"]["players"]["Tú"]["stack"] == 1125 and win["table"]["pot"] == 0
    assert kinds[-1] == "hand_end"
    assert all(e["deal"] == 0 for e in events)


def test_walkthrough_step_by_step_offers_what_the_simulator_shows():
    req = request([WALK_DEAL])
    assert ask(req)["next"] == {"player": "Tú", "can": [{"action": "check"}, {"action": "bet", "min": 50, "max": 50}]}
    req["actions"] = WALK_ACTIONS[:3]
    assert ask(req)["next"] == {"player": "Ana", "can": [{"action": "check"}, {"action": "bet", "min": 50, "max": 50}]}
    req["actions"] = WALK_ACTIONS[:5]
    nxt = ask(req)["next"]
    assert nxt == {"player": "Tú", "can": [{"action": "call", "amount": 50}, {"action": "fold"}]}
    req["actions"] = WALK_ACTIONS[:6]
    reply = ask(req)
    assert reply["next"] == {"player": "Tú", "can": [{"action": "up"}, {"action": "down"}]}
    assert reply["pots"] == [{"amount": 125, "winners": []}]


def test_engine_api_has_verify_can_and_do_for_every_decision():
    hand = MataAsesHand(
        [("Tú", 1000), ("Ana", 1000), ("Beto", 1000)], button="Beto", modality="boton-ante",
        stakes=Stakes(minimum=50, ante=25),
        deals=[Deal({n: tuple(parse_cards(c)) for n, c in WALK_DEAL["cards"].items()},
                    tuple(parse_cards(WALK_DEAL["ayudas"])))],
        betting="fixed",
    )
    assert hand.can_check("Tú") and not hand.can_check("Ana") and not hand.can_fold("Tú")
    assert hand.can_bet("Tú", 50) and not hand.can_bet("Tú", 60) and not hand.can_raise("Tú")
    with pytest.raises(NotYourTurnError):
        hand.verify_check("Ana")
    assert len(hand.events) == 3  # ante, deal, first_to_act
    record = hand.check("Tú")
    assert (record.player, [e.type for e in events(hand)[3:]]) == ("Tú", ["check"])
    hand.check()  # the player to act by default
    start = len(hand.events)
    hand.check("Beto")
    assert [e.type for e in events(hand)[start:]][:4] == ["check", "round_end", "all_checked", "ayudas_down"]
    assert hand.to_act == "Ana" and hand.can_bet("Ana", 50)
    record = hand.bet("Ana", 50)
    assert record.amount == 50 and hand.can_fold("Beto") and hand.can_call("Beto")
    with pytest.raises(IllegalActionError):
        hand.verify_check("Beto")
    hand.fold("Beto")
    hand.call("Tú")
    assert hand.can_card_up("Tú") and hand.can_card_down("Tú") and not hand.can_call("Tú")
    hand.card_up("Tú")
    hand.card_up("Ana")
    hand.bet("Ana", 50)
    hand.call("Tú")
    hand.card_up("Tú")
    hand.card_up("Ana")
    hand.check("Tú")
    hand.check("Ana")
    assert hand.is_over and hand.stacks == {"Tú": 1125, "Ana": 900, "Beto": 975}
    assert [e.type for e in events(hand)[3:9]] == ["check", "check", "check", "round_end", "all_checked", "ayudas_down"]
    with pytest.raises(HandOverError):
        hand.verify_check("Tú")


# ---------------------------------------------------------------------------------------------
# 1. Table.

def test_table_takes_two_to_eight_players_and_at_most_43_cards():
    names = ["Tú", "Ana", "Beto", "Carla", "Dani", "Eva", "Fede", "Gala"]
    cards = format_cards(DECK[:43])
    full = {"cards": {n: cards[5 * i:5 * i + 5] for i, n in enumerate(names)}, "ayudas": cards[40:43]}
    reply = ask(request([full], names=names, stacks=[500] * 8, button="Gala"))
    assert "error" not in reply and reply["next"]["player"] in names
    nine = ask(request([full], names=names + ["Hugo"], stacks=[500] * 9, button="Gala"))
    assert nine["error"].startswith("Campo «seats»: deben sentarse de 2 a 8 jugadores")
    one = ask(request([deal({"Tú": "As Kc Ah 7c Kd"}, "8d 3c 5h")], names=["Tú"], stacks=[100], button="Tú"))
    assert "de 2 a 8" in one["error"]


@pytest.mark.parametrize("change, message", [
    (lambda r: r["seats"].__setitem__(1, {"name": "Tú", "stack": 10}), "Campo «seats[1].name»: el nombre «Tú» está repetido"),
    (lambda r: r["seats"][0].__setitem__("stack", 0), "Campo «seats[0].stack»: Tú necesita al menos 1 ficha para jugar (tiene 0)"),
    (lambda r: r.__setitem__("button", "Zoe"), "Campo «button»: «Zoe» no está sentado en la mesa"),
    (lambda r: r.__setitem__("modality", "stud"), "Campo «modality»: debe ser «boton-ante» o «bring-in»"),
    (lambda r: r.__setitem__("betting", "pot-limit"), "Campo «betting»: debe ser «fixed» o «no-limit»"),
    (lambda r: r["stakes"].__setitem__("ante", 0), "Campo «stakes.ante»: en Botón Ante hace falta un ante"),
    (lambda r: r["deals"][0]["cards"].pop("Beto"), "Campo «deals[0].cards»: faltan las cartas de Beto"),
    (lambda r: r["deals"][0]["ayudas"].__setitem__(0, "As"), "Campo «deals[0].ayudas[0]»: la carta As está repetida"),
    (lambda r: r["deals"][0]["cards"].__setitem__("Zoe", ["2c", "2d", "2h", "2s", "3c"]), "«Zoe» no está sentado"),
])
def test_malformed_tables_are_refused_naming_the_field(change, message):
    req = request([json.loads(json.dumps(WALK_DEAL))])
    change(req)
    assert message in ask(req)["error"]


def test_bring_in_stakes_must_not_exceed_the_minimum():
    reply = ask(request([PLAIN], modality="bring-in", bring_in=60))
    assert reply["error"] == "Campo «stakes.bring_in»: en Bring In, el Bring In va de 1 ficha al mínimo de la mesa (50); se recibió 60"


def test_setup_rules_are_reported_as_data_once_and_each_layer_words_the_first():
    seats = [("Tú", 100), ("Ana", 0), ("Tú", 50)]
    found = table_problems(seats, button="Zoe", modalities=["bring-in"], betting="fixed",
                           stakes=Stakes(minimum=0, bring_in=25))
    # the Bring In is not compared with a minimum that is already wrong (one cause, not a cascade)
    assert found == [
        SetupProblem("stakes.minimum", "el mínimo de la mesa debe ser de al menos 1 ficha (se recibió 0)"),
        SetupProblem("seats[1].stack", "Ana necesita al menos 1 ficha para jugar (tiene 0)"),
        SetupProblem("seats[2].name", "el nombre «Tú» está repetido"),
        SetupProblem("button", "«Zoe» no está sentado en la mesa"),
    ]
    assert Stakes(minimum=50, ante=25).problems(["boton-ante"]) == []
    assert [p.field for p in Stakes(minimum=50).problems()] == ["stakes.ante", "stakes.bring_in"]  # both modalities
    assert seat_problems([("Ana", 10), ("ana", 10)], players=(2, 8), same=str.lower)[0].field == "seats[1].name"
    # The hand raises the first problem as a sentence, with its field; the protocol names the field.
    with pytest.raises(TableSetupError) as raised:
        MataAsesHand(seats, button="Zoe", modality="bring-in", stakes=Stakes(minimum=0, bring_in=25),
                     deals=[Deal.from_deck(["Tú", "Ana"], DECK)])
    assert str(raised.value) == "El mínimo de la mesa debe ser de al menos 1 ficha (se recibió 0)."
    assert raised.value.field == "stakes.minimum"
    reply = ask(request([PLAIN], modality="bring-in", minimum=0, bring_in=25))
    assert reply == {"error": "Campo «stakes.minimum»: el mínimo de la mesa debe ser de al menos 1 ficha (se recibió 0)",
                     "code": "request", "field": "stakes.minimum"}


# ---------------------------------------------------------------------------------------------
# 2. Modalities.

def test_boton_ante_the_ante_is_not_a_bet_and_the_opener_may_check():
    reply = ask(request([PLAIN]))
    ante, = of_type(reply, "ante")
    assert ante["table"]["players"]["Beto"]["bet"] == 0  # in the pot, not a bet
    assert reply["next"]["player"] == "Tú"
    assert {"action": "check"} in reply["next"]["can"]


def test_boton_ante_highest_open_card_ties_go_by_suit():
    tie = deal({"Tú": "Kh 9c 7h 6d 4s", "Ana": "Ks Jc Td 8s 3c", "Beto": "2d Qh 5c 4d 3h"}, "Ac 9s 5s")
    reply = ask(request([tie]))
    opener, = of_type(reply, "first_to_act")
    assert opener["player"] == "Ana" and opener["cards"] == ["Ks"]
    assert "gana el palo más alto (picas > corazones > diamantes > tréboles)" in opener["text"]


def test_bring_in_lowest_open_card_posts_it_and_the_next_cannot_check():
    reply = ask(request([PLAIN], modality="bring-in"))
    bring_in, = of_type(reply, "bring_in")
    assert (bring_in["player"], bring_in["amount"], bring_in["cards"]) == ("Beto", 25, ["2d"])
    assert "(tréboles < diamantes < corazones < picas)" in bring_in["text"]  # 2♦ against 2♥: suit decides
    assert bring_in["table"]["players"]["Beto"]["bet"] == 25
    assert not of_type(reply, "ante")
    assert reply["next"] == {"player": "Tú", "can": [{"action": "call", "amount": 50}, {"action": "fold"}]}
    refused = ask(request([PLAIN], acts("Tú check"), modality="bring-in"))
    assert refused == {"error": "No puedes pasar: el Bring In es una apuesta. Paga 50 o retírate.",
                       "code": "illegal-action", "field": "actions[0]", "at": 0}
    done = ask(request([PLAIN], acts("Tú call", "Ana call", "Beto call"), modality="bring-in"))
    assert [e["amount"] for e in of_type(done, "call")] == [50, 50, 25]
    assert done["stacks"] == {"Tú": 950, "Ana": 950, "Beto": 950}
    assert of_type(done, "round_end")[0]["table"]["pot"] == 150


def test_bring_in_no_limit_raise_goes_to_twice_the_minimum():
    reply = ask(request([PLAIN], modality="bring-in", betting="no-limit"))
    assert reply["next"]["can"] == [{"action": "call", "amount": 50}, {"action": "raise", "min": 100, "max": 1000},
                                    {"action": "fold"}]
    refused = ask(request([PLAIN], acts("Tú raise 90"), modality="bring-in", betting="no-limit"))
    assert refused["error"] == ("No puedes subir a 90: la subida mínima es a 100 en total (menos solo para ir "
                                "all-in). Paga 50, sube a un total de entre 100 y 1.000 o retírate.")
    # the Bring In player was forced, not acting: when the action comes back he may still raise
    back = ask(request([PLAIN], acts("Tú call", "Ana call"), modality="bring-in", betting="no-limit"))
    assert back["next"] == {"player": "Beto", "can": [{"action": "call", "amount": 25},
                                                      {"action": "raise", "min": 100, "max": 1000},
                                                      {"action": "fold"}]}


def test_forced_bets_are_posted_by_the_engine_not_by_decisions():
    refused = ask(request([PLAIN], acts("Beto bet 25"), modality="bring-in"))
    assert refused == {"error": "No es el turno de Beto: te toca a ti.", "code": "not-your-turn", "field": "actions[0]",
                       "at": 0}


# ---------------------------------------------------------------------------------------------
# 3. Deal and card faces.

def test_card_faces_keep_exactly_one_closed_card_and_the_best_visible_hand_speaks():
    reply = ask(request([PLAIN], acts("Tú bet 50", "Ana call", "Beto call", "Tú down", "Ana up", "Beto down")))
    assert "error" not in reply
    cards = {e["player"]: e for e in of_type(reply, "card")}
    table = cards["Beto"]["table"]["players"]
    assert (table["Tú"]["open"], table["Tú"]["closed"]) == (["Ks", "9c"], ["7h"])
    assert (table["Ana"]["open"], table["Ana"]["closed"]) == (["2h", "Td"], ["Jc"])
    assert (table["Beto"]["open"], table["Beto"]["closed"]) == (["2d", "Qh"], ["5c"])
    assert "descubres la que tenías escondida, el 9 de tréboles" in cards["Tú"]["text"]
    assert "Ana pide la carta abierta («aire»): recibe el 10 de diamantes a la vista." == cards["Ana"]["text"]
    # the ayudas go down after the first round, closed, and open once the 3rd card is dealt
    kinds = [e["type"] for e in reply["events"]]
    assert kinds.index("ayudas_down") < kinds.index("card") < kinds.index("ayudas_open")
    assert cards["Tú"]["table"]["ayudas"] == {"cards": ["Ac", "9s", "5s"], "open": False}
    opener = of_type(reply, "first_to_act")[-1]
    assert opener["street"] == 3 and opener["player"] == "Tú"
    assert "tu jugada a la vista, par de Nueves" in opener["text"] and opener["cards"] == ["9s", "9c", "Ks"]  # one ayuda


def test_card_choice_is_asked_in_dealing_order_from_the_buttons_left():
    reply = ask(request([PLAIN], acts("Tú bet 50", "Ana call", "Beto call")))
    assert reply["next"] == {"player": "Tú", "can": [{"action": "up"}, {"action": "down"}]}
    reply = ask(request([PLAIN], acts("Tú bet 50", "Ana call", "Beto call", "Tú up")))
    assert reply["next"]["player"] == "Ana"


# ---------------------------------------------------------------------------------------------
# 4. Everybody checks.

def test_everybody_checks_opens_every_card_and_the_next_comes_closed_without_choice():
    base = acts("Tú bet 50", "Ana call", "Beto call", "Tú up", "Ana up", "Beto up")
    assert ask(request([PLAIN], base))["next"]["player"] == "Beto"  # 2♦ 5♣ + 5♠: visible pair of Fives
    reply = ask(request([PLAIN], base + acts("Beto check", "Tú check", "Ana check")))
    checked = [e for e in of_type(reply, "all_checked") if e["street"] == 3][0]
    for player in checked["table"]["players"].values():
        assert player["closed"] == [] and len(player["open"]) == 3
    fourth = [e for e in of_type(reply, "card") if e["street"] == 4]
    assert [e["player"] for e in fourth] == ["Tú", "Ana", "Beto"]
    assert all("cuarta carta cerrada" in e["text"] and "sin elegir" in e["text"] for e in fourth)
    assert fourth[-1]["table"]["players"]["Ana"]["closed"] == ["8s"]
    assert reply["next"]["can"][0] == {"action": "check"}  # straight to the betting, no card choice


def test_everybody_checks_on_the_last_round_goes_straight_to_the_showdown():
    reply = ask(request([WALK_DEAL], WALK_ACTIONS))
    kinds = [e["type"] for e in reply["events"]]
    last_check = max(i for i, k in enumerate(kinds) if k == "check")
    assert kinds[last_check + 1:last_check + 4] == ["round_end", "all_checked", "showdown"]


# ---------------------------------------------------------------------------------------------
# 5. Betting: no-limit and fixed.

def test_no_limit_bets_raises_and_all_in_for_less():
    req = request([PLAIN], betting="no-limit", stacks=(1000, 1000, 145))
    assert ask(req)["next"]["can"] == [{"action": "check"}, {"action": "bet", "min": 50, "max": 1000}]
    req["actions"] = acts("Tú bet 100")
    assert ask(req)["next"]["can"] == [{"action": "call", "amount": 100}, {"action": "raise", "min": 200, "max": 1000},
                                       {"action": "fold"}]
    req["actions"] = acts("Tú bet 100", "Ana call", "Beto raise 120")  # Beto: 120 left after the ante
    reply = ask(req)
    assert of_type(reply, "all_in")[0]["player"] == "Beto"
    # an all-in for less is not a full raise: Tú already acted and may only call or fold
    assert reply["next"] == {"player": "Tú", "can": [{"action": "call", "amount": 20}, {"action": "fold"}]}
    req["actions"] = acts("Tú bet 100", "Ana raise 300")
    assert ask(req)["next"]["can"] == [{"action": "call", "amount": 120}, {"action": "fold"}]  # Beto: all-in call
    req["actions"] = acts("Tú bet 100", "Ana raise 300", "Beto call")
    assert ask(req)["next"]["can"] == [{"action": "call", "amount": 200}, {"action": "raise", "min": 500, "max": 1000},
                                       {"action": "fold"}]


# Four players for the short all-in rules: Tú opens with the A♠; Carla has the button (ante 25).
FOUR = deal({"Tú": "As 9c 7h 6d 4s", "Ana": "2h Jc Td 8s 3c", "Beto": "2d Qh 5c 4d 3h", "Carla": "Kd Kh 9d 8c 7c"},
            "Ac 9s 5s")
SHORT_ALL_INS = acts("Tú bet 100", "Ana raise 150", "Beto call", "Carla raise 210")


def short_all_ins(*more: str) -> dict:
    return ask(request([FOUR], SHORT_ALL_INS + acts(*more), names=["Tú", "Ana", "Beto", "Carla"],
                       stacks=(1000, 150, 1000, 235), button="Carla", betting="no-limit"))


def test_short_all_ins_reopen_only_for_who_faced_a_full_raise():
    # Bet 100, all-in 150 (short), call 150, all-in 210 (short). Tú faced 110 more than his bet:
    # at least a full raise (100), so he may raise; the minimum goes from the largest full bet or
    # raise of the round, 100: to 310, not 320 (TDA 43 and 47).
    reply = short_all_ins()
    assert reply["next"] == {"player": "Tú", "can": [{"action": "call", "amount": 110},
                                                    {"action": "raise", "min": 310, "max": 1000},
                                                    {"action": "fold"}]}
    # Beto called 150 and now faces 60, less than a full raise: call or fold only.
    reply = short_all_ins("Tú call")
    assert reply["next"] == {"player": "Beto", "can": [{"action": "call", "amount": 60}, {"action": "fold"}]}
    refused = short_all_ins("Tú call", "Beto raise 400")
    assert refused == {"error": "Beto no puede subir: ya habló y lo que tiene delante no es una subida completa: "
                                "un all-in corto no reabre las apuestas (TDA 47). Beto puede pagar 60 o retirarse.", "code": "illegal-action",
                       "field": "actions[5]", "at": 5}
    # Tú raising reopens the betting for everybody who can still bet.
    reply = short_all_ins("Tú raise 310")
    assert reply["next"] == {"player": "Beto", "can": [{"action": "call", "amount": 160},
                                                      {"action": "raise", "min": 410, "max": 1000},
                                                      {"action": "fold"}]}


def test_the_rules_pages_worked_example_is_the_engines():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[4] / "docs" / "mata-ases" / "index.md").read_text(encoding="utf-8")
    example = page[page.index('!!! example "Un ejemplo con un mínimo de 50"'):page.index("### Si todos pasan")]
    raise_option = short_all_ins()["next"]["can"][1]
    call_only = short_all_ins("Tú call")["next"]["can"]
    assert f"Tú apuestas **{SHORT_ALL_INS[0]['amount']}**" in example
    assert f"all-in con **{SHORT_ALL_INS[1]['amount']}**" in example
    assert f"all-in con **{SHORT_ALL_INS[3]['amount']}**" in example
    assert f"**solo puede pagar {call_only[0]['amount']} o retirarse**" in example
    assert f"como poco a {raise_option['min']}** (210 + 100), no a 320" in example


def test_a_short_all_in_bet_does_not_reopen_for_who_checked():
    # minimum 50: you check, Ana bets her last 30. Beto has not acted and may raise (to 30 + 50);
    # you already spoke (a check), so you may only call or fold.
    req = request([PLAIN], acts("Tú check", "Ana bet 30"), betting="no-limit", stacks=(1000, 30, 1000))
    assert ask(req)["next"]["can"] == [{"action": "call", "amount": 30}, {"action": "raise", "min": 80, "max": 975},
                                       {"action": "fold"}]
    req["actions"] += acts("Beto call")
    assert ask(req)["next"] == {"player": "Tú", "can": [{"action": "call", "amount": 30}, {"action": "fold"}]}


def test_short_all_ins_api_answers_who_may_raise_again():
    hand, error = play(request([FOUR], SHORT_ALL_INS + acts("Tú call"), names=["Tú", "Ana", "Beto", "Carla"],
                               stacks=(1000, 150, 1000, 235), button="Carla", betting="no-limit"))
    assert error is None
    assert hand.last_raise == 100 and hand.target == 210
    assert not hand.is_reopened_for("Beto") and not hand.can_raise("Beto")
    assert hand.can_call("Beto") and hand.can_fold("Beto") and not hand.can_check("Beto")


def test_fixed_betting_is_exactly_the_minimum_without_raises():
    assert ask(request([PLAIN], acts("Tú bet 50")))["next"]["can"] == [{"action": "call", "amount": 50},
                                                                        {"action": "fold"}]
    short = ask(request([PLAIN], stacks=(30, 1000, 1000)))
    assert short["next"]["can"] == [{"action": "check"}, {"action": "bet", "min": 30, "max": 30}]  # all-in for less


def test_the_button_who_cannot_cover_the_ante_posts_what_he_has_and_plays_for_the_main_pot():
    aces = deal({"Tú": "Ks 9c 7h 6d 4s", "Ana": "2h Jc Td 8s 3c", "Beto": "Ad Ah 5c 4d 3h"}, "Qc 9s 5s")

    def bettor(nxt):
        if nxt["player"] == "Tú" and any(c["action"] == "bet" for c in nxt["can"]):
            return {"player": "Tú", "action": "bet", "amount": 50}
        return check_or_call(nxt)
    reply = drive(request([aces], stacks=(1000, 1000, 10)), bettor)
    ante, all_in = reply["events"][:2]
    assert (ante["type"], ante["amount"]) == ("ante", 10) and "pone 10 de ante (todo lo que tiene)" in ante["text"]
    assert (all_in["type"], all_in["player"]) == ("all_in", "Beto")
    # his pair of Aces wins only the main pot (his 10 of ante); the bets make a side pot for the others
    assert reply["pots"] == [{"amount": 400, "winners": ["Tú"]}, {"amount": 10, "winners": ["Beto"]}]
    assert reply["stacks"] == {"Tú": 1200, "Ana": 800, "Beto": 10}


def test_equal_visible_hands_the_highest_card_by_suit_speaks_first_a_site_convention():
    tie = deal({"Tú": "Ks 9c 7h 6d 5s", "Ana": "Kd Jc 7c 8s 3c", "Beto": "2d Qh 5c 4d 3h"}, "Ah 9d 6h")
    reply = ask(request([tie], acts("Tú check", "Ana check", "Beto bet 50", "Tú call", "Ana call",
                                    "Tú up", "Ana up", "Beto up")))
    third = of_type(reply, "first_to_act")[1]  # A-K-7 visible for you and for Ana: your K♠ beats her K♦
    assert third["player"] == "Tú" and third["street"] == 3
    assert third["text"].endswith("Hay otra jugada a la vista igual: habla primero la que tiene la carta más alta "
                                  "por palo (picas > corazones > diamantes > tréboles), convención de este sitio.")
    assert third["cite"] == f"{CITE['visible']} · {CITE['convention']}"


def test_best_visible_hand_all_in_the_player_on_its_left_speaks_a_site_convention():
    reply = ask(request([PLAIN], acts("Tú bet 120", "Ana call", "Beto call", "Tú up", "Ana up", "Beto up"),
                        betting="no-limit", stacks=(1000, 1000, 145)))
    third = of_type(reply, "first_to_act")[1]
    assert third["player"] == "Tú" and "par de Cincos" in third["text"]
    assert third["text"].endswith("Pero Beto está all-in: hablas tú, a su izquierda (convención de este sitio).")
    assert third["cite"] == f"{CITE['visible']} · {CITE['convention']}"


# ---------------------------------------------------------------------------------------------
# 6. All-in runout.

def test_all_in_runout_deals_the_rest_closed_and_everybody_shows():
    aces = deal({"Tú": "Ks 9c 7h 6d 4s", "Ana": "2h Ad Ah 8s 3c", "Beto": "2d Qh 5c 4d 3h"}, "Ac 9s 5s")
    reply = ask(request([aces], acts("Tú bet 200", "Ana call", "Beto fold"), betting="no-limit",
                        stacks=(1000, 200, 1000)))
    assert "next" not in reply
    kinds = [e["type"] for e in reply["events"]]
    start = kinds.index("runout")
    assert of_type(reply, "runout")[0]["cite"] == CITE["all_in"]
    assert kinds[start:] == ["runout", "ayudas_down", "card", "card", "ayudas_open", "card", "card", "card", "card",
                             "showdown", "show", "show", "win", "hand_end"]
    for event in of_type(reply, "card"):
        assert "carta cerrada" in event["text"]
        for name in ("Tú", "Ana"):
            assert len(event["table"]["players"][name]["closed"]) == 1
    assert {e["player"] for e in of_type(reply, "show")} == {"Tú", "Ana"}
    assert reply["pots"] == [{"amount": 425, "winners": ["Ana"]}]
    assert reply["stacks"] == {"Tú": 800, "Ana": 425, "Beto": 975}


# ---------------------------------------------------------------------------------------------
# 7. Showdown and side pots.

SIDE_ACTIONS = acts("Tú bet 475", "Ana call", "Beto call")   # Ana all-in for 200, Beto all-in for 475
SIDE_STACKS = (1000, 200, 500)


def side_pot_hand(cards: dict[str, str], *extra: dict) -> dict:
    return ask(request([deal(cards, "7c 8d 3s"), *extra], SIDE_ACTIONS, betting="no-limit", stacks=SIDE_STACKS))


def test_who_shows_first_the_last_bettor_of_the_final_round():
    reply = ask(request([WALK_DEAL], WALK_ACTIONS[:-2] + acts("Tú check", "Ana bet 50", "Tú call")))
    assert [e["player"] for e in of_type(reply, "show")] == ["Ana", "Tú"]
    showdown, = of_type(reply, "showdown")
    assert showdown["text"].endswith("Enseña primero Ana, que hizo la última apuesta de la ronda final; después, los "
                                     "demás hacia su izquierda.")
    assert showdown["cite"].endswith(CITE["convention"])
    mine = ask(request([WALK_DEAL], WALK_ACTIONS[:-2] + acts("Tú bet 50", "Ana call")))
    assert [e["player"] for e in of_type(mine, "show")] == ["Tú", "Ana"]
    assert "Enseñas primero tú, que hiciste la última apuesta" in of_type(mine, "showdown")[0]["text"]


def test_who_shows_first_without_a_bet_the_opener_of_the_final_round():
    # Ana's 5th card is exposed: only she may act in the last round; she checks and the round is
    # lost with nothing bet and nobody's cards turned up: Ana, who opened it, shows first.
    exposed = dict(WALK_DEAL, exposed=[{"player": "Ana", "card": 5}])
    reply = ask(request([exposed], WALK_ACTIONS[:10] + acts("Tú up", "Ana check")))
    assert [e["player"] for e in of_type(reply, "show")] == ["Ana", "Tú"]
    assert "Nadie apostó en la última ronda: enseña primero Ana, que abría la ronda" in of_type(reply, "showdown")[0]["text"]


def test_best_play_is_four_own_cards_and_one_ayuda_at_most():
    reply = drive(request([PLAIN], acts("Tú bet 50", "Ana fold", "Beto call")), check_or_call)
    shows = {e["player"]: e for e in of_type(reply, "show")}
    # the 9♠ ayuda makes the pair; the A♣ ayuda would be a better kicker, but only one ayuda counts
    assert shows["Tú"]["cards"] == ["9s", "9c", "Ks", "7h", "6d"]
    assert shows["Tú"]["text"] == "Enseñas par de Nueves: no llegas a matar los Ases."


def test_side_pots_each_with_its_own_killer():
    reply = side_pot_hand({"Tú": "Ks Ac Ad 9c 4s", "Ana": "2h 2c 2s Jc Td", "Beto": "2d Qh Qc 5c 6h"})
    assert reply["pots"] == [{"amount": 550, "winners": ["Tú"]}, {"amount": 625, "winners": ["Ana"]}]
    wins = of_type(reply, "win")
    assert [w["text"] for w in wins] == ["Ganas el pozo secundario de 550.", "Ana gana el pozo principal de 625."]
    assert reply["stacks"] == {"Tú": 1075, "Ana": 625, "Beto": 0}


def test_a_side_pot_without_killer_goes_to_the_best_hand_when_another_pot_has_one():
    reply = side_pot_hand({"Tú": "Ks Kd 9c 4s 6d", "Ana": "2h Ah As Jc Td", "Beto": "2d Qh Qc 5c 6h"})
    assert reply["pots"] == [{"amount": 550, "winners": ["Tú"]}, {"amount": 625, "winners": ["Ana"]}]
    side = of_type(reply, "win")[0]
    assert "En este pozo nadie mata los Ases, pero en otro sí" in side["text"]
    assert side["cite"] == CITE["side_pots"]


def test_no_pot_with_a_killer_sends_every_pot_to_an_extension():
    extension = deal({"Tú": "2c 7s 9h Js Kh", "Ana": "Ac Ad 3d 4d 5h", "Beto": "3c 6c 8c Tc Qs"}, "2s 4h 8h")
    reply = side_pot_hand({"Tú": "Ks Kd 9c 4s 6d", "Ana": "2h 3c Jc Td 9d", "Beto": "2d Qh Qc 5c 6h"}, extension)
    assert "error" not in reply and "next" not in reply
    no_winner, = of_type(reply, "no_winner")
    assert no_winner["amount"] == 1175
    ext, = of_type(reply, "extension")
    assert ext["deal"] == 1 and ext["player"] == "Tú"  # the button moves from Beto to the next player on his left
    # Ana and Beto have no chips left: nobody can bet, the extension runs out at once
    assert [e["type"] for e in reply["events"] if e["deal"] == 1][:5] == ["extension", "ante", "deal", "runout",
                                                                           "ayudas_down"]
    assert reply["extensions"] == 1
    assert reply["pots"] == [{"amount": 550, "winners": ["Beto"]}, {"amount": 650, "winners": ["Ana"]}]
    assert reply["stacks"] == {"Tú": 500, "Ana": 650, "Beto": 550}
    button, = of_type(reply, "button")
    assert button["player"] == "Tú" and "la próxima mano lo tienes tú" in button["text"]


# ---------------------------------------------------------------------------------------------
# 8. The lone player.

def test_a_lone_players_incomplete_hand_kills_the_aces_by_the_same_threshold():
    from engine.games.mata_ases.showdown import visible_value

    kills = {text: visible_value(parse_cards(text)).kills_aces for text in
             ("As Ad", "As Ad 2c", "Ks Kd Qc", "2s 2d 2c", "3s 3d 2c 2h", "As Kd Qc Jh")}
    assert kills == {"As Ad": True, "As Ad 2c": True, "Ks Kd Qc": False, "2s 2d 2c": True, "3s 3d 2c 2h": True,
                     "As Kd Qc Jh": False}


def test_lone_player_with_a_pair_of_aces_collects():
    aces = deal({"Tú": "As Ah 7h 6d 4s", "Ana": "2h Jc Td 8s 3c", "Beto": "2d Qh 5c 4d 3h"}, "Ac 9s 5s")
    reply = ask(request([aces], acts("Tú bet 50", "Ana fold", "Beto fold")))
    kinds = [e["type"] for e in reply["events"]]
    assert kinds[-4:] == ["return", "show", "win", "hand_end"]
    assert of_type(reply, "return")[0]["amount"] == 50  # nobody called the bet: the ante is not a call
    show, = of_type(reply, "show")
    assert show["cite"] == CITE["lone"] and "par de Ases, que mata los Ases" in show["text"]
    assert reply["pots"] == [{"amount": 25, "winners": ["Tú"]}]
    assert reply["stacks"] == {"Tú": 1025, "Ana": 1000, "Beto": 975}


def test_lone_player_without_aces_goes_to_an_extension_with_those_who_paid():
    extension = deal({"Tú": "Ac Ad 7s 6c 4h", "Beto": "Kd Qs Jh 9d 2c", "Ana": "3d 3h 5s 8c Th"}, "Ts 9h 2s")
    reply = ask(request([PLAIN, extension], acts("Tú bet 50", "Ana fold", "Beto fold")))
    show, = of_type(reply, "show")
    assert ("Enseñas tus cartas (Rey de picas, 9 de tréboles). No tienes ni un par, así que no matas los Ases."
            in show["text"])  # a single card is not «tu jugada»
    no_winner, = of_type(reply, "no_winner")
    assert no_winner["cite"] == CITE["lone"] and no_winner["amount"] == 25
    ext, = of_type(reply, "extension")
    # Beto folded, but his ante is in the pot; Ana put nothing in and stays out
    assert ("entre tú y Beto: la juegan quien queda y quienes pagaron en este reparto aunque luego se retiraran "
            "(Beto)." in ext["text"])
    assert ext["cite"] == f"{CITE['extension']} · {CITE['convention']}"
    assert ext["player"] == "Tú"  # the button moves from Beto to the next of the two on his left
    assert ext["table"]["players"]["Ana"]["folded"] is True
    assert ext["table"]["players"]["Beto"]["folded"] is False
    assert reply["extensions"] == 1 and reply["next"]["player"] in ("Tú", "Beto")
    assert of_type(reply, "ante")[-1]["player"] == "Tú"  # Botón Ante: the new button antes again


def test_lone_player_gets_back_chips_nobody_else_put_in():
    # Bring In: everybody folds to the Bring In, which goes back; nothing is left to win
    reply = ask(request([PLAIN], acts("Tú fold", "Ana fold"), modality="bring-in"))
    assert [e["type"] for e in reply["events"]][-2:] == ["return", "hand_end"]
    assert reply["stacks"] == {"Tú": 1000, "Ana": 1000, "Beto": 1000} and reply["pots"] == []
    # Botón Ante: the button bets, everybody folds; the only chips left are his own ante
    mine = deal({"Tú": "Ks 9c 7h 6d 4s", "Ana": "2h Jc Td 8s 3c", "Beto": "As Qh 5c 4d 3h"}, "Ac 9s 5s")
    reply = ask(request([mine], acts("Beto bet 50", "Tú fold", "Ana fold")))
    split, = of_type(reply, "split")
    assert split["text"] == "Nadie más puede optar al pozo de 25: se lo lleva Beto."
    assert reply["pots"] == [{"amount": 25, "winners": ["Beto"]}] and reply["stacks"]["Beto"] == 1000


# ---------------------------------------------------------------------------------------------
# 9. Extensions.

NO_KILL = [
    deal({"Tú": "2c 4d 6h 8s Tc", "Ana": "3c 5d 7h 9s Jc", "Beto": "2d 4h 6s 8c Qd"}, "Kc Kd 3h"),
    deal({"Tú": "2h 4s 6c 8d Th", "Ana": "3h 5s 7c 9d Jh", "Beto": "2s 4c 6d 8h Qs"}, "Ks Kh 3d"),
    deal({"Tú": "2d 4c 6s 8h Td", "Ana": "3d 5c 7s 9h Jd", "Beto": "2c 4h 6d 8s Qc"}, "Kd Kc 3s"),
]


def test_two_extensions_without_a_winner_then_the_pot_is_split():
    reply = drive(request(NO_KILL), check_or_call)
    assert reply["extensions"] == 2
    exts = of_type(reply, "extension")
    assert [(e["deal"], e["player"]) for e in exts] == [(1, "Tú"), (2, "Ana")]  # the button moves left each time
    assert [e["player"] for e in of_type(reply, "ante")] == ["Beto", "Tú", "Ana"]
    assert not any(e["type"] == "bring_in" for e in reply["events"])
    split, = of_type(reply, "split")
    assert split["text"] == ("Tras dos extensiones sin ganador, el pozo de 75 se reparte entre tú, Ana y Beto: "
                             "25 para ti, 25 para Ana y 25 para Beto.")
    assert reply["pots"] == [{"amount": 75, "winners": ["Tú", "Ana", "Beto"]}]
    assert reply["stacks"] == {"Tú": 1000, "Ana": 1000, "Beto": 1000}
    button, = of_type(reply, "button")
    assert button["player"] == "Tú"  # where it would have gone without extensions: left of Beto
    assert {e["deal"] for e in reply["events"]} == {0, 1, 2}


def test_extension_is_played_by_those_who_paid_or_reached_the_showdown():
    # Bring In: Beto (lowest open card, 2♦) posts it; you call, Ana calls; then Ana folds to your
    # bet on 3rd street and Beto calls it. Nobody kills the Aces at the showdown: Ana paid in this
    # deal and folded later, so she plays the extension too; nobody is left out.
    facing = []

    def policy(nxt):
        if nxt["player"] == "Ana" and any(c["action"] == "fold" for c in nxt["can"]):
            facing.append(nxt)
            if len(facing) == 2:  # she calls the Bring In, then folds to your bet
                return {"player": "Ana", "action": "fold"}
        if nxt["player"] == "Tú" and any(c["action"] == "bet" for c in nxt["can"]):
            return {"player": "Tú", "action": "bet", "amount": 50}
        return check_or_call(nxt)
    reply = drive(request(NO_KILL, modality="bring-in"), policy)
    ext = of_type(reply, "extension")[0]
    assert ("entre tú, Ana y Beto: la juegan quienes llegaron al showdown y quienes pagaron en este reparto aunque "
            "luego se retiraran (Ana)." in ext["text"])
    assert ext["cite"] == f"{CITE['extension']} · {CITE['convention']}"
    # Ana folds to the Bring In without paying anything in this deal: she stays out.
    def ana_folds_at_once(nxt):
        if nxt["player"] == "Ana" and any(c["action"] == "fold" for c in nxt["can"]):
            return {"player": "Ana", "action": "fold"}
        return check_or_call(nxt)
    reply = drive(request(NO_KILL, modality="bring-in"), ana_folds_at_once)
    ext = of_type(reply, "extension")[0]
    assert "entre tú y Beto, que llegaron al showdown." in ext["text"] and ext["cite"] == CITE["extension"]
    assert all(e["player"] != "Ana" for e in reply["events"] if e["deal"] >= 1)


def test_who_paid_is_counted_deal_by_deal_in_extensions():
    # Extension 1 (no Bring In, nobody antes): you bet at once, Ana folds without having put a chip
    # in this deal, Beto calls. Nobody kills the Aces: extension 2 is yours and Beto's only.
    deals = [Deal({n: tuple(parse_cards(" ".join(c))) for n, c in d["cards"].items()},
                  tuple(parse_cards(" ".join(d["ayudas"])))) for d in NO_KILL]
    hand = MataAsesHand([(n, 1000) for n in NAMES], button="Beto", modality="bring-in", stakes=Stakes(50, 25, 25),
                        deals=deals, betting="fixed")
    while hand.deal_index == 0:
        hand.act(hand.to_act, next(o["action"] for o in hand.legal_actions() if o["action"] in ("check", "call", "up")))
    while hand.deal_index == 1:
        offered = {o["action"] for o in hand.legal_actions()}
        if hand.to_act == "Tú" and "bet" in offered:
            hand.bet("Tú", 50)
        elif hand.to_act == "Ana" and "fold" in offered:
            hand.fold("Ana")
        else:
            hand.act(hand.to_act, next(a for a in ("check", "call", "up") if a in offered))
    assert hand.extensions == 2 and hand.participants == ("Tú", "Beto")
    second = [e for e in events(hand) if e.type == "extension"][1]
    assert "entre tú y Beto, que llegaron al showdown" in second.text


def test_no_bring_in_in_an_extension_the_highest_card_opens_and_may_check():
    reply = drive(request(NO_KILL, modality="bring-in"), check_or_call)
    assert [e["deal"] for e in of_type(reply, "bring_in")] == [0]
    openers = [e for e in of_type(reply, "first_to_act") if e["deal"] == 1 and e["street"] == 1]
    assert openers[0]["text"].endswith("Sin Bring In, puede pasar.") or openers[0]["text"].endswith(
        "Sin Bring In, puedes pasar.")
    assert not [e for e in of_type(reply, "ante")]
    assert reply["extensions"] == 2 and of_type(reply, "split")


def test_split_odd_chips_go_to_the_highest_own_card_by_suit():
    two = [{"cards": {n: d["cards"][n] for n in ("Tú", "Ana")}, "ayudas": d["ayudas"]} for d in NO_KILL]
    reply = drive(request(two, names=["Tú", "Ana"], stacks=(1000, 1000), button="Ana"), check_or_call)
    split, = of_type(reply, "split")
    assert split["amount"] == 75
    # last deal: your play uses the K♦ ayuda, but only own cards count: Ana's J♦ beats your 10♦
    assert split["text"] == ("Tras dos extensiones sin ganador, el pozo de 75 se reparte entre tú y Ana: 37 para ti "
                             "y 38 para Ana. La ficha que no se puede dividir es para Ana: tiene la carta propia más "
                             "alta por palo, la Jota de diamantes.")
    assert reply["stacks"] == {"Tú": 1000 - 25 + 37, "Ana": 1000 - 50 + 38}


def test_showdown_odd_chip_counts_every_own_card_not_only_the_play():
    # Both play Q-Q-7-7 with the A♦ ayuda as kicker (equal plays); the pot is the ante, 25. Your
    # play holds the Q♠, the highest card of either play, but Ana's K♣ (left out of her play) is
    # the highest own card: the odd chip is hers (the stud practice: all of a player's cards).
    tie = deal({"Tú": "Qs Qd 7d 7c 4s", "Ana": "Qh Qc 7h 7s Kc"}, "Ad 2h 3h")
    reply = drive(request([tie], names=["Tú", "Ana"], stacks=(1000, 1000), button="Ana"), check_or_call)
    wins = {e["player"]: e for e in of_type(reply, "win")}
    assert {p: e["amount"] for p, e in wins.items()} == {"Tú": 12, "Ana": 13}
    assert wins["Ana"]["text"].endswith("La ficha que no se puede dividir es para Ana: tiene la carta propia más "
                                        "alta por palo, el Rey de tréboles.")
    assert CITE["convention"] in wins["Ana"]["cite"]
    assert format_cards(parse_cards(" ".join(wins["Tú"]["cards"]))) == ["Qs", "Qd", "7d", "7c", "Ad"]


def test_misdealt_extension_is_dealt_again_without_counting():
    redeal = json.loads(json.dumps(NO_KILL[1]))
    redeal["exposed"] = [{"player": "Ana", "card": 2}]
    reply = drive(request([NO_KILL[0], redeal, NO_KILL[1], NO_KILL[2]]), check_or_call)
    misdeal, = of_type(reply, "misdeal")
    assert misdeal["deal"] == 1 and "se vuelve a repartir" in misdeal["text"]
    assert reply["extensions"] == 2 and {e["deal"] for e in reply["events"]} == {0, 1, 2, 3}
    assert reply["stacks"] == {"Tú": 1000, "Ana": 1000, "Beto": 1000}


def test_an_extension_without_its_deal_is_reported():
    decisions: list[dict] = []
    while True:
        reply = ask(request(NO_KILL[:1], decisions))
        if "error" in reply:
            break
        decisions.append(check_or_call(reply["next"]))
    assert reply == {"error": "Falta el reparto número 1 (extensión o nuevo reparto): añade otro elemento a «deals».",
                     "code": "missing-deal", "field": f"actions[{len(decisions) - 1}]", "at": len(decisions) - 1}


# ---------------------------------------------------------------------------------------------
# 10. Cards exposed by mistake.

def test_exposed_second_card_is_a_misdeal_and_chips_go_back():
    exposed = dict(WALK_DEAL, exposed=[{"player": "Ana", "card": 2}])
    reply = ask(request([exposed]))
    assert [e["type"] for e in reply["events"]] == ["ante", "deal", "exposed", "misdeal", "hand_end"]
    assert "Vuelven 25 a Beto." in of_type(reply, "misdeal")[0]["text"]
    assert reply["stacks"] == {"Tú": 1000, "Ana": 1000, "Beto": 1000}
    assert reply["pots"] == [] and reply["extensions"] == 0 and "next" not in reply
    late = ask(request([exposed], acts("Tú check")))
    assert late == {"error": "La mano se anuló por una carta expuesta en el reparto: no admite más decisiones.",
                    "code": "hand-over", "field": "actions[0]", "at": 0}


def test_the_first_card_is_face_up_so_exposing_it_is_refused():
    reply = ask(request([dict(WALK_DEAL, exposed=[{"player": "Ana", "card": 1}])]))
    assert reply == {"error": "Campo «deals[0].exposed[0].card»: la primera carta se reparte boca arriba, así que no "
                              "puede quedar expuesta por error: solo la segunda, la cerrada, anula el reparto",
                     "code": "request", "field": "deals[0].exposed[0].card"}
    names = ["Tú", "Ana"]
    with pytest.raises(TableSetupError, match="^Reparto número 0, carta expuesta de Ana: la primera carta"):
        MataAsesHand([("Tú", 100), ("Ana", 100)], button="Ana", modality="boton-ante", stakes=Stakes(minimum=10, ante=5),
                     deals=[Deal.from_deck(names, DECK, exposed=[Exposure("Ana", 1)])])


EXPOSED_4TH = dict(WALK_DEAL, exposed=[{"player": "Ana", "card": 4}])
BEFORE_4TH = WALK_ACTIONS[:7]   # ... Ana bets, Beto folds, you call, you take the 4th card open


def test_exposed_later_card_only_its_player_may_act_and_a_bet_goes_on_normally():
    reply = ask(request([EXPOSED_4TH], BEFORE_4TH))
    exposed, = of_type(reply, "exposed")
    assert exposed["player"] == "Ana" and exposed["cards"] == ["Js"] and exposed["cite"] == CITE["exposed"]
    assert exposed["table"]["players"]["Ana"]["open"][-1] == "Js"  # no choice: it came face up
    assert reply["next"] == {"player": "Ana", "can": [{"action": "check"}, {"action": "bet", "min": 50, "max": 50}]}
    bet = ask(request([EXPOSED_4TH], BEFORE_4TH + acts("Ana bet 50")))
    assert bet["next"] == {"player": "Tú", "can": [{"action": "call", "amount": 50}, {"action": "fold"}]}


def test_exposed_later_card_a_check_loses_the_round_and_nobody_opens():
    reply = ask(request([EXPOSED_4TH], BEFORE_4TH + acts("Ana check")))
    lost = of_type(reply, "round_end")[-1]
    assert lost["cite"] == CITE["exposed"] and "se pierde" in lost["text"]
    assert not [e for e in of_type(reply, "all_checked") if e["street"] == 4]
    assert lost["table"]["players"]["Tú"]["closed"] == ["Ah"]  # nobody has to open
    assert reply["next"] == {"player": "Tú", "can": [{"action": "up"}, {"action": "down"}]}


EXPOSED_3RD_AFTER_CHECKS = dict(WALK_DEAL, exposed=[{"player": "Tú", "card": 3}])


def test_an_exposed_card_that_leaves_no_closed_card_makes_the_next_one_come_closed_without_a_choice():
    """Issue 23: everybody checked, so everybody opened and the 3rd card comes closed, but yours is
    exposed: you hold no closed card. «Aire» would leave you none (and the engine used to say «tu carta
    tapada sigue oculta»): one closed card is always kept, so the 4th comes closed, with no choice."""
    reply = ask(request([EXPOSED_3RD_AFTER_CHECKS], WALK_ACTIONS[:3] + acts("Tú check")))
    exposed, = of_type(reply, "exposed")
    assert exposed["player"] == "Tú" and exposed["table"]["players"]["Tú"]["closed"] == []
    fourth = [e for e in of_type(reply, "card") if e["street"] == 4]
    assert fourth[0]["player"] == "Tú" and "sin elegir" in fourth[0]["text"]
    assert "siempre hay que conservar una" in fourth[0]["text"] and CITE["convention"] in fourth[0]["cite"]
    assert fourth[0]["table"]["players"]["Tú"]["closed"] == ["7c"]
    assert fourth[0]["table"]["players"]["Tú"]["open"] == ["As", "Kc", "Ah"]
    assert reply["next"]["player"] != "Tú" and {o["action"] for o in reply["next"]["can"]} == {"up", "down"}
    assert not any("sigue oculta" in t for t in texts(reply))
    refused = ask(request([EXPOSED_3RD_AFTER_CHECKS], WALK_ACTIONS[:3] + acts("Tú check", "Tú up")))
    assert refused["code"] == "not-your-turn"


# ---------------------------------------------------------------------------------------------
# Illegal decisions: each message says what is allowed.

NL = {"betting": "no-limit"}


@pytest.mark.parametrize("actions, options, message", [
    (acts("Ana check"), {}, "No es el turno de Ana: te toca a ti."),
    (acts("Tú check", "Tú check"), {}, "No es tu turno: le toca a Ana."),
    (acts("Zoe check"), {}, "«Zoe» no está sentado en esta mesa: te toca a ti."),
    (acts("Tú bet 50", "Ana check"), {}, "Ana no puede pasar: hay una apuesta de 50. Ana puede pagar 50 o retirarse."),
    (acts("Tú bet 50", "Ana bet 50"), {}, "Ana no puede apostar: ya hay una apuesta en esta ronda. Ana puede pagar 50 o retirarse."),
    (acts("Tú bet 100"), {}, "No puedes apostar 100: en esta mesa las apuestas son fijas, de 50. Pasa o apuesta 50."),
    (acts("Tú bet 40"), NL, "No puedes apostar 40: la apuesta mínima es de 50 (menos solo para ir all-in con todo "
                            "lo que queda). Pasa o apuesta entre 50 y 1.000."),
    (acts("Tú bet 5000"), NL, "No puedes apostar 5.000: solo te quedan 1.000 fichas. Pasa o apuesta entre 50 y 1.000."),
    (acts("Tú bet 50", "Ana raise 100"), {}, "Ana no puede subir: en esta mesa las apuestas son fijas y no se sube. "
                                             "Ana puede pagar 50 o retirarse."),
    (acts("Tú raise 100"), NL, "No puedes subir: no hay ninguna apuesta que subir. Pasa o apuesta entre 50 y 1.000."),
    (acts("Tú bet 100", "Ana raise 150"), NL, "Ana no puede subir a 150: la subida mínima es a 200 en total (menos "
                                              "solo para ir all-in). Ana puede pagar 100, subir a un total de entre 200 y 1.000 "
                                              "o retirarse."),
    (acts("Tú bet 100", "Ana raise 5000"), NL, "Ana no puede subir a 5.000: solo le quedan fichas para llegar a 1.000 "
                                               "en total. Ana puede pagar 100, subir a un total de entre 200 y 1.000 o retirarse."),
    (acts("Tú call"), {}, "No puedes pagar: no hay ninguna apuesta que igualar. Pasa o apuesta 50."),
    (acts("Tú fold"), {}, "No puedes retirarte: nadie ha apostado, así que pasar no cuesta nada (en esta mesa no se retira "
     "nadie sin apuesta delante: convención de este sitio). Pasa o apuesta 50."),
    (acts("Tú up"), {}, "Ahora no se reparte carta: te toca apostar. Pasa o apuesta 50."),
    (acts("Tú bet 50", "Ana call", "Beto call", "Tú bet 50"), {},
     "Ahora no se apuesta: te toca elegir cómo recibes la tercera carta. Pide la carta abierta («aire») o la "
     "cerrada."),
    (acts("Tú bet 50", "Ana call", "Beto call", "Tú up", "Ana check"), {},
     "Ahora no se apuesta: Ana tiene que elegir cómo recibe la tercera carta. Ana puede pedir la carta abierta "
     "(«aire») o la cerrada."),
])
def test_illegal_decisions_say_what_is_allowed(actions, options, message):
    reply = ask(request([PLAIN], actions, **options))
    at = len(actions) - 1
    assert reply == {"error": message, "code": reply.get("code"), "field": f"actions[{at}]", "at": at}
    assert reply["code"] in ("illegal-action", "not-your-turn", "invalid-amount")


def test_reraise_after_an_incomplete_all_in_is_refused():
    reply = ask(request([PLAIN], acts("Tú bet 100", "Ana call", "Beto raise 120", "Tú raise 300"), betting="no-limit",
                        stacks=(1000, 1000, 145)))
    assert reply == {"error": "No puedes subir: ya hablaste y lo que tienes delante no es una subida completa: un "
                              "all-in corto no reabre las apuestas (TDA 47). Paga 20 o retírate.", "code": "illegal-action",
                     "field": "actions[3]", "at": 3}


def test_decisions_after_the_end_and_malformed_decisions():
    over = ask(request([WALK_DEAL], WALK_ACTIONS + acts("Tú check")))
    assert over == {"error": "La mano ya terminó: no admite más decisiones.", "code": "hand-over",
                    "field": f"actions[{len(WALK_ACTIONS)}]", "at": len(WALK_ACTIONS)}
    muck = ask(request([PLAIN], [{"player": "Tú", "action": "muck"}]))
    assert muck == {"error": "Campo «actions[0].action»: debe ser una de: check, bet, call, raise, fold, up, down "
                             "(recibido: «muck»)", "code": "request", "field": "actions[0].action", "at": 0}
    no_amount = ask(request([PLAIN], [{"player": "Tú", "action": "bet"}]))
    assert no_amount == {"error": "Campo «actions[0].amount»: falta este campo", "code": "request",
                         "field": "actions[0].amount", "at": 0}


def test_action_errors_are_value_errors_of_specific_classes():
    hand = MataAsesHand([("Tú", 100), ("Ana", 100)], button="Ana", modality="boton-ante",
                        stakes=Stakes(minimum=10, ante=5),
                        deals=[Deal.from_deck(["Tú", "Ana"], DECK[::-1])], betting="no-limit")
    assert hand.to_act == "Tú"
    with pytest.raises(InvalidAmountError):
        hand.bet("Tú", 5)
    with pytest.raises(IllegalActionError):
        hand.fold("Tú")
    with pytest.raises(NotYourTurnError):
        hand.check("Ana")
    assert issubclass(ActionError, ValueError)


# ---------------------------------------------------------------------------------------------
# The event shape is stable; citations are the guide's or the rules page's.

def test_doctests():
    import doctest

    from engine.games import mata_ases as mata_ases_hand
    from engine.games.mata_ases import rules, setup, simulate

    for module in (mata_ases_hand, rules, setup, simulate):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module


def test_side_pots_from_bets_with_antes_as_dead_money():
    from engine.pots import Pot, side_pots

    assert side_pots({"A": 0, "B": 0}, [], dead=25) == [Pot(25, ("A", "B"))]
    assert side_pots({"A": 100, "B": 300, "C": 300}, [], dead=25) == [
        Pot(325, ("A", "B", "C")), Pot(400, ("B", "C"))]
    # a folded player's chips are dead money in the layers they reach
    assert side_pots({"A": 100, "B": 300, "C": 200}, ["C"]) == [Pot(300, ("A", "B")), Pot(300, ("B",))]


def test_citations_are_the_guides_or_the_rules_pages():
    from tests.pyodide_cases.mata_ases_hand_cases import cases

    allowed = set(CITE.values())
    convention = " · " + CITE["convention"]
    plain = {"check", "bet", "call", "raise", "fold", "round_end", "show", "hand_end"}
    for _, req in cases():
        for event in ask(req).get("events", []):
            cite = event["cite"]
            if cite is None:
                assert event["type"] in plain, event
            else:
                assert cite in allowed or cite.removesuffix(convention) in allowed, cite
    assert CITE["ante"] == "Reglamento Mata Ases Emporium Academy 2024, desarrollo C-1"
    assert CITE["kill"] == "Reglamento Mata Ases Emporium Academy 2024, regla 10-A"


def test_rules_page_sections_cited_exist():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[4] / "docs" / "mata-ases" / "index.md").read_text(encoding="utf-8")
    headings = {line.lstrip("#").strip() for line in page.splitlines() if line.startswith("#")}
    for cite in CITE.values():
        if cite.startswith("Reglas de este sitio: «"):
            assert cite.removeprefix("Reglas de este sitio: «").removesuffix("»") in headings, cite


def test_every_event_has_the_documented_shape():
    reply = ask(request([WALK_DEAL], WALK_ACTIONS))
    for event in reply["events"]:
        assert set(event) - {"cite_repeat"} == {"type", "street", "deal", "player", "amount", "cards", "text", "cite",
                                                "table"}
        assert event.get("cite_repeat", True) is True and (event["cite"] or "cite_repeat" not in event)
        assert event["street"] in (1, "ayudas", 3, 4, 5, "showdown")
        assert (event["street"] == "ayudas") == (event["type"] == "ayudas_down")
        assert event["text"] and event["text"][-1] in ".)"
        table = event["table"]
        assert set(table) == {"button", "pot", "to_act", "ayudas", "players"}
        assert set(table["players"]) == set(NAMES)
        for player in table["players"].values():
            assert set(player) == {"stack", "bet", "folded", "all_in", "open", "closed"}
        assert sum(p["stack"] for p in table["players"].values()) + table["pot"] == 3000


# ---------------------------------------------------------------------------------------------
# The simulator's Spanish (issue 12): agreement, a single card is no play, one wording for the
# button, the visible-hand rule said once, citations once per rule and street, ayudas apart.

def test_a_closed_card_arrives_face_down_whatever_its_gender():
    reply = ask(request([PLAIN], acts("Tú bet 50", "Ana call", "Beto call", "Tú down")))
    card, = [e["text"] for e in of_type(reply, "card")]
    assert card == ("Pides la carta cerrada: te llega boca abajo el 7 de corazones y a cambio descubres la que "
                    "tenías escondida, el 9 de tréboles.")
    assert not any("tapada" in t and "carta tapada" not in t for t in texts(reply))


def test_a_single_card_is_not_called_a_play():
    unpaired = deal({"Tú": "Ks 9c 7h 6d 4s", "Ana": "2h Jc Td 8s 3c", "Beto": "2d Qh 6c 4d 3h"}, "Ac 9s 5s")
    reply = ask(request([unpaired], acts("Tú bet 50", "Ana call", "Beto call", "Tú up", "Ana up", "Beto up")))
    opener, = [e["text"] for e in of_type(reply, "first_to_act") if e["street"] == 3]
    assert opener.startswith("Empiezas a hablar tú: no hay pares a la vista y tu carta abierta más alta, el Rey "
                             "de picas, es la mejor de la mesa.")


def test_the_visible_hand_rule_is_said_once_per_hand():
    reply = ask(request([WALK_DEAL], WALK_ACTIONS))
    assert sum("Cuentan las cartas abiertas de cada uno y, como mucho, una ayuda." in t for t in texts(reply)) == 1


def test_the_button_has_one_wording():
    for reply in (ask(request([WALK_DEAL], WALK_ACTIONS)), drive(request(NO_KILL), check_or_call)):
        assert not any("lleva el botón" in t or "lo llevas" in t for t in texts(reply))
        assert "Beto tiene el botón y se empieza por su izquierda" in of_type(reply, "deal")[0]["text"]


def test_boton_ante_extensions_never_mention_the_bring_in():
    reply = drive(request(NO_KILL), check_or_call)
    assert reply["extensions"] == 2
    assert not any("Bring In" in t for t in texts(reply))
    bring_in = drive(request(NO_KILL, modality="bring-in"), check_or_call)
    extension = of_type(bring_in, "extension")[0]["text"]
    assert "sin Bring In" in extension and "ante" not in extension


def test_the_lone_player_shows_the_play_with_the_ayuda_that_completes_it():
    reply = ask(request([WALK_DEAL], acts("Tú check", "Ana check", "Beto check", "Ana bet 50", "Beto fold",
                                          "Tú call", "Tú up", "Ana up", "Ana bet 50", "Tú fold")))
    show, = of_type(reply, "show")
    assert show["text"] == (
        "Todos los demás se retiraron. Ana enseña sus cartas (Reina de corazones, Reina de tréboles, 8 de picas, "
        "Jota de picas). Con la ayuda 8 de diamantes forma doble par de Reinas y Ochos (Reina de corazones, "
        "Reina de tréboles, 8 de picas, 8 de diamantes y Jota de picas), que mata los Ases.")
    assert "8d" in show["cards"]


def test_citations_are_flagged_after_their_first_time_in_each_street():
    for reply in (ask(request([WALK_DEAL], WALK_ACTIONS)), drive(request(NO_KILL), check_or_call)):
        seen = set()
        for event in reply["events"]:
            if not event["cite"]:
                assert "cite_repeat" not in event
                continue
            key = (event["deal"], event["street"], event["cite"])
            assert event.get("cite_repeat", False) == (key in seen), event
            seen.add(key)
        assert any(e.get("cite_repeat") for e in reply["events"])


def test_the_ayudas_have_their_own_section():
    reply = ask(request([WALK_DEAL], WALK_ACTIONS))
    down, = of_type(reply, "ayudas_down")
    assert down["street"] == "ayudas"
    assert of_type(reply, "ayudas_open")[0]["street"] == 3
