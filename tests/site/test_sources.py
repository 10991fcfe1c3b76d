"""A page MkDocs cannot read (not UTF-8) stops the build with file:line in Spanish, as
``python -m engine check`` says it, never with MkDocs' own traceback (issue 26)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from engine.authoring.files import check

ROOT = Path(__file__).resolve().parents[2]


def test_a_page_that_is_not_utf8_stops_the_build_at_its_line_like_engine_check(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Inicio\n", encoding="utf-8")
    # An author's editor saved this page as Windows-1252: «Señal» on line 4.
    (docs / "reglas.md").write_bytes("# Reglas\n\nUna línea bien.\n".encode("utf-8") + "Señal\n".encode("cp1252"))
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: prueba\nhooks:\n  - {ROOT / 'site_hooks' / 'quizzes.py'}\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
        cwd=tmp_path, capture_output=True, text=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
    )
    output = result.stdout + result.stderr
    assert result.returncode != 0
    (expected,) = check([docs / "reglas.md"], root=tmp_path).problems  # the engine's own words
    assert str(expected).startswith("docs/reglas.md:4: El archivo no está guardado como UTF-8: el byte 0xF1")
    assert str(expected) in output
    assert "Traceback" not in output and "UnicodeDecodeError" not in output
