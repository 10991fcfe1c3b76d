"""engine.quiz.format: ```pregunta blocks read into questions, every key checked by the engine, and
one test per error message with its exact file:line."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from engine.quiz import solve
from engine.quiz.format import QuestionError, blocks, check_markdown, question, verify

ROOT = Path(__file__).resolve().parents[3]
DOCS = ROOT / "docs"
PAGE = "docs/p.md"

GOOD = """\
```pregunta
juego: ultimate
tipo: blind
enunciado: Blind de 25 y el jugador gana con color. ¿Cuánto se paga?
ante: 25
play: 4x
jugador: Ah 9h
crupier: Kc Kd
mesa: 2h 5h Jh 7c 3s
respuesta: 37,5
```
"""


def block(body: str) -> str:
    return "```pregunta\n" + textwrap.dedent(body).strip() + "\n```\n"


def problems(markdown: str) -> list[str]:
    return [str(p) for p in check_markdown(markdown, PAGE)[1]]


# ---------------------------------------------------------------------------------------------
# The repository's pages.

QUIZ_PAGES = {
    "ultimate/ponte-a-prueba.md": 13,
    "mata-ases/quien-gana.md": 7,
    "holdem/ponte-a-prueba.md": 14,
    "ultimate/entrenador.md": 1,
    "desarrollo/preguntas.md": 0,  # its examples sit inside ```` fences
}


@pytest.mark.parametrize("page, count", sorted(QUIZ_PAGES.items()))
def test_every_key_in_the_quiz_pages_is_verified_by_the_engine(page, count):
    found, errors = check_markdown((DOCS / page).read_text(encoding="utf-8"), f"docs/{page}")
    assert errors == []
    assert found >= count if count else found == 0


def test_the_quiz_pages_cover_what_the_issue_asks_for():
    def specs(page):
        text = (DOCS / page).read_text(encoding="utf-8")
        return [question(b).spec for b in blocks(text) if b.info == "pregunta"]

    uth = specs("ultimate/ponte-a-prueba.md")
    assert {"blind", "trips", "ante+play", "total"} <= {s["ask"] for s in uth}
    assert any(s["play"] == 0 for s in uth)  # a fold
    assert any(solve(s).data["dealer_qualifies"] is False for s in uth)  # the dealer does not qualify
    mata = [solve(s) for s in specs("mata-ases/quien-gana.md")]
    assert any(s.value == frozenset() for s in mata)  # nobody kills the Aces: extension
    assert any("dos ayudas" in " ".join(s.steps) for s in mata)  # one ayuda only
    assert any("Par de Reyes" in " ".join(s.steps) and s.value == frozenset() for s in mata)
    kinds = {(s["kind"], s["ask"]) for s in specs("holdem/ponte-a-prueba.md")}
    assert {("holdem-position", "position"), ("holdem-position", "first-to-act"),
            ("holdem-pots", "amount"), ("holdem-pots", "eligible"), ("holdem-showdown", "winners")} <= kinds


def test_a_block_becomes_the_engine_question_with_the_line_of_each_field():
    q = question(blocks("Intro\n\n" + GOOD)[0])
    assert q.spec == {"kind": "uth", "ask": "blind", "player": ["Ah", "9h"], "dealer": ["Kc", "Kd"],
                      "board": ["2h", "5h", "Jh", "7c", "3s"], "ante": 25, "play": 100, "trips": 0}
    assert (q.line, q.answer.line, q.lines["question.dealer"]) == (3, 12, 10)
    assert verify(q).display == "37,5"


def test_keys_ignore_case_and_accents_and_indented_lines_continue_a_value():
    text = GOOD.replace("juego:", "Juego:").replace("enunciado: Blind de 25", "Enunciado: Blind\n  de 25")
    q = question(blocks(text)[0])
    assert q.prompt.startswith("Blind de 25 y el jugador")


def test_blocks_inside_other_fences_are_examples_not_questions():
    text = "````markdown\n" + GOOD.replace("37,5", "1") + "````\n\n~~~\n```pregunta\n~~~\n"
    assert blocks(text) == [] and check_markdown(text, PAGE) == (0, [])


# ---------------------------------------------------------------------------------------------
# Every message, with its exact file:line.

WRONG_KEY = ("docs/p.md:10: La respuesta «25» no es correcta: el motor calcula 37,5. (Gana el jugador: su mejor mano "
             "de cinco cartas supera a la del crupier. Blind 25: color paga 3 a 2 → 25 × 3/2 = +37,5.)")
UNREADABLE = ("docs/p.md:10: La respuesta «treinta» no se puede leer («treinta» no es una cantidad. Escribe solo el "
              "número, por ejemplo 150, 1.350 o 37,5; si el jugador pierde, con signo menos (−150) o «pierde 150»). El "
              "motor calcula: 37,5.")
UNKNOWN_FIELD = ("docs/p.md:6: Campo desconocido o que no se usa aquí: «bote». Campos de Ultimate: ante, play, trips, "
                 "jugador, crupier, mesa, tabla-trips. Campos comunes: juego, tipo, enunciado, respuesta, nota.")


@pytest.mark.parametrize("change, message", [
    (("respuesta: 37,5", "respuesta: 25"), WRONG_KEY),
    (("respuesta: 37,5", "respuesta: treinta"), UNREADABLE),
    (("ante: 25", "ante: 25\nbote: 3"), UNKNOWN_FIELD),
    (("ante: 25", "ante: 25\nante: 30"), "docs/p.md:6: El campo «ante» está repetido (ya aparece en la línea 5)."),
    (("ante: 25", "ante: cero"), "docs/p.md:5: «ante» debe ser un número entero de 1 o más: «cero»."),
    (("play: 4x", "play: 7x"), "docs/p.md:6: «play» es 4x, 3x, 2x, 1x, una cantidad o «se retira»: «7x»."),
    (("play: 4x", "play: 5"), "docs/p.md:6: El motor no puede resolver la pregunta («play»): debe ser 0 (se retira) "
                              "o 1, 2, 3 o 4 veces el Ante de 25 (recibido: 5)."),
    (("crupier: Kc Kd", "crupier: Ah Kd"), "docs/p.md:8: El motor no puede resolver la pregunta («crupier»): la "
                                           "carta Ah está repetida (ya aparece en la línea 7)."),
    (("jugador: Ah 9h", "jugador: Ah 9h 2c"), "docs/p.md:7: «jugador» debe tener 2 cartas y tiene 3: «Ah 9h 2c»."),
    (("mesa: 2h 5h Jh 7c 3s", "mesa: 2h 5h Jh 7c Xx"),
     "docs/p.md:9: Carta no válida: «Xx». Escribe el valor (2-9, T o 10, J, Q, K, A) y el palo (s ♠ picas, "
     "h ♥ corazones, d ♦ diamantes, c ♣ tréboles), por ejemplo «As» o «10d»."),
    (("mesa: 2h 5h Jh 7c 3s\n", "mesa: 2h 5h Jh 7c 3s\ntabla-trips: 1-2-3\n"),
     "docs/p.md:10: El motor no puede resolver la pregunta («tabla-trips»): tabla desconocida «1-2-3»; tablas: "
     "50-40-30-9-7-4-3, 50-40-30-8-6-5-3, 50-40-30-8-7-4-3, 50-40-20-7-6-5-3."),
    (("tipo: blind", "tipo: jackpot"), "docs/p.md:3: «tipo: jackpot» no es válido; opciones: ante, ante+play, "
                                       "ante-play, blind, liquidacion, play, total, trips."),
    (("juego: ultimate", "juego: canasta"), "docs/p.md:2: No hay ningún juego «canasta»: los juegos son Mata Ases, "
                                            "Texas Hold'em y Ultimate Texas Hold'em."),
    (("enunciado: Blind", "esto no es un campo\nenunciado: Blind"),
     "docs/p.md:4: Falta «:» en «esto no es un campo»: cada línea es «clave: valor» (por ejemplo «respuesta: 3»)."),
    (("```pregunta\n", "```pregunta\n  sangrado: x\n"),
     "docs/p.md:2: La línea «sangrado: x» tiene sangría, pero no hay ningún campo encima al que continuar: quita "
     "los espacios del principio."),
    (("respuesta: 37,5\n", ""), "docs/p.md:1: A la pregunta le falta el campo «respuesta»."),
    (("enunciado: Blind de 25 y el jugador gana con color. ¿Cuánto se paga?", "enunciado:"),
     "docs/p.md:1: El enunciado está vacío."),
])
def test_ultimate_question_errors(change, message):
    assert problems(GOOD.replace(*change)) == [message]


MATA_DUPLICATE = block("""
    juego: mata-ases
    tipo: ganador
    enunciado: ¿Quién gana?
    jugador: Ana = Ah Ad Ac Kh Kd
    jugador: Beto = 3c 4c 5c 7c Ah
    ayudas: Ks 6c 4d
    respuesta: Ana
