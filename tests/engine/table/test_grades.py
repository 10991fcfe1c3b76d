"""The four grades of a decision: each threshold belongs to the better grade, anything above it to the next."""

from fractions import Fraction

import pytest

from engine.table.grades import GRADES, grade, levels, share, summarize, thresholds_text

POT = Fraction(7, 3)  # an awkward pot: the boundaries are shares, not amounts


@pytest.mark.parametrize("upto, name, above", [
    (Fraction(2, 100), "Correcta", "Imprecisión"),
    (Fraction(10, 100), "Imprecisión", "Error"),
    (Fraction(30, 100), "Error", "Error grave"),
])
def test_each_threshold_is_the_better_grade_and_a_hair_above_is_the_next(upto, name, above):
    assert grade(upto * POT, POT).name == name
    assert grade(upto * POT + Fraction(1, 10**9), POT).name == above
    assert grade(upto * POT - Fraction(1, 10**9), POT).name == name


def test_the_best_action_is_correct_and_a_loss_of_the_whole_pot_is_a_blunder():
    assert grade(0, POT) is GRADES[0] and GRADES[0].ok
    assert grade(POT * 5, POT).code == "blunder" and not GRADES[-1].ok
    assert [g.code for g in GRADES] == ["correct", "inaccuracy", "mistake", "blunder"]


def test_a_negative_loss_or_an_empty_pot_is_refused():
    with pytest.raises(ValueError):
        share(Fraction(-1, 100), 1)
    with pytest.raises(ValueError):
        grade(1, 0)


def test_the_page_states_the_same_thresholds():
    text = thresholds_text("del bote").replace("\xa0", " ")
    for g in GRADES:
        assert f"«{g.name}»" in text
    assert "2 % del bote" in text and "más del 10 % y como mucho el 30 %" in text and "más del 30 %" in text
    assert [lv["upto"] for lv in levels()] == [0.02, 0.1, 0.3, None]


def test_a_summary_counts_grades_loss_per_100_and_the_costliest_first():
    taken = [(Fraction(0), GRADES[0]), (Fraction(3, 10), GRADES[2]), (Fraction(1, 100), GRADES[0]),
             (Fraction(3, 10), GRADES[2]), (Fraction(1), GRADES[3])]
    s = summarize(taken)
    assert s.count == 5 and s.by_grade == {"correct": 2, "inaccuracy": 0, "mistake": 2, "blunder": 1}
    assert s.loss == Fraction(161, 100) and s.per_100 == Fraction(161, 5)
    assert s.costliest == (4, 1, 3)  # the earlier first on a tie
    assert summarize([]).per_100 == 0 and summarize([(Fraction(0), GRADES[0])]).costliest == ()
