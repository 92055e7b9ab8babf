"""9.2.3: no unit takes part in two ground assaults in a segment; a defender that retreated into a hex attacked
later adds nothing to its defence but is reached by the result. INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c

from helpers import refused
from war_helpers import game, proc, to_assaults, u


def _ready(tmp_path):
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0202", mode="pa"), u("e1", "0301"), u("e2", "0302")])
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    return g


def test_9_2_3_an_attacker_joins_one_assault(tmp_path):
    """9.2.3¶1: an attacker takes part in one assault per segment."""
    g = _ready(tmp_path)
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1"))
    refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0302"]), "9.2.3")


def test_9_2_3_a_hex_whose_units_all_defended_is_not_attacked_again(tmp_path):
    """9.2.3¶1: defenders too take part in one assault per segment."""
    g = _ready(tmp_path)
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1"))
    refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0301"]), "9.2.3")


def test_9_2_3_a_defender_that_retreated_in_adds_nothing_and_suffers_the_result(tmp_path):
    """9.2.3¶2: e1 retreated into 0302, adds nothing to its defence, and is reached by the result."""
    g = _ready(tmp_path)
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="DR",
                                          retreats=[c.Retreat(unit="e1", to="0302")]))
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0302"]))
    g2 = proc(g).assaults["G2"]
    assert g2.defenders == ["e2"] and g2.retreated_in == ["e1"]
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G2", result="DE", eliminated=["e1", "e2"]))
    assert g.state.units["e1"].eliminated and proc(g).assaults["G2"].affected == ["a2", "e1", "e2"]
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).phase == "done"
