"""The Ultimate strategy drill's feedback: the plain rule first, then what each option costs, the values,
and the count of deals last; amounts in Antes never read as «antes» (before)."""

from __future__ import annotations

import re
from fractions import Fraction

from engine.drills import make_drill
from engine.games.ultimate.strategy import OPTION_NAMES, in_antes


def test_the_plain_rule_comes_first_and_the_count_of_deals_last():
    seen = set()
    for seed in range(8):
        drill = make_drill("uth-strategy", seed, "fácil")
        steps = list(drill.explanation)
        if steps[0].startswith("Tu jugada:"):
            steps = steps[1:]
        assert steps[0].startswith(f"La estrategia simple dice {OPTION_NAMES[drill.answer['simple']]}, porque ")
        assert steps[-1].startswith("Estos valores cuentan ")
        best = drill.answer["best"]
        values = drill.answer["options"]
        for option, value in values.items():
            if option != best:
                cost = Fraction(values[best] - value).limit_denominator(10**6)
                assert f"{OPTION_NAMES[option]} cuesta de media {in_antes(cost)}." in " ".join(steps)
        for step in steps:
            assert not re.search(r"\d Antes\b", step), step  # «0,216 Antes de media» reads «before»
        seen.add(drill.data["street"])
    assert len(seen) >= 2, seen


def test_the_rules_page_says_folding_is_the_alternative_to_the_1x_play():
    from pathlib import Path

    from engine.games.ultimate.strategy import OPTIONS

    page = (Path(__file__).resolve().parents[4] / "docs" / "ultimate" / "index.md").read_text(encoding="utf-8")
    flat = re.sub(r"\s+", " ", page)
    assert OPTIONS["river"] == ("1x", "fold") and all("fold" not in OPTIONS[s] for s in ("preflop", "flop"))
    assert "ya no queda Play de 1x" not in flat
    assert "En el river, si aún no has apostado Play, eliges entre apostar 1x y retirarte" in flat
