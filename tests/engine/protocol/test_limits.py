"""Issue 14's corpus: hostile lines are all answered, in Spanish, with a code, in valid UTF-8,
within the protocol's documented limits (engine/protocol/__init__.py, docstring «Limits»)."""

import json
import subprocess
import sys

import pytest

from engine import protocol
from engine.requests import MAX_AMOUNT

ROYAL = ["As", "Ks", "Qs", "Js", "Ts"]
UTH = {"trips": 0, "player": ["As", "Ks"], "dealer": ["2c", "3d"], "board": ["Qs", "Js", "9s", "4h", "5h"]}


def cli(command: str, stdin: bytes) -> tuple[list[dict], int]:
    result = subprocess.run([sys.executable, "-m", "engine", command], input=stdin, capture_output=True,
                            timeout=60)
    assert result.stderr == b""
    text = result.stdout.decode("utf-8")  # strict: every reply is valid UTF-8
    return [json.loads(line) for line in text.splitlines()], result.returncode


def test_the_command_line_answers_every_hostile_line_and_the_valid_ones_after_them():
    hostile = [
        b"1" * 4301,                                               # int beyond Python's digit limit
        json.dumps({"cards": ROYAL[:4] + ["\ud800"]}).encode(),    # echoed lone surrogate
        b'{"cards": ["As", "Ks", "Qs", "Js", "\\udcff"]}',
        b'{"cards": ["\xff\xfe"]}',                               # not UTF-8
        b"[" * 5000,
        b"\xef\xbb\xbf" + json.dumps({"cards": ROYAL}).encode(),  # a BOM is harmless
        b'{"cards": ' + b"1" * 400 + b"}",
        b'{"cards": NaN}',
        b'{"cards": 1e999}',
        b'{"cards": ' + b'"x", ' * 20000 + b'"y"]}',
    ]
    lines = [x for line in hostile for x in (line, json.dumps({"cards": ROYAL}).encode())]
    replies, status = cli("hand-evaluate", b"\n".join(lines) + b"\n")
    assert status == 1 and len(replies) == len(lines) == 2 * len(hostile)
    for bad, good in zip(replies[0::2], replies[1::2]):
        assert good.get("name") == "Escalera real", good
    codes = [r.get("code") for r in replies[0::2]]
    assert codes == ["json", "invalid-card", "invalid-card", "encoding", "too-deep", None, "request", "json",
                     "json", "json"]
    assert "\ufffd" in replies[2]["error"]


def test_a_line_over_the_size_limit_is_refused_unread_and_the_next_one_answered():
    huge = b'{"cards": "' + b"x" * (protocol.MAX_REQUEST_CHARS * 5) + b'"}'
    replies, _ = cli("hand-evaluate", huge + b"\n" + json.dumps({"cards": ROYAL}).encode() + b"\n")
    assert [r.get("code") for r in replies] == ["too-large", None]
    assert "demasiado larga" in replies[0]["error"] and len(replies[0]["error"]) < 200


def test_a_line_over_the_limit_is_told_its_own_length_in_characters():
    """Not the size the command line stopped reading at (it used to say 800.005 for every line)."""
    limit = protocol.MAX_REQUEST_CHARS
    lines = [
        "x" * (limit + 1),                      # read whole: the protocol counts it
        "ñ" * (limit * 3),                      # 1.2 MB: cut by the command line, counted while skipped
        "x" * (limit * 7) + "\r",               # a Windows line end is not a character of the request
        "\U0001F0A1" * (limit * 2) + "\xff",    # 4-byte characters, and a byte that is not UTF-8
    ]
    stdin = b"".join(line.encode("utf-8", "surrogateescape").replace(b"\xc3\xbf", b"\xff") + b"\n"
                     for line in lines)
    replies, status = cli("version", stdin + b"{}\n")
    assert status == 1 and [r.get("code") for r in replies] == ["too-large"] * 4 + [None]
    lengths = [limit + 1, limit * 3, limit * 7, limit * 2 + 1]
    assert [r["error"] for r in replies[:4]] == [protocol.too_large_reply(n)["error"] for n in lengths]
    assert replies[1]["error"] == "La petición es demasiado larga (600.000 caracteres; el máximo es 200.000)."


@pytest.mark.parametrize("text", ["1" * 4301, "{" * 3000, '"\ud800"', "\x00", "", "{\"a\": [" + "1," * 99999])
def test_answer_json_never_raises_and_always_writes_utf8(text):
    reply = protocol.answer_json("version", text)
    assert json.loads(reply)["code"]
    reply.encode("utf-8")


def test_answer_json_survives_a_reply_that_cannot_be_written(monkeypatch):
    unwritable = protocol.Command("unwritable", "x", lambda request: {"x": {1, 2}})
    monkeypatch.setitem(protocol.registry._COMMANDS, "unwritable", unwritable)
    assert json.loads(protocol.answer_json("unwritable", "{}"))["code"] == "internal"
    job = protocol.Job("unwritable", "{}")
    assert json.loads(job.step())["code"] == "internal"


