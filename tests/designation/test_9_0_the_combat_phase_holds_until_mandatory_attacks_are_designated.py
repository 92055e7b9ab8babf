"""9.0¶2, 9.1.1¶1: a Combat Phase that owes mandatory attacks cannot be left without its Attack Designation
Segment; one that owes none can. INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c

from helpers import new_game, refused
from war_helpers import position, proc, to_assaults, u


def test_9_1_1_p1_leaving_the_combat_phase_without_the_segment_is_refused_while_attacks_are_owed(tmp_path):
    """9.1.1¶1, 9.0¶2: a1 stands in Open terrain next to e1; the turn may not skip the designation segment."""
    g = new_game(tmp_path, position([u("a1", "0202"), u("e1", "0301")]))
    err = refused(g, c.StartPhase(phase="exploitation"), "9.1.1")
    assert "owes attacks on 0301 (by a1)" in err.message and "BeginAttackDesignation" in err.message
    offered = {ch.command for ch in g.legal()}
    assert "BeginAttackDesignation" in offered and "StartPhase" not in offered


def test_9_1_1_p1_a_pa_unit_in_cover_owes_its_attack_too(tmp_path):
    """9.1.0¶2, 9.1.1a¶2: a PA unit is designated by its mode, so even in woods its neighbour is owed."""
    g = new_game(tmp_path, position([u("a1", "0202", mode="pa"), u("e1", "0301")], spec="0202:woods"))
    assert "0301 (by a1)" in refused(g, c.StartPhase(phase="exploitation"), "9.1.1").message


def test_9_0_p2_a_phase_that_owes_nothing_may_pass_without_the_segment(tmp_path):
    """9.1.1¶2, 9.1.2¶1: a unit in cover, or an Open unit across a river, owes nothing; the phase may end."""
    g = new_game(tmp_path, position([u("a1", "0202"), u("a2", "0404"), u("e1", "0301"), u("e2", "0405")],
                                    spec="0202:woods", hexsides=[{"a": "0404", "b": "0405", "river": True}]))
    g.execute(c.StartPhase(phase="exploitation"))
    assert g.state.turn.phase == "exploitation"


def test_9_0_p2_once_the_segment_has_run_the_phase_may_end(tmp_path):
    """9.0¶2: after the Ground Assault Segment closes, the turn moves on."""
    g = new_game(tmp_path, position([u("a1", "0202"), u("e1", "0301")]))
    g.execute(c.BeginAttackDesignation())
    to_assaults(g, "a1")
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="NE"))
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).phase == "done"
    g.execute(c.StartPhase(phase="exploitation"))
    assert g.state.turn.phase == "exploitation"
