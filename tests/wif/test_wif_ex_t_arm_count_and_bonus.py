"""EX-T, the worked example of the choosing-tables text, and its derived checks. INVENTED map and tables.

Two ARM, a MECH and an INF corps attack a MECH, a MIL and a 3-factor AA (the example's sum calls it an AT:
docs/rulings.md, "EX-T's typo") in a clear hex without a city, in Fine weather, at 3:1 after ground support.
"""
from __future__ import annotations

from turnlog import commands as c
from turnlog.events import wif as w

from wif_helpers import EX_T, combat, events, game, u


def test_wif_ex_t_eleven_against_seven_the_attacker_chooses_plus_one_on_each_die(tmp_path):
    """EX-T: attacker ARM 4 + 4 + 3 + 0 = 11, defender 3 + 1 + 3 = 7 (11.16.5-T4, T5, 22.4.2-AA); 11 >= 7, so
    the attacker chooses (11.16.5-T3); a quarter of 4 is +1 on each die (11.16.5-T7); clear: no shift (T9a)."""
    g = game(tmp_path)
    l1 = combat(g)
    assert (l1.arm_attacker, l1.arm_defender, l1.chooser) == ("11", "7", "attacker")
    assert l1.arm_contributors == ["arm1", "arm2", "mech1"]
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"))
    [chosen] = events(g.rows(), w.CombatTableChosen)
    assert chosen.column == "3:1" and [(m.value, m.applies_to, m.rule) for m in chosen.modifiers] == [
        (1, "attacker_die", "11.16.5-T7"), (1, "defender_die", "11.16.5-T7")]
    g.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": 5, "defender": 4}))
    [res] = events(g.rows(), w.LandCombatResultDetermined)
    assert (res.attacker_die, res.defender_die, res.row, res.cell) == (5, 4, "11", "-/1R")
    assert (res.att_loss, res.def_loss, res.flags) == ("-", "1", ["R"])


def test_wif_ex_t_in_a_forest_the_blitz_costs_a_column_and_gives_no_bonus(tmp_path):
    """EX-T derived, 11.16.5-T9b: the same attack in a forest, the attacker choosing blitz: 3:1 reads 2:1
    (11.16.5-T8) and no ARM bonus (T7: not clear or desert)."""
    g = game(tmp_path, spec="0303:forest")
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"))
    [chosen] = events(g.rows(), w.CombatTableChosen)
    assert chosen.column == "2:1"
    assert [(m.value, m.kind, m.rule) for m in chosen.modifiers] == [(-1, "shift", "11.16.5-T9b")]
    assert "no ARM bonus: forest hex" in chosen.notes


def test_wif_ex_t_a_tie_still_lets_the_attacker_choose_with_no_bonus(tmp_path):
    """EX-T derived, 11.16.5-T3 (reading W5): the defenders plus an ARM corps, 11 against 11: the attacker
    still chooses, and a quarter of 0 is no bonus (T7)."""
    g = game(tmp_path, units=[*EX_T, u("earm", "ARM")])
    assert (combat(g).arm_defender, combat(g).chooser) == ("11", "attacker")
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"))
    [chosen] = events(g.rows(), w.CombatTableChosen)
    assert chosen.modifiers == [] and "no ARM bonus: a quarter of 0 is 0" in chosen.notes
