"""9.2.4 and its example: into a constricted hex each adjacent hex sends at most two units, one battalion at
most; one constricted target caps the whole assault (reading A7). INVENTED positions after the text's example:
A1 (0202) holds two battalions and a company, A2 (0203) a battalion and a company, all PA; D1 (0302) is a gorge."""
from __future__ import annotations

from turnlog import commands as c

from helpers import refused
from war_helpers import game, proc, to_assaults, u

A1 = [u("b1", "0202", mode="pa"), u("b2", "0202", mode="pa"), u("k1", "0202", mode="pa", size="company")]
A2 = [u("b3", "0203", mode="pa"), u("k2", "0203", mode="pa", size="company")]


def _ready(tmp_path, a2=A2):
    g = game(tmp_path, [*A1, *a2, u("ed1", "0302")], spec="0302:gorge 0203:gorge")
    to_assaults(g)
    return g


def test_9_2_4_example_both_battalions_of_a1_are_refused(tmp_path):
    """9.2.4¶1, 9.2.4-EX: two battalions, or three units, from A1 into the constricted D1 are refused."""
    g = _ready(tmp_path)
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["b1", "b2", "b3"], hexes=["0302"]), "9.2.4")
    assert "0202 sends 2 units, 2 battalions" in err.message
    refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["b1", "b2", "k1"], hexes=["0302"]), "9.2.4")


def test_9_2_4_example_one_battalion_and_the_company_from_each_hex_is_accepted(tmp_path):
    """9.2.4¶1, 9.2.4-EX: one battalion and one company from each of A1 and A2."""
    g = _ready(tmp_path)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["b1", "k1", "b3", "k2"], hexes=["0302"]))
    assert proc(g).assaults["G1"].constricted


def test_9_2_4_example_with_a_non_pa_unit_from_a2_is_refused_under_9_2_1(tmp_path):
    """9.2.4-EX, 9.2.1¶1: the example needs A1 and A2 in PA mode."""
    g = game(tmp_path, [*A1, u("b3", "0203", mode="pa"), u("k2", "0203", size="company"), u("ed1", "0302")],
             spec="0302:gorge 0203:gorge")
    to_assaults(g, "k2")
    refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["b1", "k1", "b3", "k2"], hexes=["0302"]), "9.2.1")


def test_9_2_4_a_constricted_hex_among_several_targets_caps_the_whole_assault(tmp_path):
    """9.2.4¶1: one constricted target caps the whole assault (reading A7)."""
    g = game(tmp_path, [*A1, u("ed1", "0302"), u("ed2", "0301")], spec="0302:gorge")
    to_assaults(g)
    refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["b1", "b2"], hexes=["0301", "0302"]), "9.2.4")
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["b1", "k1"], hexes=["0301", "0302"]))
    assert proc(g).assaults["G1"].constricted and proc(g).assaults["G1"].defenders == ["ed2", "ed1"]


def test_9_2_4_pn_designating_part_of_a_stack_meets_the_cap(tmp_path):
    """9.2.4-PN: from a covered stack of two battalions and a company, only b1 and k1 are designated and attack
    the constricted hex; b2 stays undesignated and covered, owing nothing."""
    g = game(tmp_path, [u("b1", "0202"), u("b2", "0202"), u("k1", "0202", size="company"), u("ed1", "0302")],
             spec="0202:woods 0302:gorge")
    to_assaults(g, "b1", "k1")
    assert proc(g).duties == {"0302": ["b1", "k1"]}
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["b1", "k1"], hexes=["0302"]))
    assert proc(g).assaults["G1"].constricted
