"""engine.keyvalue: the reader both author formats share, and the one fence scanner."""

from __future__ import annotations

from engine.keyvalue import fences, normalise, read, unquote


def test_nested_reading_keeps_lines_and_reports_every_problem():
    lines = list(enumerate(["  huérfana: x", "título: «Una mano»  # comentario", "# solo comentario",
                            "reparto 1:", "    Tú: As Kd", "  Ana: 2c", "sin dos puntos"], start=1))
    found = read(lines, example="botón: Beto")
    assert [(n.key, n.value, n.line) for n in found.nodes] == [("título", "«Una mano»", 2), ("reparto 1", "", 4)]
    assert [(c.key, c.line) for c in found.nodes[1].children] == [("Tú", 5)]
    assert found.problems == [
        (1, "«huérfana» tiene sangría pero no hay ninguna clave con «:» al final encima de la que dependa: "
            "quita los espacios del principio."),
        (6, "La sangría de «Ana» no coincide con la de «Tú» (línea 5): alinea las dos líneas."),
        (7, "Falta «:» en «sin dos puntos»: cada línea es «clave: valor» (por ejemplo «botón: Beto»)."),
    ]
    assert found.unread == ["sin dos puntos"]


def test_flat_reading_continues_values_and_refuses_a_leading_indent():
    found = read([(1, "  suelta"), (2, "enunciado: a"), (3, "   b: c"), (4, "respuesta: 3")], nested=False)
    assert [(n.key, n.value) for n in found.nodes] == [("enunciado", "a b: c"), ("respuesta", "3")]
    assert found.problems == [(1, "La línea «suelta» tiene sangría, pero no hay ningún campo encima al que "
                                  "continuar: quita los espacios del principio.")]


def test_keys_and_quotes():
    assert normalise("  Modalidad-Única ") == "modalidad unica"
    assert [unquote(t) for t in ('"a"', "'b'", "«c»", '"d', "e")] == ["a", "b", "c", '"d', "e"]


def test_fences_skip_nested_blocks_and_report_unclosed_ones():
    text = "```pregunta\na: 1\n```\n\n~~~~\n```pregunta\n~~~~\n\n  ```Pregunta\n  b: 2\n"
    found = fences(text)
    assert [(f.info, f.line, f.end, f.closed) for f in found] == [
        ("pregunta", 1, 3, True), ("", 5, 7, True), ("Pregunta", 9, 12, False)]
    assert found[2].numbered(text.split("\n")) == [(10, "b: 2"), (11, "")]
