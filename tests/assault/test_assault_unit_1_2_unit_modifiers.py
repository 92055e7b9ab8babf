"""AS-UNIT.1-2 and the text's example (AS-UNIT.Ex): quality + fatigue per unit; the attackers' lowest, the
defenders' highest. The example's attacker case is misprinted (docs/rulings.md): its C unit at no fatigue
is 0%, not -20%; the test checks the clause. INVENTED units and ratings."""
from __future__ import annotations

import pytest

from turnlog.engine.assault.as_unit_modifiers import unit_pct
from turnlog.engine.errors import RuleViolation
from turnlog.projections.state import UnitState

from assault_values_helpers import assault, rules_of, unit


def _u(q: str, f: int) -> UnitState:
    return UnitState(id="x", nationality="GE", type="infantry", factors=1, quality=q, fatigue=f)


@pytest.mark.parametrize("q, pct", [("A", 20), ("B", 10), ("C", 0), ("", 0), ("D", -20), ("E", -40), ("F", -60)])
def test_as_unit_1_quality_part(q, pct):
    assert unit_pct(_u(q, 0)) == pct


@pytest.mark.parametrize("f, pct", [(0, 0), (1, -10), (2, -20), (3, -40)])
def test_as_unit_1_fatigue_part_adds(f, pct):
    assert unit_pct(_u("B", f)) == 10 + pct


def test_as_unit_1_an_unknown_quality_is_refused():
    with pytest.raises(RuleViolation) as err:
        unit_pct(_u("Z", 0))
    assert err.value.rule == "AS-UNIT.1"


def test_as_unit_ex_defenders_use_the_highest(tmp_path):
    """AS-UNIT.Ex, first case (AS-UNIT.2 for the defenders)."""
    # A/Medium (+10%) and C/High (-20%) defend: +10%.
    units = [unit("a1", "0202"), unit("e1", "0302", quality="A", fatigue=1), unit("e2", "0302", fatigue=2)]
    _, t = assault(tmp_path, units, ["a1"])
    assert rules_of(t) == ["AS-UNIT.2"] and t.modifiers[0].value == 10 and t.modifiers[0].applies_to == "defender"
    assert t.def_value == 800 * 110 / 100


def test_as_unit_ex_attackers_a_medium_and_c_high_use_the_lowest(tmp_path):
    units = [unit("a1", "0202", quality="A", fatigue=1), unit("a2", "0202", fatigue=2), unit("e1", "0302")]
    _, t = assault(tmp_path, units, ["a1", "a2"])
    assert [(m.rule, m.value, m.applies_to) for m in t.modifiers] == [("AS-UNIT.2", -20, "attacker")]
    assert "a2" in t.modifiers[0].reason
    assert t.att_value == 800 * 80 / 100


def test_as_unit_ex_misprint_a_medium_and_c_no_fatigue_give_zero(tmp_path):
    """AS-UNIT.Ex, second case as printed (misprinted: docs/rulings.md)."""
    # The text prints -20% here; by AS-UNIT.1 the C unit at no fatigue is 0%, the lowest of +10% and 0%.
    units = [unit("a1", "0202", quality="A", fatigue=1), unit("a2", "0202"), unit("e1", "0302")]
    _, t = assault(tmp_path, units, ["a1", "a2"])
    assert t.modifiers == () and t.att_value == 800
