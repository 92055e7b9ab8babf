"""14.73: a retreating unit takes the least evil open to it — overstack before an enemy ZoC, a ZoC before
enemy control, enemy control outside a ZoC before inside one, any of them before elimination (14.76).

Position: it-1 (0404, 12 factors) attritions 0504, which holds us-x (3) and us-y (2); die 5 gives 1C/1H,
us-y is lost and it-1 advances, so us-x must retreat. Only the hexes each test defines exist around
0504: 0503 touches it-1 (an enemy ZoC), 0604 and 0605 do not. A hex with stacking_limit 1 and one
American unit is full. The enemy-ZoC reading is the engine's ruling (retreats.enemy_zoc).
"""
from __future__ import annotations

import pytest

from turnlog.events.game import OverstackMarked, UnitRetreated

from retreat_position import go, lose_us_y_and_occupy_0504
from helpers import hexes, new_game, refused, scenario, unit

FULL = {"stacking_limit": 1}


def at_retreat(tmp_path, around, extra=(), *, movers=("us-x",), hexsides=()):
    """``around``: {hex: (controller, extra hex fields)} beside 0504; ``movers``: the displaced units."""
    hx = hexes("0404:AX 0504:WA")
    for hid, (ctrl, more) in around.items():
        hx += [{**hexes(f"{hid}:{ctrl}")[0], **more}]
    units = [unit("it-1", "IT", "0404", 12), unit("us-y", "US", "0504", 2),
             *[unit(u, "US", "0504") for u in movers], *extra]
    g = new_game(tmp_path, scenario(hx, units, hexsides=hexsides))
    return lose_us_y_and_occupy_0504(g)


def retreated(g, cmd):
    return [e for _, e in g.execute(cmd)]


def evils_of(written, uid="us-x"):
    return next(e.evils for e in written if isinstance(e, UnitRetreated) and e.unit == uid)


CLEAN, FULL_HEX = ("WA", {}), ("WA", FULL)
SQUATTER = unit("us-s", "US", "0605")


def test_14_73_a_clean_hex_before_overstacking(tmp_path):
    g = at_retreat(tmp_path, {"0604": CLEAN, "0605": FULL_HEX}, [SQUATTER])
    refused(g, go(("us-x", "0605")), "14.73A")
    assert evils_of(retreated(g, go(("us-x", "0604")))) == []


def test_14_73a_overstack_rather_than_enter_an_enemy_zoc(tmp_path):
    g = at_retreat(tmp_path, {"0605": FULL_HEX, "0503": CLEAN}, [SQUATTER])
    refused(g, go(("us-x", "0503")), "14.73A")
    written = retreated(g, go(("us-x", "0605")))
    assert evils_of(written) == ["14.73A overstacked"]
    assert OverstackMarked(hex="0605", rule="14.74", procedure="A1") in written


def test_14_73a_a_clean_hex_before_an_enemy_zoc(tmp_path):
    g = at_retreat(tmp_path, {"0604": CLEAN, "0503": CLEAN})
    refused(g, go(("us-x", "0503")), "14.73A")
    retreated(g, go(("us-x", "0604")))


def test_14_73b_enemy_zoc_rather_than_an_enemy_controlled_hex(tmp_path):
    g = at_retreat(tmp_path, {"0503": CLEAN, "0604": ("AX", {})})
    refused(g, go(("us-x", "0604")), "14.73B")
    assert evils_of(retreated(g, go(("us-x", "0503")))) == ["14.73B enemy ZoC"]


def test_14_73b_even_an_overstacked_zoc_rather_than_an_enemy_controlled_hex(tmp_path):
    g = at_retreat(tmp_path, {"0503": FULL_HEX, "0604": ("AX", {})}, [unit("us-s", "US", "0503")])
    refused(g, go(("us-x", "0604")), "14.73B")
    assert evils_of(retreated(g, go(("us-x", "0503")))) == ["14.73B enemy ZoC", "14.73A overstacked"]


def test_14_73c_enemy_controlled_outside_a_zoc_rather_than_inside_one(tmp_path):
    g = at_retreat(tmp_path, {"0503": ("AX", {}), "0604": ("AX", {})})
    refused(g, go(("us-x", "0503")), "14.73C")
    assert evils_of(retreated(g, go(("us-x", "0604")))) == ["14.73C enemy-controlled hex"]


def test_14_73c_enemy_controlled_in_a_zoc_rather_than_elimination(tmp_path):
    g = at_retreat(tmp_path, {"0503": ("AX", {})})
    refused(g, go(("us-x", "")), "14.76")
    assert evils_of(retreated(g, go(("us-x", "0503")))) == ["14.73C enemy-controlled hex", "14.73B enemy ZoC"]


@pytest.mark.parametrize("around, extra", [
    ({"0604": CLEAN}, []), ({"0605": FULL_HEX}, [SQUATTER]), ({"0503": CLEAN}, []), ({"0604": ("AX", {})}, []),
], ids=["clean", "overstack", "zoc", "enemy-controlled"])
def test_14_73_any_retreat_rather_than_elimination(tmp_path, around, extra):
    g = at_retreat(tmp_path, around, extra)
    refused(g, go(("us-x", "")), "14.76")


def test_14_73_judged_with_the_other_retreats_in_place(tmp_path):
    # 0604 has room for one: the second unit must overstack it rather than enter the ZoC of 0503.
    g = at_retreat(tmp_path, {"0604": FULL_HEX, "0503": CLEAN}, movers=("us-x", "us-x2"))
    refused(g, go(("us-x", "0604"), ("us-x2", "0503")), "14.73A")
    written = retreated(g, go(("us-x", "0604"), ("us-x2", "0604")))
    assert evils_of(written, "us-x2") == ["14.73A overstacked"]
    assert [e.hex for e in written if isinstance(e, OverstackMarked)] == ["0604"]


@pytest.mark.parametrize("neighbour", [
    unit("ge-par", "GE", "0705", 2, "partisan"), unit("ge-0", "GE", "0705", 0),
    unit("ge-air", "GE", "0705", 5, "air", range=4),
], ids=["partisan", "no-factors", "air"])
def test_14_73_enemy_zoc_ruling_units_that_project_none(tmp_path, neighbour):
    g = at_retreat(tmp_path, {"0604": CLEAN, "0605": CLEAN, "0705": ("AX", {})}, [neighbour])
    assert evils_of(retreated(g, go(("us-x", "0605")))) == []


def test_14_73_enemy_zoc_ruling_a_ground_unit_with_factors_projects_one(tmp_path):
    g = at_retreat(tmp_path, {"0604": CLEAN, "0605": CLEAN, "0705": ("AX", {})}, [unit("ge-1", "GE", "0705", 1)])
    refused(g, go(("us-x", "0605")), "14.73A")


def test_14_73_enemy_zoc_ruling_not_across_an_impassable_hexside(tmp_path):
    g = at_retreat(tmp_path, {"0604": CLEAN, "0605": CLEAN, "0705": ("AX", {})}, [unit("ge-1", "GE", "0705", 1)],
                   hexsides=[{"a": "0605", "b": "0705", "impassable": True}])
    assert evils_of(retreated(g, go(("us-x", "0605")))) == []
