"""11.16.5-R4a-d: the attacker's first loss after a blitz he chose, an invasion, a paradrop, an ENG's ability.
Reading W12: only attacking land units with ARM points count for R4a, and the constraint lapses with none left."""
from __future__ import annotations

import pytest

from turnlog.engine.errors import RuleViolation
from turnlog.events import wif_losses as w

from wif_loss_helpers import named, position, take, u

LAND = [u("a1", "ARM"), u("a2", "INF"), u("a3", "MAR"), u("a4", "INF", "division"), u("a5", "PARA", "division"),
        u("a6", "ENG", "division"), u("d1", "INF")]


def first_refused(state, units, rule):
    with pytest.raises(RuleViolation) as err:
        take(state, "attacker", units)
    assert err.value.rule == rule, err.value
    return err.value


def test_r4a_blitz_chosen_by_the_attacker_costs_an_arm_contributor_first():
    state, _ = position(LAND, att_loss="1", chooser="attacker", table="blitz", arm_contributors=["a1"])
    err = first_refused(state, ["a2"], "11.16.5-R4a")
    assert "a1" in err.message
    assert named(take(state, "attacker", ["a1"]), w.LandCombatLossesTaken)[0].first == "11.16.5-R4a"


@pytest.mark.parametrize("chooser,table", [("defender", "blitz"), ("attacker", "assault")])
def test_r4a_not_when_the_defender_chose_or_the_table_is_assault(chooser, table):
    state, _ = position(LAND, att_loss="1", chooser=chooser, table=table, arm_contributors=["a1"])
    assert named(take(state, "attacker", ["a2"]), w.LandCombatLossesTaken)[0].first == ""


def test_r4a_lapses_when_no_contributor_is_left():
    state, _ = position(LAND, att_loss="1", chooser="attacker", table="blitz", arm_contributors=["tb1"])
    assert named(take(state, "attacker", ["a2"]), w.LandCombatLossesTaken)[0].first == ""


def test_r4b_a_marine_first_when_one_invaded():
    state, _ = position(LAND, att_loss="1", invaders=["a3", "a2"])
    first_refused(state, ["a2"], "11.16.5-R4b")
    assert named(take(state, "attacker", ["a3"]), w.LandCombatLossesTaken)[0].first == "11.16.5-R4b"


def test_r4b_any_invader_when_no_marine_invaded():
    state, _ = position(LAND, att_loss="1", invaders=["a2", "a4"])
    first_refused(state, ["a1"], "11.16.5-R4b")
    take(state, "attacker", ["a2"])


def test_r4c_a_para_first_after_a_paradrop():
    state, _ = position(LAND, att_loss="1", paradropped=["a5"])
    first_refused(state, ["a2"], "11.16.5-R4c")
    ev = take(state, "attacker", ["a5", "a4"])  # the PARA division meets it; another half pays the rest
    assert named(ev, w.LandCombatLossesTaken)[0].first == "11.16.5-R4c"


def test_r4d_the_eng_first_when_it_used_an_ability():
    state, _ = position(LAND, att_loss="1", eng_used=["a6"])
    first_refused(state, ["a2"], "11.16.5-R4d")
    take(state, "attacker", ["a6", "a2"])


def test_no_constraint_on_the_defenders_losses():
    state, _ = position(LAND, def_loss="1", att_loss="1", chooser="attacker", table="blitz",
                        arm_contributors=["a1"])
    take(state, "defender", ["d1"])
