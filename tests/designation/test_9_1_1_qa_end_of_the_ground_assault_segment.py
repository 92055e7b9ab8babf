"""9.1.1 Q&A: the Ground Assault Segment ends only when every required hex was attacked or its requirement
lapsed (docs/rulings.md, rule 9: emptied, all its units already fought, or artillery-shifted under the option);
an assault that strands a required hex is refused. INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c

from helpers import refused
from war_helpers import game, proc, to_assaults, u


def _ready(tmp_path, **begin):
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0302", mode="pa"), u("e1", "0301"), u("e2", "0201")],
             **begin)
    to_assaults(g)
    assert proc(g).required == ["0201", "0301"]
    return g


def test_9_1_1_qa_the_end_is_refused_naming_each_unattacked_hex(tmp_path):
    """9.1.1-QA¶1: every required hex must be attacked; the end names each one still owed."""
    g = _ready(tmp_path)
    err = refused(g, c.EndGroundAssaultSegment(procedure="C1"), "9.1.1")
    assert "0201 (by a1)" in err.message and "0301 (by a1, a2)" in err.message


def test_9_1_1_qa_an_assault_awaiting_its_result_holds_the_end(tmp_path):
    """9.1.1-QA¶1, 9.0¶1: an attack counts once its host-reported result is in."""
    g = _ready(tmp_path)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0201", "0301"]))
    assert "G1 is not yet reported" in refused(g, c.EndGroundAssaultSegment(procedure="C1"), "9.0").message
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1"))
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).phase == "done" and proc(g).lapsed == {}


def test_9_1_1_qa_using_the_only_unit_able_elsewhere_is_refused(tmp_path):
    """9.1.1-QA¶1: a1 alone touches 0201: spending it on 0301 alone would strand 0201 (reading A4)."""
    g = _ready(tmp_path)
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]), "9.1.1")
    assert err.message.startswith("0201 must still be attacked")
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0301"]))
    assert proc(g).assaults["G1"].attackers == ["a2"]


def test_9_1_1_qa_a_hex_emptied_during_the_segment_lapses(tmp_path):
    """9.1.1-QA¶1: a required hex left without enemy units needs no attack (reading A5)."""
    g = _ready(tmp_path)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0301"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="DR",
                                          retreats=[c.Retreat(unit="e1", to="0401")]))
    g.execute(c.MoveUnit(unit="e2", hex="0101"))   # a host-reported move empties 0201 (reading A5)
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).lapsed == {"0201": "9.1.1"}


def test_9_1_1_qa_option_an_artillery_shifted_hex_may_be_ignored_when_turned_on(tmp_path):
    """9.1.1-QA¶2: with the option on, a hex the barrage shifted may be left unattacked."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301")], arty_shift_option=True)
    g.execute(c.EndAttackDesignation(procedure="C1"))
    g.execute(c.ReportArtilleryShifts(procedure="C1", hexes=["0301"]))
    g.execute(c.StartGroundAssaultSegment(procedure="C1"))
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).lapsed == {"0301": "9.1.1-QA"}


def test_9_1_1_qa_option_off_by_default_a_shift_excuses_nothing(tmp_path):
    """9.1.1-QA¶2: the option is off by default."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301")])
    g.execute(c.EndAttackDesignation(procedure="C1"))
    g.execute(c.ReportArtilleryShifts(procedure="C1", hexes=["0301"]))
    g.execute(c.StartGroundAssaultSegment(procedure="C1"))
    refused(g, c.EndGroundAssaultSegment(procedure="C1"), "9.1.1")


def test_9_1_1_qa_a_stranding_assault_is_refused_even_when_another_hex_already_lost_its_attackers(tmp_path):
    """9.1.1-QA¶1: 0301 lost its only attacker to a host move; a2 spending itself on 0503 alone would strand
    0405 too."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0404", mode="pa"), u("eX", "0301"), u("eY", "0405"),
                        u("eZ", "0503")])
    to_assaults(g)
    assert proc(g).required == ["0301", "0405", "0503"]
    g.execute(c.MoveUnit(unit="a1", hex="0105"))
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0503"]), "9.1.1")
    assert err.message.startswith("0405 must still be attacked")
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0405", "0503"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1"))
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).lapsed == {"0301": "9.1.0"}
