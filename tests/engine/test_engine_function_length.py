"""No engine function is longer than 80 lines (its nested functions included): a longer one does several
things, and each gets a name of its own."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
LONGEST = 80


def test_no_engine_function_is_over_80_lines():
    long = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > LONGEST:
                    long.append(f"{path.relative_to(ENGINE.parent)}:{node.lineno} {node.name}: {lines} lines")
    assert not long, f"functions over {LONGEST} lines:\n" + "\n".join(long)
