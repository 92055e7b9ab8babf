"""Small builders for test positions: a scenario from a few hex/unit lines."""
from __future__ import annotations

import itertools
from pathlib import Path

import msgspec
import pytest

from turnlog.engine import scenario as S
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game

SEED = bytes(range(32))
_n = itertools.count()

FACTIONS = [
    {"id": "AX", "side": "axis", "name": "Axis"},
    {"id": "WA", "side": "allies", "name": "Western Allies"},
    {"id": "RU", "side": "allies", "name": "Russia"},
]
NATIONALITIES = [
    {"id": "GE", "faction": "AX", "ctl": 2, "winter_prep": 1},
    {"id": "IT", "faction": "AX", "ctl": 1},
    {"id": "FI", "faction": "AX", "ctl": 1, "status": "minor_ally"},
    {"id": "JA", "faction": "AX", "ctl": 1, "jungle_attrition": True},
    {"id": "US", "faction": "WA", "ctl": 1},
    {"id": "GB", "faction": "WA", "ctl": 1},
    {"id": "CW", "faction": "WA", "ctl": 1, "major": "GB", "distinct_for_attrition": True},
    {"id": "SU", "faction": "RU", "ctl": 1, "winter_prep": 6},
]


def scenario(hexes: list[dict], units: list[dict] = (), *, hexsides=(), active="AX", season="summer",
             year=1943, weather=(), rules=None, boxes=(), sources=(), restrictions=(), die=None, **extra) -> S.Scenario:
    """A scenario dict with sensible defaults, decoded exactly as a file would be."""
    doc = {"name": extra.pop("name", "test"), "factions": FACTIONS, "nationalities": NATIONALITIES,
           "hexes": list(hexes), "hexsides": list(hexsides), "units": list(units), "boxes": list(boxes),
           "supply_sources": list(sources), "restrictions": list(restrictions),
           "turn": {"turn": 1, "season": season, "year": year, "active": active, "phase": "attrition",
                    "weather": list(weather)}, **extra}
    if rules:
        doc["rules"] = rules
    if die:
        doc["die"] = die
    return S.parse(msgspec.json.encode(doc), "json")


def hexes(grid: str, **common) -> list[dict]:
    """Hexes from 'CCRR:CTRL:terrain' tokens, e.g. '0101:AX 0102:WA:forest'."""
    out = []
    for tok in grid.split():
        hid, ctrl, *rest = tok.split(":")
        h = {"id": hid, "col": int(hid[:2]), "row": int(hid[2:]), "controller": ctrl, "front": "western",
             "weather_zone": "W", **common}
        if rest:
            h["terrain"] = rest[0]
        out.append(h)
    return out


def unit(uid: str, nat: str, hex_: str, factors: int = 3, type_: str = "infantry", **kw) -> dict:
    return {"id": uid, "nationality": nat, "hex": hex_, "factors": factors, "type": type_, **kw}


def new_game(tmp_path: Path, sc: S.Scenario, **kw) -> Game:
    return Game.create(tmp_path / f"g{next(_n)}.db", sc, seed=SEED, **kw)


def refused(g: Game, cmd, rule: str | None, error: type[Exception] = RuleViolation):
    """Execute ``cmd`` expecting a refusal by ``rule``: nothing written, and the live state is still the log's."""
    last, commands = g.log.last(), len(g.log.commands())
    with pytest.raises(error) as err:
        g.execute(cmd)
    if rule:
        assert err.value.rule == rule, err.value
    assert g.log.last() == last and len(g.log.commands()) == commands
    assert g.state == g.at()
    return err.value


def count_calls(monkeypatch, module, *names: str) -> dict[str, int]:
    """Wrap ``module``'s functions ``names`` so that each call is counted; return the counts (absent: never called)."""
    calls: dict[str, int] = {}
    for name in names:
        real = getattr(module, name)

        def counted(*a, _name=name, _real=real, **k):
            calls[_name] = calls.get(_name, 0) + 1
            return _real(*a, **k)
        monkeypatch.setattr(module, name, counted)
    return calls
