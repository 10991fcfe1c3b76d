"""The Lighthouse benchmark's own arithmetic (benchmarks/bench_lighthouse.py): its doctests, and the
reading of a trace that tells a main thread waiting for a core from one doing work."""

import doctest
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import bench_lighthouse  # noqa: E402


def test_doctests():
    failures, tried = doctest.testmod(bench_lighthouse)
    assert tried and not failures


def test_lighthouses_chromium_keeps_the_launchers_disabled_features_and_turns_off_the_windows_preloads():
    """One --disable-features (Chromium reads only the last): chrome-launcher's own, plus the browser UI's."""
    from tests.conftest import BROWSER_UI_FEATURES

    switches = [flag for flag in bench_lighthouse.chrome_flags("/tmp/profile") if flag.startswith("--disable-features=")]
    assert len(switches) == 1
    features = switches[0].split("=", 1)[1].split(",")
    launcher = bench_lighthouse.launcher_disabled_features()
    assert "Translate" in launcher and set(launcher) | set(BROWSER_UI_FEATURES) == set(features)


PAGE = "http://127.0.0.1:8000/ultimate/practica/"


def thread(pid, tid, name):
    return {"ph": "M", "name": "thread_name", "pid": pid, "tid": tid, "args": {"name": name}}


def task(pid, tid, ts_ms, wall_ms, cpu_ms=None):
    event = {"ph": "X", "name": "RunTask", "pid": pid, "tid": tid, "ts": ts_ms * 1000, "dur": wall_ms * 1000}
    if cpu_ms is not None:
        event["tdur"] = cpu_ms * 1000
    return event


def test_starved_tasks_counts_the_pages_long_tasks_with_their_cpu_and_the_workers_overlap():
    parsed = {"ph": "X", "name": "ParseHTML", "pid": 1, "tid": 1, "ts": 0, "dur": 5000,
              "args": {"beginData": {"url": PAGE, "startLine": 0}}}
    trace = {"traceEvents": [
        thread(1, 1, "CrRendererMain"), thread(1, 2, "DedicatedWorker thread"), thread(9, 9, "CrRendererMain"),
        parsed,
        task(1, 1, 100, 220, 9),    # starved: 220 ms of wall, 9 of CPU
        task(1, 1, 500, 30, 28),    # a real 28 ms task
        task(1, 1, 700, 24, 24),    # under 25 ms: not counted
        task(9, 9, 100, 300, 300),  # another renderer's main thread (it parsed no HTML of the page)
        task(1, 2, 50, 200),        # the worker: 150 ms inside the first task (100-250)
        task(1, 2, 510, 5),         # 5 ms inside the second
    ]}
    assert bench_lighthouse.starved_tasks(trace, PAGE) == {"tasks": 2, "wall": 250.0, "cpu": 37.0, "worker": 155.0}


def test_detail_says_how_much_of_the_long_tasks_wall_time_was_cpu():
    report = {"audits": {"mainthread-work-breakdown": {}, "bootup-time": {}},
              "_starved": {"tasks": 2, "wall": 250.0, "cpu": 37.0, "worker": 155.0}}
    (line,) = bench_lighthouse.detail(report)
    assert "2" in line and "250 ms de reloj" in line and "37 ms de CPU" in line and "155 ms" in line


@pytest.mark.parametrize("trace", [{"traceEvents": []}, []])
def test_starved_tasks_of_an_empty_trace_is_zero(trace):
    assert bench_lighthouse.starved_tasks(trace, PAGE) == {"tasks": 0, "wall": 0.0, "cpu": 0.0, "worker": 0.0}
