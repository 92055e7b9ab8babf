"""11.16.5-R3 (reading W13): a corps pays 1 casualty point, a division or a gun 1/2; a corps may pay the half
a division left open; a side with fewer points than owed loses everything it has in the combat."""
from __future__ import annotations

from fractions import Fraction

import pytest

from turnlog.engine.errors import RuleViolation
from turnlog.engine.wif import r3_casualties as r3
from turnlog.events import wif_losses as w

from wif_loss_helpers import named, position, take, u


def refused(state, side, units, rule="11.16.5-R3"):
    with pytest.raises(RuleViolation) as err:
        take(state, side, units)
    assert err.value.rule == rule
    return err.value


def test_r3_points_by_size_and_guns():
    state, _ = position([u("a1", "INF"), u("a2", "INF", "division"), u("a3", "ART", ""), u("a4", "MECH", "gun")])
    assert [r3.points(state.units[x]) for x in ("a1", "a2", "a3", "a4")] == [1, Fraction(1, 2), Fraction(1, 2),
                                                                            Fraction(1, 2)]


def test_a_corps_pays_a_one():
    state, _ = position([u("a1", "INF"), u("a2", "INF", "division"), u("d1", "INF")], att_loss="1")
    ev = take(state, "attacker", ["a1"])
    assert named(ev, w.LandCombatLossesTaken)[0].cp == "1"


def test_two_divisions_pay_a_one():
    state, _ = position([u("a1", "INF", "division"), u("a2", "INF", "division"), u("a3", "INF")], att_loss="1")
    assert named(take(state, "attacker", ["a1", "a2"]), w.LandCombatLossesTaken)[0].cp == "1"


def test_r3_the_only_division_lost_takes_a_corps_with_it():
    state, _ = position([u("a1", "INF", "division"), u("a2", "INF"), u("a3", "MECH")], att_loss="1")
    refused(state, "attacker", ["a1"])  # half a point is not a 1
    ev = take(state, "attacker", ["a1", "a3"])
    assert named(ev, w.LandCombatLossesTaken)[0].cp == "3/2"


def test_no_loss_after_the_result_is_paid():
    state, _ = position([u("a1", "INF", "division"), u("a2", "INF"), u("a3", "MECH")], att_loss="1")
    err = refused(state, "attacker", ["a2", "a1"])
    assert "no more than is needed" in err.message
    refused(state, "attacker", ["a2", "a3"])


def test_a_lone_division_is_simply_destroyed():
    state, _ = position([u("a1", "INF", "division"), u("d1", "INF")], att_loss="1")
    ev = take(state, "attacker", ["a1"])
    assert named(ev, w.LandCombatLossesTaken)[0] == w.LandCombatLossesTaken(
        procedure="L1", side="attacker", units=["a1"], cp="1/2", shortfall="1/2")


def test_a_side_short_of_points_loses_everything():
    state, _ = position([u("d1", "INF"), u("d2", "INF", "division"), u("a1", "INF")], def_loss="3")
    refused(state, "defender", ["d1"])
    ev = take(state, "defender", ["d1", "d2"])
    assert named(ev, w.LandCombatLossesTaken)[0].shortfall == "3/2"
