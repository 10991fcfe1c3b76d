"""Fuzzing the protocol: mutated requests for every command, and raw hostile lines.

The seeds are the valid requests of tests/pyodide_cases/ (every published command has some). Each
example picks one and mutates it (a field replaced by hostile JSON, removed, renamed, or an extra
field); the reply must be JSON, valid UTF-8, in the one error shape, and never an internal error.

Small budget by default (the whole file in a few seconds); ``make fuzz`` raises it with the
environment variable ``FUZZ_EXAMPLES`` and also fuzzes the commands that count for seconds, aiming
at their slow paths (the most players, samples at the limit, flop decisions): every request's work
stays bounded, and so does every step of it (the browser's worker can stop it between two).
"""

from __future__ import annotations

import copy
import importlib
import json
import os
import pkgutil
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import protocol
from engine.cards import DECK
from engine.drills import LEVELS
from engine.games.holdem.rules import MAX_PLAYERS
from engine.games.holdem.equity import max_samples
from engine.review import MAX_REVIEWED
from tests import pyodide_cases
from tests.conftest import timed_job

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0"))
#: Commands that may count for seconds on a valid request (a preflop equity, a flop decision):
#: fuzzed only in long runs.
HEAVY = {"holdem-equity", "uth-decision", "drill"}

FUZZ = settings(max_examples=EXAMPLES or 40, deadline=None, derandomize=not EXAMPLES,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _seeds() -> dict[str, list[dict]]:
    seeds: dict[str, list[dict]] = {}
    kept: dict[tuple, int] = {}
    for info in sorted(pkgutil.iter_modules(pyodide_cases.__path__), key=lambda i: i.name):
        for command, request in importlib.import_module(f"tests.pyodide_cases.{info.name}").cases():
            if isinstance(request, dict) and command in protocol.commands():
                kind = (command, request.get("mode"))  # up to 6 of each mode of play-start
                if kept.get(kind, 0) < 6:
                    kept[kind] = kept.get(kind, 0) + 1
                    seeds.setdefault(command, []).append(request)
    return seeds


SEEDS = _seeds()
COMMANDS = sorted(c for c in SEEDS if EXAMPLES or c not in HEAVY)

HOSTILE_TEXT = st.sampled_from(["", " ", "\ud800", "\udcff", "\x00", "\ufeff", "A♠", "10♥", "Tú", "x" * 5000,
                                "<img src=x onerror=alert(1)>", "NaN", "-0", "1e400", "As", "Kd", "fold", "bet"])
HOSTILE_NUMBER = st.sampled_from([0, -1, 1, 2, 25, 10**12, 10**12 + 1, 10**15 + 1, 2**53 + 1, 10**400, -(10**300),
                                  0.5, 1e308, -0.0, 3.000001])
SCALARS = st.one_of(st.none(), st.booleans(), HOSTILE_NUMBER, st.integers(), st.floats(allow_nan=False,
                    allow_infinity=False), HOSTILE_TEXT, st.text(max_size=20))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=6),
                                                     st.dictionaries(st.text(max_size=8), inner, max_size=6)),
                    max_leaves=20)


