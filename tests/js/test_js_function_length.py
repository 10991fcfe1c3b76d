"""No function of the free table's, the croupier's trainer's and the Ultimate session's scripts
(docs/javascripts/ui/table/free*.js, docs/javascripts/ui/trainer*.js, docs/javascripts/ui/uth-session.js) is
longer than 60 lines: each part of a page gets a function, and a file
per part where it grows.

The lengths are read by a small scanner of the scripts' own style (no JavaScript parser ships with the
site): comments, strings, template literals and regular expressions are skipped, and a brace opens a
function's body when it follows ``=>`` or a parameter list that a keyword of a statement does not own.
"""

from __future__ import annotations

import re
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "docs" / "javascripts" / "ui"
FILES = sorted([*UI.glob("table/free*.js"), *UI.glob("trainer*.js"), UI / "uth-session.js"])
LONGEST = 60
_STATEMENTS = {"if", "for", "while", "switch", "catch", "with"}
#: After these a slash starts a regular expression, not a division.
_BEFORE_REGEX = set("(,=:[!&|?{};+-*%<>~^")
_REGEX_WORDS = {"return", "typeof", "case", "in", "of", "delete", "void", "throw", "new", "else", "do", "yield",
                "await"}


def _regex_here(code: str) -> bool:
    """Whether a slash after ``code`` (the code so far) starts a regular expression."""
    before = code.rstrip()
    word = re.search(r"[\w$]+$", before)
    return not before or before[-1] in _BEFORE_REGEX or bool(word and word.group() in _REGEX_WORDS)


def _code(text: str) -> str:
    """``text`` with comments, strings, templates and regular expressions blanked (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c, rest = text[i], text[i:i + 2]
        if rest in ("//", "/*"):
            end = text.find("\n" if rest == "//" else "*/", i + 2)
            end = n if end < 0 else end + (0 if rest == "//" else 2)
        elif c in "'\"`" or (c == "/" and _regex_here("".join(out[-200:]))):
            end, close = i + 1, c
            while end < n and text[end] != close:
                end += 2 if text[end] == "\\" else 1
            end += 1
        else:
            out.append(c)
            i += 1
            continue
        out.append(re.sub(r"[^\n]", " ", text[i:end]))
        i = end
    return "".join(out)


def functions(text: str) -> list[tuple[str, int, int]]:
    """``(name, first line, lines)`` of every function of a script."""
    code = _code(text)
    found, stack = [], []
    for i, c in enumerate(code):
        if c == "{":
            before = code[:i].rstrip()
            head = None
            if before.endswith("=>"):
                head = "=>"
            elif before.endswith(")"):
                depth, j = 0, len(before) - 1
                while j >= 0:
                    depth += {")": 1, "(": -1}.get(before[j], 0)
                    if depth == 0:
                        break
                    j -= 1
                word = re.search(r"([A-Za-z_$][\w$]*)\s*$", before[:j])
                if word and word.group(1) not in _STATEMENTS:
                    head = word.group(1)
            stack.append((head, code.count("\n", 0, i) + 1))
        elif c == "}" and stack:
            head, line = stack.pop()
            if head is not None:
                found.append((head, line, code.count("\n", 0, i) + 1 - line + 1))
    return found


def test_the_scanner_finds_functions_and_their_lengths():
    text = 'const a = "{"; // {\nfunction f(x) {\n  if (x) { return /}/; }\n  return `${x}`;\n}\nclass C { m() {\n} }'
    assert functions(text) == [("f", 2, 4), ("m", 6, 2)]


def test_no_function_of_these_scripts_is_over_60_lines():
    assert FILES, "the scripts moved: update FILES"
    long = [f"{path.relative_to(UI)}:{line} {name}: {lines} lines" for path in FILES
            for name, line, lines in functions(path.read_text(encoding="utf-8")) if lines > LONGEST]
    assert not long, f"functions over {LONGEST} lines:\n" + "\n".join(long)
