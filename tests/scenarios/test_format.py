"""The scenario format: parsing, source lines, and one test per error class (exact file:line: message)."""

from __future__ import annotations

import pytest

from engine.cards import Card
from engine.scenarios import ScenarioError, from_json, load, parse, to_json
from engine.scenarios.format import round_id

from .samples import BASE, line_of, variant, write

PATH = "scenarios/01-prueba.md"


def problems_of(text: str) -> list[str]:
    scenario, problems = parse(text, PATH)
    assert (scenario is None) == bool(problems)
    return [str(p) for p in problems]


def at(text: str, fragment: str, message: str) -> str:
    return f"{PATH}:{line_of(text, fragment)}: {message}"


def test_base_sample_parses_with_every_value():
    scenario, problems = parse(BASE, PATH)
    assert problems == []
    assert scenario.name == "01-prueba"
    assert scenario.title == "Matar los Ases con un par"
    assert scenario.order == 1
    assert scenario.modalities == ("boton-ante", "bring-in")
    assert scenario.players == ("Tú", "Ana", "Beto")
    assert scenario.opponents == ("Ana", "Beto")
    assert scenario.button == "Beto"
    assert (scenario.ante, scenario.bring_in, scenario.minimum, scenario.betting) == (25, 25, 50, "fixed")
    deal = scenario.deals[0]
    assert deal.cards["Tú"][0] is Card.parse("As") and len(deal.ayudas) == 3
    assert deal.lines["Ana"] == line_of(BASE, "Ana:    Qh")
    assert scenario.outcomes["boton-ante"].stacks == {"Tú": 1125, "Ana": 900, "Beto": 975}
    assert scenario.body.startswith("Una mano para empezar.")


def test_script_lookup_prefers_the_most_specific_entry():
    scenario, _ = parse(BASE, PATH)
    bet = scenario.slot("Ana", "boton-ante", 1, 3, "open")
    assert (bet.action, bet.line) == ("bet", line_of(BASE, "3ª carta: apuesta"))
    check = scenario.slot("Ana", "boton-ante", 1, 5, "open")
    assert (check.action, check.line) == ("check", line_of(BASE, "siempre: abierta, pasa, paga"))
    assert scenario.slot("Beto", "bring-in", 1, 4, "facing").action == "fold"


def test_modality_and_deal_sections_override_the_general_script():
    text = variant(("resultado Botón Ante:", "guion Bring In, reparto 1:\n  Beto:\n    1ª ronda: paga\n\n"
                                            "resultado Botón Ante:"))
    scenario, problems = parse(text, PATH)
    assert problems == []
    assert scenario.slot("Beto", "bring-in", 1, 2, "facing").action == "call"
    assert scenario.slot("Beto", "boton-ante", 1, 2, "facing").action == "fold"
    assert scenario.slot("Beto", "bring-in", 1, 3, "facing").action == "fold"


@pytest.mark.parametrize("key, expected", [
    ("1ª ronda", 2), ("primera ronda", 2), ("Ronda 1", 2), ("3ª carta", 3), ("tercera carta", 3),
    ("4a carta", 4), ("Quinta carta", 5), ("2ª ronda", 3), ("siempre", None), ("6ª carta", "?"), ("postre", "?"),
])
def test_round_keys(key, expected):
    assert round_id(key) == expected


def test_json_round_trip_keeps_what_the_simulator_needs():
    scenario, _ = parse(BASE, PATH)
    again = from_json(to_json(scenario))
    assert again.hand_request("bring-in") == scenario.hand_request("bring-in")
    assert again.script == scenario.script
    assert again.outcomes == scenario.outcomes


def test_load_reports_the_file_and_every_problem(tmp_path):
    path = write(tmp_path, variant(("Qh Qc 8c 5s 3s", "Qh Qc 8c 5s 1x"), ("botón: Beto", "botón: Carla")))
    with pytest.raises(ScenarioError) as info:
        load(path, display=PATH)
    assert [p.line for p in info.value.problems] == [8, 15]


# ---------------------------------------------------------------------------------------------
# One test per error class.

