"""Positions for the assault-value tests (AS-RES.1 and its modifiers). INVENTED maps, units, ratings,
terrain percentages and formations, from no game: no commercial values.

The grid is odd-q: 0302 (the usual defending hex) touches 0202 (its hexside 5, upper left), 0203 (4,
lower left), 0301 (0, top), 0303 (3, bottom), 0402 (1, upper right), 0403 (2, lower right). AX (GE units)
attacks; WA (US units, ids starting with 'e') defends. ``values()`` declares the assault and returns
``values.totals`` of it.
"""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.assault import as_res1_values as values

from assault_helpers import proc
from helpers import new_game, scenario
from war_helpers import grid

#: INVENTED terrain types: a woods (-30% for vehicles' assaults, not Clear), an open field (Clear), a bocage
#: (-20%, not Clear), a village (-20%).
TERRAIN = [
    {"id": "woods", "pzc": {"assault_pct": -30}},
    {"id": "field", "pzc": {"clear": True}},
    {"id": "clear", "pzc": {"clear": True}},
    {"id": "bocage", "pzc": {"assault_pct": -20, "bocage": True}},
    {"id": "village", "pzc": {"assault_pct": -20}},
]


def unit(uid: str, hex_: str, *, strength: int = 100, kind: str = "men", assault: int = 4, defence: int = 5,
         quality: str = "C", fatigue: int = 0, mode: str = "deployed", cls: str = "infantry", markers=(),
         formation: str = "", facing: int | None = None, **ratings) -> dict:
    """A unit with INVENTED ratings: GE (AX) unless its id starts with 'e' (a US unit of WA)."""
    nat = "US" if uid.startswith("e") else "GE"
    out = {"id": uid, "nationality": nat, "hex": hex_, "factors": 1, "unit_class": cls, "mode": mode,
           "markers": list(markers), "fatigue": fatigue, "strength": strength, "strength_kind": kind,
           "quality": quality, "formation": formation, "movement_allowance": 9, "movement_left": 9,
           "ratings": {"assault": assault, "defence": defence, **ratings}}
    if facing is not None:
        out["facing"] = facing
    return out


def game(tmp_path, units: list[dict], *, spec: str = "", hexsides=(), pzc=None, formations=(), bonus: dict = None,
         edition: int = 0, terrain_types=TERRAIN):
    """A new game in AX's turn on a 5x5 INVENTED map; ``bonus``: hex -> (feature kind, defence_bonus)."""
    hexes = grid(spec)
    for h in hexes:
        if bonus and h["id"] in bonus:
            kind, pct = bonus[h["id"]]
            h["features"] = [{"kind": kind, "defence_bonus": pct}]
    rules = {"procedures": ["attrition", "assault"]}
    if pzc:
        rules["pzc"] = pzc
    if edition:  # 0: the current rulings edition
        rules["edition"] = edition
    extra = {"formations": list(formations)} if formations else {}
    sc = scenario(hexes, units, hexsides=list(hexsides), terrain_types=terrain_types, rules=rules, **extra)
    return new_game(tmp_path, sc)


def assault(tmp_path, units: list[dict], attackers: list[str], hex_: str = "0302", **kw):
    """Declare the assault of ``attackers`` on ``hex_``; returns (game, totals)."""
    g = game(tmp_path, units, **kw)
    g.execute(c.DeclareAssault(hex=hex_, units=attackers))
    return g, values.totals(g.state, proc(g))


def rules_of(t: values.Totals) -> list[str]:
    """The ids of the modifiers that made ``t``, in order."""
    return [m.rule for m in t.modifiers]
