"""14.521A: "adjacent to an attritioning Russian ground unit" means adjacent as 14.23C reads it, not across an
impassable (or all-water, no arrow) hexside.

Position as tests/attrition/test_14_521_designations.py, with an impassable hexside between su-a (0303) and 0404, and a
Mongolian unit in 0304 that attritions ge-4 in 0404 across an open side; su-a still counts through 0403.
"""
from __future__ import annotations

import pytest

from helpers import refused, unit
from test_14_521_designations import designate, rolled

IMPASSABLE = [{"a": "0303", "b": "0404", "impassable": True}]
ALL_WATER = [{"a": "0303", "b": "0404", "all_water": True}]


@pytest.mark.parametrize("sides", [IMPASSABLE, ALL_WATER], ids=["impassable", "all-water"])
def test_14_521a_a_russian_only_across_a_closed_hexside_does_not_qualify_the_hex(tmp_path, sides):
    # The audit's probe: 0404 was accepted, its only Russian neighbour being across the closed side.
    g = rolled(tmp_path, extra=[unit("mo-1", "MO", "0304", 2)], hexsides=sides)
    p = g.state.attritions["A1"]
    assert "su-a" in p.units and "ge-4" in p.contact
    err = refused(g, designate(["0404"]), "14.521A")
    assert "0404" in err.message
    g.execute(designate(["0403"]))


def test_14_521a_an_all_water_side_with_a_crossing_arrow_is_adjacent(tmp_path):
    sides = [{"a": "0303", "b": "0404", "all_water": True, "crossing_arrow": True}]
    g = rolled(tmp_path, hexsides=sides)
    g.execute(designate(["0404"]))
