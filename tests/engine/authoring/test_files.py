"""engine/authoring/files.py, ``python -m engine check``: practice hands and quiz questions, file:line, exit status."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.authoring.files import check, discover
from tests.engine.quiz.test_quiz_format import GOOD
from tests.engine.scenarios.samples import line_of, variant, write
from tests.engine.authoring.test_check import ONLY_BOTON_ANTE, PATH

ROOT = Path(__file__).resolve().parents[3]


def run_check(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", "check", *args], cwd=cwd, capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_cli_checks_every_scenario_and_question_of_the_site():
    result = run_check()
    assert result.returncode == 0, result.stdout
    # 7 Mata Ases hands in two modalities each, 7 Hold'em hands (one line each)
    assert result.stdout.startswith("14 manos de práctica correctas: 21 recorridos por defecto comprobados y ")
    assert "; 36 preguntas comprobadas en 4 páginas (" in result.stdout


def test_cli_prints_file_line_message_and_fails(tmp_path):
    path = write(tmp_path, variant(*ONLY_BOTON_ANTE, ("Qh Qc 8c 5s 3s", "Qh Qc 8c 5s 1s")))
    result = run_check(str(path.relative_to(tmp_path)), cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    text = path.read_text()
    assert lines[0].startswith(f"{PATH}:{line_of(text, '5s 1s')}: Carta no válida: «1s» (Ana).")
    assert lines[-1] == "1 problema en 1 archivo."


def test_cli_reports_a_missing_file(tmp_path):
    result = run_check("scenarios/nada.md", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == "scenarios/nada.md:1: El archivo no existe."
    result = run_check("docs/nada.md", cwd=tmp_path)
    assert result.stdout.splitlines()[0] == "docs/nada.md:1: El archivo no existe."


def test_a_wrong_quiz_key_in_any_page_is_reported_without_building(tmp_path):
    docs = tmp_path / "docs" / "ultimate"
    docs.mkdir(parents=True)
    (docs / "pagos.md").write_text("# Pagos\n\n" + GOOD.replace("respuesta: 37,5", "respuesta: 25"), encoding="utf-8")
    (tmp_path / "docs" / "_borrador.md").write_text(GOOD.replace("37,5", "1"), encoding="utf-8")
    write(tmp_path, variant(*ONLY_BOTON_ANTE))
    report = check(None, root=tmp_path)
    assert [str(p) for p in report.problems] == [
        "docs/ultimate/pagos.md:12: La respuesta «25» no es correcta: el motor calcula 37,5. (Gana el jugador: su "
        "mejor mano de cinco cartas supera a la del crupier. Blind 25: color paga 3 a 2 → 25 × 3/2 = +37,5.)"]
    assert report.summary() == "1 problema en 1 archivo."
    result = run_check("docs", cwd=tmp_path)
    assert result.returncode == 1 and result.stdout.startswith("docs/ultimate/pagos.md:12: La respuesta «25»")


def test_default_paths_and_discovery(tmp_path):
    write(tmp_path, variant(*ONLY_BOTON_ANTE))
    (tmp_path / "docs" / "a").mkdir(parents=True)
    (tmp_path / "docs" / "a" / "b.md").write_text(GOOD, encoding="utf-8")
    (tmp_path / "docs" / ".oculto").mkdir()
    (tmp_path / "docs" / ".oculto" / "c.md").write_text("x", encoding="utf-8")
    assert [p.relative_to(tmp_path).as_posix() for p in discover(None, root=tmp_path)] == [
        "scenarios/01-prueba.md", "docs/a/b.md"]
    report = check(None, root=tmp_path, explore=False)
    assert report.ok and report.summary().startswith(
        "1 mano de práctica correcta: 1 recorrido por defecto comprobado y 0 caminos del lector explorados; "
        "1 pregunta comprobada en 1 página (")
    assert check([tmp_path / "nada"], root=tmp_path).summary() == "1 problema en 1 archivo."


def test_a_practice_hand_named_outside_a_scenarios_folder_is_checked(tmp_path):
    """Issue 23: `engine check path/to/hand.md` outside scenarios/ said «0 manos de práctica correctas»
    and exited 0. A file named on the command line is checked as what it is, or refused with the reason."""
    hand = tmp_path / "borradores" / "mano.md"
    hand.parent.mkdir()
    hand.write_text(variant(*ONLY_BOTON_ANTE), encoding="utf-8")
    good = check([hand], root=tmp_path, explore=False)
    assert good.ok and good.summary().startswith("1 mano de práctica correcta")
    hand.write_text(variant(*ONLY_BOTON_ANTE, ("Qh Qc 8c 5s 3s", "Qh Qc 8c 5s 1s")), encoding="utf-8")
    result = run_check("borradores/mano.md", cwd=tmp_path)
    assert result.returncode == 1 and "Carta no válida: «1s»" in result.stdout
    page = tmp_path / "borradores" / "nota.md"
    page.write_text("# Una nota\n\nSin preguntas.\n", encoding="utf-8")
    result = run_check("borradores/nota.md", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == "borradores/nota.md:1: No hay nada que comprobar: no es una mano de " \
        "práctica (esas están en una carpeta scenarios/ o llevan «asientos:», «reparto 1:» y «guion:» en su " \
        "cabecera) ni tiene bloques ```pregunta."
