"""Every engine module's doctests run here, once, and the modules that document their API with
examples must keep them: a module listed below with fewer examples than its minimum fails (a
doctest run over zero examples passes silently, which is how ``engine.cards``' examples once went
unrun)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")
                 if not m.name.endswith("__main__"))

#: Modules whose public API is documented with examples, and how many examples each has at least.
MINIMUM_EXAMPLES = {
    "engine.cards": 10,
    "engine.evaluation": 15,
    "engine.glossary": 4,
    "engine.games.holdem.rules": 2,
    "engine.games.holdem.bot_chart": 2,
    "engine.games.holdem.bot_play": 2,
    "engine.games.holdem.bot_texts": 4,
    "engine.games.holdem.bot_view": 3,
    "engine.games.holdem.hand": 3,
    "engine.games.holdem.phh": 3,
    "engine.table.hand": 5,
    "engine.table.rotation": 3,
    "engine.table.texts": 2,
    "engine.table.view": 4,
    "engine.games.mata_ases.showdown": 3,
    "engine.games.ultimate.rules": 10,
    "engine.keyvalue": 7,
    "engine.pots": 3,
    "engine.quiz": 2,
    "engine.quiz.answers": 3,
    "engine.quiz.format": 2,
    "engine.quiz.verdict": 1,
    "engine.play.session": 2,
    "engine.spanish": 30,
    "engine.stats": 6,
    "engine.table.rules": 2,
    "engine.table.table": 8,
    "engine.table.words": 18,
    "engine.games.ultimate.trainer": 1,
}


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted >= MINIMUM_EXAMPLES.get(name, 0), f"{name}: only {result.attempted} examples ran"


def test_every_module_with_a_minimum_exists():
    assert set(MINIMUM_EXAMPLES) <= set(MODULES)
