"""The JSON Lines protocol and the command line (`python -m engine`)."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine import protocol
from engine.errors import EngineError, RequestError
from engine.table.errors import IllegalActionError
from engine.table.game import ScriptGap

ROOT = Path(__file__).resolve().parents[3]


def run_cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin,
                          capture_output=True, text=True)


def test_version_command_answers():
    reply = protocol.answer("version", {})
    assert reply["engine"] == "0.1.0"
    assert reply["python"].startswith("3.")


@pytest.mark.parametrize("line, fragment, code", [
    ("not json", "no es JSON válido", "json"),
    ("{", "no es JSON válido", "json"),
    ("[1, 2]", "debe ser un objeto JSON", "invalid"),
    ("null", "debe ser un objeto JSON", "invalid"),
    ("42", "debe ser un objeto JSON", "invalid"),
    ("[" * 100000, "anidada demasiado", "too-deep"),
])
def test_malformed_lines_get_a_spanish_error(line, fragment, code):
    reply = protocol.answer_line("version", line)
    assert reply == {"error": reply["error"], "code": code}
    assert fragment in reply["error"]


def test_unknown_command_lists_the_available_ones():
    reply = protocol.answer("no-such-command", {})
    assert "Orden desconocida: «no-such-command»" in reply["error"]
    assert "version" in reply["error"]


def test_request_errors_name_the_field():
    err = RequestError("stakes.ante", "debe ser un número entero (recibido: 'x')")
    assert str(err) == "Campo «stakes.ante»: debe ser un número entero (recibido: 'x')"
    assert protocol.error_reply(err) == {"error": str(err), "code": "request", "field": "stakes.ante"}


def test_one_error_shape_built_from_the_exception():
    err = IllegalActionError("No puedes pasar.").locate(field="actions[2]", at=2)
    assert protocol.error_reply(err) == {"error": "No puedes pasar.", "code": "illegal-action",
                                         "field": "actions[2]", "at": 2}
    gap = ScriptGap("El guion de Ana no dice qué hace.", 17, player="Ana")
    assert protocol.error_reply(gap) == {"error": "El guion de Ana no dice qué hace.", "code": "script-gap",
                                         "line": 17}
    # locate() keeps what the error already knew (the innermost field is the most precise).
    assert RequestError("actions[0].amount", "falta").locate(field="actions[0]", at=0).field == "actions[0].amount"


def test_every_error_class_has_its_own_code():
    protocol.commands()  # import every module that defines errors
    classes, stack = [], [EngineError]
    while stack:
        cls = stack.pop()
        classes.append(cls)
        stack.extend(cls.__subclasses__())
    families: dict[str, set[type]] = {}
    for cls in classes:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", cls.code), cls
        families.setdefault(cls.code, set()).add(cls)
    # One code, one cause: classes may share a code only as a game's subclasses of the table core's class
    # (Mata Ases's IllegalActionError is the core's, with the same code «illegal-action»).
    codes = {}
    for code, members in families.items():
        roots = [cls for cls in members if all(issubclass(other, cls) for other in members)]
        assert roots, f"{code}: {sorted(cls.__qualname__ for cls in members)}"
        codes[code] = roots[0]
    assert {"request", "invalid-card", "unknown-command", "illegal-action", "not-your-turn", "script-gap",
            "unknown-session"} <= set(codes)


def test_no_reply_mixes_an_error_with_a_result():
    for name in protocol.commands():
        reply = protocol.answer(name, {"session": 1, "scenario": {}, "cards": ["As"]})
        if "error" in reply:
            assert set(reply) <= {"error", "code", "field", "at", "line"}, (name, reply)


def test_internal_errors_become_data(monkeypatch):
    def broken(request):
        raise KeyError("boom")

    monkeypatch.setitem(protocol.registry._COMMANDS, "broken", protocol.Command("broken", "x", broken))
    monkeypatch.setattr(protocol, "commands", lambda: dict(protocol._COMMANDS))
    reply = protocol.answer("broken", {})
    assert reply["error"].startswith("Error interno del motor:") and reply["code"] == "internal"
    assert reply["detail"] == "KeyError: 'boom'" and "KeyError" not in reply["error"]


def test_answer_json_round_trip():
    assert json.loads(protocol.answer_json("version", "{}")) == protocol.answer("version", {})


def test_cli_answers_each_line_in_order_and_keeps_going_after_errors():
    result = run_cli("version", stdin='{}\nnot json\n\n{"x": 1}\n[]\n{}\n')
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r.get("code") for r in replies] == [None, "json", "unknown-field", "invalid", None]
    assert result.returncode == 1


def test_cli_exit_status_zero_when_every_line_is_answered():
    result = run_cli("version", stdin="{}\n{}\n")
    assert result.returncode == 0
    assert len(result.stdout.splitlines()) == 2


def test_cli_unknown_command_exits_2_with_the_list():
    result = run_cli("frobnicate", stdin="{}\n")
    assert result.returncode == 2
    assert "Orden desconocida: «frobnicate»" in result.stderr
    assert "version" in result.stderr


def test_cli_help_lists_every_command():
    result = run_cli("--help")
    assert result.returncode == 0
    for name in protocol.commands():
        assert name in result.stdout


def test_cli_without_command_shows_usage_and_fails():
    result = run_cli()
    assert result.returncode == 2
    assert "Uso: python -m engine" in result.stdout


def test_every_command_rejects_a_non_object_request():
    for name in protocol.commands():
        assert "error" in protocol.answer(name, ["not", "an", "object"]), name


def test_command_table_matches_what_the_modules_register():
    registered = protocol.commands()  # imports every module of the table
    listed = {name for names in protocol.COMMAND_MODULES.values() for name in names}
    assert set(registered) == listed
    for module, names in protocol.COMMAND_MODULES.items():
        for name in names:
            assert registered[name].handler.__module__.startswith(module), (name, module)


def test_a_command_imports_only_its_own_module():
    code = (
        "import sys; from engine import protocol; protocol.answer('version', {}); "
        "print(sorted(m for m in sys.modules if m.startswith('engine.games') or m == 'engine.quiz'))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_a_mata_ases_practice_hand_imports_nothing_of_hold_em():
    """The simulator's requests (the modality names, a practice hand's session, its steps) import the
    Mata Ases modules only: Pyodide imports slowly, and the simulator's first decision waits for them.
    A Hold'em practice hand then imports what it needs."""
    code = """
import json, sys
from engine import protocol
data = json.loads(sys.stdin.read())
protocol.answer("game-info", {"game": "mata-ases"})
reply = protocol.answer("play-start", {"mode": "practice", "session": "s", "scenario": data, "modality": "boton-ante"})
assert "error" not in reply, reply
protocol.answer("play-step", {"session": "s"})
print(sorted(m for m in sys.modules if "holdem" in m or m in ("engine.scenarios.format", "tomllib")))
"""
    from engine.scenarios import to_json
    from engine.scenarios.format import load

    data = protocol.dumps(to_json(load(ROOT / "scenarios" / "01-matar-los-ases.md")))
    result = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]", result.stdout
    holdem = protocol.dumps(to_json(load(ROOT / "scenarios" / "holdem-01-ciegas-y-quien-habla.md")))
    reply = protocol.answer("play-start", {"mode": "practice", "session": "h", "scenario": protocol.decode(holdem)})
    assert "error" not in reply, reply


