"""Who becomes Disrupted or Broken, which the text does not say (rules.pzc.disruption): ``host`` (default) reports
it with ReportDisruption; ``ratio`` is the engine's documented model: each unit of a side that lost L (the
attackers' L scaled by AS-DIS.1-3) out of S men-equivalents is hit with probability L / (L + max(S/10, 25)), a
hit Disrupting it or Breaking it when already Disrupted. INVENTED units and parameters, entered draws."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.errors import CommandError
from turnlog.events import assault as a

from assault_helpers import NO_LOSS, game, of, proc, u
from helpers import refused

DEF = dict(assault=0, defence=100)


def test_host_the_assault_waits_for_the_report(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0302", **DEF), u("e2", "0303", **DEF)], pzc={})
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    g.execute(c.ResolveAssault(procedure="S1", values=NO_LOSS))
    assert proc(g).phase == "disruption"
    refused(g, c.ReportDisruption(procedure="S1", disrupted=["e2"]), "AS-GEN.1")
    refused(g, c.ReportDisruption(procedure="S1", disrupted=["e1"], broken=["e1"]), None, CommandError)
    refused(g, c.ReportDisruption(procedure="S1", disrupted=["zz"]), None, CommandError)
    done = g.execute(c.ReportDisruption(procedure="S1", broken=["a1"]))
    assert of(done, a.UnitStatusChanged)[0].status == "broken" and "broken" in g.state.units["a1"].markers
    assert proc(g).phase == "done"


def test_host_a_unit_already_disrupted_is_refused(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0302", markers=["disrupted"], **DEF)], pzc={})
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    g.execute(c.ResolveAssault(procedure="S1", values=NO_LOSS))
    refused(g, c.ReportDisruption(procedure="S1", disrupted=["e1"]), "AS-DIS.1")


def ratio(tmp_path, units, values):
    g = game(tmp_path, units, pzc={"disruption": "ratio"})
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    return g, g.execute(c.ResolveAssault(procedure="S1", values=values))


def test_ratio_the_attackers_scaled_loss_decides(tmp_path):
    # e1's 300 over a1's defence 5 at a draw of 2.5: 15 lost, counted 30 (AS-DIS.1); S = 100: p = 30/55.
    units = [u("a1", "0202", defence=5), u("e1", "0302", assault=3, defence=100)]
    base = {"attacker_result": 750000, "defender_result": 0, "defender_round": 999}
    g, done = ratio(tmp_path, units, {**base, "morale/a1": 545})
    assert [e.status for e in of(done, a.UnitStatusChanged)] == ["disrupted"]
    g, done = ratio(tmp_path, units, {**base, "morale/a1": 546})
    assert not of(done, a.UnitStatusChanged) and proc(g).phase == "done"


def test_ratio_a_hit_on_a_disrupted_unit_breaks_it_and_forces_the_retreat(tmp_path):
    # a1's 400 over e1's defence 4 at a draw of 1: 10 lost; S = 100: p = 10/35.
    units = [u("a1", "0202", defence=5), u("e1", "0302", assault=0, defence=4, markers=["disrupted"])]
    g, done = ratio(tmp_path, units, {"defender_result": 0, "morale/e1": 285})
    assert [(e.unit, e.status) for e in of(done, a.UnitStatusChanged)] == [("e1", "broken")]
    assert proc(g).phase == "retreat"


def test_ratio_takes_no_report(tmp_path):
    units = [u("a1", "0202", defence=5), u("e1", "0302", assault=0, defence=4)]
    g, _done = ratio(tmp_path, units, {"defender_result": 0, "morale/e1": 999})
    refused(g, c.ReportDisruption(procedure="S1"), "AS-GEN.2")
