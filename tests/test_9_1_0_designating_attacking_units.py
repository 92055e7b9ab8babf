"""9.0, 9.1.0: the designation segment opens the Combat Phase; PA units are designated by their mode, others
take an Attack marker; a unit neither required nor marked may not attack later. INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.errors import CommandError

from helpers import new_game, refused
from war_helpers import game, position, proc, to_assaults, u

LINE = [u("a1", "0202"), u("a2", "0202", mode="pa"), u("a3", "0404"), u("e1", "0301")]


def test_9_1_0_pa_units_are_designated_by_their_mode(tmp_path):
    g = game(tmp_path, LINE)
    assert proc(g).pa == ["a2"] and proc(g).marked == []


def test_9_1_0_an_attack_marker_goes_on_the_unit_and_comes_off_before_the_segment_ends(tmp_path):
    g = game(tmp_path, LINE)
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    assert "attack" in g.state.units["a1"].markers and proc(g).marked == ["a1"]
    g.execute(c.UndesignateAttackers(procedure="C1", units=["a1"]))
    assert "attack" not in g.state.units["a1"].markers and proc(g).marked == []


def test_9_1_0_refusals_name_the_clause(tmp_path):
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
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a4", "0202"), u("e1", "0301")], spec="0202:woods")
    to_assaults(g)
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a4"], hexes=["0301"]), "9.1.0")
    assert "not designated" in err.message


def test_9_0_designation_belongs_to_the_combat_phase_once(tmp_path):
    sc = position(LINE)
    g = new_game(tmp_path, sc)
    g.execute(c.StartPhase(phase="exploitation"))
    assert refused(g, c.BeginAttackDesignation(), "9.0").message.startswith("BeginAttackDesignation belongs")
    g2 = game(tmp_path, LINE)
    refused(g2, c.BeginAttackDesignation(), "9.0")


def test_9_0_an_open_procedure_holds_the_turn_and_the_table_gates_commands(tmp_path):
    g = game(tmp_path, LINE)
    refused(g, c.StartPhase(phase="exploitation"), "9.0")
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0301"]), "9.0")
    assert "phase 'designation'" in err.message
    refused(g, c.EndAttackDesignation(procedure="C9"), None, CommandError)
