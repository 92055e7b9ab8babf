"""9.1.1 Q&A (the Kesternich question) as a test: two active battalions in Open terrain next to three enemy
hexes K, S and H must attack all three, not K alone. INVENTED map: the battalions stand in 0202; K is 0301,
S 0302, H 0201 (all adjacent to 0202). Variants from the reading notes §3.5: a river, Exploit mode, the option."""
from __future__ import annotations

from turnlog import commands as c

from helpers import refused
from war_helpers import game, proc, u

K, S, H = "0301", "0302", "0201"
BNS = [u("b1", "0202"), u("b3", "0202")]


def _ready(tmp_path, enemy=None, hexsides=(), extra=(), **begin):
    enemy = enemy or [u("eK", K), u("eS", S), u("eH", H)]
    g = game(tmp_path, [*BNS, *extra, *enemy], hexsides=hexsides, **begin)
    g.execute(c.DesignateAttackers(procedure="C1", units=["b1", "b3"]))
    g.execute(c.EndAttackDesignation(procedure="C1"))
    return g


def _assault(g, attackers, hexes):
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=attackers, hexes=hexes))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault=f"G{len(proc(g).assaults)}", result="NE"))


def test_9_1_1_qa_attacking_kesternich_alone_is_refused_naming_the_flanks(tmp_path):
    """9.1.1-QA¶1: the Kesternich question: K alone is refused while H and S are owed."""
    g = _ready(tmp_path)
    assert proc(g).required == [H, K, S]
    g.execute(c.StartGroundAssaultSegment(procedure="C1"))
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["b1", "b3"], hexes=[K]), "9.1.1")
    assert err.message.startswith(f"{H}, {S} must still be attacked")
    _assault(g, ["b1"], [K])
    err = refused(g, c.EndGroundAssaultSegment(procedure="C1"), "9.1.1")
    assert f"{H} (by b3)" in err.message and f"{S} (by b3)" in err.message


def test_9_1_1_qa_all_three_in_one_multi_hex_assault_is_accepted(tmp_path):
    """9.1.1-QA¶1, 9.2.1¶2: K, S and H in one assault meet the duty."""
    g = _ready(tmp_path)
    g.execute(c.StartGroundAssaultSegment(procedure="C1"))
    _assault(g, ["b1", "b3"], [K, S, H])
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).phase == "done" and proc(g).lapsed == {}


def test_9_1_1_qa_all_three_in_separate_assaults_is_accepted(tmp_path):
    """9.1.1-QA¶1, 9.2.2¶1: the two battalions of one hex attack K and S+H separately."""
    g = _ready(tmp_path)
    g.execute(c.StartGroundAssaultSegment(procedure="C1"))
    _assault(g, ["b1"], [K])
    _assault(g, ["b3"], [S, H])
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).phase == "done" and [a.hexes for a in proc(g).assaults.values()] == [[K], [S, H]]
    assert proc(g).lapsed == {}


def test_9_1_1_qa_variant_a_river_before_s_frees_it_unless_another_open_unit_touches_s(tmp_path):
    """9.1.1¶2: a river frees S for the battalions but not for another Open unit next to S."""
    river = [{"a": "0202", "b": S, "river": True}]
    assert proc(_ready(tmp_path, hexsides=river)).required == [H, K]
    g = _ready(tmp_path, hexsides=river, extra=[u("a9", "0402", mode="pa")])
    assert proc(g).required == [H, K, S] and proc(g).duties[S] == ["a9"]


def test_9_1_1_qa_variant_s_wholly_in_exploit_mode_is_free(tmp_path):
    """9.1.1¶2: S wholly in Exploit mode is not required."""
    g = _ready(tmp_path, enemy=[u("eK", K), u("eS", S, mode="exploit"), u("eH", H)])
    assert proc(g).required == [H, K]


def test_9_1_1_qa_variant_with_the_option_an_artillery_shift_on_s_frees_it(tmp_path):
    """9.1.1-QA¶2: with the option on, the shifted S may be ignored."""
    g = _ready(tmp_path, arty_shift_option=True)
    g.execute(c.ReportArtilleryShifts(procedure="C1", hexes=[S]))
    g.execute(c.StartGroundAssaultSegment(procedure="C1"))
    _assault(g, ["b1"], [K])
    _assault(g, ["b3"], [H])
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).lapsed == {S: "9.1.1-QA"}
