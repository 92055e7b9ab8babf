"""9.1.1-QA¶2: the option lets the attacker ignore an enemy stack that took an artillery shift; a reported shift
must therefore lie on a hex holding enemy units, each hex named once. INVENTED position."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.errors import CommandError

from helpers import refused
from war_helpers import game, proc, u


def test_9_1_1_qa_p2_a_shift_on_a_hex_without_enemy_units_is_refused(tmp_path):
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301")], arty_shift_option=True)
    g.execute(c.EndAttackDesignation(procedure="C1"))
    err = refused(g, c.ReportArtilleryShifts(procedure="C1", hexes=["0301", "0202"]), "9.1.1-QA")
    assert err.message.startswith("hexes[1]: 0202 holds no enemy unit")
    refused(g, c.ReportArtilleryShifts(procedure="C1", hexes=["0404"]), "9.1.1-QA")
    refused(g, c.ReportArtilleryShifts(procedure="C1", hexes=["0301", "0301"]), None, CommandError)
    g.execute(c.ReportArtilleryShifts(procedure="C1", hexes=["0301"]))
    assert proc(g).shifted == ["0301"]
