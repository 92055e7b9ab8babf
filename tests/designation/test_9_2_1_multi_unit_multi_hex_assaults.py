"""9.2.1: units from several hexes attack together only if all are adjacent and all in PA mode (reading A6:
every one of them); one assault may take several hexes if every attacker touches every one; the defender's best
terrain is used. INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c

from helpers import refused
from war_helpers import game, proc, to_assaults, u


def test_9_2_1_two_origin_hexes_all_in_pa_may_attack_together(tmp_path):
    """9.2.1¶1: two origin hexes, all PA, all adjacent."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0203", mode="pa"), u("e1", "0302")])
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1", "a2"], hexes=["0302"]))
    assert proc(g).assaults["G1"].attackers == ["a1", "a2"]


def test_9_2_1_a_non_pa_unit_from_either_hex_is_refused(tmp_path):
    """9.2.1¶1: every attacker must be PA (reading A6)."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0203"), u("e1", "0302")])
    to_assaults(g, "a2")
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a1", "a2"], hexes=["0302"]), "9.2.1")
    assert "not PA: a2" in err.message


def test_9_2_1_one_hex_may_attack_several_hexes_without_pa_if_all_touch_all(tmp_path):
    """9.2.1¶2, 9.2.1¶3: one origin hex takes two defending hexes; the woods, best for the defender, is used."""
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0202"), u("e1", "0301", mode="exploit"), u("e2", "0302"),
                        u("e3", "0403")], spec="0302:woods")
    to_assaults(g, "a1", "a2")
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1", "a2"], hexes=["0301", "0302"]))
    g1 = proc(g).assaults["G1"]
    assert g1.defenders == ["e1", "e2"] and g1.terrain == "woods"   # the defender's best terrain


def test_9_2_1_every_attacker_must_touch_every_defending_hex(tmp_path):
    """9.2.1¶2: every attacker adjacent to every target."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0203", mode="pa"), u("e1", "0302"),
                        u("e2", "0301")])
    to_assaults(g)
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a1", "a2"], hexes=["0302", "0301"]), "9.2.1")
    assert "a2 in 0203 is not adjacent to 0301" in err.message


def test_9_2_1_the_best_terrain_is_read_from_the_defence_rank_then_cover(tmp_path):
    """9.2.1¶3: the defender's best terrain is the highest defence rank, then cover."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301"), u("e2", "0302")],
             spec="0301:clear:village 0302:gorge")
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301", "0302"]))
    assert proc(g).assaults["G1"].terrain == "gorge"
