"""14.71-14.76 in legal(): each displaced unit with the hexes it may retreat to, elimination when none.

Position (tests/attrition/test_14_76_eliminated_when_unable.py): it-1 takes 0504 and us-x must retreat; whether
0604 exists decides whether it can.
"""
from __future__ import annotations

import random

import msgspec

from turnlog.engine.commands import parse

from test_14_76_eliminated_when_unable import at_retreat


def retreat_choice(g):
    return next(x for x in g.legal() if x.command == "RetreatUnits")


def test_14_76_no_open_hex_offers_only_elimination(tmp_path):
    g = at_retreat(tmp_path, "0404:AX 0504:WA")               # 0404 is the attacker's (14.72C), the rest sea
    ch = retreat_choice(g)
    units, to = ch.options
    assert (units.field, units.values, units.least) == ("retreats[].unit", ["us-x"], 1)
    assert (to.field, to.when, to.values) == ("retreats[].to", {"retreats[].unit": "us-x"}, [""])
    assert "retreats[us-x].to: one of (eliminated)" in str(ch)
    doc = ch.example(random.Random(0))
    assert doc["retreats"] == [{"unit": "us-x", "to": ""}]
    g.execute(parse(msgspec.json.encode(doc)))
    assert g.state.units["us-x"].eliminated


def test_14_76_an_open_hex_is_offered_and_elimination_is_not(tmp_path):
    g = at_retreat(tmp_path, "0404:AX 0504:WA 0604:WA")
    _, to = retreat_choice(g).options
    assert to.values == ["0604"]
