"""AS-RET.1 (reading P18): after both sides' disruption is settled, the defenders must retreat when every one
left is Disrupted or Broken and some attacker is neither; units Disrupted before the assault count.
INVENTED units; the host reports disruption (rules.pzc.disruption's default)."""
from __future__ import annotations

from turnlog.events import assault as a

from turnlog import commands as c
from turnlog.projections.narrative import line

from assault_helpers import NO_LOSS, beaten, game, of, proc, u

DEF = dict(assault=0, defence=100)


def test_as_ret_1_all_defenders_disrupted_and_an_attacker_steady_the_defenders_must_retreat(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e1", "0302", **DEF), u("e2", "0302", **DEF)])
    assert proc(g).phase == "retreat" and proc(g).retreating == ["e1", "e2"]


def test_as_ret_1_every_attacker_disrupted_no_retreat(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e1", "0302", **DEF)], disrupted=["e1", "a1"])
    assert proc(g).phase == "done" and proc(g).retreating == []


def test_as_ret_1_one_defender_steady_no_retreat(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e1", "0302", **DEF), u("e2", "0302", **DEF)], disrupted=["e1"])
    assert proc(g).phase == "done"


def test_as_ret_1_p18_a_defender_broken_before_the_assault_counts(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e1", "0302", **DEF), u("e2", "0302", markers=["broken"], **DEF)],
               disrupted=["e1"])
    assert proc(g).phase == "retreat" and proc(g).retreating == ["e1", "e2"]


def test_as_ret_1_the_due_retreat_is_logged_with_its_id(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0302", **DEF)], pzc={})
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    g.execute(c.ResolveAssault(procedure="S1", values=NO_LOSS))
    done = g.execute(c.ReportDisruption(procedure="S1", disrupted=["e1"]))
    due = of(done, a.AssaultRetreatForced)[0]
    assert due.units == ["e1"] and "(AS-RET.1)" in line(due)
