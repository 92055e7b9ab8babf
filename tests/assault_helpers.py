"""Positions for the Panzer Campaigns assault tests (reading notes §2, ids AS-*). INVENTED maps, units,
ratings and terrain costs, from no game: no commercial values.

The grid is odd-q (engine/hexgrid.py): 0202 touches 0101 0102 0201 0203 0301 0302; 0302 touches 0202
0203 0301 0303 0402 0403. AX (GE units) is the active side; WA (US units, ids starting with 'e') defends.
"""
from __future__ import annotations

import turnlog
from turnlog.engine.assault import procedure as _assault

from helpers import new_game, scenario
from war_helpers import grid

turnlog.register_kind(_assault.KIND)  # not registered by default until it can be resolved (engine/procedures.py)

#: INVENTED terrain types: a village costs infantry 3 to enter, armour 4; a marsh is closed to armour.
TERRAIN = [
    {"id": "village", "move_cost": {"infantry": 3, "armour": 4}},
    {"id": "marsh", "move_cost": {"infantry": 6}, "prohibited_classes": ["armour"]},
    {"id": "heath", "move_cost": {"infantry": 8}},
]


def u(uid: str, hex_: str, *, assault: int = 4, ma: int = 9, left: int | None = None, mode: str = "deployed",
      cls: str = "infantry", markers=(), fatigue: int = 0, **ratings) -> dict:
    """A unit with INVENTED ratings: GE (AX) unless its id starts with 'e' (a US unit of WA)."""
    nat = "US" if uid.startswith("e") else "GE"
    return {"id": uid, "nationality": nat, "hex": hex_, "factors": 1, "unit_class": cls, "mode": mode,
            "markers": list(markers), "fatigue": fatigue, "strength": 100, "strength_kind": "men",
            "movement_allowance": ma, "movement_left": ma if left is None else left,
            "ratings": {"assault": assault, **ratings}}


def game(tmp_path, units: list[dict], spec: str = "", hexsides=(), active: str = "AX"):
    """A new game in AX's movement phase of turn 1 on a 5x5 INVENTED map."""
    sc = scenario(grid(spec), units, hexsides=list(hexsides), terrain_types=TERRAIN, active=active,
                  rules={"procedures": ["attrition", "assault"]})
    g = new_game(tmp_path, sc)
    return g


def proc(g, pid: str = "S1"):
    return g.state.kinds["assault"].procedures[pid]
