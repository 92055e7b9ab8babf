"""14.62A: a hex without a non-partisan defending ground unit may not be selected; partisans are ignored.

Position: Italians in 0404 touch 0503 and 0504 (American zone); the loss comes from the rear hex 0604.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, Retreat, RetreatUnits, RollAttritionDie, SelectOccupation, \
    TakeAttritionLosses
from turnlog.events.attrition import Selection

from helpers import hexes, new_game, refused, scenario, unit

BOARD = "0403:AX 0404:AX 0405:AX 0503:WA 0504:WA 0505:WA 0603:WA 0604:WA 0605:WA"


def at_select(tmp_path, in_0503, board=BOARD, rules=None):
    units = [unit("it-1", "IT", "0404", 12), unit("us-1", "US", "0504"), unit("us-rear", "US", "0604"), *in_0503]
    g = new_game(tmp_path, scenario(hexes(board), units, rules=rules))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=5))  # 1C/1H
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-rear"]))
    return g


def select(h):
    return SelectOccupation(procedure="A1", selections=[Selection(hex=h, units=["it-1"])])


@pytest.mark.parametrize("in_0503", [
    [],                                                        # empty
    [unit("us-par", "US", "0503", 1, "partisan")],             # partisans are ignored
    [unit("us-flak", "US", "0503", 1, "flak")],                # flak is not a ground unit
    [unit("us-air", "US", "0503", 4, "air", range=4), unit("us-navy", "US", "0503", 2, "naval", range=4)],
], ids=["empty", "partisan", "flak", "air-naval"])
def test_14_62a_hex_without_a_non_partisan_ground_unit_refused(tmp_path, in_0503):
    g = at_select(tmp_path, in_0503)
    refused(g, select("0503"), "14.62A")
    g.execute(select("0504"))  # the control: a hex with an American infantry unit
    assert g.state.attritions["A1"].phase == "retreat"


def test_14_62a_partisan_with_a_ground_unit_does_not_protect_the_hex(tmp_path):
    # Whether the partisan then retreats is tests/attrition/test_14_61_partisans_ignored.py.
    g = at_select(tmp_path, [unit("us-par", "US", "0503", 1, "partisan"), unit("us-2", "US", "0503", 2)])
    g.execute(select("0503"))
    assert g.state.attritions["A1"].phase == "retreat"


def test_14_62a_hex_of_the_zone_emptied_by_losses_refused(tmp_path):
    # The loss came from 0604, which it-2 (0704) attritioned too; it holds nothing now.
    g = at_select(tmp_path, [unit("it-2", "IT", "0704", 2)], board=BOARD + " 0704:AX")
    assert "it-2" in g.state.attritions["A1"].units
    refused(g, SelectOccupation(procedure="A1", selections=[Selection(hex="0604", units=["it-2"])]), "14.62A")