def _paths(value, prefix=()):
    """Every place inside a request (as a tuple of keys/indexes), the root excluded."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield prefix + (key,)
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield prefix + (index,)
            yield from _paths(item, prefix + (index,))


@st.composite
def mutated(draw):
    command = draw(st.sampled_from(COMMANDS))
    request = copy.deepcopy(draw(st.sampled_from(SEEDS[command])))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(request))
        kind = draw(st.sampled_from(["replace", "replace", "delete", "extra", "wrap"]))
        if kind == "extra" or not paths:
            request[draw(st.text(max_size=12))] = draw(JSON)
            continue
        path = draw(st.sampled_from(paths))
        parent = request
        for step in path[:-1]:
            parent = parent[step]
        if kind == "delete":
            del parent[path[-1]]
        elif kind == "wrap":
            parent[path[-1]] = [parent[path[-1]]] if draw(st.booleans()) else {"x": parent[path[-1]]}
        else:
            parent[path[-1]] = draw(JSON)
    return command, request


ENGLISH = re.compile(r"Traceback|object has no attribute|NoneType|Expecting |codec can't|not subscriptable|"
                     r"'(int|str|list|dict|float|bool)'|\bTrue\b|\bFalse\b|\bNone\b")


QUOTED = re.compile(r"«[^»]*»?|\(recibido: .*|\(recibidos? .*")


def check_reply(command: str, text: str) -> dict:
    text.encode("utf-8")  # strict: valid UTF-8
    reply = json.loads(text)
    assert isinstance(reply, dict)
    if "error" in reply:
        assert reply.get("code") not in (None, "internal"), (command, reply)
        own_words = QUOTED.sub("", reply["error"])  # what the engine wrote, without the input it quotes
        assert isinstance(reply["error"], str) and not ENGLISH.search(own_words), (command, reply)
        assert len(reply["error"]) <= 1000, (command, len(reply["error"]))
        assert set(reply) <= {"error", "code", "field", "at", "line"}, reply
    return reply


@FUZZ
@given(mutated())
def test_mutated_requests_get_a_clean_reply(case):
    command, request = case
    line = json.dumps(request, ensure_ascii=bool(hash(command) % 2))
    check_reply(command, protocol.answer_json(command, line))


#: Where a PHH text travels: every seed request that carries one, with the key that holds it.
PHH_SEEDS = [(command, request, key) for command in sorted(SEEDS) for request in SEEDS[command]
             for key in ("phh", "history") if isinstance(request.get(key), str) and "variant" in request[key]]


@st.composite
def phh_shapes(draw):
    """A valid PHH text of a seed with one hostile shape written into it (issue 41): a dotted key or
    table header of up to 40,000 parts, lists or inline tables nested thousands deep, an integer of
    thousands of digits (decimal, hex, octal, binary, negative) as an amount, a player's number, a
    stack, the minimum bet or free metadata."""
    command, request, key = draw(st.sampled_from(PHH_SEEDS))
    text = request[key]
    parts = draw(st.one_of(st.integers(1, 64), st.integers(1, 40_000)))
    dotted = " . ".join(['"a"'] * parts) if draw(st.booleans()) else ".".join(["a"] * parts)
    digits = draw(st.sampled_from(["9", "1", "0"])) * draw(st.integers(1, 6000))
    number = draw(st.sampled_from([digits, f"-{digits}", f"0x{'f' * len(digits)}", f"0o{'7' * len(digits)}",
                                   f"0b{'1' * len(digits)}", f"+{digits}", f"1_{digits}"]))
    depth = draw(st.integers(1, 8000))
    shape = draw(st.sampled_from(["key", "header", "array-header", "inline", "arrays", "tables", "amount",
                                  "player", "dealt", "stack", "min_bet", "metadata"]))
    lines = text.rstrip("\n").split("\n")
    if shape in ("key", "header", "array-header", "inline", "arrays", "tables", "metadata"):
        extra = {"key": f"{dotted} = 1", "header": f"[{dotted}]", "array-header": f"[[{dotted}]]",
                 "inline": f"x = {{{dotted} = 1}}", "arrays": "x = " + "[" * depth + "]" * depth,
                 "tables": "x = " + "{a = " * depth + "1" + "}" * depth, "metadata": f"x = {number}"}[shape]
        at = len(lines) if shape in ("header", "array-header") else draw(st.integers(0, len(lines)))
        lines.insert(at, extra)
        text = "\n".join(lines) + "\n"
    elif shape in ("amount", "player", "dealt"):
        action = {"amount": f"p1 cbr {number}", "player": f"p{digits} f", "dealt": f"d dh p{digits} AsAh"}[shape]
        text = re.sub(r"actions\s*=\s*\[", lambda m: f"{m.group()}'{action}', ", text, count=1)
    else:
        field = "starting_stacks" if shape == "stack" else "min_bet"
        value = f"[{number}, 100]" if shape == "stack" else number
        text = re.sub(rf"^{field}\s*=.*$", f"{field} = {value}", text, count=1, flags=re.M)
    return command, {**request, key: text}


@FUZZ
@given(phh_shapes())
def test_hostile_phh_shapes_get_a_clean_spanish_reply(case):
    """Dotted keys, deep nesting and huge integers in every PHH a request carries: refused in Spanish
    (never ``internal``, never a stack overflow), before tomllib when over the reader's bounds."""
    command, request = case
    line = json.dumps(request)
    reply = check_reply(command, protocol.answer_json(command, line))
    if len(line) > protocol.MAX_REQUEST_CHARS:
        assert reply["code"] == "too-large"


LINES = st.one_of(
    st.text(max_size=200),
    st.binary(max_size=200).map(lambda b: b.decode("utf-8", "surrogateescape")),
    st.builds(lambda n, c: c * n, st.integers(0, 3000), st.sampled_from(["[", "{", '{"a":', "1", "\\"])),
    JSON.map(lambda v: json.dumps(v)),
)


