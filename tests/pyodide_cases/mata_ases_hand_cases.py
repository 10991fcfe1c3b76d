"""``mata-ases-hand`` requests for the Pyodide batch: Pyodide must give CPython's reply, byte for byte.

Deterministic: the seed's walkthrough, hand-made rule cases, complete random hands (seeded, every
table size, both modalities and betting modes), hands cut halfway (the reply carries ``next``),
illegal decisions and malformed requests.
"""

from __future__ import annotations

import copy
import random

from engine.games.mata_ases.command import build_hand
from engine.games.mata_ases.simulate import random_request
from tests.engine.games.mata_ases.test_mata_ases_hand import FOUR, SHORT_ALL_INS
from tests.engine.games.mata_ases.test_mata_ases_hand import acts as _acts
from tests.engine.games.mata_ases.test_mata_ases_hand import deal as _deal
from tests.engine.games.mata_ases.test_mata_ases_hand import request as _table

COMMAND = "mata-ases-hand"


def _request(deals, actions=(), *, stacks=(1000, 1000, 1000), modality="boton-ante", betting="fixed") -> dict:
    return {
        "modality": modality,
        "stakes": {"ante": 25, "bring_in": 25, "minimum": 50},
        "betting": betting,
        "seats": [{"name": n, "stack": s} for n, s in zip(("Tú", "Ana", "Beto"), stacks)],
        "button": "Beto",
        "deals": list(deals),
        "actions": list(actions),
    }


WALK = _deal({"Tú": "As Kc Ah 7c Kd", "Ana": "Qh Qc 8s Js 2h", "Beto": "9d 4s Tc 6h 3d"}, "8d 3c 5h")
WALK_ACTIONS = _acts("Tú check", "Ana check", "Beto check", "Ana bet 50", "Beto fold", "Tú call", "Tú up", "Ana up",
                     "Ana bet 50", "Tú call", "Tú up", "Ana up", "Tú check", "Ana check")
PLAIN = _deal({"Tú": "Ks 9c 7h 6d 4s", "Ana": "2h Jc Td 8s 3c", "Beto": "2d Qh 5c 4d 3h"}, "Ac 9s 5s")
NO_KILL = [
    _deal({"Tú": "2c 4d 6h 8s Tc", "Ana": "3c 5d 7h 9s Jc", "Beto": "2d 4h 6s 8c Qd"}, "Kc Kd 3h"),
    _deal({"Tú": "2h 4s 6c 8d Th", "Ana": "3h 5s 7c 9d Jh", "Beto": "2s 4c 6d 8h Qs"}, "Ks Kh 3d"),
    _deal({"Tú": "2d 4c 6s 8h Td", "Ana": "3d 5c 7s 9h Jd", "Beto": "2c 4h 6d 8s Qc"}, "Kd Kc 3s"),
]


def _handmade() -> list[dict]:
    side = _deal({"Tú": "Ks Kd 9c 4s 6d", "Ana": "2h Ah As Jc Td", "Beto": "2d Qh Qc 5c 6h"}, "7c 8d 3s")
    return [
        _request([WALK], WALK_ACTIONS),
        _request([WALK], WALK_ACTIONS[:6]),
        _request([PLAIN], modality="bring-in"),
        _request([PLAIN], _acts("Tú call", "Ana call", "Beto call"), modality="bring-in", betting="no-limit"),
        _request([PLAIN], _acts("Tú bet 50", "Ana call", "Beto call", "Tú down", "Ana up", "Beto down")),
        _request([side], _acts("Tú bet 475", "Ana call", "Beto call"), betting="no-limit", stacks=(1000, 200, 500)),
        _request([PLAIN, NO_KILL[1]], _acts("Tú bet 50", "Ana fold", "Beto fold")),
        _request([PLAIN], _acts("Tú fold", "Ana fold"), modality="bring-in"),
        _request([dict(WALK, exposed=[{"player": "Ana", "card": 2}])]),
        _request([dict(WALK, exposed=[{"player": "Ana", "card": 1}])]),  # refused: the 1st card is face up
        _request([dict(WALK, exposed=[{"player": "Ana", "card": 4}])], WALK_ACTIONS[:7] + _acts("Ana check")),
        _passive(_request(NO_KILL)),
        _passive(_request(NO_KILL, modality="bring-in")),
    ]


