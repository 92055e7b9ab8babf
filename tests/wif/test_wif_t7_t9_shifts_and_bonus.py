"""Odds shifts for rough terrain and cities (11.16.5-T8, T9a-T9e; W8, W9, W19) and the ARM bonus (T7; W2,
W3, W18). INVENTED positions and synthetic tables."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.events import wif as w

from wif_helpers import EX_T, events, game, u


def _chosen(g, table: str = "blitz") -> w.CombatTableChosen:
    g.execute(c.ChooseCombatTable(procedure="L1", table=table))
    [ev] = events(g.rows(), w.CombatTableChosen)
    return ev


def _shift(ev) -> list[tuple[int, str]]:
    return [(m.value, m.rule) for m in ev.modifiers if m.kind == "shift"]


def _bonus(ev) -> list[int]:
    return [m.value for m in ev.modifiers if m.rule == "11.16.5-T7"]


def test_wif_t9a_clear_and_desert_shift_nothing(tmp_path):
    """11.16.5-T9a: clear or desert: no shift, the bonus may apply."""
    for spec in ("", "0303:desert"):
        ev = _chosen(game(tmp_path, spec=spec))
        assert (ev.column, _shift(ev), _bonus(ev)) == ("3:1", [], [1, 1])


def test_wif_t9c_jungle_mountain_swamp_cost_two_levels(tmp_path):
    """11.16.5-T9c: mountain (the scenario's wif.blitz_shift -2): the attacker's blitz reads 3:1 as 1:1."""
    ev = _chosen(game(tmp_path, spec="0303:mountain"))
    assert (ev.column, _shift(ev)) == ("1:1", [(-2, "11.16.5-T9c")])


def test_wif_t9e_any_other_city_costs_two_levels_and_bars_the_bonus(tmp_path):
    """11.16.5-T9e (reading W9): a city of one factory in clear terrain: -2, and no ARM bonus (T7)."""
    ev = _chosen(game(tmp_path, spec="0303:clear:city=1"))
    assert (ev.column, _shift(ev), _bonus(ev)) == ("1:1", [(-2, "11.16.5-T9e")], [])


def test_wif_t9_the_most_restrictive_row_applies_not_their_sum(tmp_path):
    """11.16.5-T9b, T9e (reading W9): a city in a forest is -2, not -3."""
    ev = _chosen(game(tmp_path, spec="0303:forest:city=0"))
    assert _shift(ev) == [(-2, "11.16.5-T9e")]


def test_wif_t8_no_shift_when_the_attacker_chooses_assault(tmp_path):
    """11.16.5-T8: only the attacker's blitz costs odds; his assault in a forest reads 3:1."""
    ev = _chosen(game(tmp_path, spec="0303:forest"), "assault")
    assert (ev.column, _shift(ev), _bonus(ev)) == ("3:1", [], [])


def test_wif_t8_no_shift_when_the_defender_allows_a_blitz_in_a_forest(tmp_path):
    """11.16.5-T8 (reading W19): the defender chose (the attacker had less ARM); his blitz costs no level;
    the bonus applies with the negative difference on both dice (T7, reading W3; not clear: none here)."""
    g = game(tmp_path, spec="0303:forest", attackers=["inf1"])
    ev = _chosen(g)
    assert (ev.by, ev.column, _shift(ev)) == ("defender", "3:1", [])
    assert any("defender chose" in n for n in ev.notes)


def test_wif_t7_a_defenders_blitz_in_clear_gives_both_dice_the_negative_quarter(tmp_path):
    """11.16.5-T7 (readings W2, W3): 0 against 7: a quarter of -7 truncates to -1 on each die."""
    ev = _chosen(game(tmp_path, attackers=["inf1"]))
    assert ev.by == "defender" and _bonus(ev) == [-1, -1]


def test_wif_t7_only_fine_or_snow_weather_gives_the_bonus(tmp_path):
    """11.16.5-T7 (reading W18): snow gives it; rain does not."""
    assert _bonus(_chosen(game(tmp_path, weather="Snow"))) == [1, 1]
    ev = _chosen(game(tmp_path, weather="rain"))
    assert _bonus(ev) == [] and "no ARM bonus: rain weather (W18)" in ev.notes


def test_wif_t7_a_quarter_truncates_and_a_rounding_may_be_named(tmp_path):
    """11.16.5-T7 (reading W2): a difference of 2: a quarter (1/2) truncates to no bonus; with
    rules.wif.bonus_rounding = half_up it is +1 on each die."""
    units = [*EX_T, u("earm", "ARM", size="division")]  # the defender's 7 + 2 = 9; 11 - 9 = 2 -> 0 / +1
    assert _bonus(_chosen(game(tmp_path, units))) == []
    assert _bonus(_chosen(game(tmp_path, units, wif={"bonus_rounding": "half_up"}))) == [1, 1]


def test_wif_t8_shifts_count_past_the_last_column_then_clamp(tmp_path):
    """11.16.5-T8, R1 (reading W8): 9:1 on a blitz table ending at 7:1, shifted -2 in a mountain, reads 7:1;
    1:3 reads the first column, 1:2."""
    ev = _chosen(game(tmp_path, spec="0303:mountain", odds="9:1"))
    assert ev.column == "7:1"
    ev = _chosen(game(tmp_path, odds="1:3"))
    assert ev.column == "1:2" and any("below the first column" in n for n in ev.notes)
