"""14.521G: one loss from each designated loss hex; other losses within three hexes by land; none from
hexes designated for occupation.

Same position as test_14_521_designations (winter, Russians in columns 1-3,
Germans in 0403-0407, die + 4 on the 21-30 column: die 3 = 4C/2H), with German
reserves: ge-near (0605, two hexes from 0405), ge-3h (0705, three), ge-far
(0905, five). The three-hex limit lasts until German preparation reaches 6.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, DesignateWinterHexes, RollAttritionDie, TakeAttritionLosses

from helpers import NATIONALITIES, hexes, new_game, refused, scenario, unit

WINTER = {"russian_winter": {"attacker_nationality": "SU", "axis_nationality": "GE", "exempt_nationalities": ["FI"]}}
RESERVES = [unit("ge-near", "GE", "0605", 3), unit("ge-3h", "GE", "0705", 3), unit("ge-far", "GE", "0905", 3)]


def rolled(tmp_path, die=3, *, ge_prep=1, season="winter", extra=(), hexsides=(), level=6, reserves=RESERVES,
           rules=WINTER):
    hx = hexes(" ".join(f"{c:02d}{r:02d}:{'RU' if c <= 3 else 'AX'}" for c in range(1, 10) for r in range(2, 9)),
               front="eastern", pact_side="east", russian_winter_zone=True)
    units = [unit("su-a", "SU", "0303", 10), unit("su-b", "SU", "0305", 10), unit("su-c", "SU", "0307", 10),
             *(unit(f"ge-{r}", "GE", f"040{r}", 3) for r in range(3, 8)), *reserves, *extra]
    nats = [dict(n, winter_prep=ge_prep) if n["id"] == "GE" else n for n in NATIONALITIES]
    g = new_game(tmp_path, scenario(hx, units, season=season, active="RU", rules=rules, hexsides=list(hexsides),
                                    weather=[{"zone": "W", "winter_level": level}], nationalities=nats))
    g.execute(BeginAttrition(attacker="RU", zone="AX/eastern/0402"))
    g.execute(RollAttritionDie(procedure="A1", value=die))
    return g


def losses(*units):
    return TakeAttritionLosses(procedure="A1", units=list(units))


def designate(ls=(), oc=()):
    return DesignateWinterHexes(procedure="A1", losses=list(ls), occupation=list(oc))


def test_14_521g_one_unit_from_each_designated_loss_hex(tmp_path):
    g = rolled(tmp_path)
    g.execute(designate(["0404", "0406"]))
    err = refused(g, losses("ge-4", "ge-3", "ge-5", "ge-7"), "14.521G")
    assert "0406" in err.message
    g.execute(losses("ge-4", "ge-6", "ge-3", "ge-5"))


def test_14_521g_more_than_one_from_a_designated_loss_hex_allowed(tmp_path):
    g = rolled(tmp_path, extra=[unit("ge-4b", "GE", "0404", 2)])
    g.execute(designate(["0404"]))
    g.execute(losses("ge-4", "ge-4b", "ge-3", "ge-5"))
    assert g.state.units["ge-4b"].eliminated


def test_14_521g_not_from_a_hex_designated_for_occupation(tmp_path):
    g = rolled(tmp_path, extra=[unit("ge-5b", "GE", "0405", 2)])
    g.execute(designate(["0404"], ["0405"]))
    refused(g, losses("ge-4", "ge-5", "ge-3", "ge-6"), "14.521G")
    g.execute(losses("ge-4", "ge-3", "ge-6", "ge-7"))


@pytest.mark.parametrize("uid, ok", [("ge-near", True), ("ge-3h", True), ("ge-far", False)])
def test_14_521g_other_losses_within_three_hexes(tmp_path, uid, ok):
    g = rolled(tmp_path)
    g.execute(designate(["0404"]))
    cmd = losses("ge-4", uid, "ge-3", "ge-5")
    if ok:
        g.execute(cmd)
    else:
        refused(g, cmd, "14.521G")


def test_14_521g_three_hexes_by_land(tmp_path):
    # A wall of impassable hexsides between columns 5 and 6 (open only at row 8) puts ge-near, two hexes
    # from 0405 as the crow flies, far away by land.
    wall = [{"a": f"05{r:02d}", "b": f"06{r + d:02d}", "impassable": True} for r in range(2, 8) for d in (0, 1)]
    g = rolled(tmp_path, hexsides=wall)
    g.execute(designate(["0404"]))
    refused(g, losses("ge-4", "ge-near", "ge-3", "ge-5"), "14.521G")


def test_14_521g_no_limit_once_german_preparation_is_six(tmp_path):
    # Preparation 6: no allowance left (6 - 6), no winter modifier; die 8 - 1 = row 7 = 4C/2H.
    g = rolled(tmp_path, 8, ge_prep=6)
    refused(g, designate(["0404"]), "14.521D")
    g.execute(losses("ge-far", "ge-3", "ge-4", "ge-5"))
    assert g.state.units["ge-far"].eliminated


def test_14_521g_limit_binds_without_designations(tmp_path):
    # Reading (report to docs/rulings.md): the three-hex limit applies to every Russian winter attrition.
    g = rolled(tmp_path)
    refused(g, losses("ge-far", "ge-3", "ge-4", "ge-5"), "14.521G")
    g.execute(losses("ge-3h", "ge-3", "ge-4", "ge-5"))


def test_14_521g_no_limit_outside_winter(tmp_path):
    g = rolled(tmp_path, 3, season="fall", level=0)   # no winter modifier: 3 - 1 = row 2 = 2C
    g.execute(losses("ge-far", "ge-3"))
    assert g.state.units["ge-far"].eliminated


def test_14_521g_shortfall_when_too_few_units_are_within_reach(tmp_path):
    # 5C/3H; 0405 and 0406 are designated for occupation, only ge-far is in reserve: the three units
    # within reach and outside those hexes are all that can be lost; the other two are disregarded.
    g = rolled(tmp_path, 5, reserves=[unit("ge-far", "GE", "0905", 3)])
    g.execute(designate(oc=["0405", "0406"]))
    refused(g, losses("ge-3", "ge-4", "ge-7", "ge-far"), "14.521G")
    refused(g, losses("ge-3", "ge-4"), "14.51")
    g.execute(losses("ge-3", "ge-4", "ge-7"))
    assert g.state.attritions["A1"].shortfall == 2
