"""9.1.1: active units in Open terrain next to the enemy must be designated, and every such enemy hex is
required; a river of any kind (bridge or ford or not) or an enemy hex wholly in Exploit mode exempts it.
INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c

from helpers import refused
from war_helpers import game, proc, u


def _end(g):
    g.execute(c.EndAttackDesignation(procedure="C1"))
    return proc(g).required


def test_9_1_1_an_open_unit_next_to_the_enemy_must_be_marked(tmp_path):
    """9.1.1¶1: an active unit in Open terrain next to an enemy must be marked; the end is refused naming it."""
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301")])
    err = refused(g, c.EndAttackDesignation(procedure="C1"), "9.1.1")
    assert "a1 (in Open terrain at 0202, next to 0301)" in err.message
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    assert _end(g) == ["0301"] and proc(g).phase == "barrage"


def test_9_1_1_a_unit_in_covering_terrain_has_no_duty(tmp_path):
    """9.1.1¶1, 9.1.1a¶1: the duty is for Open units only."""
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301")], spec="0202:woods")
    assert _end(g) == []


def test_9_1_1_a_river_of_any_kind_exempts_the_pair_bridge_or_ford_notwithstanding(tmp_path):
    """9.1.1¶2: a river of any class frees the pair, whether bridged or fordable."""
    sides = [{"a": "0202", "b": "0301", "river": True, "river_class": "minor", "bridge": True},
             {"a": "0202", "b": "0302", "river": True, "ford": True}]
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301"), u("e2", "0302"), u("e3", "0201")], hexsides=sides)
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    assert _end(g) == ["0201"]


def test_9_1_1_a_river_exempts_one_unit_not_another_open_unit_next_to_the_same_hex(tmp_path):
    """9.1.1¶2: the river exemption is per pair of hexes (reading A3)."""
    sides = [{"a": "0202", "b": "0301", "river": True}]
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0302"), u("e1", "0301")], hexsides=sides)
    g.execute(c.DesignateAttackers(procedure="C1", units=["a2"]))
    assert _end(g) == ["0301"] and proc(g).duties == {"0301": ["a2"]}


def test_9_1_1_a_hex_wholly_in_exploit_mode_imposes_nothing_a_mixed_hex_does(tmp_path):
    """9.1.1¶2: the Exploit exemption needs every enemy unit of the hex in Exploit mode."""
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301", mode="exploit"), u("e2", "0302", mode="exploit"),
                        u("e3", "0302")])
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    assert _end(g) == ["0302"]


def test_9_1_1_no_enemy_hex_exempt_means_no_marker_is_needed(tmp_path):
    """9.1.1¶1, 9.1.1¶2: with every adjacent enemy hex exempt, an Open unit owes no marker."""
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301", mode="exploit")])
    assert _end(g) == [] and proc(g).attackers == []
