"""14.23E: no count for units touching only partisans, flak, non-ground units or units they may not attack.

Position: the Italian unit in 0404 touches only the Allied hex 0405, whose
occupants vary. Restrictions are scenario data (attacker nationality may not
attack defender nationality).
"""
from __future__ import annotations

import pytest

from turnlog.engine.attrition import r14_2_zones as zones
from turnlog.engine.commands import BeginAttrition

from helpers import hexes, new_game, refused, scenario, unit


def game_of(tmp_path, occupants, attackers=None, restrictions=()):
    attackers = attackers or [unit("it-1", "IT", "0404", 4)]
    return new_game(tmp_path, scenario(hexes("0404:AX 0405:WA 0406:WA"), [*attackers, *occupants],
                                       restrictions=list(restrictions)))


ZONE = "WA/western/0405"


@pytest.mark.parametrize("type_", ["partisan", "flak", "air", "naval"])
def test_14_23e_touching_only_non_attritionable_units_refused(tmp_path, type_):
    g = game_of(tmp_path, [unit("us-x", "US", "0405", 1, type_)])
    assert zones.count(g.state, "AX", g.state.zones[ZONE]).refused == {"it-1": "14.23E"}
    err = refused(g, BeginAttrition(attacker="AX", zone=ZONE), "14.21")
    assert "it-1 by 14.23E" in err.message


@pytest.mark.parametrize("type_", ["partisan", "flak", "air", "naval"])
def test_14_23e_such_units_beside_a_ground_unit_allowed_and_not_in_contact(tmp_path, type_):
    g = game_of(tmp_path, [unit("us-x", "US", "0405", 1, type_), unit("us-1", "US", "0405", 3)])
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    assert g.state.attritions["A1"].contact == ["us-1"]


def test_14_23e_touching_only_a_nationality_it_may_not_attack_refused(tmp_path):
    g = game_of(tmp_path, [unit("us-1", "US", "0405", 3)],
                restrictions=[{"attacker": "IT", "defender": "US", "reason": "neutrality"}])
    err = refused(g, BeginAttrition(attacker="AX", zone=ZONE), "14.21")
    assert "it-1 by 14.23E" in err.message


def test_14_23e_restriction_binds_only_the_named_attacking_nationality(tmp_path):
    g = game_of(tmp_path, [unit("us-1", "US", "0405", 3)],
                attackers=[unit("it-1", "IT", "0404", 4), unit("ge-1", "GE", "0404", 5)],
                restrictions=[{"attacker": "IT", "defender": "US"}])
    assert zones.count(g.state, "AX", g.state.zones[ZONE]).refused == {"it-1": "14.23E"}
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    assert (g.state.attritions["A1"].units, g.state.attritions["A1"].factors) == (["ge-1"], 5)


def test_14_23e_restricted_and_attackable_units_together_allowed(tmp_path):
    g = game_of(tmp_path, [unit("us-1", "US", "0405", 3), unit("gb-1", "GB", "0405", 2)],
                restrictions=[{"attacker": "IT", "defender": "US"}])
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    p = g.state.attritions["A1"]
    assert (p.units, p.contact) == (["it-1"], ["gb-1"])  # the US unit it may not attack is not in contact
