"""The scenario format: parsing, source lines, and one test per error class (exact file:line: message)."""

from __future__ import annotations

import re

import pytest

from engine.cards import Card
from engine.games.mata_ases import authoring as mata
from engine.games.mata_ases.authoring import hand_request
from engine.scenarios import ScenarioError, from_json, to_json
from engine.scenarios.format import load, parse, round_of

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
    assert scenario.game == "mata-ases"
    assert scenario.modalities == scenario.variants == ("boton-ante", "bring-in")
    assert scenario.players == ("Tú", "Ana", "Beto")
    assert scenario.opponents == ("Ana", "Beto")
    assert scenario.button == "Beto"
    fields = scenario.fields
    assert (fields.ante, fields.bring_in, fields.minimum, fields.betting) == (25, 25, 50, "fixed")
    deal = fields.deals[0]
    assert deal.cards["Tú"][0] is Card.parse("As") and len(deal.ayudas) == 3
    assert deal.lines["Ana"] == line_of(BASE, "Ana:    Qh")
    assert scenario.outcomes["boton-ante"].stacks == {"Tú": 1125, "Ana": 900, "Beto": 975}
    assert scenario.body.startswith("Una mano para empezar.")


def where(modality: str, deal: int = 1) -> dict:
    return {"modality": modality, "deal": deal}


def first_move(scenario, player: str, round_, slot: str, at: dict):
    moves, line = scenario.moves(player, round_, slot, at)
    return moves[0], line


def test_script_lookup_prefers_the_most_specific_entry():
    scenario, _ = parse(BASE, PATH)
    bet, line = first_move(scenario, "Ana", 3, "open", where("boton-ante"))
    assert (bet.action, line) == ("bet", line_of(BASE, "3ª carta: apuesta"))
    check, line = first_move(scenario, "Ana", 5, "open", where("boton-ante"))
    assert (check.action, line) == ("check", line_of(BASE, "siempre: abierta, pasa, paga"))
    assert first_move(scenario, "Beto", 4, "facing", where("bring-in"))[0].action == "fold"


def test_modality_and_deal_sections_override_the_general_script():
    text = variant(("resultado Botón Ante:", "guion Bring In, reparto 1:\n  Beto:\n    1ª ronda: paga\n\n"
                                            "resultado Botón Ante:"))
    scenario, problems = parse(text, PATH)
    assert problems == []
    assert first_move(scenario, "Beto", 1, "facing", where("bring-in"))[0].action == "call"
    assert first_move(scenario, "Beto", 1, "facing", where("boton-ante"))[0].action == "fold"
    assert first_move(scenario, "Beto", 3, "facing", where("bring-in"))[0].action == "fold"


@pytest.mark.parametrize("key, expected", [
    ("1ª ronda", 1), ("primera ronda", 1), ("Ronda 1", 1), ("3ª carta", 3), ("tercera carta", 3),
    ("4a carta", 4), ("Quinta carta", 5), ("2ª ronda", 3), ("siempre", None), ("6ª carta", "?"), ("postre", "?"),
])
def test_round_keys_are_the_hands_streets(key, expected):
    assert round_of(mata, key) == expected


def test_json_round_trip_keeps_what_the_simulator_needs():
    scenario, _ = parse(BASE, PATH)
    again = from_json(to_json(scenario))
    assert hand_request(again, "bring-in") == hand_request(scenario, "bring-in")
    assert again.script == scenario.script
    assert again.outcomes == scenario.outcomes
    assert (again.game, again.variants, again.qualifiers) == (scenario.game, scenario.variants, scenario.qualifiers)


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
        "La carta «As» (As de picas) está repetida en el reparto 1: ya la tienes tú en la línea 14.")]


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
    # The hand engine's rule (engine.table.setup.seat_problems), at the line of «asientos».
    assert at(text, "asientos:", "Deben sentarse de 2 a 8 jugadores (hay 9).") in found


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


def test_words_of_the_same_kind_answer_the_decisions_of_that_kind_in_order():
    text = variant(("    3ª carta: apuesta", "    3ª carta: apuesta, pasa o paga, sube a 200 o paga"))
    scenario, problems = parse(text, PATH)
    assert problems == []
    opens, line = scenario.moves("Ana", 3, "open", where("boton-ante"))
    assert [(m.action, m.word) for m in opens] == [("bet", "apuesta"), ("check", "pasa o paga")]
    assert opens[1].otherwise.action == "call" and line == line_of(text, "3ª carta: apuesta, pasa")
    facing, _ = scenario.moves("Ana", 3, "facing", where("boton-ante"))
    assert [(m.action, m.amount, m.otherwise.action) for m in facing] == [("raise", 200, "call")]


