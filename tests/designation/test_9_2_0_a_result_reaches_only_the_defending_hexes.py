"""9.2.0¶3, 9.2.2¶2: a reported result may name only the units it reaches; an enemy unit outside the defending
hexes is refused under 9.2.0 (not 9.2.2, which is about the active side's units), an unknown id by its field.
INVENTED position."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.errors import CommandError

from helpers import refused
from war_helpers import game, to_assaults, u


def test_9_2_0_p3_an_enemy_unit_outside_the_defending_hex_is_refused_under_9_2_0(tmp_path):
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0404"), u("e1", "0301"), u("e9", "0505")])
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    err = refused(g, c.ReportGroundAssaultResult(procedure="C1", assault="G1", eliminated=["e9"]), "9.2.0")
    assert "e9 is not in G1's defending hexes" in err.message
    refused(g, c.ReportGroundAssaultResult(procedure="C1", assault="G1", retreats=[c.Retreat(unit="e9", to="0504")]),
            "9.2.0")
    refused(g, c.ReportGroundAssaultResult(procedure="C1", assault="G1", eliminated=["a2"]), "9.2.2")
    err = refused(g, c.ReportGroundAssaultResult(procedure="C1", assault="G1", eliminated=["zz"]), None, CommandError)
    assert str(err).startswith('eliminated[0]: no unit "zz"')