def test_unknown_card():
    text = variant(("Qh Qc 8c 5s 3s", "Qh Qc 8c 1s 2d"))
    assert problems_of(text) == [at(text, "Ana:    Qh",
        "Carta no válida: «1s» (Ana). Escribe el valor (2-9, T o 10, J, Q, K, A) y el palo "
        "(s picas, h corazones, d diamantes, c tréboles), por ejemplo «As» o «10d».")]


def test_repeated_card():
    text = variant(("Js 9d 6c 4h 3d", "Js 9d 6c 4h Qh"))
    assert problems_of(text) == [at(text, "Beto:   Js",
        "La carta «Qh» (Reina de corazones) está repetida en el reparto 1: ya la tiene Ana en la línea 15.")]


def test_repeated_card_with_an_ayuda():
    text = variant(("ayudas: 8d Th 2c", "ayudas: 8d Th As"))
    assert problems_of(text) == [at(text, "ayudas: 8d",
        "La carta «As» (As de picas) está repetida en el reparto 1: ya la tiene Tú en la línea 14.")]


def test_wrong_number_of_cards():
    text = variant(("Js 9d 6c 4h 3d", "Js 9d 6c 4h"), ("ayudas: 8d Th 2c", "ayudas: 8d Th"))
    assert problems_of(text) == [
        at(text, "Beto:   Js", "Beto tiene 4 cartas en el reparto 1: cada jugador recibe exactamente 5, "
                               "en el orden en que las recibe."),
        at(text, "ayudas: 8d", "Hay 2 ayudas en el reparto 1: tienen que ser exactamente 3."),
    ]


def test_more_than_eight_seats():
    seats = ", ".join(["Tú 1000"] + [f"J{i} 1000" for i in range(1, 9)])
    text = variant(("asientos: Tú 1000, Ana 1000, Beto 1000", f"asientos: {seats}"))
    found = problems_of(text)
    assert at(text, "asientos:", "Hay 9 asientos: en Mata Ases se sientan como máximo 8 jugadores.") in found


def test_unknown_modality():
    text = variant(("modalidades: Botón Ante, Bring In", "modalidades: Botón Ante, Blind"))
    assert at(text, "modalidades:", "Modalidad desconocida: «Blind». Las modalidades son «Botón Ante» y "
                                    "«Bring In».") in problems_of(text)


def test_single_modality_needs_a_reason():
    text = variant(("modalidades: Botón Ante, Bring In", "modalidades: Bring In"),
                   ("resultado Botón Ante:\n  pozo: 225 para Tú\n  fichas: Tú 1125, Ana 900, Beto 975\n", ""))
    assert problems_of(text) == [at(text, "modalidades:",
        "Esta mano se juega en una sola modalidad: explica por qué en «modalidad única: …» (una frase que la "
        "página muestra).")]
    fixed = variant(("modalidades: Bring In", "modalidades: Bring In\nmodalidad única: porque sí."), base=text)
    assert problems_of(fixed) == []


def test_card_choice_in_the_first_round():
    text = variant(("    3ª carta: apuesta", "    1ª ronda: abierta, pasa"))
    assert problems_of(text) == [at(text, "1ª ronda: abierta",
        "En la 1ª ronda nadie elige cómo recibe sus cartas: la primera llega abierta y la segunda cerrada. "
        "Quita «abierta»/«cerrada» de esta línea.")]


def test_two_words_for_the_same_decision():
    text = variant(("    3ª carta: apuesta", "    3ª carta: apuesta, pasa"))
    assert problems_of(text) == [at(text, "3ª carta: apuesta, pasa",
        "«apuesta» y «pasa» dicen las dos qué hace si nadie ha apostado: deja solo una.")]


def test_unknown_script_word():
    text = variant(("    3ª carta: apuesta", "    3ª carta: farolea"))
    assert problems_of(text) == [at(text, "3ª carta: farolea",
        "No entiendo «farolea» en el guion de Ana. Palabras posibles: abierta o cerrada (cómo recibe la carta); "
        "pasa o apuesta (si nadie ha apostado); paga, se retira o sube (ante una apuesta). Sepáralas con comas.")]


def test_unknown_round():
    text = variant(("    4ª carta: apuesta", "    6ª carta: apuesta"))
    assert problems_of(text) == [at(text, "6ª carta:",
        "«6ª carta» no es una ronda. Las rondas son «1ª ronda», «3ª carta», «4ª carta» y «5ª carta»; "
        "«siempre» vale para todas.")]