def test_unknown_script_word():
    text = variant(("    3ª carta: apuesta", "    3ª carta: farolea"))
    assert problems_of(text) == [at(text, "3ª carta: farolea",
        "No entiendo «farolea» en el guion de Ana. Palabras posibles: abierta o cerrada (cómo recibe la carta); "
        "pasa o apuesta (si nadie ha apostado); paga, se retira o sube (ante una apuesta); con cantidad: «apuesta "
        "60», «sube a 300», «all-in». Sepáralas con comas.")]


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
        at(text, "ciega:", "Clave desconocida: «ciega». Las claves de una mano de Mata Ases son: juego, título, "
                           "orden, lección, asientos, botón, guion, resultado, modalidades, modalidad única, ante, "
                           "bring in, mínimo, apuestas, reparto N."),
        at(text, "botón: Ana", "«botón» está repetido (ya aparece en la línea 8)."),
    ]


def test_button_not_seated():
    text = variant(("botón: Beto", "botón: Carla"))
    assert problems_of(text) == [at(text, "botón:", "«Carla» no está sentado en la mesa.")]


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


# ---------------------------------------------------------------------------------------------
# Every other message of the format, with its exact line (setup rules come from the hand engine's
# table_problems, mapped to the line of their key).

CASES = [
    pytest.param([('---\n\nUna mano', '\nUna mano')],
                 [(1, 'Falta la segunda línea «---» que cierra los datos de la mano.')], id='no_closing_dashes'),
    pytest.param([('orden: 1', 'orden: uno')],
                 [(3, 'El orden debe ser un número entero (se leyó «uno»).')], id='not_integer'),
    pytest.param([('orden: 1', 'orden: 0')],
                 [(3, 'El orden debe ser al menos 1 (se leyó 0).')], id='at_least'),
    pytest.param([('modalidades: Botón Ante, Bring In', 'modalidades: Bring In, Brinco')],
                 [(5, 'La modalidad «Bring In» está repetida.')], id='modality_repeated'),
    pytest.param([('modalidades: Botón Ante, Bring In', 'modalidades: ,')],
                 [(5, 'Escribe al menos una modalidad: «Botón Ante», «Bring In» o las dos, separadas por comas.')], id='modality_empty'),
    pytest.param([('asientos: Tú 1000, Ana 1000, Beto 1000', 'asientos:\n  Tú: 1000\n  Ana: 1000\n    x: 1\n  Beto: 1000')],
                 [(10, '«Ana» no lleva líneas debajo.')], id='pair_children'),
    pytest.param([('asientos: Tú 1000, Ana 1000, Beto 1000', 'asientos:')],
                 [(7, 'Faltan los asientos: escribe «nombre número», separados por comas (por ejemplo «Tú 1000, Ana 1000»).')], id='pairs_missing'),
    pytest.param([('asientos: Tú 1000, Ana 1000, Beto 1000', 'asientos: Tú 1000, Ana mil, Beto 1000')],
                 [(7, 'No entiendo «Ana mil»: escribe un nombre y un número, por ejemplo «Ana 1000».')], id='pair_unreadable'),
    pytest.param([('botón: Beto', 'botón: Beto\n  otra: cosa')],
                 [(9, '«botón» no lleva líneas debajo: escribe el valor en la misma línea.')], id='field_children'),
    pytest.param([('guion:\n', 'reparto 1:\n  Tú: 2c\n\nguion:\n')],
                 [(19, 'El reparto 1 está repetido (ya aparece en la línea 13).')], id='deal_repeated'),
    pytest.param([('guion Bring In:', 'guion Bring In mañana:')],
                 [(28, 'No entiendo «guion Bring In mañana»: después de «guion» puede ir una modalidad («Botón Ante», «Bring In») y un reparto («reparto 2»), nada más.')], id='script_header'),
    pytest.param([('resultado Bring In:', 'resultado Stud:')],
                 [(1, 'Falta «resultado Bring In:» (quién gana qué y las fichas finales con la línea por defecto).'), (35, 'No entiendo «resultado Stud»: escribe «resultado Botón Ante» o «resultado Bring In».')], id='outcome_modality'),
    pytest.param([('lección: Para cobrar el pozo hay que enseñar par de Ases o algo mejor.\n', '')],
                 [(1, 'Falta «lección:» en los datos de la mano.')], id='missing_field'),
    pytest.param([('título: Matar los Ases con un par', 'título: ""')],
                 [(2, 'El título está vacío.')], id='empty_title'),
    pytest.param([('modalidades: Botón Ante, Bring In', 'modalidades: Botón Ante, Bring In\nmodalidad única: porque sí')],
                 [(6, '«modalidad única» sobra: la mano se juega en las dos modalidades.')], id='reason_extra'),
    pytest.param([('asientos: Tú 1000', 'asientos: Tu 1000')],
                 [(7, 'Escribe «Tú» con tilde: es el nombre del lector.')], id='reader_accent'),
    pytest.param([('mínimo: 50', 'mínimo: 50\napuestas: grandes')],
                 [(12, '«apuestas: grandes» no se entiende: escribe «fijas» o «sin límite».')], id='betting'),
    pytest.param([('asientos: Tú 1000, Ana 1000, Beto 1000', 'asientos: Tú 1000')],
                 [(7, 'Deben sentarse de 2 a 8 jugadores (hay 1).'), (8, '«Beto» no está sentado en la mesa.'), (15, '«Ana» no está sentado en la mesa (Tú); en un reparto van los jugadores, «ayudas» y, si hace falta, «expuesta».'), (16, '«Beto» no está sentado en la mesa (Tú); en un reparto van los jugadores, «ayudas» y, si hace falta, «expuesta».'), (21, '«Ana» no está sentado en la mesa: el guion solo puede hablar de los jugadores de «asientos».'), (25, '«Beto» no está sentado en la mesa: el guion solo puede hablar de los jugadores de «asientos».'), (29, '«Beto» no está sentado en la mesa: el guion solo puede hablar de los jugadores de «asientos».'), (34, '«Ana» no está sentado en la mesa.'), (34, '«Beto» no está sentado en la mesa.'), (37, '«Ana» no está sentado en la mesa.'), (37, '«Beto» no está sentado en la mesa.')], id='seats_few'),
    pytest.param([('asientos: Tú 1000, Ana 1000, Beto 1000', 'asientos:\n  Tú: 1000\n  Ana: 1000\n  Beto: 1000\n  ana: 500')],
                 [(11, 'El nombre «ana» está repetido.')], id='seat_repeated'),
    pytest.param([('asientos: Tú 1000, Ana 1000, Beto 1000', 'asientos: Tú 1000, Ana 0, Beto 1000')],
                 [(7, 'Ana necesita al menos 1 ficha para jugar (tiene 0).')], id='seat_no_chips'),
    pytest.param([('bring in: 25', 'bring in: 60')],
                 [(10, 'En Bring In, el Bring In va de 1 ficha al mínimo de la mesa (50); se recibió 60.')], id='bring_in_over_min'),
    pytest.param([('ante: 25', 'ante: 0')],
                 [(9, 'En Botón Ante hace falta un ante de al menos 1 ficha (se recibió 0).')], id='ante_zero'),
    pytest.param([('mínimo: 50', 'mínimo: 0')],
                 [(11, 'El mínimo de la mesa debe ser de al menos 1 ficha (se recibió 0).')], id='minimum_zero'),
    pytest.param([('reparto 1:', 'repartija:')],
                 [(1, 'Falta «reparto 1:» con las cinco cartas de cada jugador y las tres ayudas.'), (13, 'Clave desconocida: «repartija». Las claves de una mano de Mata Ases son: juego, título, orden, lección, asientos, botón, guion, resultado, modalidades, modalidad única, ante, bring in, mínimo, apuestas, reparto N.')], id='no_deal'),
    pytest.param([('guion:\n', 'reparto 3:\n  Tú: 2c 3c 4c 5c 6c\n  ayudas: 7c 8c 9c\n\nguion:\n')],
                 [(19, 'Falta el reparto 2: los repartos se numeran 1, 2, 3… sin saltos.')], id='deal_gap'),
    pytest.param([('guion Bring In:', 'guion reparto 2:')],
                 [(28, 'Este guion es para el reparto 2, pero ese reparto no existe.')], id='script_deal'),
    pytest.param([('resultado Bring In:', 'resultado Botón Ante:')],
                 [(1, 'Falta «resultado Bring In:» (quién gana qué y las fichas finales con la línea por defecto).'), (35, 'El resultado de Botón Ante está repetido (ya aparece en la línea 32).')], id='outcome_repeated'),
    pytest.param([('modalidades: Botón Ante, Bring In', 'modalidades: Botón Ante\nmodalidad única: x')],
                 [(29, 'Este guion es para Bring In, pero la mano no se juega en esa modalidad.'), (36, 'La mano no se juega en Bring In: este resultado sobra.')], id='outcome_extra'),
    pytest.param([('resultado Bring In:\n  pozo: 350 para Tú\n  fichas: Tú 1200, Ana 850, Beto 950\n', '')],
                 [(1, 'Falta «resultado Bring In:» (quién gana qué y las fichas finales con la línea por defecto).')], id='outcome_missing'),
    pytest.param([('\nUna mano para empezar.\n\n## Qué observar\n\nQuién habla primero en cada ronda.\n\n## Qué enseña esta mano\n\nQue el par de Ases es el mínimo para cobrar.\n', '')],
                 [(40, 'Falta el apartado «## Qué enseña esta mano» en el texto de la página (después de la segunda «---»).'), (40, 'Falta el apartado «## Qué observar» en el texto de la página (después de la segunda «---»).'), (40, 'Falta el texto de la página: introducción, «## Qué observar» y «## Qué enseña esta mano».')], id='no_body'),
    pytest.param([('reparto 1:', 'reparto 1: As')],
                 [(13, 'Las cartas del reparto 1 van en líneas debajo de «reparto 1:», una por jugador.')], id='deal_value'),
    pytest.param([('  ayudas: 8d Th 2c', '  ayudas: 8d Th 2c\n    más: 1')],
                 [(18, '«ayudas» no lleva líneas debajo.')], id='deal_child_children'),
    pytest.param([('  ayudas: 8d Th 2c', '  ayudas: 8d Th 2c\n  ayudas: 4c 5c 6c')],
                 [(18, 'Las ayudas del reparto 1 están repetidas (línea 17).')], id='ayudas_repeated'),
    pytest.param([('  ayudas: 8d Th 2c', '  ayudas: 8d Th 2c\n  expuesta: Ana 7')],
                 [(18, 'No entiendo «expuesta: Ana 7»: escribe el jugador y el número de la carta que el dealer expone por error (1 a 5), por ejemplo «expuesta: Ana 3».')], id='exposed_bad'),
    pytest.param([('  ayudas: 8d Th 2c', '  ayudas: 8d Th 2c\n  Carla: 2c 3c 4c 5c 6c')],
                 [(18, '«Carla» no está sentado en la mesa (Tú, Ana, Beto); en un reparto van los jugadores, «ayudas» y, si hace falta, «expuesta».')], id='deal_not_seated'),
    pytest.param([('  ayudas: 8d Th 2c', '  ayudas: 8d Th 2c\n  Ana: 2s 3c 4c 5c 6c')],
                 [(18, 'Las cartas de Ana están repetidas en el reparto 1 (línea 15).')], id='deal_player_repeated'),
    pytest.param([('  ayudas: 8d Th 2c\n', '')],
                 [(13, 'Faltan las ayudas del reparto 1: añade «ayudas:» con 3 cartas.')], id='deal_no_ayudas'),
    pytest.param([('  Beto:   Js 9d 6c 4h 3d\n', '')],
                 [(13, 'Faltan las cartas de Beto en el reparto 1.')], id='deal_missing_player'),
    pytest.param([('guion:\n', 'guion: todos pasan\n')],
                 [(19, 'Debajo de «guion:» va una línea por jugador («Ana: paga, pasa») o, debajo de cada jugador, una por ronda.')], id='script_value'),
    pytest.param([('  Tú: abierta, pasa, paga', '  Tú:')],
                 [(20, 'Tu línea por defecto está vacía.')], id='script_empty'),
    pytest.param([('    4ª carta: apuesta', '    4ª carta: apuesta\n      más: x')],
                 [(25, '«4ª carta» no lleva líneas debajo: escribe las palabras en la misma línea.')], id='round_children'),
    pytest.param([('    4ª carta: apuesta', '    4ª carta:')],
                 [(24, 'Falta qué hace Ana en «4ª carta».')], id='round_empty'),
    pytest.param([('    4ª carta: apuesta', '    4ª carta: apuesta\n    cuarta carta: pasa')],
                 [(25, 'El guion de Ana para «4ª carta» está repetido (ya aparece en la línea 24).')], id='script_repeated'),
    pytest.param([('resultado Bring In:', 'resultado Bring In: Tú gana')],
                 [(35, 'El resultado va en líneas debajo: «pozo: 225 para Tú» y «fichas: Tú 1125, Ana 900, …».')], id='outcome_value'),
    pytest.param([('  pozo: 225 para Tú\n', '  pozo: 225 para Carla\n')],
                 [(33, '«Carla» no está sentado en la mesa.')], id='pot_not_seated'),
    pytest.param([('fichas: Tú 1125, Ana 900, Beto 975', 'fichas: Tú 1125, Ana 900, Carla 975')],
                 [(34, '«Carla» no está sentado en la mesa.')], id='stack_not_seated'),
    pytest.param([('  fichas: Tú 1200, Ana 850, Beto 950\n', '  fichas: Tú 1200, Ana 850, Beto 950\n  ganador: Tú\n')],
                 [(38, '«ganador» no es parte de un resultado: escribe «pozo», «fichas», «extensiones» o «jugada Nombre».')], id='outcome_unknown'),
    pytest.param([('  pozo: 350 para Tú\n', '')],
                 [(35, 'Falta al menos un «pozo: … para …» en el resultado.')], id='outcome_no_pot'),
    pytest.param([('  fichas: Tú 1200, Ana 850, Beto 950\n', '')],
                 [(35, 'Faltan las fichas finales: «fichas: Tú 1125, Ana 900, Beto 975».')], id='outcome_no_stacks'),
]


