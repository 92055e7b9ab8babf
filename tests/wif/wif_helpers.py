"""Positions for the WiF land-combat tests. INVENTED maps, units and tables, from no game.

The tables below are SYNTHETIC: their cells come from a formula invented for the tests, not from any
World in Flames chart (turnlog ships none; docs/tables.md). The grid is odd-q (engine/hexgrid.py): 0303
touches 0203 0204 0302 0304 0403 0404. AX attacks 0303 from 0203; WA (French, "FR" here is US) defends.
"""
from __future__ import annotations

import msgspec

from turnlog import commands as c
from turnlog.engine.kit import tables as T

from helpers import new_game, scenario

BLITZ_COLUMNS = ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1"]
ASSAULT_COLUMNS = BLITZ_COLUMNS + ["8:1", "9:1", "10:1"]


def _blitz(row: int, col: int) -> str:
    s = row + 2 * col
    return "2/-" if s <= 5 else "1/-" if s <= 7 else "1/1" if s <= 10 else "-" if s <= 12 else \
        "-/1" if s <= 15 else "-/1R" if s <= 19 else "-/2R" if s <= 24 else "-/2S*"


def _assault(row: int, col: int) -> str:
    s = row + col
    return "2/1" if s <= 7 else "1/1" if s <= 11 else "1/2" if s <= 16 else "-/2"


def table_text(kind: str) -> str:
    """A synthetic two-d10 table read by odds, rows 2-20 (the sum of the two dice)."""
    cols, cell = (BLITZ_COLUMNS, _blitz) if kind == "blitz" else (ASSAULT_COLUMNS, _assault)
    lines = [f'title = "INVENTED {kind} table for tests"', 'source = "invented for the turnlog tests; from no game"',
             'licence = "public domain"', "invented = true", 'cell_grammar = "sides"', 'columns_by = "odds"',
             "columns = [" + ", ".join(f'{{ name = "{n}", min = "{n}" }}' for n in cols) + "]",
             "rows = ["]
    for r in range(2, 21):
        cells = ", ".join(f'"{cell(r, i)}"' for i in range(len(cols)))
        lines.append(f"  {{ roll = {r}, cells = [{cells}] }},")
    lines += ["]", "[dice]", "count = 2", "sides = 10", "lowest = 1"]
    return "\n".join(lines) + "\n"


def tables(*kinds: str) -> dict:
    return {f"wif-{k}": msgspec.to_builtins(T.record(T.parse(table_text(k), f"wif-{k}"))) for k in kinds}


#: INVENTED terrain meanings for WiF (T9): forest -1, mountain -2; clear may give the ARM bonus.
TERRAIN = [
    {"id": "clear", "wif": {"arm_bonus": True}},
    {"id": "desert", "wif": {"arm_bonus": True}},
    {"id": "forest", "wif": {"blitz_shift": -1}},
    {"id": "mountain", "wif": {"blitz_shift": -2}},
]


def grid(spec: str = "", size: int = 5) -> list[dict]:
    """A size x size map of clear hexes; 'CCRR:terrain[:feature[=factories]]' tokens override."""
    extra = {}
    for tok in spec.split():
        hid, terrain, *feat = tok.split(":")
        extra[hid] = (terrain, feat)
    out = []
    for col in range(1, size + 1):
        for row in range(1, size + 1):
            hid = f"{col:02d}{row:02d}"
            terrain, feat = extra.get(hid, ("clear", []))
            h = {"id": hid, "col": col, "row": row, "front": "western", "weather_zone": "W", "terrain": terrain,
                 "controller": "WA" if hid == "0303" else "AX"}
            if feat:
                h["features"] = [{"kind": k, "factories": int(n or 0)} for k, _, n in (f.partition("=") for f in feat)]
            out.append(h)
    return out


def u(uid: str, cls: str, hex_: str = "", *, size: str = "corps", factors: int = 4, **more) -> dict:
    """A land unit: AX (German) unless its id starts with 'e' (a US unit in 0303 by default)."""
    enemy = uid.startswith("e")
    return {"id": uid, "nationality": "US" if enemy else "GE", "hex": hex_ or ("0303" if enemy else "0203"),
            "unit_class": cls, "size": size, "factors": factors, **more}


#: EX-T's forces: two ARM, a MECH and an INF corps attack a MECH, a MIL and a 3-factor AA.
EX_T = [u("arm1", "ARM"), u("arm2", "ARM"), u("mech1", "MECH"), u("inf1", "INF"),
        u("emech", "MECH"), u("emil", "MIL"), u("eaa", "AA", size="division", factors=3)]


def position(units: list[dict], spec: str = "", hexsides=(), *, kinds=("blitz", "assault"), wif=None,
             terrain_types=TERRAIN, **extra):
    rules = {"procedures": ["wif"], "wif": {"die": "wif-d10", **(wif or {})}}
    return scenario(grid(spec), units, hexsides=list(hexsides), terrain_types=terrain_types, rules=rules,
                    dice={"wif-d10": {"count": 1, "sides": 10, "lowest": 1}}, tables=tables(*kinds),
                    turn={"turn": 1, "season": "summer", "year": 1940, "active": "AX", "phase": "combat"}, **extra)


def begin(**kw) -> c.BeginLandCombat:
    kw.setdefault("hex", "0303")
    kw.setdefault("odds", "3:1")
    kw.setdefault("weather", "fine")
    kw.setdefault("attackers", ["arm1", "arm2", "mech1", "inf1"])
    return c.BeginLandCombat(**kw)


def game(tmp_path, units=EX_T, spec: str = "", hexsides=(), *, kinds=("blitz", "assault"), wif=None, **kw):
    """A new game in AX's combat phase with L1 opened by ``begin(**kw)``."""
    g = new_game(tmp_path, position(units, spec, hexsides, kinds=kinds, wif=wif))
    g.execute(begin(**kw))
    return g


def combat(g, pid: str = "L1"):
    return g.state.kinds["wif"].procedures[pid]


def events(rows, etype):
    return [e for _seq, _cid, e, _a in rows if isinstance(e, etype)]
