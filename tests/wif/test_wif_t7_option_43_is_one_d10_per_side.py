"""11.16.5-T7: the text assumes option 43, the split d10: each side rolls one ten-sided die. A game whose
rules.wif.die names another die is refused under T7 when the dice are rolled, and nothing is written.
INVENTED position, synthetic tables."""
from __future__ import annotations

import msgspec

from turnlog import commands as c

from helpers import new_game, refused
from wif_helpers import EX_T, begin, combat, position


def _game(tmp_path, **dice):
    sc = position(EX_T)
    sc = msgspec.structs.replace(sc, dice={"wif-d10": msgspec.structs.replace(sc.dice["wif-d10"], **dice)})
    g = new_game(tmp_path, sc)
    g.execute(begin())
    g.execute(c.ChooseCombatTable(procedure="L1", table="assault"))
    return g


def test_wif_t7_a_six_sided_die_is_refused(tmp_path):
    """11.16.5-T7: a d6 named as each side's die is not the split d10."""
    g = _game(tmp_path, sides=6)
    err = refused(g, c.RollLandCombatDice(procedure="L1", values={"attacker": 3, "defender": 2}), "11.16.5-T7")
    assert "1 d6" in str(err) and "split d10" in str(err)


def test_wif_t7_two_dice_per_side_are_refused(tmp_path):
    """11.16.5-T7: one die per side, not two."""
    g = _game(tmp_path, count=2)
    refused(g, c.RollLandCombatDice(procedure="L1"), "11.16.5-T7")


def test_wif_t7_one_d10_per_side_rolls(tmp_path):
    """11.16.5-T7: one d10 each: the row is the two dice added (3 + 2 = 5)."""
    g = _game(tmp_path)
    g.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": 3, "defender": 2}))
    assert (combat(g).dice, combat(g).row) == ([3, 2], "5")
