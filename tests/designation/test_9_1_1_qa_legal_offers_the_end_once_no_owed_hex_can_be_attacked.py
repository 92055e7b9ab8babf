"""9.1.1-QA¶1: `legal()` offers EndGroundAssaultSegment exactly when the end would be accepted: a required hex
that no designated unit can attack any more (its only attacker moved away) does not hold the end, so the
end must be offered. INVENTED position."""
from __future__ import annotations

from turnlog import commands as c

from helpers import refused
from war_helpers import game, proc, to_assaults, u


def _offered(g) -> set[str]:
    return {ch.command for ch in g.legal()}


def test_9_1_1_qa_p1_the_end_is_offered_once_every_owed_hex_has_no_able_attacker(tmp_path):
    """9.1.1-QA¶1: 0301 lost its only attacker to a host move; after 0405 and 0503 are attacked the end is
    accepted, so legal() lists it."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0404", mode="pa"), u("eX", "0301"), u("eY", "0405"),
                        u("eZ", "0503")])
    to_assaults(g)
    assert "EndGroundAssaultSegment" not in _offered(g)
    refused(g, c.EndGroundAssaultSegment(procedure="C1"), "9.1.1")
    g.execute(c.MoveUnit(unit="a1", hex="0105"))
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0405", "0503"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1"))
    assert "EndGroundAssaultSegment" in _offered(g)
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).phase == "done" and proc(g).lapsed == {"0301": "9.1.0"}
