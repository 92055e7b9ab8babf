"""11.16.5-R2: a numeric part of the cell costs that side land units, and each owner picks his own."""
from __future__ import annotations

import pytest

from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.events import wif_losses as w
from turnlog.events.game import UnitEliminated

from wif_loss_helpers import named, position, take, u

UNITS = [u("a1", "INF"), u("a2", "INF"), u("d1", "INF"), u("d2", "MECH")]


def test_r2_each_owner_picks_any_of_his_units_and_they_are_destroyed():
    state, _ = position(UNITS, att_loss="1", def_loss="1")
    ev = take(state, "defender", ["d2"])
    assert named(ev, w.LandCombatLossesTaken) == [w.LandCombatLossesTaken(procedure="L1", side="defender",
                                                                           units=["d2"], cp="1")]
    assert [e.unit for e in named(ev, UnitEliminated)] == ["d2"]
    assert named(ev, UnitEliminated)[0].rule == "11.16.5-R2"
    assert state.units["d2"].eliminated and not state.units["d1"].eliminated
    take(state, "attacker", ["a2"])
    assert state.kinds["wif"].procedures["L1"].settled == ["defender", "attacker"]


@pytest.mark.parametrize("part", ["", "-", "R"])
def test_r2_a_part_that_is_not_a_number_costs_no_unit(part):
    state, _ = position(UNITS, att_loss=part, def_loss="1")
    with pytest.raises(RuleViolation) as err:
        take(state, "attacker", ["a1"])
    assert err.value.rule == "11.16.5-R2"


def test_only_the_sides_own_units_in_the_combat():
    state, _ = position(UNITS, att_loss="1", def_loss="1")
    with pytest.raises(RuleViolation) as err:
        take(state, "attacker", ["d1"])
    assert err.value.rule == "11.16.5-R2" and "not one of the attacker's units" in err.value.message
    with pytest.raises(CommandError, match='no unit "zz"'):
        take(state, "attacker", ["zz"])
    with pytest.raises(CommandError, match="side"):
        take(state, "both", ["a1"])


def test_a_side_takes_its_losses_once():
    state, _ = position(UNITS, att_loss="1", def_loss="1")
    take(state, "defender", ["d1"])
    with pytest.raises(RuleViolation) as err:
        take(state, "defender", ["d2"])
    assert err.value.rule == "11.16.5-R2" and "already taken" in err.value.message
