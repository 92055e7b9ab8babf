"""Positions for the Wacht am Rhein II designation tests (rule 9). INVENTED maps and units, from no game.

The grid is odd-q (engine/hexgrid.py): 0202 touches 0101 0102 0201 0203 0301 0302; 0302 touches 0202
0203 0301 0303 0402 0403. AX is the active side, in its combat phase; WA defends.
"""
from __future__ import annotations

from turnlog import commands as c

from helpers import new_game, scenario

#: INVENTED terrain types: woods cover (9.1.1a), a gorge is constricted (9.2.4) and closed to vehicles
#: in movement (9.1.3), a marsh is closed to armour.
TERRAIN = [
    {"id": "woods", "war": {"covering": True, "defence": 2}},
    {"id": "gorge", "war": {"constricted": True, "defence": 3}, "prohibited_classes": ["vehicle"]},
    {"id": "marsh", "prohibited_classes": ["armour"]},
]


def grid(spec: str = "", size: int = 5) -> list[dict]:
    """A size x size map of clear hexes; ``spec`` overrides 'CCRR:terrain[:feature]' tokens."""
    extra = {}
    for tok in spec.split():
        hid, terrain, *feat = tok.split(":")
        extra[hid] = (terrain, feat)
    out = []
    for col in range(1, size + 1):
        for row in range(1, size + 1):
            hid = f"{col:02d}{row:02d}"
            h = {"id": hid, "col": col, "row": row, "front": "western", "weather_zone": "W", "controller": "AX"}
            terrain, feat = extra.get(hid, ("clear", []))
            h["terrain"] = terrain
            if feat:
                h["features"] = [{"kind": f} for f in feat]
            out.append(h)
    return out


def u(uid: str, hex_: str, *, nat: str = "", size: str = "battalion", mode: str = "tactical",
      cls: str = "infantry") -> dict:
    """A unit: AX (German) unless ``nat`` says otherwise, or an id starting with 'e' (a US unit)."""
    nat = nat or ("US" if uid.startswith("e") else "GE")
    return {"id": uid, "nationality": nat, "hex": hex_, "factors": 3, "size": size, "mode": mode,
            "unit_class": cls}


def position(units: list[dict], spec: str = "", hexsides=(), edition: int = 0, terrain_types=TERRAIN):
    """``edition``: 0 the current rulings edition; an older one plays as games created then (docs/rulings.md)."""
    rules = {"procedures": ["attrition", "designation"], **({"edition": edition} if edition else {})}
    return scenario(grid(spec), units, hexsides=list(hexsides), terrain_types=terrain_types, rules=rules,
                    turn={"turn": 1, "season": "winter", "year": 1944, "active": "AX", "phase": "combat"})


def game(tmp_path, units: list[dict], spec: str = "", hexsides=(), edition: int = 0, terrain_types=TERRAIN,
         **begin):
    """A new game at the start of AX's combat phase, with C1 opened."""
    g = new_game(tmp_path, position(units, spec, hexsides, edition, terrain_types))
    g.execute(c.BeginAttackDesignation(**begin))
    return g


def proc(g, pid: str = "C1"):
    return g.state.kinds["designation"].procedures[pid]


def to_assaults(g, *designate: str, pid: str = "C1") -> None:
    """Designate ``designate``, end the designation and barrage segments."""
    if designate:
        g.execute(c.DesignateAttackers(procedure=pid, units=list(designate)))
    g.execute(c.EndAttackDesignation(procedure=pid))
    g.execute(c.StartGroundAssaultSegment(procedure=pid))