def test_uth_settle_bounds_amounts_and_stays_exact():
    refused = protocol.answer("uth-settle", UTH | {"ante": 10**4298, "play": 0})
    assert refused["code"] == "request" and refused["field"] == "ante" and len(refused["error"]) < 120
    assert protocol.answer("uth-settle", UTH | {"ante": MAX_AMOUNT + 1, "play": 0})["field"] == "ante"
    odd = MAX_AMOUNT - 1  # flush: the Blind pays 3 to 2, a half chip
    reply = protocol.answer("uth-settle", UTH | {"ante": odd, "play": odd})
    assert reply["blind"] == odd * 3 / 2 and reply["blind"] * 2 == odd * 3  # exact, not rounded
    assert json.loads(protocol.dumps(reply))["blind"] == 1499999999998.5


def test_holdem_pots_refuses_a_crowd_at_once():
    reply = protocol.answer("holdem-pots", {"bets": {f"J{i}": 10 for i in range(10000)}, "folded": []})
    assert reply["code"] == "request" and reply["field"] == "bets"


@pytest.mark.parametrize("line, words", [
    ("nul", "falta un valor (columna 1)"),
    ("{} {}", "sobra texto"),
    ("{'a': 1}", "comillas dobles"),
    ('{"a" 1}', "dos puntos"),
    ('{"a": 1,}', "sobra una coma"),
    ('{"a": "x', "sin comillas de cierre"),
])
def test_json_errors_are_told_in_spanish(line, words):
    reply = protocol.answer_line("version", line)
    assert reply["code"] == "json" and words in reply["error"], reply
    assert "Expecting" not in reply["error"] and "'" not in reply["error"].split(":", 1)[1].split("«")[0]


@pytest.mark.parametrize("request_, words", [
    ([], "se recibió una lista"),
    ("x", "se recibió un texto"),
    (3, "se recibió un número entero"),
    (1.5, "se recibió un número con decimales"),
    (True, "se recibió true"),
    (None, "se recibió null"),
])
def test_non_objects_are_named_in_spanish(request_, words):
    assert words in protocol.answer("version", request_)["error"]


def test_unknown_fields_are_refused_with_a_suggestion():
    reply = protocol.answer("hand-evaluate", {"cards": ROYAL, "vocabulario": "mx"})
    assert reply == {"error": "Campo desconocido: «vocabulario». ¿Querías decir «vocabulary»?",
                     "code": "unknown-field", "field": "vocabulario"}
    reply = protocol.answer("hand-evaluate", {"cards": ROYAL, "zzz": 1})
    assert reply["code"] == "unknown-field" and "cards" in reply["error"]


def test_error_messages_quote_at_most_a_short_excerpt():
    reply = protocol.answer("hand-evaluate", {"cards": ROYAL, "vocabulary": "x" * 1_000_000})
    assert reply["field"] == "vocabulary" and len(reply["error"]) < 200
    reply = protocol.answer("hand-evaluate", {"cards": ROYAL, "y" * 10000: 1})
    assert len(reply["error"]) < 300 and len(reply["field"]) <= protocol.MAX_QUOTE


def test_request_values_are_shown_as_json_not_python():
    reply = protocol.answer("uth-settle", UTH | {"ante": True, "play": None})
    assert "True" not in reply["error"] and "None" not in reply["error"] and "true" in reply["error"]


# ---------------------------------------------------------------------------------------------
# Author files: no traceback ever, the first cause at its line, harmless differences accepted.

from pathlib import Path  # noqa: E402

from engine.authoring.files import check  # noqa: E402
from engine.scenarios.format import load  # noqa: E402
from engine.scenarios.json import to_json  # noqa: E402

SAMPLE = Path(__file__).resolve().parents[3] / "scenarios" / "02-todos-pasan.md"


def _check_variant(tmp_path, data: bytes) -> list[str]:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "mano.md").write_bytes(data)
    return [f"{p.line}: {p.message}" for p in check([folder], root=tmp_path, explore=False).problems]


@pytest.mark.parametrize("change", [
    lambda t: t.replace(b"\n", b"\r\n"),
    lambda t: t.replace(b"\n", b"\r"),
    lambda t: b"\xef\xbb\xbf" + t,
    lambda t: t.replace("Tú: ".encode(), "Tú:\u00a0".encode(), 1).replace(b"Ana 1000", "Ana\u00a01000".encode()),
    lambda t: t.replace(b"Tu:   abierta", b"Tu:\tabierta"),
], ids=["crlf", "cr", "bom", "nbsp", "tab-inside"])
def test_harmless_differences_in_a_practice_hand_are_accepted(tmp_path, change):
    assert _check_variant(tmp_path, change(SAMPLE.read_bytes())) == []


