"""AS-RET.3 read with AS-MOVE.1: a retreat is movement, so crossing a bridge, or taking a road into terrain the
unit's class may not enter, needs Travel Mode there as it does for the assault (docs/rulings.md, Retreat). A
towed anti-tank gun goes into Travel Mode to retreat (AS-SRR.2) and moves as one that travels.
INVENTED map, terrain and units (tests/assault/assault_helpers.py: a marsh is closed to armour)."""
from __future__ import annotations

from turnlog import commands as c

from assault_helpers import beaten, u
from helpers import refused

DEF = dict(assault=0, defence=100)
BRIDGE = {"a": "0302", "b": "0403", "river": True, "bridge": True}
ROAD = {"a": "0302", "b": "0403", "road": True}


def retreat(unit: str = "e1", to: str = "0403"):
    return c.RetreatAssaultUnits(procedure="S1", retreats=[c.Retreat(unit=unit, to=to)])


def test_as_ret_3_a_deployed_unit_does_not_retreat_over_a_bridge(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e1", "0302", **DEF)], hexsides=[BRIDGE])
    assert "AS-MOVE.1" in str(refused(g, retreat(), "AS-RET.3"))


def test_as_ret_3_a_unit_in_travel_mode_retreats_over_the_bridge(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e1", "0302", mode="travel", **DEF)], hexsides=[BRIDGE])
    g.execute(retreat())
    assert g.state.units["e1"].hex == "0403"


def test_as_ret_3_deployed_armour_does_not_take_the_road_into_a_marsh(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e1", "0302", cls="armour", **DEF)], "0403:marsh", hexsides=[ROAD])
    refused(g, retreat(), "AS-RET.3")


def test_as_ret_3_armour_in_travel_mode_takes_the_road_into_the_marsh(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e1", "0302", cls="armour", mode="travel", **DEF)], "0403:marsh",
               hexsides=[ROAD])
    g.execute(retreat())
    assert g.state.units["e1"].hex == "0403"


def test_as_srr_2_a_towed_at_gun_retreats_over_the_bridge_in_travel_mode(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e2", "0302", travel_only=1, at_gun=1, **DEF)], hexsides=[BRIDGE])
    g.execute(retreat("e2"))
    e2 = g.state.units["e2"]
    assert (e2.hex, e2.mode) == ("0403", "travel")
