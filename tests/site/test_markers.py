"""site_hooks/markers.py: fences, markers, placeholders and MarkerError's file:line."""

from __future__ import annotations

import pytest
from mkdocs.exceptions import PluginError

from site_hooks import markers
from site_hooks.markers import MarkerError, Registry, Stash, expand, fences, prose_lines, scan


# Fences ---------------------------------------------------------------------------------------

def test_fences_follow_commonmark_lengths_and_characters():
    text = "\n".join([
        "Texto.",            # 1
        "````markdown",      # 2: four backticks...
        "```pregunta",       # 3: ...so this is content
        "```",               # 4: too short to close
        "~~~",               # 5: other character
        "````",              # 6: closes
        "~~~~ text",         # 7
        "`````",             # 8: other character: content
        "~~~~~",             # 9: longer closes
        "Fin.",              # 10
    ])
    found = fences(text)
    assert [(f.line, f.end, f.fence, f.info, f.closed) for f in found] == [
        (2, 6, "````", "markdown", True), (7, 9, "~~~~", "text", True)]
    assert [n for n, _ in prose_lines(text)] == [1, 10]


def test_fences_inside_lists_and_admonitions_count():
    text = "1. Paso uno:\n\n    ```text\n    <!-- engine:no-existe -->\n    ```\n\n2. Paso dos.\n"
    (fence,) = fences(text)
    assert (fence.line, fence.end, fence.indent, fence.info) == (3, 5, "    ", "text")
    assert fence.body(text.split("\n")) == ["    <!-- engine:no-existe -->"]
    assert scan(text, "engine") == []


def test_an_unclosed_fence_runs_to_the_end_and_a_backtick_info_is_no_fence():
    (fence,) = fences("a\n```python\nx = 1\n")
    assert (fence.line, fence.end, fence.closed) == (2, 5, False)
    assert fences("```no`fence```\ntext") == []


# Markers --------------------------------------------------------------------------------------

def test_scan_finds_block_and_inline_markers_with_their_lines():
    text = ("# T\n\n    <!-- engine:uth-example 2 -->\n\n"
            "En el <!-- engine:figure a --> y el <!-- engine:figure b -->.\n"
            "`<!-- engine:en-codigo -->` no cuenta; <!--engine:x-->")
    found = scan(text, "engine")
    assert [(m.line, m.name, m.args, m.alone) for m in found] == [
        (3, "uth-example", ("2",), True), (5, "figure", ("a",), False), (5, "figure", ("b",), False),
        (6, "x", (), False)]
    assert found[0].indent == "    "
    assert scan("<!-- escenario: 01-mano bring-in -->", "escenario")[0].args == ("bring-in",)


def test_unclosed_marker_fails_with_its_line():
    with pytest.raises(MarkerError) as info:
        scan("Uno.\n\nSin cerrar <!-- engine:figure x\n", "engine")
    assert info.value.line == 3 and "marcador mal cerrado" in info.value.reason
    with pytest.raises(MarkerError, match="^docs/p.md:4: marcador mal cerrado"):
        expand("Uno.\n\nSin cerrar <!-- engine:figure x\n", "engine", str, src="docs/p.md", first_line=2)


def test_expand_indents_block_markers_and_replaces_inline_ones():
    def replace(marker):
        return "BLOQUE\n\nFIN" if marker.alone else f"[{marker.args[0]}]"

    text = "=== \"Pestaña\"\n\n    <!-- engine:t -->\n\nCifra <!-- engine:f 1 --> y <!-- engine:f 2 -->."
    assert expand(text, "engine", replace, src="docs/p.md") == (
        "=== \"Pestaña\"\n\n\n    BLOQUE\n\n    FIN\n\n\nCifra [1] y [2].")
    assert expand("Nada.", "engine", replace, src="docs/p.md") == "Nada."


def test_errors_get_the_file_and_the_files_line():
    def replace(marker):
        raise MarkerError("no me gusta")

    with pytest.raises(PluginError) as info:  # MkDocs stops the build on a PluginError
        expand("a\nb\n<!-- engine:x -->", "engine", replace, src="docs/p.md", first_line=5)
    assert str(info.value) == "docs/p.md:7: no me gusta"
    assert (info.value.src, info.value.line, info.value.reason) == ("docs/p.md", 7, "no me gusta")


