"""Positions for the Panzer Campaigns assault tests (reading notes §2, ids AS-*). INVENTED maps, units,
ratings and terrain costs, from no game: no commercial values.

The grid is odd-q (engine/hexgrid.py): 0202 touches 0101 0102 0201 0203 0301 0302; 0302 touches 0202
0203 0301 0303 0402 0403. AX (GE units) is the active side; WA (US units, ids starting with 'e') defends.
"""
from __future__ import annotations

import turnlog
from turnlog import commands as c
from turnlog.engine.assault import procedure as _assault

from helpers import NATIONALITIES, new_game, scenario
from war_helpers import grid

turnlog.register_kind(_assault.KIND)  # registered by default (engine/kinds.py): again changes nothing

#: INVENTED terrain types: a village costs infantry 3 to enter, armour 4; a marsh is closed to armour.
TERRAIN = [
    {"id": "village", "move_cost": {"infantry": 3, "armour": 4}},
    {"id": "marsh", "move_cost": {"infantry": 6}, "prohibited_classes": ["armour"]},
    {"id": "heath", "move_cost": {"infantry": 8}},
    {"id": "hamlet", "pzc": {"assault_pct": -20}},   # INVENTED terrain modifier (the disruption example's -20%)
]

#: INVENTED combat parameters (no game's Parameter Data): a drawn value between 1 and 3 per 10 of combat value.
PZC = {"assault_low": 1.0, "assault_high": 3.0, "baseline": 10.0}


def u(uid: str, hex_: str, *, assault: int = 4, ma: int = 9, left: int | None = None, mode: str = "deployed",
      cls: str = "infantry", markers=(), fatigue: int = 0, **ratings) -> dict:
    """A unit with INVENTED ratings: GE (AX) unless its id starts with 'e' (a US unit of WA)."""
    nat = "US" if uid.startswith("e") else "GE"
    return {"id": uid, "nationality": nat, "hex": hex_, "factors": 1, "unit_class": cls, "mode": mode,
            "markers": list(markers), "fatigue": fatigue, "strength": 100, "strength_kind": "men",
            "movement_allowance": ma, "movement_left": ma if left is None else left,
            "ratings": {"assault": assault, **ratings}}


def game(tmp_path, units: list[dict], spec: str = "", hexsides=(), active: str = "AX", pzc: dict | None = None,
         fanatical: bool = False, edition: int = 0):
    """A new game in AX's movement phase of turn 1 on a 5x5 INVENTED map.

    ``pzc``: rules.pzc (INVENTED parameters, PZC, plus the readings asked); ``fanatical``: US is Fanatical.
    """
    nats = [{**n, "fanatical": True} if n["id"] == "US" and fanatical else n for n in NATIONALITIES]
    rules = {"procedures": ["attrition", "assault"]}
    if pzc is not None:
        rules["pzc"] = {**PZC, **pzc}
    if edition:  # 0: the current rulings edition; an older one plays as games created then (docs/rulings.md)
        rules["edition"] = edition
    sc = scenario(grid(spec), units, hexsides=list(hexsides), terrain_types=TERRAIN, active=active,
                  rules=rules, nationalities=nats)
    g = new_game(tmp_path, sc)
    return g


def proc(g, pid: str = "S1"):
    return g.state.kinds["assault"].procedures[pid]


def events(done) -> list:
    """The events of ``Game.execute``'s (seq, event) pairs."""
    return [e for _seq, e in done]


def of(done, cls) -> list:
    return [e for e in events(done) if isinstance(e, cls)]


#: Entered draws that give both sides no loss when the defenders' defence is 100 and their assault 0: the
#: attackers' 400 / 100 x 1 / 10 = 0.4, rounded down by a draw of 999; the defenders' 0 draws nothing.
NO_LOSS = {"defender_result": 0, "defender_round": 999}


def beaten(tmp_path, units: list[dict], spec: str = "", hexsides=(), fanatical: bool = False, attackers=("a1",),
           disrupted=None, pzc: dict | None = None, edition: int = 0):
    """A game where ``attackers`` assault 0302 with no loss on either side, and the host then reports
    ``disrupted`` (default: every unit in 0302) Disrupted: AS-RET.1 is judged on that."""
    g = game(tmp_path, units, spec, hexsides, fanatical=fanatical, pzc=pzc or {}, edition=edition)
    g.execute(c.DeclareAssault(hex="0302", units=list(attackers)))
    g.execute(c.ResolveAssault(procedure="S1", values=NO_LOSS))
    hit = [x["id"] for x in units if x["hex"] == "0302"] if disrupted is None else list(disrupted)
    g.execute(c.ReportDisruption(procedure="S1", disrupted=hit))
    return g
