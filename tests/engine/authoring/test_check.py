"""Checking scenarios against the hand engine: one test per error class (exact file:line: message) and
several problems in one run. The command line (engine/authoring/files.py) is tested in tests/engine/authoring/test_files.py."""

from __future__ import annotations

from pathlib import Path

from engine.authoring.check import check_paths

from tests.engine.scenarios.samples import BASE, line_of, variant, write

PATH = "scenarios/01-prueba.md"
ONLY_BOTON_ANTE = (
    ("modalidades: Botón Ante, Bring In", "modalidades: Botón Ante\nmodalidad única: para la prueba."),
    ("resultado Bring In:\n  pozo: 350 para Tú\n  fichas: Tú 1200, Ana 850, Beto 950\n", ""),
    ("guion Bring In:\n  Beto:\n    1ª ronda: paga\n", ""),
)


def problems(tmp_path: Path, text: str, name: str = "01-prueba.md") -> list[str]:
    write(tmp_path, text, name)
    report = check_paths(None, root=tmp_path)
    return [str(p) for p in report.problems]


def at(text: str, fragment: str, message: str) -> str:
    return f"{PATH}:{line_of(text, fragment)}: {message}"


def test_base_sample_passes_in_both_modalities(tmp_path):
    assert problems(tmp_path, BASE) == []


def test_outcome_claim_the_engine_disagrees_with(tmp_path):
    text = variant(*ONLY_BOTON_ANTE, ("fichas: Tú 1125, Ana 900, Beto 975", "fichas: Tú 1125, Ana 950, Beto 925"))
    found = problems(tmp_path, text)
    line = line_of(text, "fichas: Tú 1125, Ana 950")
    assert found == [
        f"{PATH}:{line}: Resultado de Botón Ante: Ana termina con 900 fichas según el motor, no con 950.",
        f"{PATH}:{line}: Resultado de Botón Ante: Beto termina con 975 fichas según el motor, no con 925.",
    ]


def test_pot_claim_the_engine_disagrees_with(tmp_path):
    text = variant(*ONLY_BOTON_ANTE, ("  pozo: 225 para Tú\n", "  pozo: 225 para Ana\n"))
    assert problems(tmp_path, text) == [at(text, "pozo: 225 para Ana",
        "Resultado de Botón Ante: el motor da «pozo 225 para Tú», no «pozo 225 para Ana». Escribe un «pozo:» por "
        "cada pozo que da el motor.")]


def test_script_silent_on_the_default_line(tmp_path):
    text = variant(*ONLY_BOTON_ANTE, ("    siempre: abierta, pasa, paga", "    siempre: abierta, paga"))
    assert problems(tmp_path, text) == [at(text, "siempre: abierta, paga",
        "Con la línea por defecto (Botón Ante): El guion de Ana no dice qué hace si nadie ha apostado "
        "(1ª ronda, Botón Ante): añade «pasa» o «apuesta».")]


def test_reader_decision_the_script_does_not_answer(tmp_path):
    # Along the default line nobody bets into Ana; only a reader who bets finds the hole.
    text = variant(*ONLY_BOTON_ANTE, ("    siempre: abierta, pasa, paga", "    siempre: abierta, pasa"))
    found = problems(tmp_path, text)
    assert found[0] == at(text, "siempre: abierta, pasa\n",
        "El guion de Ana no dice qué hace ante una apuesta (1ª ronda, Botón Ante): solo dice «pasa», y no se "
        "puede pasar con una apuesta delante (50 por pagar). Añade «paga», «se retira» o «sube». Pasa en Botón "
        "Ante si tú: apuestas 50 (1ª ronda).")
    assert all(p.startswith(f"{PATH}:") for p in found)


def test_check_facing_a_bring_in(tmp_path):
    # Beto's script only says «pasa» for the first round: facing the Bring In he cannot check.
    text = variant(
        ("modalidades: Botón Ante, Bring In", "modalidades: Bring In\nmodalidad única: para la prueba."),
        ("resultado Botón Ante:\n  pozo: 225 para Tú\n  fichas: Tú 1125, Ana 900, Beto 975\n", ""),
        ("asientos: Tú 1000, Ana 1000, Beto 1000", "asientos: Beto 1000, Tú 1000, Ana 1000"),
        ("  Beto:\n    siempre: abierta, pasa, se retira", "  Beto:\n    1ª ronda: pasa\n"
                                                       "    3ª carta: abierta, pasa, se retira"),
        ("Qh Qc 8c 5s 3s", "2h Qc 8c 5s 3s"),
        ("guion Bring In:\n  Beto:\n    1ª ronda: paga\n", ""),
    )
    found = problems(tmp_path, text)
    assert at(text, "1ª ronda: pasa",
        "Con la línea por defecto (Bring In): El guion de Beto no dice qué hace ante una apuesta (1ª ronda, "
        "Bring In): solo dice «pasa», y no se puede pasar con el Bring In delante (que es una apuesta; 50 por "
        "pagar). Añade «paga», «se retira» o «sube».") in found


def test_scripted_raise_with_fixed_betting(tmp_path):
    text = variant(*ONLY_BOTON_ANTE, ("    siempre: abierta, pasa, paga", "    siempre: abierta, pasa, sube"))
    found = problems(tmp_path, text)
    assert found[0] == at(text, "siempre: abierta, pasa, sube",
        "El guion de Ana dice «sube» (1ª ronda, Botón Ante), pero Ana no puede hacerlo aquí (con apuestas fijas "
        "no se sube); las opciones son: pagar 50 o retirarse. Pasa en Botón Ante si tú: apuestas 50 (1ª ronda).")


