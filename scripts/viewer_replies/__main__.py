"""Every reply of many table sessions, one digest per kind of session: run it before and after a change
to the play layer, the viewers or the texts to prove the replies stayed byte-identical.

    python -m scripts.viewer_replies [hands]      # prints, per kind, the sessions played and a SHA-256

Kinds: the Mata Ases free table (every modality, betting and table size), the Hold'em free table (hand
after hand, the same hand again now and then), the practice hands of scenarios/ down random paths (both
games), the walkthroughs of the practice hands (their default lines, with each street's table), PHH hand histories replayed step by
step and at once (the test corpus and the free table's own hands). The reader picks options at random
from a seed; each reply is JSON-encoded with sorted keys.

The digests compare with those of the protocol before the play layer (per-game commands) once the keys
that protocol did not have are left out: ``reader`` where it did not send it, a free table's ``hand``,
``table``, ``summary`` and ``history`` (Hold'em's ``history`` is its former ``phh``), the ``thinking`` label.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from engine import protocol
from engine.authoring.walkthrough import describe_line, walk
from engine.scenarios import to_json
from engine.scenarios.format import load

ROOT = Path(__file__).resolve().parents[2]
PHH = sorted((ROOT / "tests" / "engine" / "games" / "holdem" / "phh").rglob("*.phh"))


class Digest:
    def __init__(self, *, drop: tuple[str, ...] = (), rename: dict[str, str] | None = None) -> None:
        self.sha = hashlib.sha256()
        self.sessions = 0
        self.drop = drop
        self.rename = rename or {}

    def __call__(self, reply: dict) -> None:
        reply = {self.rename.get(k, k): v for k, v in reply.items() if k not in self.drop}
        if "labels" in reply:  # a label the old protocol did not send
            reply["labels"] = {k: v for k, v in reply["labels"].items() if k != "thinking"}
        self.sha.update(json.dumps(reply, ensure_ascii=False, sort_keys=True).encode())


def _decision(reply: dict, rng: random.Random) -> dict:
    option = rng.choice(reply["next"]["can"])
    decision = {"action": option["action"]}
    if "min" in option:
        decision["amount"] = rng.choice((option["min"], option["max"], rng.randint(option["min"], option["max"])))
    return decision


def _follow(first: dict, step, rng: random.Random, out) -> dict:
    """The replies of one hand, the reader deciding at random; the last reply."""
    reply = first
    for _ in range(400):
        out(reply)
        if "error" in reply or "result" in reply:
            return reply
        reply = step(None if reply.get("more") else _decision(reply, rng))
    return reply


def _stepper(key: str):
    def step(decision):
        return protocol.answer("play-step", {"session": key, **({"decision": decision} if decision else {})})
    return step


def mata_free(hands: int, out: Digest) -> None:
    for seed in range(hands):
        rng = random.Random(seed)
        table = {"opponents": 1 + seed % 7, "modality": ("boton-ante", "bring-in")[seed % 2],
                 "betting": ("fixed", "no-limit")[(seed // 2) % 2], "minimum": 50, "stack": 50 * (4 + seed % 30),
                 "seed": seed * 7919}
        first = protocol.answer("play-start", {"session": "v", "game": "mata-ases", "mode": "free", "table": table})
        _follow(first, _stepper("v"), rng, out)
        out.sessions += 1


def holdem_free(hands: int, out: Digest, phh: list[str]) -> None:
    for seed in range(max(1, hands // 4)):
        rng = random.Random(seed)
        players = 2 + seed % 9
        big = (10, 20, 50, 100)[seed % 4]
        table = {"players": players, "seat": seed % players, "blinds": [big // 2, big], "stack": big * (3 + seed % 40),
                 "seed": seed * 104729, **({"ante": big // 10} if seed % 3 == 0 else {})}
        reply = protocol.answer("play-start", {"session": "h", "game": "holdem", "mode": "free", "table": table})
        for number in range(6):
            last = _follow(reply, _stepper("h"), rng, out)
            if "history" in last and "result" in last:
                phh.append(last["history"])
            if "error" in last or last.get("table_over"):
                break
            reply = protocol.answer("play-next", {"session": "h", **({"again": True} if number == 2 else {})})
        out.sessions += 1


def practice(out: Digest, game: str) -> None:
    for path in sorted((ROOT / "scenarios").glob("*.md")):
        data = to_json(load(path))
        if data.get("game", "mata-ases") != game:
            continue
        modalities = data.get("modalities") or [None]
        for modality in modalities:
            for seed in range(4):
                rng = random.Random(seed)
                request = {"session": "w", "game": game, "mode": "practice", "scenario": data,
                           **({"modality": modality} if modality else {})}
                first = protocol.answer("play-start", request)
                _follow(first, _stepper("w"), rng, out)
                out.sessions += 1


def walkthroughs(out: Digest) -> None:
    """The default line of every practice hand as the «Manos comentadas» pages and the workshop show it."""
    for path in sorted((ROOT / "scenarios").glob("*.md")):
        scenario = load(path)
        for variant in scenario.variants:
            played = walk(scenario, variant)
            out({"events": played.events, "tables": {str(k): v for k, v in played.tables.items()},
                 "result": played.result, "labels": played.labels, "cards": played.cards, "amounts": played.amounts,
                 "reader": played.reader, "line": describe_line(scenario, variant)})
            out.sessions += 1


def replays(out: Digest, texts: list[str]) -> None:
    for text in texts:
        out(protocol.answer("holdem-hand", {"phh": text}))
        reply = protocol.answer("play-start", {"session": "p", "game": "holdem", "mode": "replay", "history": text})
        out(reply)
        for _ in range(300):
            if "error" in reply or reply.get("over"):
                break
            reply = protocol.answer("play-step", {"session": "p"})
            out(reply)
        reply = protocol.answer("play-start", {"session": "q", "game": "holdem", "mode": "replay", "history": text})
        while "error" not in reply and not reply.get("over"):
            reply = protocol.answer("play-step", {"session": "q", "to_end": True})
            out(reply)
        out.sessions += 1


def digests(hands: int = 60) -> dict[str, tuple[int, str]]:
    """``{kind: (sessions played, SHA-256 of every reply)}``."""
    kinds = {"mata-free": Digest(drop=("reader", "hand", "table", "history", "summary")),
             "holdem-free": Digest(drop=("table", "summary"), rename={"history": "phh"}),
             "mata-practice": Digest(drop=("reader",)), "holdem-practice": Digest(drop=("reader",)),
             "walkthroughs": Digest(), "phh-replay": Digest()}
    mata_free(hands, kinds["mata-free"])
    free_phh: list[str] = []
    holdem_free(hands, kinds["holdem-free"], free_phh)
    practice(kinds["mata-practice"], "mata-ases")
    practice(kinds["holdem-practice"], "holdem")
    walkthroughs(kinds["walkthroughs"])
    replays(kinds["phh-replay"], [p.read_text(encoding="utf-8") for p in PHH] + free_phh)
    return {name: (d.sessions, d.sha.hexdigest()) for name, d in kinds.items()}


if __name__ == "__main__":
    for kind, (count, value) in digests(int(sys.argv[1]) if len(sys.argv) > 1 else 60).items():
        print(f"{kind:16} {count:4} sessions  sha256 {value}")
