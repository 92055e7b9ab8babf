"""9.2.0¶1 governs a hexside the terrain closes, in an assault on one hex or on several: a unit adjacent to
both defending hexes (so meeting 9.2.1's condition) but barred from one by an impassable hexside is
refused under 9.2.0, as the one-hex case is; a unit not adjacent to every defending hex is refused under
9.2.1. A refused command is not logged, so no earlier log changes. INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c

from helpers import refused
from war_helpers import game, to_assaults, u

SHUT = [{"a": "0202", "b": "0301", "impassable": True}]


def test_9_2_0_an_impassable_side_to_one_of_two_defending_hexes_is_9_2_0s(tmp_path):
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301"), u("e2", "0201")], hexsides=SHUT)
    to_assaults(g)
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0201", "0301"]), "9.2.0")
    assert "across the hexside from 0202" in err.message and "adjacent to every" not in err.message


def test_9_2_1_an_attacker_not_adjacent_to_every_defending_hex_is_9_2_1s(tmp_path):
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301"), u("e2", "0201"), u("e3", "0404")])
    to_assaults(g)
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0201", "0404"]), "9.2.1")
    assert "adjacent to every defending hex" in err.message