@pytest.mark.parametrize("replacements, expected", CASES)
def test_every_message_with_its_line(replacements, expected):
    assert problems_of(variant(*replacements)) == [f"{PATH}:{line}: {message}" for line, message in expected]


def test_a_missing_script_is_reported_at_line_1():
    text = re.sub(r"guion( Bring In)?:\n(  .*\n)+\n", "", BASE)
    assert problems_of(text) == [f"{PATH}:1: Falta «guion:»: qué hace cada jugador en cada ronda (y tu línea "
                                 "por defecto, bajo «Tú»)."]


def test_a_script_for_a_modality_the_hand_is_not_played_in():
    text = variant(("modalidades: Botón Ante, Bring In", "modalidades: Botón Ante\nmodalidad única: para probar."),
                   ("resultado Bring In:\n  pozo: 350 para Tú\n  fichas: Tú 1200, Ana 850, Beto 950\n", ""))
    assert problems_of(text) == [at(text, "guion Bring In:", "Este guion es para Bring In, pero la mano no se "
                                                             "juega en esa modalidad.")]


def test_cards_named_in_the_text_must_be_in_the_hand():
    text = variant(("Quién habla primero en cada ronda.",
                    "Mira el As de diamantes, tu Reina de corazones, el 8♦ y tu Rey de tréboles."))
    assert problems_of(text) == [
        at(text, "Mira el As", "El texto dice «tu Reina de corazones», pero la Reina de corazones no es una de tus "
                               "cartas: revisa el texto o las cartas de la mano."),
        at(text, "Mira el As", "El texto nombra «As de diamantes», pero esa carta no se reparte en esta mano: "
                               "revisa el texto o las cartas de la mano."),
    ]


