"""The browser code's pure helpers, unit-tested under Node (``node --test tests/js/``).

Each ``*.test.mjs`` here imports a module of docs/javascripts/ directly (ES modules, no DOM at
import time) and runs under Node's built-in test runner; this test runs them so that ``make test``
covers them.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def test_node_unit_tests_pass():
    if shutil.which("node") is None:
        pytest.skip("Node.js no está instalado")
    files = sorted(str(path.relative_to(ROOT)) for path in HERE.glob("*.test.mjs"))
    assert files, "no Node tests found"
    result = subprocess.run(["node", "--test", *files], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout
