"""9.2.2: designated units of one hex may attack different hexes; active units outside an assault are not
reached by its result unless they retreated into the attacking hex earlier in the phase. INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c

from helpers import refused
from war_helpers import game, proc, to_assaults, u


def test_9_2_2_units_of_one_hex_attack_different_hexes(tmp_path):
    """9.2.2¶1: designated stack-mates attack different hexes."""
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0202"), u("e1", "0301"), u("e2", "0201")])
    to_assaults(g, "a1", "a2")
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1"))
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0201"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G2"))
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).phase == "done"


def test_9_2_2_an_active_unit_outside_the_assault_is_not_reached_unless_it_retreated_in(tmp_path):
    """9.2.2¶2: a4 stayed out and is not reached; a1 retreated into the attacking hex earlier and is."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a3", "0203", mode="pa"), u("a4", "0203"),
                        u("e1", "0301"), u("e2", "0302")], spec="0203:woods")
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="AR",
                                          retreats=[c.Retreat(unit="a1", to="0203")]))
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a3"], hexes=["0302"]))
    err = refused(g, c.ReportGroundAssaultResult(procedure="C1", assault="G2", eliminated=["a4"]), "9.2.2")
    assert "a4 is not reached by G2" in err.message
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G2", result="AE", eliminated=["a3", "a1"]))
    assert g.state.units["a1"].eliminated and proc(g).assaults["G2"].affected == ["a1", "a3", "e2"]


def test_9_2_2_pn_what_no_clause_forbids_is_accepted_a_pa_and_a_marked_unit_attack_together(tmp_path):
    """9.2.2-PN: only the listed refusals exist: a PA unit and a marked unit of one hex attack together, a case
    no clause names (9.2.1's PA condition is for several origin hexes)."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0202"), u("e1", "0301")])
    to_assaults(g, "a2")
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1", "a2"], hexes=["0301"]))
    assert proc(g).assaults["G1"].attackers == ["a1", "a2"]
