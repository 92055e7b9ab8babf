"""AS-GEN.1 with AS-COST.1: a unit joins one defending hex's assault at a time. Under the free assault of the
Manual Defensive Fire option nothing else stops it from counting in two forming assaults at once; once its
assault is resolved it may form another (the text sets no limit: docs/rulings.md). INVENTED units."""
from __future__ import annotations

from turnlog import commands as c

from assault_helpers import NO_LOSS, game, proc, u
from helpers import refused

FREE = {"manual_defensive_fire": True}
UNITS = [u("a1", "0202"), u("a2", "0202"), u("e1", "0302", assault=0, defence=100),
         u("e2", "0203", assault=0, defence=100)]


def test_as_gen_1_a_unit_in_a_forming_assault_is_refused_for_another_hex(tmp_path):
    g = game(tmp_path, UNITS, pzc=FREE)
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    assert "S1" in str(refused(g, c.DeclareAssault(hex="0203", units=["a1"]), "AS-GEN.1"))
    g.execute(c.DeclareAssault(hex="0203", units=["a2"]))
    refused(g, c.AddAssaultUnits(procedure="S2", units=["a1"]), "AS-GEN.1")
    assert proc(g, "S2").units == ["a2"]


def test_as_gen_1_it_is_not_offered_for_another_hex_either(tmp_path):
    g = game(tmp_path, UNITS, pzc=FREE)
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    offered = {ch.fixed.get("hex"): ch.options[0].values for ch in g.legal() if ch.command == "DeclareAssault"}
    assert offered == {"0203": ["a2"]}


def test_as_gen_1_once_resolved_the_unit_may_assault_again_under_as_cost_1(tmp_path):
    g = game(tmp_path, UNITS, pzc=FREE)
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    g.execute(c.ResolveAssault(procedure="S1", values=NO_LOSS))
    g.execute(c.DeclareAssault(hex="0203", units=["a1"]))
    assert proc(g, "S2").units == ["a1"]