def test_the_cli_stops_quietly_when_its_reader_stops_early():
    """`… | python -m engine version | head -1`: no BrokenPipeError traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "engine", "version"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdin.write(b"{}\n")
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline())["engine"]
    proc.stdout.close()  # the reader has what it wanted
    try:
        proc.stdin.write(b"{}\n" * 100_000)  # far more replies than a pipe holds
        proc.stdin.close()
    except BrokenPipeError:  # the engine may be gone already
        pass
    assert proc.wait(timeout=120) == 1
    assert proc.stderr.read() == b""


EQUITY = '{"players": {"Ana": ["As", "Ah"], "Beto": []}, "board": ["2c", "7d", "9h"]}'


def test_a_job_answers_in_slices_like_answer_json_and_can_be_cancelled():
    job = protocol.Job("holdem-equity", EQUITY)
    slices = []
    while (reply := job.step()) is None:  # no time given: one step at a time
        slices.append((job.done, job.total))
    assert reply == protocol.answer_json("holdem-equity", EQUITY)
    assert len(slices) > 10 and [d for d, _ in slices] == sorted(d for d, _ in slices)
    assert slices[-1][1] == json.loads(reply)["boards"] == job.done == job.total
    stopped = protocol.Job("holdem-equity", EQUITY)
    assert stopped.step() is None and 0 < stopped.done < stopped.total
    stopped.cancel()
    assert json.loads(stopped.step()) == {"error": "Petición cancelada.", "code": "cancelled"}
    # A command without steps, a request that is not JSON: one step answers, as answer_json would.
    for name, line in [("version", "{}"), ("version", "{"), ("hand-evaluate", '{"cards": ["As"]}')]:
        assert protocol.Job(name, line).step() == protocol.answer_json(name, line)


def test_every_long_command_works_in_steps():
    """The commands that count (an equity, a flop decision, a drill of one) pause along the way."""
    from engine import drills

    drills._MADE.clear()  # a drill made earlier in this process comes from the cache, without counting
    for name, request in [("holdem-equity", json.loads(EQUITY)),
                          ("uth-decision", {"hole": ["7h", "7d"], "board": ["7s", "2c", "Kd"]}),
                          ("drill", {"kind": "uth-strategy", "seed": 1, "level": "difícil"})]:
        calls = []
        reply = protocol.answer_json(name, json.dumps(request), lambda done, total: calls.append((done, total)))
        assert "error" not in json.loads(reply) and len(calls) >= 40 and calls[-1][0] == calls[-1][1], name
