"""A phase refusal names the commands a player may type, not the table's trigger names."""
from __future__ import annotations

import pytest

from turnlog.engine.attrition.machine import MACHINE
from turnlog.engine.errors import RuleViolation


def test_14_11_refusal_in_losses_lists_commands_not_triggers():
    with pytest.raises(RuleViolation) as err:
        MACHINE.gate("losses", "RollAttritionDie", "A1")
    msg = err.value.message
    assert err.value.rule == "14.11"
    assert "TakeAttritionLosses" in msg and "TakeTwoCounters" in msg and "DesignateWinterHexes" in msg
    assert "take_losses" not in msg and "take_two" not in msg


def test_14_11_refusal_when_done_says_it_is_over():
    with pytest.raises(RuleViolation) as err:
        MACHINE.gate("done", "SelectOccupation", "A1")
    assert "nothing: it is over" in err.value.message


def test_machine_table_errors_are_caught_at_build():
    from turnlog.engine.kit.machine import build
    with pytest.raises(ValueError, match="no role for state"):
        build("bad", states=["a", "b"], initial="a", transitions=[{"trigger": "go", "source": "a", "dest": "b"}],
              roles={"a": "attacker"}, commands={"Go": "go"}, rule="X")
    with pytest.raises(ValueError, match="names no condition"):
        build("bad", states=["a", "b"], initial="a",
              transitions=[{"trigger": "go", "source": "a", "dest": "b", "conditions": "nope"}],
              roles={"a": "attacker", "b": "none"}, commands={"Go": "go"}, rule="X")
    with pytest.raises(ValueError, match="is not one of"):
        build("bad", states=["a"], initial="a", transitions=[], roles={"a": "kibitzer"}, commands={}, rule="X")
