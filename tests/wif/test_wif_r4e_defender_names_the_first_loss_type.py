"""11.16.5-R4e: with two or more first-loss constraints the defender names the type; the attacker then picks the
unit of that type and every later loss. A division of the type meets it."""
from __future__ import annotations

import pytest

from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.wif import r4_first_loss as r4
from turnlog.events import wif_losses as w

from wif_loss_helpers import designate, position, take, u

UNITS = [u("a1", "MECH"), u("a2", "INF", "division"), u("a3", "INF", "division"), u("a4", "MAR"),
         u("a5", "ENG", "division"), u("d1", "INF")]


def two(**kw):
    return position(UNITS, att_loss="1", chooser="attacker", table="blitz", arm_contributors=["a1"],
                    invaders=["a2", "a3"], **kw)


def rule_of(fn, *args):
    with pytest.raises(RuleViolation) as err:
        fn(*args)
    return err.value.rule


def test_r4e_the_attacker_waits_for_the_defender_to_name_the_type():
    state, combat = two()
    assert r4.must_designate(state, combat)
    assert rule_of(take, state, "attacker", ["a1"]) == "11.16.5-R4e"
    assert designate(state, "arm") == [w.FirstLossTypeDesignated(procedure="L1", kind="arm")]
    assert not r4.must_designate(state, combat)
    take(state, "attacker", ["a1"])


def test_the_defender_names_only_a_type_that_applies():
    state, _ = two()
    assert rule_of(designate, state, "para") == "11.16.5-R4c"
    assert rule_of(designate, state, "eng") == "11.16.5-R4d"
    with pytest.raises(CommandError, match="kind"):
        designate(state, "tanks")


def test_r4e_naming_once_and_only_when_several_apply():
    state, _ = position(UNITS, att_loss="1", chooser="attacker", table="blitz", arm_contributors=["a1"])
    assert rule_of(designate, state, "arm") == "11.16.5-R4e"  # only R4a applies: nothing to name
    state, _ = two()
    designate(state, "invasion")
    assert rule_of(designate, state, "arm") == "11.16.5-R4e"


def test_nothing_to_name_when_the_attacker_owes_nothing():
    state, _ = position(UNITS, att_loss="-", def_loss="1", chooser="attacker", table="blitz",
                        arm_contributors=["a1"], invaders=["a2"])
    assert rule_of(designate, state, "arm") == "11.16.5-R4e"


def test_three_constraints_the_eng_named():
    state, _ = two(eng_used=["a5"])
    designate(state, "eng")
    assert rule_of(take, state, "attacker", ["a1"]) == "11.16.5-R4d"
    take(state, "attacker", ["a5", "a2"])
