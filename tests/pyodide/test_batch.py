"""The engine inside Pyodide (under Node) answers exactly like CPython.

Every module in tests/pyodide_cases/ contributes `cases() -> [(command, request), ...]`; all of them go
through ONE Node process running the very wheel the site ships.
"""

from __future__ import annotations

import importlib
import json
import pkgutil

import pytest

from engine import protocol
from tests import pyodide_cases
from tests.pyodide_runner import PyodideUnavailable, check_available, run_batch

pytestmark = pytest.mark.pyodide


def collect_cases() -> list[tuple[str, str, dict]]:
    collected = []
    for info in sorted(pkgutil.iter_modules(pyodide_cases.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"tests.pyodide_cases.{info.name}")
        for command, request in module.cases():
            collected.append((info.name, command, request))
    return collected


@pytest.fixture(scope="module")
def batch():
    try:
        check_available()
    except PyodideUnavailable as exc:
        pytest.skip(str(exc))
    cases = collect_cases()
    # The first request probes the runtime itself; its reply differs from CPython's by design.
    replies, timings = run_batch([("version", {})] + [(command, request) for _, command, request in cases])
    return cases, replies[1:], {"probe": replies[0], **timings}


def test_engine_in_pyodide_reports_python_314(batch):
    probe = batch[2]["probe"]
    assert probe["python"].startswith("3.14")
    assert probe["platform"] == "emscripten"


def test_every_case_gets_the_same_reply_as_cpython(batch):
    cases, replies, _ = batch
    assert len(cases) >= 4
    mismatches = []
    for (source, command, request), reply in zip(cases, replies):
        expected = json.loads(protocol.dumps(protocol.answer(command, request)))
        if reply != expected:
            mismatches.append((source, command, request, expected, reply))
    assert not mismatches, json.dumps(mismatches[:3], ensure_ascii=False, indent=1)[:4000]


def test_every_published_command_is_exercised(batch):
    cases, _, _ = batch
    exercised = {command for _, command, _ in cases}
    missing = set(protocol.commands()) - exercised
    assert not missing, f"commands with no Pyodide case: {sorted(missing)}"


def test_the_batch_ran_the_first_visit_route_and_the_trimmed_stdlib_held_every_import(batch):
    """The cases ran on what a first visit gets (site_hooks/lean_runtime.py): the engine as bytecode
    and the trimmed stdlib, whose safety net fetched nothing from the full zip while answering. A miss
    here means a command imports a stdlib module the build's trace did not see: readers would still
    get answers (after fetching the full zip), but make_runtime.mjs should import that module."""
    route = batch[2]["route"]
    assert route["origin"].endswith(".whl/engine/protocol/__init__.pyc"), route["origin"]  # the wheel as it is
    assert json.loads(route["misses"]) == []


def test_a_stdlib_module_left_out_still_imports_through_the_full_zip(batch):
    probe = batch[2]["route"]["probe"]
    assert probe.startswith("colorsys (0.0, 1.0, 1.0)") and "python_stdlib_full.zip" in probe, probe
