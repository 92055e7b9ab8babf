"""EX-R, the results text's worked example: two INF divisions invade beside an overland MECH; the attacker
chose blitz and suffers a 1. The defender may name the ARM contributors (the MECH goes) or the invaders (a
division meets the constraint and the other half is paid by the other division or a corps, K1b)."""
from __future__ import annotations

import pytest

from turnlog.engine.errors import RuleViolation
from turnlog.events import wif_losses as w
from turnlog.events.game import UnitEliminated

from wif_loss_helpers import designate, named, position, take, u

UNITS = [u("a-mech", "MECH"), u("a-inf1", "INF", "division"), u("a-inf2", "INF", "division"),
         u("a-art", "ART", "gun"), u("a-inf3", "INF"), u("d1", "INF")]


def example():
    return position(UNITS, att_loss="1", chooser="attacker", table="blitz", arm_contributors=["a-mech"],
                    invaders=["a-inf1", "a-inf2"], in_supply={"a-mech": True, "a-inf3": True},
                    retreat_route={"a-mech": True, "a-inf3": True})


def test_the_defender_names_arm_and_the_mech_is_lost():
    state, _ = example()
    designate(state, "arm")
    with pytest.raises(RuleViolation) as err:
        take(state, "attacker", ["a-inf1", "a-inf2"])
    assert err.value.rule == "11.16.5-R4a"
    ev = take(state, "attacker", ["a-mech"])
    assert [e.unit for e in named(ev, UnitEliminated)] == ["a-mech"]


def test_the_defender_names_the_invaders_and_a_corps_pays_the_other_half():
    state, _ = example()
    designate(state, "invasion")
    with pytest.raises(RuleViolation) as err:
        take(state, "attacker", ["a-mech"])
    assert err.value.rule == "11.16.5-R4b"
    ev = take(state, "attacker", ["a-inf1", "a-inf3"])
    assert named(ev, w.LandCombatLossesTaken)[0].cp == "3/2"
    assert named(ev, w.KampfgruppeFormed) == [w.KampfgruppeFormed(procedure="L1", unit="a-inf3", pool="AX-repair",
                                                                  rule="11.16.5-K1b")]


def test_the_defender_names_the_invaders_and_the_other_division_pays():
    state, _ = example()
    designate(state, "invasion")
    ev = take(state, "attacker", ["a-inf2", "a-inf1"])
    assert named(ev, w.LandCombatLossesTaken)[0].cp == "1" and not named(ev, w.KampfgruppeFormed)
