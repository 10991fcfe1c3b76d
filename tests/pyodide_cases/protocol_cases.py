"""Protocol-level and general-command cases for the Pyodide batch: same request, same reply.

The session commands keep state in the engine: the batch and the CPython check run the cases in
the same order, and the caller chooses the session ids, so the replies must match exactly.
"""

from pathlib import Path

from engine.authoring.walkthrough import walk
from engine.scenarios import to_json
from engine.scenarios.format import load

HANDS = ["As Ks Qs Js Ts 2d 3c", "Td Tc 7h 7s 2d", "Ah Ad Kc Ks 3d", "2c 3d 4h 5s Ac 9d", "As Ks Qs Js"]
FIRST = Path(__file__).resolve().parents[2] / "scenarios" / "01-matar-los-ases.md"


def session_cases() -> list[tuple[str, dict]]:
    """One practice hand along its default line, click by click, plus the errors of a session."""
    scenario = load(FIRST)
    data = to_json(scenario)
    line = walk(scenario, "bring-in").reader
    out = [("play-start", {"mode": "practice", "session": "pyodide", "scenario": data, "modality": "bring-in"}),
           ("play-step", {"session": "pyodide", "decision": {"action": "muck"}})]
    out += [("play-step", {"session": "pyodide", "decision": d}) for d in line]
    out += [("play-step", {"session": "pyodide"}) for _ in range(3)]  # the rest, if a reply said "more"
    out += [("play-step", {"session": "nobody", "decision": {"action": "check"}}),
            ("play-start", {"mode": "practice", "session": "resumed", "scenario": data, "modality": "boton-ante",
                                "reader": [{"action": "check"}]})]
    return out


def cases() -> list[tuple[str, dict]]:
    malformed = [("no-such-command", {}), ("version", []), ("version", "text"), ("version", None)]
    hands = [("hand-evaluate", {"cards": h.split(), "vocabulary": v}) for h in HANDS for v in ("es", "mx")]
    names = [("game-info", {"game": "mata-ases"}), ("game-info", {"game": "hold'em"})]
    return (malformed + hands + [("hand-evaluate", {"cards": ["As", "As", "Kd", "Qd", "Jd"]})] + names
            + session_cases())
