"""Rulings edition 3 (docs/rulings.md, "Editions"): the four assault corrections of the second reading
(AS-GEN.1 one forming assault at a time, AS-MOVE.1 any bridge, AS-DEF.5 Broken alone, AS-RET.3 with
AS-MOVE.1) apply to games created under edition 3; a game created under edition 2 re-executes as it was
played, and verifies. INVENTED map, terrain and units (tests/assault/assault_helpers.py)."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.verify import verify

from assault_helpers import beaten, game, proc, u
from assault_values_helpers import assault, rules_of, unit

DEF = dict(assault=0, defence=100)


def test_edition_2_a_deployed_unit_assaults_over_a_bridge_not_flagged_a_river(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0302")], hexsides=[{"a": "0202", "b": "0302", "bridge": True}],
             edition=2)
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    assert proc(g).units == ["a1"] and verify(g).ok


def test_edition_2_a_broken_unit_with_the_disrupted_marker_is_also_halved(tmp_path):
    units = [unit("a1", "0202"), unit("e1", "0302", assault=8, markers=["disrupted", "broken"])]
    _, t = assault(tmp_path, units, ["a1"], edition=2)
    assert rules_of(t) == ["AS-DEF.1", "AS-DEF.5"]
    assert t.def_value == 8 * 100 / 2 / 4


def test_edition_2_a_unit_may_join_two_forming_assaults_under_as_cost_1(tmp_path):
    units = [u("a1", "0202"), u("e1", "0302", **DEF), u("e2", "0203", **DEF)]
    g = game(tmp_path, units, pzc={"manual_defensive_fire": True}, edition=2)
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    g.execute(c.DeclareAssault(hex="0203", units=["a1"]))
    assert proc(g, "S2").units == ["a1"] and verify(g).ok


def test_edition_2_a_deployed_unit_retreats_over_a_bridge(tmp_path):
    bridge = {"a": "0302", "b": "0403", "river": True, "bridge": True}
    g = beaten(tmp_path, [u("a1", "0202"), u("e1", "0302", **DEF)], hexsides=[bridge], edition=2)
    g.execute(c.RetreatAssaultUnits(procedure="S1", retreats=[c.Retreat(unit="e1", to="0403")]))
    assert g.state.units["e1"].hex == "0403" and verify(g).ok