@FUZZ
@given(st.sampled_from(sorted(protocol.commands())), LINES)
def test_hostile_lines_get_a_clean_reply(command, line):
    if command in HEAVY and not EXAMPLES:
        command = "version"
    check_reply(command, protocol.answer_json(command, line))


@pytest.mark.parametrize("line", [
    "1" * 4301, '{"cards":["As","Ks","Qs","Js","\\ud800"]}', '{"cards":["\\udcff"]}', "[" * 1500 + "]" * 1500,
    '{"ante":' + "1" + "0" * 4298 + "}", '{"vocabulario":"mx","cards":["As","Ks","Qs","Js","Ts"]}',
    "\ufeff{}", '{"x": Infinity}', "{} {}",
])
def test_issue_corpus_in_every_command(line):
    for command in protocol.commands():
        if command not in HEAVY:
            check_reply(command, protocol.answer_json(command, line))


# ---------------------------------------------------------------------------------------------
# Unknown fields, at every depth: every field of every valid seed, misspelt, is named with its path.

#: Objects whose keys are data (player names, modalities, author keys), not field names.
DATA_MAPS = {"players", "bets", "cards", "stacks", "lines", "outcomes", "contributions"}


def _misspelt(key: str) -> str:
    return key[:-1] if len(key) > 3 else key + "x"


def _shown(path) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def test_every_seed_request_reads_every_field_it_sends():
    refused = set()
    for command, seeds in SEEDS.items():
        for seed in seeds:
            reply = protocol.answer(command, copy.deepcopy(seed))
            if reply.get("code") == "unknown-field":
                refused.add((command, reply["field"]))
    assert refused == {("hand-evaluate", "vocabulario"), ("version", "extra")}  # the seeds that do it on purpose


def test_a_misspelt_field_at_any_depth_is_named_with_its_path_and_the_right_name():
    checked = set()
    for command, seeds in SEEDS.items():
        if command.endswith("-step"):  # answered against a session the seed before it left: see test_sessions
            continue
        for seed in seeds:
            if "error" in protocol.answer(command, copy.deepcopy(seed)):
                continue
            for path in _paths(seed):
                key, parents = path[-1], [p for p in path[:-1] if isinstance(p, str)]
                if not isinstance(key, str) or (parents and parents[-1] in DATA_MAPS):
                    continue
                request = copy.deepcopy(seed)
                obj = request
                for step in path[:-1]:
                    obj = obj[step]
                obj[_misspelt(key)] = obj.pop(key)
                wrong = _shown(path[:-1] + (_misspelt(key),))
                reply = protocol.answer(command, request)
                assert reply == {"error": f"Campo desconocido: «{wrong}». ¿Querías decir «{key}»?",
                                 "code": "unknown-field", "field": wrong}, (command, _shown(path), reply)
                checked.add((command, len(path)))
    depths = {depth for _, depth in checked}
    assert {1, 2, 3, 4} <= depths and len({c for c, _ in checked}) >= 15, sorted(checked)


def test_sessions():
    table = {"opponents": 1, "modality": "boton-ante", "betting": "fixed", "minimum": 10, "stack": 200, "seed": 3}
    reply = protocol.answer("play-start", {"game": "mata-ases", "mode": "free", "session": "fuzz", "table": table})
    while reply.get("more"):
        reply = protocol.answer("play-step", {"session": "fuzz"})
    action, before = reply["next"]["can"][0]["action"], reply["decisions"]
    reply = protocol.answer("play-step", {"session": "fuzz", "decision": {"acción": action}})
    assert reply == {"error": "Campo desconocido: «decision.acción». ¿Querías decir «action»?",
                     "code": "unknown-field", "field": "decision.acción"}
    reply = protocol.answer("play-step", {"session": "fuzz", "decision": {"action": action, "why": 1}})
    assert reply["code"] == "unknown-field" and reply["field"] == "decision.why"
    reply = protocol.answer("play-step", {"session": "fuzz", "decision": {"action": action}})
    assert "error" not in reply  # the refused decisions left the hand where it was
    same = protocol.answer("play-start", {"game": "mata-ases", "mode": "free", "session": "fuzz-2", "table": table, "actions": before + [{"action": action}]})
    assert reply["decisions"] == same["decisions"]


