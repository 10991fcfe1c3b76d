"""What Mata Ases teaches (its ``skills`` facet): each skill with the rule that states it and the drill
that reviews it, and the path from zero, each step with the evidence that ticks it (:mod:`engine.progress`)."""

from __future__ import annotations

from ...progress import Practice, Skill, Step, answered, played, read, streak
from ...review.learning import FACING, OPEN
from .pages import PAGES

_PHASES = "Cómo se juega una mano, fase por fase"

SKILLS = (
    Skill("mata-ases.kill-aces", "Matar los Ases: par de Ases o más", PAGES.rule("El objetivo: matar los Ases"),
          Practice("mata-ases-winner", "fácil", "kings")),
    Skill("mata-ases.extension", "Nadie mata los Ases: la extensión", PAGES.rule("La extensión de la mano"),
          Practice("mata-ases-winner", "fácil", "nobody-kills")),
    Skill("mata-ases.one-ayuda", "Una sola ayuda", PAGES.rule("Cómo se forma tu jugada"),
          Practice("mata-ases-winner", "media", "one-ayuda")),
    Skill("mata-ases.ranking", "Comparar jugadas y repartir el pozo", PAGES.rule("Ranking de manos"),
          Practice("mata-ases-winner", "difícil", "split")),
    Skill("mata-ases.hand-name", "Nombrar la jugada", PAGES.rule("Ranking de manos"),
          Practice("mata-ases-hand", "media", "one-ayuda")),
    Skill("mata-ases.cards", "Pedir la carta abierta o cerrada", PAGES.rule(_PHASES),
          Practice("mata-ases-spot", "media", "card")),
    Skill("mata-ases.betting", "Pasar, apostar, pagar, subir o retirarse",
          PAGES.rule("Apuestas sin límite: la apuesta mínima y las subidas"),
          Practice("mata-ases-spot", "media", "options")),
    Skill("mata-ases.first-to-act", "Quién abre la primera ronda", PAGES.rule("Las dos modalidades: Botón Ante y Bring In"),
          Practice("holdem-side-by-side", "media", "first-to-act-mata-ases")),
    Skill("mata-ases.play.facing", FACING.name, PAGES.rule(FACING.heading, "table"),
          Practice("mata-ases-decision", "media", "facing"), FACING.means),
    Skill("mata-ases.play.open", OPEN.name, PAGES.rule(OPEN.heading, "table"),
          Practice("mata-ases-decision", "media", "open"), OPEN.means),
)

_SHOWDOWN = ("mata-ases.kill-aces", "mata-ases.extension", "mata-ases.one-ayuda", "mata-ases.ranking")

PATH = (
    Step("mata-ases.read", "Lee las reglas de Mata Ases", PAGES.url("rules"), "read", read(PAGES.url("rules")),
         ("mata-ases.kill-aces", "mata-ases.one-ayuda")),
    Step("mata-ases.practice", "Juega una mano de práctica", PAGES.url("practice"), "practice",
         played("practice", "mata-ases"), ("mata-ases.cards", "mata-ases.betting")),
    Step("mata-ases.quiz", "Responde «¿Quién gana?»", PAGES.url("quiz"), "quiz", answered(5, PAGES.url("quiz")),
         ("mata-ases.kill-aces", "mata-ases.one-ayuda", "mata-ases.hand-name")),
    Step("mata-ases.drills", "Supera los ejercicios de Mata Ases", PAGES.url("drills"), "drills",
         streak(5, "mata-ases-winner", "mata-ases-hand"), _SHOWDOWN),
    Step("mata-ases.table", "Juega en la mesa libre", PAGES.url("table"), "table", played("free", "mata-ases")),
)
