"""Reading P2: the side percentages (AS-UNIT.2, AS-TER.1-2, AS-ORG.1) are summed into one, floored at 0
(rules.pzc.combine = "sum", the default), or applied one after another ("chain"). INVENTED values."""
from __future__ import annotations

from fractions import Fraction

from assault_values_helpers import assault, rules_of, unit

SIDE = [{"a": "0202", "b": "0302", "assault_pct": -30}]


def _units():
    # F quality at High fatigue (-80%), two divisions (-20%), over a -30% hexside: -130% in all.
    return [unit("a1", "0202", quality="F", fatigue=2, formation="d1"), unit("a2", "0202", formation="d2"),
            unit("e1", "0302")]


def test_p2_sum_floors_at_zero(tmp_path):
    _, t = assault(tmp_path, _units(), ["a1", "a2"], hexsides=SIDE)
    assert rules_of(t) == ["AS-UNIT.2", "AS-TER.1", "AS-ORG.1"]
    assert t.att_value == 0


def test_p2_sum_of_parts(tmp_path):
    units = [unit("a1", "0202", quality="D", formation="d1"), unit("a2", "0202", formation="d2"), unit("e1", "0302")]
    _, t = assault(tmp_path, units, ["a1", "a2"])
    assert t.att_value == 800 * Fraction(60, 100)


def test_p2_chain_applies_each_in_turn(tmp_path):
    _, t = assault(tmp_path, _units(), ["a1", "a2"], hexsides=SIDE, pzc={"combine": "chain"})
    assert t.att_value == 800 * Fraction(20, 100) * Fraction(70, 100) * Fraction(80, 100)