@pytest.mark.parametrize("change, expected", [
    (lambda t: t.replace(b"Tu 1000, Ana", b"Tu 1" + b"0" * 5000 + b", Ana").replace("Tú 1000, Ana".encode(),
                                                                                      "Tú 1".encode() + b"0" * 5000 + b", Ana"),
     "8: El número «100000000000000…» tiene demasiadas cifras: como mucho 12."),
    (lambda t: t.replace(b"orden: 2", b"orden: 1" + b"0" * 5000),
     "4: El número «100000000000000…» tiene demasiadas cifras: como mucho 12."),
    (lambda t: t.replace(b"  Ana:    Ah", b"\tAna:    Ah"), "16: La sangría de esta línea lleva un tabulador"),
    (lambda t: t.replace("lección".encode(), "lección".encode("latin-1")), "5: El archivo no está guardado como UTF-8"),
    (lambda t: t.replace(b"Ana 1000, Beto", b"Ana -5, Beto", 1), "8: No entiendo «Ana -5»"),
    (lambda t: t.replace(b"Ana 1000, Beto 975", b"Ana -5, Beto 975", 1), "29: No entiendo «Ana -5»"),
], ids=["huge-seat", "huge-order", "tab-indent", "latin-1", "bad-seat", "bad-final-stack"])
def test_a_broken_practice_hand_reports_its_first_cause_only(tmp_path, change, expected):
    problems = _check_variant(tmp_path, change(SAMPLE.read_bytes()))
    assert len(problems) == 1 and problems[0].startswith(expected), problems


def test_a_practice_start_refuses_a_malformed_scenario_without_an_internal_error():
    scenario = json.loads(json.dumps(to_json(load(SAMPLE))))
    scenario["outcomes"]["boton-ante"]["stacks"] = ["x"]
    reply = protocol.answer("play-start", {"mode": "practice", "session": "s", "scenario": scenario,
                                           "modality": "boton-ante"})
    assert reply["code"] == "request" and reply["field"] == "scenario" and "(" not in reply["error"]


def test_scenario_start_with_an_unplayable_scenario_is_a_request_error_not_an_internal_one():
    scenario = json.loads(json.dumps(to_json(load(SAMPLE))))
    scenario["seats"] = scenario["seats"][:1]  # found by tests/test_fuzz_protocol.py
    reply = protocol.answer("play-start", {"mode": "practice", "session": "s", "scenario": scenario, "modality": "boton-ante"})
    assert reply["code"] == "request" and "de 2 a" in reply["error"]


def test_unknown_fields_are_refused_in_every_command_even_those_that_look_at_all_keys():
    request = {"players": {"Ana": ["As", "Ad"], "Beto": ["Ks", "Kd"]}, "board": ["2c", "7d", "9h", "Jc", "3s"]}
    assert "error" not in protocol.answer("holdem-showdown", request)
    reply = protocol.answer("holdem-showdown", request | {"bord": 1})
    assert reply == {"error": "Campo desconocido: «bord». ¿Querías decir «board»?", "code": "unknown-field",
                     "field": "bord"}


@pytest.mark.parametrize("line, field", [
    ('{"cards": ["As", "Ks", "Qs", "Js", "Ts"], "cards": ["2c"]}', "cards"),
    ('{"players": {"Ana": ["As", "Kd"], "Ana": ["Qs", "Qd"]}, "board": []}', "players.Ana"),
    ('{"a": [1, {"b": {"c": 1, "c": 1}}]}', "a[1].b.c"),
])
def test_a_field_given_twice_is_refused_with_its_path(line, field):
    reply = protocol.answer_line("holdem-showdown", line)
    assert reply == {"error": f"El campo «{field}» aparece dos veces en el mismo objeto: escríbelo una sola vez.",
                     "code": "duplicate-field", "field": field}


def test_a_lone_surrogate_in_the_command_name_is_written_as_a_replacement_character():
    reply = protocol.answer_json("hand-\ud800", "{}")
    reply.encode("utf-8")
    assert json.loads(reply)["code"] == "unknown-command" and "«hand-\ufffd»" in json.loads(reply)["error"]


def test_equity_sampling_is_bounded_and_the_limit_is_stated():
    """Ten players and 2.000.000 samples took 66 s: the work a request may ask for is bounded."""
    players = {f"J{i}": [] for i in range(10)}
    reply = protocol.answer("holdem-equity", {"players": players, "samples": 2_000_000})
    assert reply == {"error": "Campo «samples»: con 10 jugadores debe estar entre 1 y 100.000 (recibido: "
                              "2.000.000); más repartos tardarían demasiado", "code": "request", "field": "samples"}
    two = protocol.answer("holdem-equity", {"players": {"A": [], "B": []}, "samples": 300_001})
    assert "con 2 jugadores debe estar entre 1 y 300.000" in two["error"]
    assert protocol.answer("holdem-equity", {"players": {"A": [], "B": []}, "samples": 300})["samples"] == 300
