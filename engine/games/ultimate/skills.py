"""What Ultimate Texas Hold'em teaches (its ``skills`` facet): each skill with the rule that states it and
the drill that reviews it, and the path from zero, each step with the evidence that ticks it
(:mod:`engine.progress`)."""

from __future__ import annotations

from ...progress import Practice, Skill, Step, answered, read, streak
from .pages import PAGES

_SETTLEMENT = "La liquidación"
_SIMPLE = PAGES.rule("La estrategia simple", "drills")

SKILLS = (
    Skill("ultimate.blind", "La tabla de pagos del Blind", PAGES.rule("Tabla de pagos del Blind"),
          Practice("uth-payout", "fácil", "blind")),
    Skill("ultimate.dealer-qualifies", "La clasificación del crupier", PAGES.rule("La clasificación del crupier"),
          Practice("uth-payout", "fácil", "ante-play")),
    Skill("ultimate.ante-play", "Ante y Play", PAGES.rule(_SETTLEMENT), Practice("uth-payout", "fácil", "ante-play")),
    Skill("ultimate.trips", "La tabla de pagos de Trips", PAGES.rule("Tabla de pagos de Trips"),
          Practice("uth-payout", "media", "trips")),
    Skill("ultimate.settlement", "La liquidación completa", PAGES.rule(_SETTLEMENT),
          Practice("uth-payout", "difícil", "total")),
    Skill("ultimate.strategy.preflop", "Antes del flop: 4x, 3x o pasar",
          PAGES.rule("Una estrategia sencilla antes del flop"), Practice("uth-strategy", "fácil", "preflop-clear")),
    Skill("ultimate.strategy.flop", "En el flop: 2x o pasar", _SIMPLE, Practice("uth-strategy", "fácil", "flop-made")),
    Skill("ultimate.strategy.river", "En el river: 1x o retirarse", _SIMPLE,
          Practice("uth-strategy", "fácil", "river-clear")),
)

PATH = (
    Step("ultimate.read", "Lee las reglas y los pagos", PAGES.url("rules"), "read", read(PAGES.url("rules")),
         ("ultimate.blind", "ultimate.dealer-qualifies")),
    Step("ultimate.quiz", "Ponte a prueba", PAGES.url("quiz"), "quiz", answered(5, PAGES.url("quiz")),
         ("ultimate.blind", "ultimate.trips", "ultimate.ante-play")),
    Step("ultimate.trainer", "Entrena como crupier", PAGES.url("trainer"), "drills", streak(5, "uth-trainer-deal"),
         ("ultimate.settlement",)),
    Step("ultimate.strategy", "Decide como un buen jugador", PAGES.url("drills"), "drills",
         streak(5, "uth-strategy", "uth-session"),
         ("ultimate.strategy.preflop", "ultimate.strategy.flop", "ultimate.strategy.river"),
         says="Se marca con cinco aciertos seguidos en estos ejercicios o en tus decisiones de la sesión."),
)