def test_registry_refuses_unknown_markers_and_the_wrong_placement():
    registry = Registry("engine")

    @registry.marker("tabla", "Una tabla.")
    def _table(args):
        return "<table>"

    @registry.marker("cifra", "Una cifra.", inline=True)
    def _figure(args):
        return str(1 / int(args[0]))

    assert registry.render("tabla", [], inline=False) == "<table>"
    with pytest.raises(MarkerError, match="marcador desconocido «engine:tabal». Marcadores válidos: cifra, tabla."):
        registry.render("tabal")
    with pytest.raises(MarkerError, match="debe ir solo en su línea"):
        registry.render("tabla", inline=True)
    with pytest.raises(MarkerError, match="va dentro de una frase"):
        registry.render("cifra", ["1"], inline=False)
    with pytest.raises(MarkerError, match="no se pudo generar «engine:cifra»: ZeroDivisionError"):
        registry.render("cifra", ["0"])
    with pytest.raises(ValueError):
        registry.marker("tabla", "Otra vez.")(_table)


def test_unknown_marker_in_a_page_fails_with_file_and_line():
    registry = Registry("engine")

    def replace(marker):
        return registry.render(marker.name, marker.args, inline=not marker.alone)

    with pytest.raises(MarkerError) as info:
        expand("# Título\n\n```\n<!-- engine:en-codigo -->\n```\n<!-- engine:no-existe -->\n", "engine", replace,
               src="docs/ultimate/index.md")
    assert str(info.value).startswith("docs/ultimate/index.md:6: marcador desconocido «engine:no-existe»")


# Placeholders ---------------------------------------------------------------------------------

def test_stash_puts_blocks_back_after_markdown_once_each():
    stash = Stash("la tabla generada", "TESTBLOCK")
    blocks = stash.page("docs/p.md")
    first, second = blocks.put("<table>1</table>"), blocks.put("<div>2</div>")
    assert (first, second) == ("TESTBLOCK0X", "TESTBLOCK1X")
    assert stash.pending("docs/p.md") == {first: "<table>1</table>", second: "<div>2</div>"}
    html = f"<p>Antes.</p>\n<p>{first}</p><p>\n{second} </p>"
    assert stash.release("docs/p.md", html) == "<p>Antes.</p>\n<table>1</table><div>2</div>"
    assert stash.release("docs/p.md", "<p>otra vez</p>") == "<p>otra vez</p>"  # released once


def test_a_placeholder_that_is_not_a_paragraph_of_its_own_fails_with_the_file():
    stash = Stash("la tabla generada", "TESTBLOCK")
    token = stash.page("docs/p.md").put("<table></table>")
    with pytest.raises(MarkerError) as info:
        stash.release("docs/p.md", f"<p>Texto {token} pegado.</p>")
    assert str(info.value).startswith("docs/p.md: la tabla generada no quedó en un párrafo propio")


def test_a_new_build_of_a_page_drops_what_the_last_one_left():
    stash = Stash("x", "TESTBLOCK")
    stash.page("docs/p.md").put("<b>viejo</b>")
    stash.page("docs/p.md")
    assert stash.release("docs/p.md", "<p>sin marcadores</p>") == "<p>sin marcadores</p>"
    with pytest.raises(ValueError):
        Stash("x", "minúsculas")


def test_source_label_and_first_line_after_front_matter(tmp_path):
    page_file = tmp_path / "docs" / "p.md"
    page_file.parent.mkdir()
    page_file.write_text("---\ntitle: P\n---\n# P\n\nTexto.\n", encoding="utf-8")

    class File:
        src_uri = "p.md"
        abs_src_path = str(page_file)

    class Page:
        file = File()

    config = {"config_file_path": str(tmp_path / "mkdocs.yml")}
    assert markers.source_label(Page(), config) == "docs/p.md"
    assert markers.first_line(Page(), "# P\n\nTexto.\n") == 4
    Page.markdown = "# P\n\nTexto.\n"  # as MkDocs read it; an earlier hook changed what this one gets
    assert markers.first_line(Page(), "# P\n\nOtro texto.\n") == 4
    del Page.markdown
    File.abs_src_path = None
    assert markers.source_label(Page()) == "docs/p.md" and markers.first_line(Page(), "x") == 1
