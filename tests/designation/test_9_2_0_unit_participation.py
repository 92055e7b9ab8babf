"""9.2.0: a hex is attacked from any adjacent hex the terrain allows; all its units defend together, none may
be held back, and every one of them is reached by the result. INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.errors import CommandError

from helpers import refused
from war_helpers import game, proc, to_assaults, u


def _ready(tmp_path, **kw):
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0404", mode="pa"), u("e1", "0301"),
                        u("e2", "0301", size="company"), u("e3", "0505")], **kw)
    to_assaults(g)
    return g


def test_9_2_0_every_unit_of_the_defending_hex_defends_and_is_reached(tmp_path):
    """9.2.0¶2, 9.2.0¶3: the whole hex defends together and each unit in it is reached by the result."""
    g = _ready(tmp_path)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    assert proc(g).assaults["G1"].defenders == ["e1", "e2"]
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="DE", eliminated=["e1", "e2"]))
    assert proc(g).assaults["G1"].affected == ["a1", "e1", "e2"]
    assert g.state.units["e2"].eliminated


def test_9_2_0_refusals(tmp_path):
    """9.2.0¶1: only an adjacent enemy hex may be attacked, and only by active units."""
    g = _ready(tmp_path)
    refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0302"]), "9.2.0")  # no enemy
    refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0301"]), "9.2.0")  # not adjacent
    refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["9999"]), None, CommandError)
    refused(g, c.DeclareGroundAssault(procedure="C1", attackers=[], hexes=["0301"]), None, CommandError)
    refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["e1"], hexes=["0301"]), "9.2.0")


def test_9_2_0_not_across_a_side_land_units_cannot_cross(tmp_path):
    """9.2.0¶1: an adjacent hex attacks only as the terrain allows: not across an impassable hexside."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301"), u("e2", "0201")],
             hexsides=[{"a": "0202", "b": "0301", "impassable": True}])
    to_assaults(g)
    assert proc(g).required == ["0201"]
    refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]), "9.2.0")


def test_9_2_0_a_result_is_reported_once_and_names_its_assault(tmp_path):
    """9.2.0¶3, 9.2.3¶1: one result per assault, naming only units it reaches."""
    g = _ready(tmp_path)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    refused(g, c.ReportGroundAssaultResult(procedure="C1", assault="G7"), None, CommandError)
    refused(g, c.ReportGroundAssaultResult(procedure="C1", assault="G1", retreats=[c.Retreat(unit="e1", to="x")]),
            None, CommandError)
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="NE"))
    refused(g, c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="NE"), "9.2.3")


def test_9_1_0_one_assault_at_a_time_the_next_waits_for_the_result(tmp_path):
    """9.1.0¶4: the target is named only as its attack is resolved, so one assault waits for the previous result."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0202", mode="pa"), u("e1", "0301"), u("e2", "0201")])
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0201"]), "9.1.0")
    assert err.message.startswith("G1 awaits its result")
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1"))
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0201"]))


def test_9_2_0_a_hex_may_be_attacked_from_all_six_neighbours_at_once(tmp_path):
    """9.2.0¶1, 9.2.1¶1: six PA units, one in each neighbour of 0302, attack it in one assault."""
    ring = ["0202", "0203", "0301", "0303", "0402", "0403"]
    g = game(tmp_path, [*(u(f"a{i}", h, mode="pa") for i, h in enumerate(ring)), u("e1", "0302")])
    to_assaults(g)
    attackers = [f"a{i}" for i in range(6)]
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=attackers, hexes=["0302"]))
    assert proc(g).assaults["G1"].attackers == attackers