def _rules() -> list[dict]:
    """The rules of issue 11: short all-ins (TDA 43/47), odd chips by own cards, who shows first,
    who plays an extension, labelled conventions, the button's short ante."""
    four = dict(names=["Tú", "Ana", "Beto", "Carla"], stacks=(1000, 150, 1000, 235), button="Carla",
                betting="no-limit")
    tie = _deal({"Tú": "Qs Qd 7d 7c 4s", "Ana": "Qh Qc 7h 7s Kc"}, "Ad 2h 3h")
    visible_tie = _deal({"Tú": "Ks 9c 7h 6d 5s", "Ana": "Kd Jc 7c 8s 3c", "Beto": "2d Qh 5c 4d 3h"}, "Ah 9d 6h")
    aces = _deal({"Tú": "Ks 9c 7h 6d 4s", "Ana": "2h Jc Td 8s 3c", "Beto": "Ad Ah 5c 4d 3h"}, "Qc 9s 5s")
    return [
        _table([FOUR], SHORT_ALL_INS, **four),
        _table([FOUR], SHORT_ALL_INS + _acts("Tú call"), **four),
        _table([FOUR], SHORT_ALL_INS + _acts("Tú call", "Beto raise 400"), **four),
        _table([FOUR], SHORT_ALL_INS + _acts("Tú raise 310"), **four),
        _passive(_table([tie], names=["Tú", "Ana"], stacks=(1000, 1000), button="Ana")),
        _request([WALK], WALK_ACTIONS[:-2] + _acts("Tú check", "Ana bet 50", "Tú call")),
        _request([dict(WALK, exposed=[{"player": "Ana", "card": 5}])], WALK_ACTIONS[:10] + _acts("Tú up", "Ana check")),
        _request(NO_KILL, _acts("Tú call", "Ana call", "Beto call"), modality="bring-in"),
        _request([visible_tie], _acts("Tú check", "Ana check", "Beto bet 50", "Tú call", "Ana call", "Tú up", "Ana up",
                                      "Beto up")),
        _request([PLAIN], _acts("Tú bet 120", "Ana call", "Beto call", "Tú up", "Ana up", "Beto up"),
                 betting="no-limit", stacks=(1000, 1000, 145)),
        _request([aces], _acts("Tú bet 50", "Ana call"), stacks=(1000, 1000, 10)),
        _request([PLAIN], _acts("Tú check", "Ana bet 30", "Beto call"), betting="no-limit", stacks=(1000, 30, 1000)),
    ]


def _passive(request: dict) -> dict:
    """``request`` with every decision a check (or a call, or an open card) until the hand ends."""
    hand, _ = build_hand(request)
    while not hand.is_over:
        offered = [o["action"] for o in hand.legal_actions()]
        action = next(a for a in ("check", "call", "up") if a in offered)
        request["actions"].append({"player": hand.to_act, "action": action})
        hand.act(hand.to_act, action)
    return request


def _illegal() -> list[dict]:
    return [
        _request([PLAIN], _acts("Tú check"), modality="bring-in"),
        _request([PLAIN], _acts("Ana check")),
        _request([PLAIN], _acts("Tú bet 100")),
        _request([PLAIN], _acts("Tú bet 40"), betting="no-limit"),
        _request([PLAIN], _acts("Tú bet 100", "Ana raise 150"), betting="no-limit"),
        _request([PLAIN], _acts("Tú bet 100", "Ana call", "Beto raise 120", "Tú raise 300"), betting="no-limit",
                 stacks=(1000, 1000, 145)),
        _request([PLAIN], _acts("Tú fold")),
        _request([PLAIN], _acts("Tú up")),
        _request([PLAIN], _acts("Tú bet 50", "Ana call", "Beto call", "Tú bet 50")),
        _request([WALK], WALK_ACTIONS + _acts("Tú check")),
        _request([PLAIN], [{"player": "Tú", "action": "muck"}]),
        _request([PLAIN], [{"player": "Tú", "action": "bet"}]),
        _request(NO_KILL[:1], _passive(_request(NO_KILL))["actions"]),
        {"modality": "stud"},
        _request([PLAIN], stacks=(1000, 0, 1000)),
    ]


def _random() -> list[dict]:
    rng = random.Random(314)
    out = []
    for players in (2, 3, 4, 5, 6, 7, 8):
        for modality in ("boton-ante", "bring-in"):
            for betting in ("fixed", "no-limit"):
                out.append(random_request(rng, players=players, modality=modality, betting=betting,
                                          exposure=0.2, early=0.05))
    cut = []
    for request in out[::4]:
        half = copy.deepcopy(request)
        half["actions"] = half["actions"][:len(half["actions"]) // 2]
        cut.append(half)
    wrong = []
    for request in out[1::7]:
        bad = copy.deepcopy(request)
        if bad["actions"]:
            k = len(bad["actions"]) // 2
            bad["actions"][k] = {"player": bad["actions"][k]["player"], "action": "raise", "amount": 1}
        wrong.append(bad)
    return out + cut + wrong


def cases() -> list[tuple[str, dict]]:
    return [(COMMAND, request) for request in _handmade() + _rules() + _illegal() + _random()]