def test_script_for_somebody_not_seated():
    text = variant(("  Beto:\n    siempre", "  Carla: pasa\n  Beto:\n    siempre"))
    assert problems_of(text) == [at(text, "Carla: pasa",
        "«Carla» no está sentado en la mesa: el guion solo puede hablar de los jugadores de «asientos».")]


def test_missing_script_for_a_player():
    text = variant(("  Beto:\n    siempre: abierta, pasa, se retira\n", ""),
                   ("guion Bring In:\n  Beto:\n    1ª ronda: paga\n", ""))
    assert problems_of(text) == [at(text, "guion:", "Falta el guion de Beto: añade «Beto:» bajo «guion:».")]


def test_unknown_key_and_repeated_key():
    text = variant(("ante: 25", "ante: 25\nciega: 50\nbotón: Ana"))
    assert problems_of(text) == [
        at(text, "ciega:", "Clave desconocida: «ciega». Las claves son: título, orden, lección, modalidades, "
                           "modalidad única, asientos, botón, ante, bring in, mínimo, apuestas, reparto N, guion, "
                           "resultado."),
        at(text, "botón: Ana", "«botón» está repetido (ya aparece en la línea 8)."),
    ]


def test_button_not_seated():
    text = variant(("botón: Beto", "botón: Carla"))
    assert problems_of(text) == [at(text, "botón:", "El botón «Carla» no está en los asientos (Tú, Ana, Beto).")]


def test_reader_must_sit():
    text = variant(("asientos: Tú 1000, Ana 1000, Beto 1000", "asientos: Carla 1000, Ana 1000, Beto 1000"),
                   ("  Tú:     As", "  Carla:  As"), ("  Tú: abierta", "  Carla: abierta"),
                   ("fichas: Tú 1125, Ana 900, Beto 975", "fichas: Carla 1125, Ana 900, Beto 975"),
                   ("fichas: Tú 1200, Ana 850, Beto 950", "fichas: Carla 1200, Ana 850, Beto 950"),
                   ("pozo: 225 para Tú", "pozo: 225 para Carla"), ("pozo: 350 para Tú", "pozo: 350 para Carla"))
    assert problems_of(text) == [at(text, "asientos:", "Falta «Tú» en los asientos: el lector siempre juega.")]


def test_bad_indentation_and_missing_colon():
    text = variant(("    3ª carta: apuesta", "   3ª carta: apuesta"), ("mínimo: 50", "mínimo 50"))
    assert problems_of(text) == [
        at(text, "mínimo 50", "Falta «:» en «mínimo 50»: cada línea es «clave: valor» (por ejemplo «botón: Beto»)."),
        at(text, "3ª carta: apuesta", "La sangría de «3ª carta» no coincide con la de «siempre» (línea 22): "
                                      "alinea las dos líneas."),
    ]


def test_missing_front_matter_and_missing_headings():
    assert problems_of("Hola\n") == [f"{PATH}:1: El archivo debe empezar con una línea «---»: los datos de la "
                                     "mano van entre dos líneas «---» al principio, y el texto de la página después."]
    text = variant(("## Qué observar", "## Qué mirar"))
    body_line = line_of(text, "---\n\nUna mano") + 1
    assert problems_of(text) == [f"{PATH}:{body_line}: Falta el apartado «## Qué observar» en el "
                                 "texto de la página (después de la segunda «---»)."]


def test_outcome_syntax():
    text = variant(("  pozo: 225 para Tú\n", "  pozo: todo para Tú\n"))
    assert problems_of(text) == [at(text, "pozo: todo",
        "No entiendo «pozo: todo para Tú»: escribe «pozo: 225 para Tú» (o «para Tú y Ana» si se reparte).")]


def test_several_problems_are_all_reported_in_line_order():
    text = variant(("Qh Qc 8c 5s 3s", "Qh Qc 8c 5s"), ("modalidades: Botón Ante, Bring In", "modalidades: Stud"),
                   ("    4ª carta: apuesta", "    4ª carta: abre"))
    found = problems_of(text)
    assert [int(p.split(":")[1]) for p in found] == sorted(int(p.split(":")[1]) for p in found)
    assert len(found) == 3