def test_missing_extension_deal(tmp_path):
    # Nobody kills the Aces: without a second deal the extension cannot be played.
    text = variant(*ONLY_BOTON_ANTE, ("Tú:     As Kc Ah 7c Kd", "Tú:     Js Kc 9h 7c Kd"),
                   ("Beto:   Js 9d 6c 4h 3d", "Beto:   As 9d 6c 4h 3d"), ("ayudas: 8d Th 2c", "ayudas: 6d Th 2c"))
    found = problems(tmp_path, text)
    assert found[0] == at(text, "reparto 1:",
        "Con la línea por defecto (Botón Ante): Falta el reparto 2: la mano sigue en la 1ª extensión. Añade "
        "«reparto 2:» con las cartas de los jugadores que la juegan.")


def test_repeated_order_across_files(tmp_path):
    write(tmp_path, variant(*ONLY_BOTON_ANTE), "01-uno.md")
    write(tmp_path, variant(*ONLY_BOTON_ANTE), "02-dos.md")
    report = check_paths(None, root=tmp_path)
    assert [str(p) for p in report.problems] == [
        f"scenarios/02-dos.md:3: El orden 1 ya lo tiene scenarios/01-uno.md (línea 3): cada mano lleva un orden "
        "distinto."
    ]


def test_every_problem_of_every_file_is_reported(tmp_path):
    one = variant(*ONLY_BOTON_ANTE, ("Qh Qc 8c 5s 3s", "Qh Qc 8c 5s 1s"), ("ante: 25", "ante: veinte"))
    two = variant(*ONLY_BOTON_ANTE, ("orden: 1", "orden: 2"), ("  pozo: 225 para Tú\n", "  pozo: 200 para Tú\n"))
    write(tmp_path, one, "01-uno.md")
    write(tmp_path, two, "02-dos.md")
    report = check_paths(None, root=tmp_path)
    assert [(p.path, p.line) for p in report.problems] == [
        ("scenarios/01-uno.md", line_of(one, "ante: veinte")), ("scenarios/01-uno.md", line_of(one, "5s 1s")),
        ("scenarios/02-dos.md", line_of(two, "pozo: 200"))]
    assert report.summary() == "3 problemas en 2 archivos."


def test_a_script_line_no_path_uses(tmp_path):
    text = variant(*ONLY_BOTON_ANTE, ("    siempre: abierta, pasa, se retira\n",
                                      "    siempre: abierta, pasa, se retira\n    5ª carta: apuesta\n"))
    assert problems(tmp_path, text) == [at(text, "5ª carta: apuesta",
        "El guion de Beto en esta línea no se usa en ningún camino del lector: bórrala o revisa a qué ronda, "
        "modalidad o reparto se refiere.")]


def test_a_claimed_play_the_engine_does_not_make(tmp_path):
    claim = "  fichas: Tú 1125, Ana 900, Beto 975\n  jugada Tú: {}\n  jugada Beto: Js 9d 6c 4h 3d\n"
    text = variant(*ONLY_BOTON_ANTE, ("  fichas: Tú 1125, Ana 900, Beto 975\n", claim.format("As Ah Kc Kd Th")))
    assert problems(tmp_path, text) == [at(text, "jugada Beto:",
        "Resultado de Botón Ante: Beto no enseña su jugada en el showdown con la línea por defecto: quita "
        "«jugada Beto».")]
    text = variant(*ONLY_BOTON_ANTE, ("  fichas: Tú 1125, Ana 900, Beto 975\n",
                                      claim.format("As Ah Kc Kd 7c").replace("  jugada Beto: Js 9d 6c 4h 3d\n", "")))
    assert problems(tmp_path, text) == [at(text, "jugada Tú:",
        "Resultado de Botón Ante: según el motor, juegas doble par de Ases y Reyes (A♠ A♥ K♦ K♣ 10♥), con la "
        "ayuda 10♥; no «A♠ A♥ K♣ K♦ 7♣». Corrige la jugada y el texto que la explica.")]


def test_prose_about_the_readers_play_that_contradicts_the_engine(tmp_path):
    # The engine plays A♠ A♥ K♦ K♣ with the 10♥ ayuda as kicker (issue 11: hand 3 said «sin ayuda»).
    prose = ("Quién habla primero en cada ronda.",
             "Tú tienes doble par sin ayuda de nadie. Al final juegas tus cinco\ncartas propias. Juegas el 2 de "
             "tréboles de las ayudas. Juegas el 10 de corazones de las ayudas.")
    text = variant(*ONLY_BOTON_ANTE, prose)
    engine_says = "según el motor juegas A♠ A♥ K♦ K♣ 10♥, con la ayuda 10♥. Corrige el texto."
    assert problems(tmp_path, text) == [
        at(text, "Tú tienes doble par", f"El texto dice «sin ayuda», pero {engine_says}"),
        at(text, "Tú tienes doble par", f"El texto dice «tus cinco cartas propias», pero {engine_says}"),
        at(text, "cartas propias. Juegas", f"El texto dice que juegas el 2 de tréboles de las ayudas, pero {engine_says}"),
    ]
