"""site_hooks/tables.py, the hook: markers are found and replaced, blocks come back after Markdown,
bad markers stop the build with file:line. The tables themselves: tests/site/test_render_*.py."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from site_hooks import tables
from site_hooks.markers import MarkerError
from site_hooks.render import FIGURES, REGISTRY, Tabs


def page(src: str = "x.md"):
    return SimpleNamespace(file=SimpleNamespace(src_uri=src))


def test_page_without_markers_is_left_alone():
    assert tables.on_page_markdown("# Hola\n\nNada que generar.", page(), {}, None) is None
    assert tables.on_page_content("<p>Hola</p>", page(), {}, None) == "<p>Hola</p>"


def test_a_page_gets_its_tables_after_markdown():
    markdown = tables.on_page_markdown("Antes.\n\n<!-- engine:uth-blind-table -->\n\nDespués.", page(), {}, None)
    (token,) = tables.PAGES.pending("docs/x.md")
    assert f"\n{token}\n" in markdown and "engine:" not in markdown
    html = tables.on_page_content(f"<p>Antes.</p>\n<p>{token}</p>\n<p>Después.</p>", page(), {}, None)
    assert html.startswith('<p>Antes.</p>\n<table data-engine-table="uth-blind">') and token not in html


def test_unknown_marker_fails_with_file_and_line():
    with pytest.raises(MarkerError) as info:
        tables.expand("# Título\n\nTexto.\n<!-- engine:no-existe -->\n", "docs/ultimate/index.md")
    assert str(info.value).startswith("docs/ultimate/index.md:4: marcador desconocido «engine:no-existe»")


@pytest.mark.parametrize("text, fragment", [
    ("<!-- engine:uth-example 9 -->", "lleva un argumento entre"),
    ("<!-- engine:uth-blind-table de más -->", "no lleva argumentos"),
    ("<!-- engine:holdem-positions 1-11 -->", "de 2 a 10 jugadores"),
    ("<!-- engine:holdem-positions muchos -->", "un número de jugadores o un rango"),
    ("Mira <!-- engine:uth-blind-table --> aquí.", "debe ir solo en su línea"),
    ("<!-- engine:figure uth-dealer-fails -->", "va dentro de una frase"),
    ("Una cifra: <!-- engine:figure no-existe -->.", "lleva un argumento entre"),
    ("Sin cerrar <!-- engine:figure uth-dealer-fails", "marcador mal cerrado"),
])
def test_bad_markers_fail_with_a_spanish_message_and_the_line(text, fragment):
    with pytest.raises(MarkerError) as info:
        tables.expand(f"Uno.\n\n{text}\n", "docs/p.md", first_line=3)  # after three lines of front matter
    assert str(info.value).startswith("docs/p.md:5:")
    assert fragment in info.value.reason


def test_markers_in_code_are_left_alone():
    text = "````markdown\n```\n<!-- engine:no-existe -->\n```\n````\nEn código: `<!-- engine:no-existe -->`.\n"
    assert tables.expand(text).markdown == text


def test_tabs_become_content_tabs_at_the_markers_indentation():
    result = tables.expand("!!! note\n\n    <!-- engine:uth-cheat-sheet -->\n")
    assert list(result.blocks) == [f"ENGINETABLESBLOCK{i}X" for i in range(4)]
    assert '    === "Unidad 5"\n\n        ENGINETABLESBLOCK0X\n' in result.markdown
    assert '    === "Unidad 100"\n\n        ENGINETABLESBLOCK3X\n' in result.markdown


def test_inline_figures_are_replaced_in_place():
    result = tables.expand("En el <!-- engine:figure uth-dealer-fails --> de las manos.")
    assert result.markdown == "En el 17,41\u00a0% de las manos."
    assert result.blocks == {}


def test_every_marker_and_figure_renders():
    arguments = {"uth-example": ["1"], "mata-ases-opener": ["ante"], "holdem-positions": ["2"],
                 "holdem-played": ["all-in-corto"]}
    for name, entry in REGISTRY.entries.items():
        if name == "figure":
            assert all(tables.render(name, [f], inline=True) for f in FIGURES)
        else:
            rendered = tables.render(name, arguments.get(name, []), inline=False)
            assert isinstance(rendered, (Tabs, str)) and rendered, name
            assert entry.summary
