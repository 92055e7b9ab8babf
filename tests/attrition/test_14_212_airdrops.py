"""14.212: an airdropped pocket holding only airborne/Chindit units joins the zone it dropped from.

Position: the Allied zone 0404-0405 (us-1 in 0405); the Axis hex 0406; the
Allied pocket 0407 beyond it, where an airborne unit landed from 0405 last
player turn; ge-2 in 0408 touches only the pocket.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, MarkAirdropped, StartPhase, StartPlayerTurn

from helpers import hexes, new_game, refused, scenario, unit

MAIN = "WA/western/0404"


def position(pocket_units, pocket_front="western", active="AX"):
    hx = hexes("0404:WA 0405:WA 0406:AX 0407:WA 0408:AX")
    hx[3]["front"] = pocket_front
    units = [unit("us-1", "US", "0405", 3), unit("ge-1", "GE", "0406", 3), unit("ge-2", "GE", "0408", 4),
             *pocket_units]
    return scenario(hx, units, active=active)


def zones_of(g):
    return sorted(z.hexes for z in g.state.zones.values() if z.faction == "WA")


@pytest.mark.parametrize("type_", ["airborne", "chindit"])
def test_14_212_pocket_joins_the_zone_it_dropped_from(tmp_path, type_):
    g = new_game(tmp_path, position([unit("us-ab", "US", "0407", 1, type_, airdropped_from="0405")]))
    assert zones_of(g) == [["0404", "0405", "0407"]]
    assert g.state.zones[MAIN].airdrop_hexes == ["0407"]


def test_14_212_the_pocket_is_attritioned_with_its_zone_in_one_roll(tmp_path):
    g = new_game(tmp_path, position([unit("us-ab", "US", "0407", 1, "airborne", airdropped_from="0405")]))
    g.execute(BeginAttrition(attacker="AX", zone=MAIN))
    p = g.state.attritions["A1"]
    assert (p.units, p.contact) == (["ge-1", "ge-2"], ["us-1", "us-ab"])


def test_14_212_other_friendly_ground_units_keep_the_pocket_apart(tmp_path):
    g = new_game(tmp_path, position([unit("us-ab", "US", "0407", 1, "airborne", airdropped_from="0405"),
                                     unit("us-2", "US", "0407", 3)]))
    assert zones_of(g) == [["0404", "0405"], ["0407"]]
    # ge-2 touches only the pocket, which is now a zone of its own: nothing of it counts against MAIN.
    refused(g, BeginAttrition(attacker="AX", zone=MAIN, exclude=["ge-1"]), "14.21")


def test_14_212_units_that_did_not_airdrop_keep_the_pocket_apart(tmp_path):
    g = new_game(tmp_path, position([unit("us-ab", "US", "0407", 1, "airborne")]))
    assert zones_of(g) == [["0404", "0405"], ["0407"]]


def test_14_212_non_airborne_unit_flagged_as_dropped_keeps_the_pocket_apart(tmp_path):
    g = new_game(tmp_path, position([unit("us-2", "US", "0407", 3, airdropped_from="0405")]))
    assert zones_of(g) == [["0404", "0405"], ["0407"]]


def test_14_212_pocket_on_another_front_keeps_apart(tmp_path):
    g = new_game(tmp_path, position([unit("us-ab", "US", "0407", 1, "airborne", airdropped_from="0405")],
                                    pocket_front="mediterranean"))
    assert zones_of(g) == [["0404", "0405"], ["0407"]]


def test_14_212_drop_reported_in_the_allied_turn_joins_at_the_axis_turn_then_lapses(tmp_path):
    g = new_game(tmp_path, position([unit("us-ab", "US", "0407", 1, "airborne")], active="WA"))
    g.execute(MarkAirdropped(unit="us-ab", from_hex="0405"))
    assert zones_of(g) == [["0404", "0405"], ["0407"]]  # the Allies' zones were fixed before the drop
    g.execute(StartPhase(phase="end"))
    g.execute(StartPlayerTurn(faction="AX"))
    assert zones_of(g) == [["0404", "0405", "0407"]]
    g.execute(StartPlayerTurn(faction="WA"))
    assert zones_of(g) == [["0404", "0405"], ["0407"]]
