"""Every practice hand's replies name no card the reader's seat cannot see (issue 51, item 13).

Each practice hand of ``scenarios/``, both games, every modality, played down seeded random paths (every
legal option, other amounts): each reply, read as the page receives it, names none of the other seats'
face-down cards not yet shown, by token or by its Spanish name (the engine's own hand says which;
``tests/engine/play/test_free_secret.py`` scans the free tables the same way). The deals of a practice
hand are the scenario's public data; what the reader sees at the table is still only his seat's.
"""

from __future__ import annotations

import random

import pytest

from engine import protocol
from engine.play.commands import SESSIONS
from engine.scenarios import to_json
from engine.scenarios.format import load
from tests.engine.play.test_free_secret import hidden_named, hidden_now
from tests.engine.play.test_session import ALL_PATHS, random_decision


def paths_of(path, seeds: int = 4):
    """Every reply of the practice hand at ``path``, per modality and seed, with the engine's hand."""
    scenario = load(path)
    data = to_json(scenario)
    for modality in scenario.modalities or [None]:
        for seed in range(seeds):
            rng = random.Random(seed)
            key = f"privacy-{path.stem}"
            request = {"mode": "practice", "session": key, "scenario": data}
            if modality is not None:
                request["modality"] = modality
            reply = protocol.answer("play-start", request)
            for _ in range(200):
                if reply.get("code") == "script-gap":  # a path the script does not answer: it ends there
                    break
                assert "error" not in reply, reply
                session = SESSIONS.find(key)
                yield modality, seed, reply, session.hand, session.reader
                if reply.get("more"):
                    reply = protocol.answer("play-step", {"session": key})
                    continue
                if "next" not in reply:
                    break
                decision = random_decision(rng, reply["next"])
                reply = protocol.answer("play-step", {"session": key, "decision": decision})
                if reply.get("code") in ("illegal-action", "invalid-amount"):
                    break


@pytest.mark.parametrize("path", ALL_PATHS, ids=[p.stem for p in ALL_PATHS])
def test_no_practice_reply_names_a_card_the_seat_cannot_see(path):
    replies = hidden = 0
    for modality, seed, reply, hand, reader in paths_of(path):
        problems = hidden_named(reply, hand, reader)
        assert not problems, (path.stem, modality, seed, problems)
        replies += 1
        hidden += bool(hidden_now(hand, reader))
    assert replies and hidden  # each hand hides something from the reader at some point
