"""The user's tables (11.16.5-T1, R1), one die per side (option 43; reading W4) and the cell's parts (R2).
INVENTED positions; the tables are synthetic (tests/wif/wif_helpers.py)."""
from __future__ import annotations

import pytest

import turnlog
from turnlog import commands as c
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.events import game as ge
from turnlog.events import wif as w

from helpers import new_game, refused
from wif_helpers import EX_T, begin, combat, events, game, position, u


def test_wif_r1_a_combat_without_a_table_file_is_refused_saying_how_to_supply_one(tmp_path):
    """11.16.5-R1: no blitz table loaded: BeginLandCombat is refused, naming the kit's format, source and
    licence, and that turnlog ships none; nothing is written."""
    g = new_game(tmp_path, position(EX_T, kinds=("assault",)))
    err = refused(g, begin(), "11.16.5-R1")
    text = str(err)
    for words in ("no blitz table", "'wif-blitz'", "docs/tables.md", "`source`", "`licence`", "ships no"):
        assert words in text


def test_wif_r1_a_table_not_read_by_odds_is_refused(tmp_path):
    """11.16.5-R1: the table is read by odds with the sides grammar; another table under the name is refused."""
    sc = position(EX_T, wif={"blitz_table": "other"}, )
    from turnlog.engine.kit import tables as T
    import msgspec
    rec = T.record(T.parse('source = "invented"\nlicence = "public domain"\ninvented = true\ncolumns = '
                           '[{ name = "a" }]\nrows = [{ roll = 0, cells = ["-"] }]\n', "other"))
    sc = msgspec.structs.replace(sc, tables={**sc.tables, "other": rec})
    g = new_game(tmp_path, sc)
    assert "cannot be read as the blitz table" in str(refused(g, begin(), "11.16.5-R1"))


def test_wif_r1_the_row_is_the_sum_of_both_modified_dice_clamped_to_the_table(tmp_path):
    """11.16.5-R1 (reading W4): 10 + 4 and 10 + 4 is row 28, read as the last row, 20 (noted)."""
    units = [u("a1", "ARM"), u("a2", "ARM"), u("a3", "ARM"), u("a4", "ARM"), u("a5", "MECH"), u("e1", "MIL")]
    g = game(tmp_path, units, attackers=["a1", "a2", "a3", "a4", "a5"])
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"))
    g.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": 10, "defender": 10}))
    [res] = events(g.rows(), w.LandCombatResultDetermined)
    assert [m.value for m in res.modifiers] == [4, 4] and res.row == "20" and "roll 28 read as 20" in res.notes


def test_wif_r1_both_dice_come_from_the_seed_under_their_own_keys_and_verify(tmp_path):
    """11.16.5-R1, option 43 (11.16.5-T7): each side's die is derived from the committed seed under
    wif/t1/L1/attacker and /defender; one side may be entered; verify re-derives the other."""
    g = game(tmp_path)
    g.execute(c.ChooseCombatTable(procedure="L1", table="assault"))
    g.execute(c.RollLandCombatDice(procedure="L1", values={"defender": 2}))
    rolls = events(g.rows(), ge.DieRolled)
    assert [(r.key, r.entered, r.dice) for r in rolls] == [("wif/t1/L1/attacker", False, "wif-d10"),
                                                           ("wif/t1/L1/defender", True, "wif-d10")]
    assert combat(g).dice == [rolls[0].value, 2]
    assert g.at(use_snapshots=False) == g.state
    rep = turnlog.verify_path(g.log.path)
    assert rep.ok, rep.problem


def test_wif_r1_a_value_for_no_side_or_off_the_die_is_refused(tmp_path):
    """11.16.5-R1: the slots are attacker and defender, and a face is on the d10 (1-10)."""
    g = game(tmp_path)
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"))
    refused(g, c.RollLandCombatDice(procedure="L1", values={"referee": 3}), "dice")
    with pytest.raises((RuleViolation, CommandError)):
        g.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": 0}))


def test_wif_r2_the_cells_parts_are_recorded_and_a_dash_ends_the_combat(tmp_path):
    """11.16.5-R2: each side's number is its loss; letters and marks are flags for the host; a cell with no
    number for either side ends the combat (done)."""
    g = game(tmp_path)
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"))
    g.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": 10, "defender": 9}))  # row 21 -> 20
    l1 = combat(g)
    assert (l1.cell, l1.att_loss, l1.def_loss, l1.flags, l1.phase) == ("-/2S*", "-", "2", ["S", "*"], "losses")
    g2 = game(tmp_path)
    g2.execute(c.ChooseCombatTable(procedure="L1", table="blitz"))
    g2.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": 3, "defender": 1}))  # row 6 at 3:1: "-"
    assert (combat(g2).cell, combat(g2).phase) == ("-", "done")


def test_wif_r4e_two_first_loss_constraints_send_the_combat_to_the_defenders_choice(tmp_path):
    """11.16.5-R4e: the attacker's blitz choice (R4a) and an invasion (R4b) both bind his loss: the combat
    waits for the defender to name the type (first_loss); part B's command takes it on."""
    units = [*EX_T, u("inv1", "INF", hex="0101", size="division")]
    g = game(tmp_path, units, attackers=["arm1", "mech1", "inv1"], invaders=["inv1"])
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"))
    g.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": 1, "defender": 1}))  # row 4 at 3:1: 1/1
    assert (combat(g).att_loss, combat(g).phase) == ("1", "first_loss")


def test_wif_t1_one_open_combat_per_hex(tmp_path):
    """11.16.5-T1: one table and one result per attack: a second combat on the same hex is refused while the
    first is open, and an unknown hex or malformed odds name their field."""
    g = game(tmp_path)
    refused(g, begin(), "11.16.5-T1")
    assert str(refused(g, begin(hex="0909"), None, CommandError)).startswith("hex:")
    assert str(refused(g, begin(hex="0304", odds="three"), None, CommandError)).startswith("odds:")


def test_wif_t1_attackers_are_the_active_sides_and_next_to_the_hex(tmp_path):
    """11.16.5-T1: the attackers are the active side's, on the map, next to the hex unless invading or
    paradropping; the defenders are enemy units in the hex."""
    units = [*EX_T, u("far", "ARM", hex="0101")]
    g = new_game(tmp_path, position(units))
    for bad, field in ((begin(attackers=["emech"]), "attackers[0]"), (begin(attackers=["far"]), "attackers[0]"),
                       (begin(defenders=["arm1"]), "defenders[0]"), (begin(eng_used=["emil"]), "eng_used[0]"),
                       (begin(in_supply={"zz": True}), "in_supply.zz")):
        assert str(refused(g, bad, None, CommandError)).startswith(field)
    g.execute(begin(attackers=["far"], paradropped=["far"]))
    assert combat(g).paradropped == ["far"]