""")
POTS = block("""
    juego: holdem
    tipo: bote
    enunciado: ¿Cuánto?
    apuesta: Ana = 100
    apuesta: Beto = 300
    bote: 1
    respuesta: 200
""")
SHOWDOWN = block("""
    juego: holdem
    tipo: ganador
    enunciado: ¿Quién?
    jugador: Ana = Ah Kd
    jugador: Beto = Ac Qs
    mesa: Ad 9c 7h 4s 2d
    respuesta: Ana
""")
POSITION = block("""
    juego: holdem
    tipo: posicion
    enunciado: ¿Dónde?
    jugadores: 6
    de: 2
    respuesta: BB
""")
FIRST = block("""
    juego: holdem
    tipo: habla-primero
    enunciado: ¿Quién?
    jugadores: Ana, Beto, Carla
    boton: Carla
    ronda: flop
    respuesta: Ana
""")


@pytest.mark.parametrize("text, change, message", [
    (MATA_DUPLICATE, ("", ""), "docs/p.md:6: El motor no puede resolver la pregunta («jugador»): la carta Ah está "
                               "repetida (ya aparece en la línea 5)."),
    (POTS, ("bote: 1", "retirados: Carla\nbote: 1"),
     "docs/p.md:7: El motor no puede resolver la pregunta («retirados»): «Carla» no está en «las apuestas»."),
    (POTS, ("Ana = 100", "Ana 100"), "docs/p.md:5: «apuesta» se escribe «Nombre = …», por ejemplo «Ana = As Kd»: "
                                     "«Ana 100»."),
    (POTS, ("Beto = 300", "Ana = 300"), "docs/p.md:6: El jugador «Ana» está repetido."),
    (SHOWDOWN, ("Beto = Ac Qs", "Ana = Ac Qs"), "docs/p.md:6: El jugador «Ana» está repetido."),
    (SHOWDOWN, ("jugador: Beto", "jugador Beto"), "docs/p.md:6: Falta «:» en «jugador Beto = Ac Qs»: cada línea es "
                                                  "«clave: valor» (por ejemplo «respuesta: 3»)."),
    (POSITION, ("de: 2", "de: 9"), "docs/p.md:6: El motor no puede resolver la pregunta («de»): el asiento debe "
                                   "estar entre 0 (botón) y 5."),
    (FIRST, ("ronda: flop", "ronda: postre"), "docs/p.md:7: «ronda: postre» no es válido; opciones: flop, pre-flop, "
                                              "preflop, river, turn."),
    (FIRST, ("jugadores: Ana, Beto, Carla", "jugadores: ,"),
     "docs/p.md:5: «jugadores» debe ser una lista de nombres separados por comas."),
    (SHOWDOWN, ("jugador: Ana = Ah Kd\njugador: Beto = Ac Qs\n", ""),
     "docs/p.md:1: A la pregunta le falta al menos un campo «jugador»."),
    # «habla-primero» without the button: refused, as the authors' guide says it is required (issue 26)
    (FIRST, ("boton: Carla\n", ""), "docs/p.md:1: A la pregunta le falta el campo «boton»."),
    (FIRST, ("ronda: flop", "ronda: flop\nmesa: As Kd Qh"),
     "docs/p.md:8: Campo desconocido o que no se usa aquí: «mesa». Campos: jugadores (número o nombres en orden), "
     "boton, de, ronda, retirados. Campos comunes: juego, tipo, enunciado, respuesta, nota."),
])
def test_mata_ases_and_holdem_question_errors(text, change, message):
    assert problems(text.replace(*change)) == [message]


def test_the_good_samples_pass():
    for text in (MATA_DUPLICATE.replace("7c Ah", "7c 8d").replace("6c 4d", "6d 4d"), POTS, SHOWDOWN, POSITION, FIRST):
        assert problems(text) == [], text


@pytest.mark.parametrize("body, message", [
    ("modo: póquer", "docs/p.md:2: Modo desconocido «póquer»; modos: blind, trips, ante-play, total."),
    ("tabla-trips: x", "docs/p.md:2: Tabla desconocida «x»; tablas: 50-40-30-9-7-4-3, 50-40-30-8-6-5-3, "
                       "50-40-30-8-7-4-3, 50-40-20-7-6-5-3."),
    ("unidad: 7", "docs/p.md:2: La unidad debe ser una de 1, 5, 10, 25, 100."),
    ("color: rojo", "docs/p.md:2: Campo desconocido o que no se usa aquí: «color». Campos del entrenador: modo, "
                    "tabla-trips, unidad."),
])
def test_trainer_block_errors(body, message):
    assert problems(f"```entrenador-ultimate\n{body}\n```\n") == [message]


def test_an_unclosed_block_and_one_problem_per_block():
    assert problems("x\n\n```pregunta\njuego: ultimate\n") == [
        "docs/p.md:3: El bloque «```pregunta» no se cierra con «```»."]
    two = GOOD.replace("respuesta: 37,5", "respuesta: 25") + "\n" + GOOD.replace("ante: 25", "ante: cero")
    assert [p.split(":")[1] for p in problems(two)] == ["10", "17"]


def test_question_error_carries_its_line():
    with pytest.raises(QuestionError) as info:
        blocks("x\n\n```pregunta\njuego: ultimate\n")
    assert info.value.line == 3


def test_a_key_that_is_true_but_not_specific_is_refused_with_the_full_answer():
    text = block("""
        juego: mata-ases
        tipo: jugada
        enunciado: ¿Qué jugada forma Beto?
        jugador: Ana = Ah Ad Ac Kh Kd
        jugador: Beto = 3c 4c 5c 7c 8d
        ayudas: Ks 6c 4d
        de: Beto
        respuesta: Escalera de color
    """)
    assert problems(text) == [
        "docs/p.md:9: La respuesta «Escalera de color» es cierta pero no basta (a un lector se le preguntaría: "
        "¿Escalera de color hasta qué carta? Por ejemplo «Escalera de color al 9»). Escribe la respuesta "
        "completa: Escalera de color al 7."]
    assert problems(text.replace("respuesta: Escalera de color", "respuesta: Escalera de color del 3 al 7")) == []
