"""9.1.1a, 9.1.2 (the Important note): covering terrain, and the cascade a designation causes. Worked example
of 9.1.1a: a stack in cover next to two enemy hexes owes nothing until one unit is designated; then both hexes
are required, and the stack's undesignated units stay covered. INVENTED positions."""
from __future__ import annotations

import pytest

from turnlog import commands as c

from helpers import refused
from war_helpers import game, proc, to_assaults, u

STACK = [u("a1", "0202"), u("a2", "0202"), u("a3", "0202"), u("e1", "0301"), u("e2", "0201")]


def test_9_1_1a_undesignated_stack_in_cover_owes_nothing(tmp_path):
    """9.1.1a¶1: a woods hex is covering terrain."""
    g = game(tmp_path, STACK, spec="0202:woods")
    g.execute(c.EndAttackDesignation(procedure="C1"))
    assert proc(g).required == []


def test_9_1_1a_designating_one_unit_requires_both_hexes_and_only_that_unit_counts_open(tmp_path):
    """9.1.1a¶2, 9.1.2-IMP: the designated unit is Open; its undesignated stack-mates stay covered."""
    g = game(tmp_path, STACK, spec="0202:woods")
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    g.execute(c.EndAttackDesignation(procedure="C1"))
    assert proc(g).required == ["0201", "0301"]
    assert proc(g).duties == {"0201": ["a1"], "0301": ["a1"]}   # a2, a3 stay covered (9.1.2 note)


def test_9_1_1a_example_the_second_hex_must_be_attacked_by_that_unit_or_another(tmp_path):
    """9.1.1a-EX: attacking one of two adjacent hexes from cover makes the other owed too."""
    g = game(tmp_path, STACK, spec="0202:woods")
    to_assaults(g, "a1", "a2")
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="NE"))
    assert "0201 (by a2)" in refused(g, c.EndGroundAssaultSegment(procedure="C1"), "9.1.1").message
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0201"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G2", result="NE"))
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).phase == "done"


def test_9_1_1a_a_covering_feature_covers_and_a_pa_unit_in_cover_is_open(tmp_path):
    """9.1.1a¶1, 9.1.1a¶2: a village feature covers; a PA unit (designated by its mode) in woods is Open."""
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0302", mode="pa"), u("e1", "0301"), u("e2", "0402")],
             spec="0202:clear:village 0302:woods")
    g.execute(c.EndAttackDesignation(procedure="C1"))
    assert proc(g).required == ["0301", "0402"] and proc(g).duties["0301"] == ["a2"]


def test_9_1_1a_the_cascade_can_require_a_hex_only_a_covered_units_neighbour_touches(tmp_path):
    """9.1.1a¶2, 9.1.2¶1: designating a1 (in cover) makes it Open; a1 alone touches 0201, so 0201 joins the
    required set."""
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0302"), u("e1", "0301"), u("e2", "0201")],
             spec="0202:woods")
    g.execute(c.DesignateAttackers(procedure="C1", units=["a2"]))
    g.execute(c.UndesignateAttackers(procedure="C1", units=["a2"]))
    refused(g, c.EndAttackDesignation(procedure="C1"), "9.1.1")   # a2 is Open by terrain: it must be marked
    g.execute(c.DesignateAttackers(procedure="C1", units=["a2", "a1"]))
    g.execute(c.EndAttackDesignation(procedure="C1"))
    assert proc(g).required == ["0201", "0301"]


@pytest.mark.parametrize("kind", ["location", "village", "town", "city", "woods", "forest", "fieldworks",
                                  "fortification"])
def test_9_1_1a_each_covering_kind_shelters_its_units(tmp_path, kind):
    """9.1.1a¶1: a clear hex holding any one of the eight covering kinds shelters its unit."""
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301")], spec=f"0202:clear:{kind}")
    g.execute(c.EndAttackDesignation(procedure="C1"))
    assert proc(g).required == []


def test_9_1_1a_a_hex_with_no_covering_kind_is_open(tmp_path):
    """9.1.1a¶1: every other hex is Open: a clear hex with a road still leaves its unit owing a marker."""
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301")], spec="0202:clear:road")
    refused(g, c.EndAttackDesignation(procedure="C1"), "9.1.1")


def test_9_1_1a_example_by_that_unit_itself_one_assault_on_both_hexes(tmp_path):
    """9.1.1a-EX: the designated unit may meet both duties itself, in one assault on both hexes (9.2.1¶2); the
    other units of the stack stay undesignated and covered. Attacking only one of the two is refused."""
    g = game(tmp_path, STACK, spec="0202:woods")
    to_assaults(g, "a1")
    assert proc(g).required == ["0201", "0301"] and proc(g).attackers == ["a1"]
    refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]), "9.1.1")
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301", "0201"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="NE"))
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).phase == "done" and proc(g).lapsed == {} and proc(g).assaults["G1"].defenders == ["e1", "e2"]
