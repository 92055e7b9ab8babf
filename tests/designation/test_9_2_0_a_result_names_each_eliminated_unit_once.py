"""9.2.0¶3: the host's result reaches each defender once; a unit named twice among the eliminated is malformed
input, refused by its field with nothing written (it would have been eliminated twice). INVENTED position."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.errors import CommandError

from helpers import refused
from war_helpers import game, proc, to_assaults, u


def test_9_2_0_p3_a_unit_named_twice_among_the_eliminated_is_refused(tmp_path):
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301"), u("e2", "0301", size="company")])
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    err = refused(g, c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="DE",
                                                 eliminated=["e1", "e2", "e1"]), None, CommandError)
    assert str(err).startswith('eliminated[2]: "e1" is named twice')
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="DE", eliminated=["e1", "e2"]))
    gone = [e for _s, e in g.events() if type(e).__name__ == "UnitEliminated"]
    assert [e.unit for e in gone] == ["e1", "e2"] and proc(g).assaults["G1"].result == "DE"