def test_play_claims_in_the_outcome():
    text = variant(("  fichas: Tú 1125, Ana 900, Beto 975\n",
                    "  fichas: Tú 1125, Ana 900, Beto 975\n  jugada Tú: As Ah Kc Kd Th\n  jugada de Ana: Qh Qc 8c 8d"
                    "\n  jugada Carla: 2c 3c 4c 5c 6c\n  jugada Tú: As Ah Kc Kd 7c\n"))
    assert problems_of(text) == [
        at(text, "jugada de Ana", "La jugada de Ana tiene 4 cartas: escribe las cinco cartas con las que juega en "
                                  "el showdown (sus cartas propias y, si usa una, la ayuda)."),
        at(text, "jugada Carla", "«jugada Carla»: «Carla» no está sentado en la mesa. Escribe «jugada Tú: …» con "
                                 "las cinco cartas de la jugada."),
        at(text, "jugada Tú: As Ah Kc Kd 7c", "Tu jugada está repetida en este resultado."),
    ]
    scenario, _ = parse(variant(("  fichas: Tú 1125, Ana 900, Beto 975\n",
                                 "  fichas: Tú 1125, Ana 900, Beto 975\n  jugada Tú: As Ah Kc Kd Th\n")), PATH)
    claim = scenario.outcomes["boton-ante"].extra["plays"][0]
    assert (claim["player"], [str(c) for c in claim["cards"]]) == ("Tú", ["As", "Ah", "Kc", "Kd", "Th"])
    assert from_json(to_json(scenario)).outcomes == scenario.outcomes
