"""9.0, 9.1.0: the designation segment opens the Combat Phase; PA units are designated by their mode, others
take an Attack marker; a unit neither required nor marked may not attack later. INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.errors import CommandError

from helpers import new_game, refused
from war_helpers import game, position, proc, to_assaults, u

LINE = [u("a1", "0202"), u("a2", "0202", mode="pa"), u("a3", "0404"), u("e1", "0301")]


def test_9_1_0_pa_units_are_designated_by_their_mode(tmp_path):
    """9.1.0¶2: a PA unit counts as designated by its mode and takes no marker."""
    g = game(tmp_path, LINE)
    assert proc(g).pa == ["a2"] and proc(g).marked == []


def test_9_1_0_an_attack_marker_goes_on_the_unit_and_comes_off_before_the_segment_ends(tmp_path):
    """9.1.0¶3: a unit not in PA mode is designated by an Attack marker (reading A12: removable until the
    segment ends)."""
    g = game(tmp_path, LINE)
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    assert "attack" in g.state.units["a1"].markers and proc(g).marked == ["a1"]
    g.execute(c.UndesignateAttackers(procedure="C1", units=["a1"]))
    assert "attack" not in g.state.units["a1"].markers and proc(g).marked == []


def test_9_1_0_refusals_name_the_clause(tmp_path):
    """9.1.0¶1, 9.0¶2: only eligible active units with an adjacent enemy may be designated; each refusal cites 9.1.0."""
    g = game(tmp_path, LINE)
    assert "PA mode" in refused(g, c.DesignateAttackers(procedure="C1", units=["a2"]), "9.1.0").message
    assert "no adjacent enemy" in refused(g, c.DesignateAttackers(procedure="C1", units=["a3"]), "9.1.0").message
    refused(g, c.DesignateAttackers(procedure="C1", units=["e1"]), "9.1.0")
    refused(g, c.UndesignateAttackers(procedure="C1", units=["a1"]), "9.1.0")
    refused(g, c.DesignateAttackers(procedure="C1", units=["zz"]), None, CommandError)
    refused(g, c.DesignateAttackers(procedure="C1", units=["a1", "a1"]), None, CommandError)
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    assert "already" in refused(g, c.DesignateAttackers(procedure="C1", units=["a1"]), "9.1.0").message


def test_9_1_0_an_unmarked_unit_not_required_to_attack_may_not_attack_later(tmp_path):
    """9.1.0¶5: a unit neither in PA mode nor marked may not join an assault."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a4", "0202"), u("e1", "0301")], spec="0202:woods")
    to_assaults(g)
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a4"], hexes=["0301"]), "9.1.0")
    assert "not designated" in err.message


def test_9_0_designation_belongs_to_the_combat_phase_once(tmp_path):
    """9.0¶2: the designation segment opens the active side's Combat Phase, once. (The first game owes no
    attack, so its Combat Phase may end without the segment: see test_9_0_the_combat_phase_holds_...)"""
    g = new_game(tmp_path, position([u("a3", "0404"), u("e1", "0301")]))
    g.execute(c.StartPhase(phase="exploitation"))
    assert refused(g, c.BeginAttackDesignation(), "9.0").message.startswith("BeginAttackDesignation belongs")
    g2 = game(tmp_path, LINE)
    refused(g2, c.BeginAttackDesignation(), "9.0")


def test_9_0_an_open_procedure_holds_the_turn_and_the_table_gates_commands(tmp_path):
    """9.0¶2: the segments run in order; a command of a later segment is refused while designation is open."""
    g = game(tmp_path, LINE)
    refused(g, c.StartPhase(phase="exploitation"), "9.0")
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0301"]), "9.0")
    assert "phase 'designation'" in err.message
    refused(g, c.EndAttackDesignation(procedure="C9"), None, CommandError)


def test_9_1_0_pn_a_unit_forced_to_take_a_marker_need_not_attack(tmp_path):
    """9.1.0-PN: a1 and a2 are both Open and must be marked; a2's assault meets the duty and a1 never attacks
    (reading A1; the Retreat marker of 11.1.2 is not in the text)."""
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0202"), u("e1", "0301")])
    to_assaults(g, "a1", "a2")
    assert proc(g).duties == {"0301": ["a1", "a2"]}
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0301"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="NE"))
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).phase == "done" and proc(g).assaults["G1"].attackers == ["a2"]
