"""9.1.2: units not required to attack may be designated, one, some or all of a stack. INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c

from war_helpers import game, proc, to_assaults, u


def test_9_1_2_any_subset_of_a_stack_in_cover_may_be_designated(tmp_path):
    """9.1.2¶1: one unit of a covered stack is designated; the others stay out."""
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0202"), u("a3", "0202"), u("e1", "0301")], spec="0202:woods")
    to_assaults(g, "a2")
    assert proc(g).attackers == ["a2"] and proc(g).required == ["0301"]
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0301"]))
    assert proc(g).assaults["G1"].defenders == ["e1"]


def test_9_1_2_a_discretionary_attack_may_be_made_on_an_unrequired_hex(tmp_path):
    """9.1.2¶1: a unit with no duty (river) may still attack by choice."""
    sides = [{"a": "0202", "b": "0301", "river": True}]
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301")], hexsides=sides)
    to_assaults(g, "a1")
    assert proc(g).required == [] and proc(g).attackers == ["a1"]
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1"))
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).phase == "done" and proc(g).assaults["G1"].defenders == ["e1"] and proc(g).lapsed == {}
