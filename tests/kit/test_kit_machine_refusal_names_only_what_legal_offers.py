"""A command its procedure's phase does not allow is refused naming what may be issued now: the commands
legal() offers for that procedure, not every trigger of the phase whatever its condition (14.44's 2C is
possible only on a 1C/1H result)."""
from __future__ import annotations

import pytest

from turnlog.engine.commands import RollAttritionDie
from turnlog.engine.errors import RuleViolation

from fixtures.backbone import rolled


def test_a_refusal_in_the_losses_phase_does_not_name_a_2c_the_result_does_not_allow(tmp_path):
    g = rolled(tmp_path / "g.db", value=3)
    try:
        p = g.state.attritions["A1"]
        assert p.phase == "losses" and (p.counters, p.hexes) != (1, 1)
        with pytest.raises(RuleViolation) as err:
            g.execute(RollAttritionDie(procedure="A1", value=3))
        offered = {ch.command for ch in g.legal() if ch.fixed.get("procedure") == "A1"}
    finally:
        g.close()
    message = err.value.message
    assert err.value.rule == "14.11"  # the phase table's own clause, kept when the kit rewords the refusal
    assert "possible now: " in message and "TakeAttritionLosses" in message
    assert "TakeTwoCounters" not in message and "TakeTwoCounters" not in offered
    assert "DesignateWinterHexes" not in message
