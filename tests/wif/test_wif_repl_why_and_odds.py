"""The REPL's `why` and `odds` answer for a WiF land combat (11.16.5-T3, T7, R1). INVENTED position,
synthetic tables."""
from __future__ import annotations

import io
from collections import Counter
from fractions import Fraction

from turnlog import commands as c
from turnlog.engine.faces.repl import Shell

from wif_helpers import _blitz, game


def run(g, *lines: str) -> str:
    out = io.StringIO()
    Shell(g, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, history=None).cmdloop()
    return out.getvalue()


def _seq_of(g, type_name: str) -> int:
    return max(s for s, _cid, ev, _a in g.rows(1, g.log.last()[0]) if type(ev).__name__ == type_name)


def test_wif_why_names_each_units_arm_and_the_chooser(tmp_path):
    """11.16.5-T4, 11.16.5-T5, 22.4.2-AA: `why` on the ARM count lists each unit's points with their rules;
    on the chooser, 11.16.5-T3 and its reason."""
    g = game(tmp_path)
    text = run(g, f"why {_seq_of(g, 'ArmPointsCounted')}", f"why {_seq_of(g, 'TableChooserDetermined')}")
    assert "attacker arm1: 4 ARM = 11.16.5-T4 +4 arm:arm1: ARM attacking" in text
    assert "defender eaa: 3 ARM = 22.4.2 +3 arm:eaa: AA defending: its 3 printed factors" in text
    assert "contributors to the attacker's ARM (R4a, W12): arm1, arm2, mech1" in text
    assert "11.16.5-T3: attacker ARM 11 is at least the defender's 7" in text


def test_wif_odds_gives_each_cells_chance_over_both_dice_against_the_loaded_table(tmp_path):
    """11.16.5-R1, 11.16.5-T7: after the blitz choice, `odds L1` gives the chance of each cell of the 3:1
    column over the two d10, each +1, as exact fractions of 100."""
    g = game(tmp_path)
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"))
    text = run(g, "odds L1")
    want = Counter(_blitz(min(20, s + 2), 3) for s in sorted(a + d for a in range(1, 11) for d in range(1, 11)))
    assert "blitz table, column 3:1, +1 on each die, in the table's order:" in text
    line = next(x for x in text.splitlines() if "blitz table, column 3:1" in x)
    # listed as the printed table runs, from the lowest row down, whatever each cell's chance
    assert line.split(": ", 1)[1] == ", ".join(f"{cell} {Fraction(k, 100)} ({k}%)" for cell, k in want.items())


def test_wif_odds_before_the_choice_shows_both_tables(tmp_path):
    """11.16.5-T1: before the table is chosen, `odds` shows what each table would give."""
    text = run(game(tmp_path), "odds L1")
    assert "blitz table, column 3:1, +1 on each die" in text and "assault table, column 3:1, +0 on each die" in text


def test_wif_legal_in_a_game_without_attrition_says_nothing_of_it(tmp_path):
    """11.16.5-T1: in a game whose procedures are WiF land combat alone, `legal` lists the table choice and
    never speaks of attrition (rule 14 is not this game's)."""
    g = game(tmp_path)
    text = run(g, "legal")
    assert "ChooseCombatTable procedure=L1" in text
    assert "attrition" not in text.lower()
