"""The REPL's `why`, `legal` and `hex` answer for rule 9 as they do for attrition. INVENTED position."""
from __future__ import annotations

import io

from turnlog import commands as c
from turnlog.engine.faces.repl import Shell

from war_helpers import game, to_assaults, u


def run(g, *lines: str) -> str:
    out = io.StringIO()
    Shell(g, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, history=None).cmdloop()
    return out.getvalue()


def _seq_of(g, type_name: str) -> int:
    return max(s for s, _cid, ev, _a in g.rows(1, g.log.last()[0]) if type(ev).__name__ == type_name)


def test_9_why_names_each_required_hex_and_each_exemption(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0202", mode="pa"), u("e1", "0301"), u("e2", "0302", mode="exploit")],
             spec="0202:woods")
    to_assaults(g)
    text = run(g, f"why {_seq_of(g, 'RequiredTargetsDetermined')}")
    assert "0301 required: a2 is in PA mode: designated, so Open (9.1.0, 9.1.1a) (9.1.1)" in text
    assert "0302 owes nothing to a2: every enemy unit there is in Exploit mode (9.1.1)" in text


def test_9_why_explains_a_declared_assault_and_legal_lists_the_choices(tmp_path):
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0203", mode="pa"), u("e1", "0302")], spec="0302:gorge")
    to_assaults(g)
    text = run(g, "legal")
    assert "legal now (designation):" in text
    assert "DeclareGroundAssault procedure=C1 hexes: exactly 1 of 0302; attackers: at least 1 of a1, a2; " \
           "a required hex; units from several hexes only if all are in PA mode (9.2.1)" in text
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1", "a2"], hexes=["0302"]))
    text = run(g, f"why {_seq_of(g, 'GroundAssaultDeclared')}", "hex 0302")
    assert "several origin hexes: every attacker is in PA mode (9.2.1)" in text
    assert "a constricted target: at most two units, one battalion, from each hex (9.2.4)" in text
    assert "rule 9: Open terrain (9.1.1a), constricted (9.2.4)" in text
    assert "required target of C1 (by a1, a2): attacked (9.1.1)" in text


def test_9_why_says_every_required_hex_was_attacked_when_none_lapsed(tmp_path):
    """9.1.1-QA¶1: `why` on the end of the segment names the attacked hexes and, with none lapsed, says so."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301")])
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="NE"))
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    text = run(g, f"why {_seq_of(g, 'GroundAssaultSegmentEnded')}")
    assert "attacked: 0301" in text and "every required hex was attacked (9.1.1)" in text
