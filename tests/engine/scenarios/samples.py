"""A small valid scenario to derive broken variants from, and helpers to locate its lines."""

from __future__ import annotations

from pathlib import Path

BASE = """\
---
título: Matar los Ases con un par
orden: 1
lección: Para cobrar el pozo hay que enseñar par de Ases o algo mejor.
modalidades: Botón Ante, Bring In

asientos: Tú 1000, Ana 1000, Beto 1000
botón: Beto
ante: 25
bring in: 25
mínimo: 50

reparto 1:
  Tú:     As Kc Ah 7c Kd
  Ana:    Qh Qc 8c 5s 3s
  Beto:   Js 9d 6c 4h 3d
  ayudas: 8d Th 2c

guion:
  Tú: abierta, pasa, paga
  Ana:
    siempre: abierta, pasa, paga
    3ª carta: apuesta
    4ª carta: apuesta
  Beto:
    siempre: abierta, pasa, se retira

guion Bring In:
  Beto:
    1ª ronda: paga

resultado Botón Ante:
  pozo: 225 para Tú
  fichas: Tú 1125, Ana 900, Beto 975
resultado Bring In:
  pozo: 350 para Tú
  fichas: Tú 1200, Ana 850, Beto 950
juego: Mata Ases
---

Una mano para empezar.

## Qué observar

Quién habla primero en cada ronda.

## Qué enseña esta mano

Que el par de Ases es el mínimo para cobrar.
"""


def variant(*replacements: tuple[str, str], base: str = BASE) -> str:
    """``base`` with each ``(old, new)`` replaced exactly once (each ``old`` must be there)."""
    text = base
    for old, new in replacements:
        assert text.count(old) == 1, f"{old!r} appears {text.count(old)} times"
        text = text.replace(old, new)
    return text


def line_of(text: str, fragment: str) -> int:
    """The 1-based line where ``fragment`` first appears."""
    index = text.index(fragment)
    return text.count("\n", 0, index) + 1


def write(tmp_path: Path, text: str, name: str = "01-prueba.md") -> Path:
    folder = tmp_path / "scenarios"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
