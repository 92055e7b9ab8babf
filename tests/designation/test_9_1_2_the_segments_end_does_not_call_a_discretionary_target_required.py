"""9.1.1, 9.1.2: the end of the Ground Assault Segment lists the hexes attacked without calling each one
required: a discretionary attack (9.1.2) is not a required one."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.events import designation as d
from turnlog.projections import narrative

from war_helpers import game, to_assaults, u


def test_9_1_2_a_discretionary_target_is_not_narrated_as_required(tmp_path):
    # e1 is in Exploit mode, so 0302 imposes no duty (9.1.1); a1's attack on it is discretionary
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0302", mode="exploit")])
    to_assaults(g, "a1")
    assert g.state.kinds["designation"].procedures["C1"].required == []
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0302"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1"))
    done = g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    ended = next(e for _s, e in done if isinstance(e, d.GroundAssaultSegmentEnded))
    line = narrative.line(ended)
    assert "hexes attacked: 0302" in line and "required hexes attacked" not in line
    g.close()
