"""14.32: minor allies and associated minors attrition, and are attritioned, with their major's faction.

Nationalities: FI is a minor ally of the Axis; BG is associated with it (status
"associated", faction AX). Position: Axis hex 0404 and its neighbour 0504 face the
Western Allied hex 0405.
"""
from __future__ import annotations


from turnlog.engine.commands import BeginAttrition

from helpers import NATIONALITIES, hexes, new_game, refused, scenario, unit

NATS = NATIONALITIES + [{"id": "BG", "faction": "AX", "ctl": 1, "status": "associated"}]


def position(units, active="AX"):
    return scenario(hexes("0404:AX 0504:AX 0405:WA"), units, nationalities=NATS, active=active)


def test_14_32_minor_and_associated_units_add_to_the_major_factions_level(tmp_path):
    g = new_game(tmp_path, position([unit("ge-1", "GE", "0404", 8), unit("fi-1", "FI", "0404", 2),
                                     unit("bg-1", "BG", "0504", 3), unit("us-1", "US", "0405", 3)]))
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    p = g.state.attritions["A1"]
    assert (p.units, p.factors, p.column) == (["bg-1", "fi-1", "ge-1"], 13, "11-20")


def test_14_32_units_touching_only_a_minor_ally_count_against_the_major_faction(tmp_path):
    g = new_game(tmp_path, position([unit("fi-1", "FI", "0404", 2), unit("bg-1", "BG", "0504", 3),
                                     unit("us-1", "US", "0405", 4)], active="WA"))
    z = next(z for z in g.state.zones.values() if z.faction == "AX")
    g.execute(BeginAttrition(attacker="WA", zone=z.id))
    p = g.state.attritions["A1"]
    assert (p.defender, p.units, p.contact) == ("AX", ["us-1"], ["bg-1", "fi-1"])


def test_14_32_a_minor_ally_cannot_roll_a_second_time_for_its_faction(tmp_path):
    g = new_game(tmp_path, position([unit("ge-1", "GE", "0404", 8), unit("fi-1", "FI", "0504", 2),
                                     unit("us-1", "US", "0405", 3)]))
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405", exclude=["fi-1"]))
    refused(g, BeginAttrition(attacker="AX", zone="WA/western/0405"), "14.13")
