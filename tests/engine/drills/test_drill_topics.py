"""A drill's topic line says what it practises, never its answer: «Tema: nadie mata los Ases» above a
question whose answer is «nadie» gave it away."""

from __future__ import annotations

import re

from engine.drills import LEVELS, kinds, make_drill
from engine.spanish import fold

#: Words that give away who wins: nobody, or a split.
GIVEAWAYS = re.compile(r"\b(?:nadie|reparti\w*|empat\w*|divid\w*)\b")


def test_no_topic_names_its_answer():
    seen = set()
    for kind in kinds():
        if kind == "uth-strategy":  # its answers are options, its topics streets: tests/engine/drills/test_drills.py
            continue
        for level in LEVELS:
            for seed in range(3 if kind.endswith("-decision") else 10):  # (a play decision is valued: slow)
                drill = make_drill(kind, seed, level)
                topic = fold(drill.topic)
                assert not GIVEAWAYS.search(topic), (kind, drill.family, drill.topic)
                core = drill.check("", reveal=True)["expected"].split(" (")[0]
                for name in re.split(r",\s*|\s+y\s+", core):
                    assert not re.search(rf"(?<!\w){re.escape(fold(name))}(?!\w)", topic), (kind, drill.topic, core)
                seen.add((kind, drill.family))
    assert len(seen) >= 20, len(seen)
