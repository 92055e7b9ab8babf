"""14.13: the refusal of a second attrition on a zone says how far the first one got.

A first attrition that was only begun (counted, never rolled) is not reported as "already rolled".
Position as tests/attrition/test_14_13_one_roll_per_zone.py.
"""
from __future__ import annotations

from turnlog.engine.commands import BeginAttrition, RollAttritionDie

from helpers import refused
from test_14_13_one_roll_per_zone import SOUTH


def test_14_13_begun_but_not_rolled(two_zones):
    two_zones.execute(BeginAttrition(attacker="AX", zone=SOUTH, exclude=["it-2"]))
    err = refused(two_zones, BeginAttrition(attacker="AX", zone=SOUTH), "14.13")
    assert "rolled against" not in err.message
    assert "A1" in err.message and "not yet rolled" in err.message and "roll A1" in err.message


def test_14_13_rolled(two_zones):
    two_zones.execute(BeginAttrition(attacker="AX", zone=SOUTH, exclude=["it-2"]))
    two_zones.execute(RollAttritionDie(procedure="A1", value=0))
    err = refused(two_zones, BeginAttrition(attacker="AX", zone=SOUTH), "14.13")
    assert err.message == f"AX already rolled against {SOUTH} this turn (A1, die 0)"
