"""What Texas Hold'em teaches (its ``skills`` facet): each skill with the rule that states it and the drill
that reviews it, and the path from zero, each step with the evidence that ticks it (:mod:`engine.progress`)."""

from __future__ import annotations

from ...progress import Practice, Skill, Step, answered, played, read, streak
from ...review.learning import FACING, OPEN
from .pages import PAGES

_SPEAKS = "Las cartas hablan"
_POTS = "All-in y botes secundarios"
_POSITIONS = "Las posiciones en la mesa"

SKILLS = (
    Skill("holdem.showdown.best-five", "La mejor mano de cinco cartas", PAGES.rule(_SPEAKS),
          Practice("holdem-winner", "fácil", "plain")),
    Skill("holdem.showdown.kicker", "El kicker decide", PAGES.rule(_SPEAKS), Practice("holdem-winner", "media", "kicker")),
    Skill("holdem.showdown.split", "Bote repartido", PAGES.rule("Empates y fichas sueltas"),
          Practice("holdem-winner", "media", "split")),
    Skill("holdem.showdown.board", "La mesa juega", PAGES.rule(_SPEAKS), Practice("holdem-winner", "media", "board")),
    Skill("holdem.showdown.wheel", "La escalera más baja (A-2-3-4-5)", PAGES.rule("Ranking de manos"),
          Practice("holdem-winner", "media", "wheel")),
    Skill("holdem.hand-name", "Nombrar la jugada", PAGES.rule("Ranking de manos"), Practice("holdem-hand", "media", "board")),
    Skill("holdem.side-pots.sum", "Las fichas de cada bote", PAGES.rule(_POTS),
          Practice("holdem-side-pots", "fácil", "simple", "amount")),
    Skill("holdem.side-pots.eligibility", "Quién opta a cada bote", PAGES.rule(_POTS),
          Practice("holdem-side-pots", "difícil", "dead-money", "eligible")),
    Skill("holdem.side-pots.count", "Cuántos botes hay", PAGES.rule(_POTS),
          Practice("holdem-side-pots", "media", "several", "count")),
    Skill("holdem.side-pots.below-blinds", "Un all-in menor que la ciega grande", PAGES.rule(_POTS),
          Practice("holdem-side-pots", "media", "below-blinds")),
    Skill("holdem.positions", "Las posiciones en la mesa", PAGES.rule(_POSITIONS),
          Practice("holdem-position", "media", "late")),
    Skill("holdem.heads-up", "Heads-up: el botón es la ciega pequeña", PAGES.rule(_POSITIONS),
          Practice("holdem-first-to-act", "media", "heads-up")),
    Skill("holdem.first-to-act.preflop", "Quién habla primero antes del flop", PAGES.rule("1. Antes del flop (preflop)"),
          Practice("holdem-first-to-act", "fácil", "preflop")),
    Skill("holdem.first-to-act.postflop", "Quién habla primero después del flop", PAGES.rule("2. El flop"),
          Practice("holdem-first-to-act", "media", "postflop-folded")),
    Skill("holdem.betting", "Pasar, apostar, pagar, subir o retirarse", PAGES.rule("Las acciones"),
          Practice("holdem-spot", "media", "options")),
    Skill("holdem.min-raise", "Apuesta y subida mínimas", PAGES.rule("Apuesta y subida mínimas"),
          Practice("holdem-spot", "media", "min-raise")),
    Skill("holdem.play.facing", FACING.name, PAGES.rule(FACING.heading, "table"),
          Practice("holdem-decision", "media", "facing"), FACING.means),
    Skill("holdem.play.open", OPEN.name, PAGES.rule(OPEN.heading, "table"), Practice("holdem-decision", "media", "open"),
          OPEN.means),
)

PATH = (
    Step("holdem.read", "Lee las reglas de Hold'em", PAGES.url("rules"), "read", read(PAGES.url("rules")),
         ("holdem.positions", "holdem.first-to-act.preflop", "holdem.side-pots.sum")),
    Step("holdem.practice", "Juega una mano de práctica", PAGES.url("practice"), "practice",
         played("practice", "holdem"), ("holdem.betting", "holdem.min-raise")),
    Step("holdem.quiz", "Ponte a prueba", PAGES.url("quiz"), "quiz", answered(5, PAGES.url("quiz")),
         ("holdem.positions", "holdem.side-pots.sum", "holdem.showdown.best-five")),
    Step("holdem.drills", "Supera los ejercicios de Hold'em", PAGES.url("drills"), "drills",
         streak(5, "holdem-winner", "holdem-hand", "holdem-side-pots", "holdem-position", "holdem-first-to-act"),
         ("holdem.showdown.kicker", "holdem.side-pots.eligibility", "holdem.first-to-act.postflop")),
    Step("holdem.table", "Juega en la Mesa de Hold'em", PAGES.url("table"), "table", played("free", "holdem")),
)