def test_the_callers_request_is_left_as_it_was():
    request = {"session": "s", "game": "mata-ases", "mode": "free",
               "table": {"opponents": 1, "modality": "boton-ante", "betting": "fixed", "minimum": 10, "stack": 200,
                         "seed": 3}, "actions": [{"action": "fold"}]}
    before = copy.deepcopy(request)
    protocol.answer("play-start", request)
    assert request == before and type(request["table"]) is dict and type(request["actions"][0]) is dict


@FUZZ
@given(st.integers(0, 3 * protocol.MAX_REQUEST_CHARS), st.sampled_from(["x", "ñ", "€", "\U0001F0A1"]),
       st.sampled_from([b"\n", b"\r\n"]), st.integers(1, 64))
def test_the_command_line_tells_a_long_line_its_own_length(length, char, end, limit_chars):
    """Aimed at issue 26: whatever its length and its characters' widths, a line over the limit is
    answered with its own length (the command line counts what it skips), and the next line is read."""
    import io

    from engine import __main__ as cli

    original = protocol.MAX_REQUEST_CHARS
    protocol.MAX_REQUEST_CHARS = limit_chars  # a small limit: the same code paths, fast
    try:
        length = length % (8 * limit_chars)
        stream = io.BytesIO((char * length).encode() + end + b'{}\n')
        lines = list(cli._lines(stream))
    finally:
        protocol.MAX_REQUEST_CHARS = original
    if length * len(char.encode()) + len(end) > limit_chars * 4 + 2:  # cut by the command line
        assert lines == [length, b'{}\n']
    elif length:
        assert lines == [(char * length).encode() + end, b'{}\n']


# ---------------------------------------------------------------------------------------------
# The slow paths (``make fuzz`` only): the heaviest requests the limits allow.

#: CPU seconds one request may take at most here (the target is about 5 s on a free machine; the
#: bound leaves room for a shared one) and one step of it (the worker's slice is 50 ms).
WORK_BOUND = 10.0
STEP_BOUND = 1.0
TOKENS = [str(card) for card in DECK]


@st.composite
def heavy_requests(draw):
    kind = draw(st.sampled_from(["holdem-equity", "holdem-equity", "uth-decision", "drill", "play-review"]))
    cards = draw(st.permutations(TOKENS))
    if kind == "play-review":  # a raise war up to the most decisions a review takes, at any depth and table
        raises = 2 * draw(st.integers(1, MAX_REVIEWED)) - 1
        table = {"players": 2, "seat": 0, "blinds": [10, 20], "depth": 1000, "seed": draw(st.integers(0, 10**15))}
        table["seat"] = table["seed"] % 2  # the button acts first: the reader's seat raises first
        return kind, {"game": "holdem", "table": table,
                      "actions": [{"action": "raise", "amount": 20 * (i + 2)} for i in range(raises)]}
    if kind == "uth-decision":
        return kind, {"hole": cards[:2], "board": cards[2:2 + draw(st.sampled_from([0, 3, 3, 5]))]}
    if kind == "drill":
        return kind, {"kind": "uth-strategy", "seed": draw(st.integers(0, 2**32 - 1)), "level": draw(st.sampled_from(LEVELS))}
    n = draw(st.integers(2, MAX_PLAYERS))
    players = {f"J{i}": (cards[2 * i:2 * i + 2] if draw(st.booleans()) else []) for i in range(n)}
    request = {"players": players, "board": cards[20:20 + draw(st.sampled_from([0, 3, 4, 5]))]}
    limit = max_samples(n)
    samples = draw(st.one_of(st.none(), st.just(limit), st.just(limit + 1), st.integers(1, limit)))
    if samples is not None:
        request["samples"] = samples
    return kind, request


@pytest.mark.skipif(not EXAMPLES, reason="make fuzz: the heavy commands count for seconds")
@settings(FUZZ, max_examples=min(EXAMPLES, 100) or 1)
@given(heavy_requests())
def test_the_heaviest_requests_stay_bounded_and_stop_between_steps(case):
    command, request = case
    reply, spent, longest = timed_job(command, json.dumps(request))
    reply = check_reply(command, reply)
    assert spent <= WORK_BOUND and longest <= STEP_BOUND, (command, request, spent, longest)
    if "error" in reply and command == "play-review":
        raise AssertionError(reply)
    if "error" in reply:  # only the samples beyond the limit are refused, naming it
        assert reply["field"] == "samples" and "debe estar entre 1 y" in reply["error"], reply
