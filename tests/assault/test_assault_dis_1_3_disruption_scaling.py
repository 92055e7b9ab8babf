"""AS-DIS.1-3 and the worked example AS-DIS.Ex: 10 men lost at night in a hex of terrain modifier -20% count as
50 for the attackers' disruption (x2, x2, x100/80), each step a Modifier naming its id. INVENTED terrain."""
from __future__ import annotations

from fractions import Fraction

from turnlog import commands as c
from turnlog.events import assault as a
from turnlog.engine.assault.as_dis_disruption import steps

from assault_helpers import game, of, u


def test_as_dis_ex_ten_men_at_night_in_a_village_count_as_fifty():
    value, mods = steps(10, night=True, pct=-20)
    assert value == 50
    assert [(m.rule, m.kind, m.amount) for m in mods] == [
        ("AS-DIS.1", "multiply", 2), ("AS-DIS.2", "multiply", 2), ("AS-DIS.3", "multiply", Fraction(5, 4))]
    assert all(m.applies_to == "disruption" for m in mods)


def test_as_dis_1_by_day_in_clear_terrain_only_the_doubling():
    value, mods = steps(10, night=False, pct=0)
    assert value == 20 and [m.rule for m in mods] == ["AS-DIS.1"]


def test_as_dis_3_a_positive_terrain_modifier_lowers_the_count():
    assert steps(10, night=False, pct=25)[0] == 16


def test_as_dis_1_3_the_scaled_loss_is_logged_when_the_assault_is_resolved(tmp_path):
    # a1's 100 men face e1's 200 (assault 2 x 100) over defence 5: combat value 40; drawn 1.25 -> 5 lost.
    g = game(tmp_path, [u("a1", "0202", defence=5), u("e1", "0302", assault=2, defence=4)], "0302:hamlet",
             pzc={})
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    done = g.execute(c.ResolveAssault(procedure="S1", night=True,
                                      values={"defender_result": 0, "attacker_result": 125000}))
    ev = of(done, a.AttackerDisruptionScaled)[0]
    assert (ev.loss, ev.scaled) == (5, "25") and [m.rule for m in ev.modifiers] == ["AS-DIS.1", "AS-DIS.2", "AS-DIS.3"]
    assert of(done, a.AssaultResolved)[0].night


def test_as_dis_2_night_doubles_the_doubled_loss_again():
    assert steps(10, night=True, pct=0)[0] == 40 and steps(10, night=False, pct=0)[0] == 20


def test_as_dis_1_legal_offers_a_unit_only_for_a_mark_it_does_not_bear(tmp_path):
    g = game(tmp_path, [u("a1", "0202", defence=5), u("e1", "0302", assault=2, defence=4, markers=["disrupted"])],
             "0302:hamlet", pzc={})
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    g.execute(c.ResolveAssault(procedure="S1", values={"defender_result": 0, "attacker_result": 125000}))
    report = next(ch for ch in g.legal() if ch.command == "ReportDisruption")
    opts = {o.field: o.values for o in report.options}
    assert "e1" not in opts["disrupted"] and "e1" in opts["broken"] and "a1" in opts["disrupted"]
