"""«Mi progreso» stays readable: no function of docs/javascripts/ui/progress-page.js is over 60 lines.

Functions are found by their heads (``function name(``, ``async name(`` and class methods, and arrow
functions with a body) and measured to their matching brace, strings, template literals and comments aside.
"""

from __future__ import annotations

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "javascripts" / "ui" / "progress-page.js"
MAX_LINES = 60
_HEAD = re.compile(r"(?:\bfunction\b[^(]*\(|^\s*(?:async\s+)?(?!if\b|for\b|while\b|switch\b|catch\b)[A-Za-z_$][\w$]*"
                   r"\s*\([^)]*\)\s*\{|=>\s*\{)", re.M)


def _code(text: str) -> str:
    """The text with strings, template literals and comments blanked (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        two = text[i:i + 2]
        if two in ("//", "/*"):
            end = text.find("\n" if two == "//" else "*/", i + 2)
            end = n if end < 0 else end + (0 if two == "//" else 2)
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif text[i] in "\"'`":
            quote, j = text[i], i + 1
            while j < n and text[j] != quote:
                j += 2 if text[j] == "\\" else 1
            out.append(re.sub(r"[^\n]", " ", text[i:j + 1]))
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def function_lengths(text: str) -> list[tuple[int, int]]:
    """``(first line, lines)`` of every function of ``text``."""
    code = _code(text)
    found = []
    for match in _HEAD.finditer(code):
        start = code.index("{", match.start()) if "{" in code[match.start():match.end() + 200] else None
        if start is None:
            continue
        depth, j = 0, start
        while j < len(code):
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            if depth == 0:
                break
            j += 1
        first = code.count("\n", 0, match.start()) + 1
        found.append((first, code.count("\n", match.start(), j) + 1))
    return found


def test_no_function_of_the_progress_page_is_over_60_lines():
    long = [(line, size) for line, size in function_lengths(PAGE.read_text(encoding="utf-8")) if size > MAX_LINES]
    assert long == [], f"{PAGE.name}: (line, lines) {long}"


def test_the_measure_sees_a_long_function():
    body = "\n".join(f"  x += {i};" for i in range(70))
    assert max(size for _, size in function_lengths(f"function long() {{\n{body}\n}}\n")) == 72
