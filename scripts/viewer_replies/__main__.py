"""Every reply of many random Mata Ases table sessions, as one digest: run it before and after a change
to the table Viewer (engine/table/view.py) to prove the replies stayed byte-identical.

    python -m scripts.viewer_replies [hands]      # prints the hands played and the SHA-256 of the replies

Free-table hands (every modality, betting and table size, the reader picking options at random) and every
practice hand of scenarios/ down random paths; each reply is JSON-encoded with sorted keys.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from engine import protocol
from engine.scenarios import load, to_json

ROOT = Path(__file__).resolve().parents[2]


def _follow(first: dict, step, rng: random.Random, out) -> None:
    reply = first
    for _ in range(400):
        out(reply)
        if "error" in reply or "result" in reply:
            return
        if reply.get("more"):
            reply = step(None)
            continue
        option = rng.choice(reply["next"]["can"])
        decision = {"action": option["action"]}
        if "min" in option:
            decision["amount"] = rng.randint(option["min"], option["max"])
        reply = step(decision)


def digest(hands: int = 60) -> tuple[int, str]:
    """(sessions played, SHA-256 of every reply) for ``hands`` free-table hands and the practice hands."""
    sha = hashlib.sha256()

    def out(reply: dict) -> None:
        sha.update(json.dumps(reply, ensure_ascii=False, sort_keys=True).encode())

    played = 0
    for seed in range(hands):
        rng = random.Random(seed)
        table = {"opponents": 1 + seed % 7, "modality": ("boton-ante", "bring-in")[seed % 2],
                 "betting": ("fixed", "no-limit")[(seed // 2) % 2], "minimum": 50, "stack": 50 * (4 + seed % 30),
                 "seed": seed * 7919}
        first = protocol.answer("mesa-libre-start", {"session": "v", "table": table})

        def step(decision):
            return protocol.answer("mesa-libre-step", {"session": "v", **({"decision": decision} if decision else {})})
        _follow(first, step, rng, out)
        played += 1
    for path in sorted((ROOT / "scenarios").glob("*.md")):
        scenario = load(path)
        data = to_json(scenario)
        if data.get("game", "mata-ases") != "mata-ases":
            continue
        for modality in scenario.modalities:
            for seed in range(4):
                rng = random.Random(seed)
                first = protocol.answer("scenario-start", {"session": "w", "scenario": data, "modality": modality})

                def step(decision):
                    return protocol.answer("scenario-step",
                                           {"session": "w", **({"decision": decision} if decision else {})})
                _follow(first, step, rng, out)
                played += 1
    return played, sha.hexdigest()


if __name__ == "__main__":
    count, value = digest(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
    print(f"{count} sessions, replies sha256 {value}")
