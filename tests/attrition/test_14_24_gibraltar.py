"""14.24: Gibraltar is on the Mediterranean front; the engine reads it from the hex's `front` field.

Position: Gibraltar (0405, Allied, front "mediterranean") touches Allied Spain-side
hexes of the western front (0404, 0406). It is a zone of its own.
"""
from __future__ import annotations

from turnlog.engine.commands import BeginAttrition

from helpers import hexes, new_game, scenario, unit


def test_14_24_gibraltar_is_a_mediterranean_zone_of_its_own(tmp_path):
    hx = hexes("0404:WA 0405:WA 0406:WA 0504:AX")
    hx[1].update(front="mediterranean", features=[{"kind": "port", "name": "Gibraltar"}])
    g = new_game(tmp_path, scenario(hx, [unit("gb-1", "GB", "0405", 1), unit("us-1", "US", "0404", 3),
                                         unit("ge-1", "GE", "0504", 4)]))
    z = {z.id: z.hexes for z in g.state.zones.values() if z.faction == "WA"}
    assert z == {"WA/mediterranean/0405": ["0405"], "WA/western/0404": ["0404"], "WA/western/0406": ["0406"]}
    # ge-1 in 0504 touches Gibraltar and 0404: the Mediterranean attrition holds only the Gibraltar garrison.
    g.execute(BeginAttrition(attacker="AX", zone="WA/mediterranean/0405"))
    assert g.state.attritions["A1"].contact == ["gb-1"]
