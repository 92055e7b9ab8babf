"""kit/odds.py: attack against defence as an exact ratio, rounded as a system names, read to a column, shifted.

The table is INVENTED here (odds columns 1:2 .. 4:1, one d6); it is no game's table.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from kit_tables_helpers import toml

from turnlog.engine.kit import odds as O
from turnlog.engine.kit import tables as T

COLUMNS = ", ".join(f'{{ name = "{c}", min = "{c}" }}' for c in ("1:2", "1:1", "3:2", "2:1", "3:1", "4:1"))
ROWS = ", ".join(f'{{ roll = {r}, cells = ["-", "-", "-", "-", "-", "-"] }}' for r in range(1, 7))


def invented() -> T.Table:
    return T.parse(toml(COLUMNS, ROWS, extra='columns_by = "odds"\n', dice="count = 1\nsides = 6\nlowest = 1"),
                   "invented-odds")


def test_the_ratio_is_exact_for_halves_and_thirds():
    assert O.ratio(7, 2) == Fraction(7, 2)
    assert O.ratio(Fraction(5, 2), Fraction(3, 2)) == Fraction(5, 3)  # casualty points and halved factors stay exact
    assert O.ratio(0, 4) == 0


@pytest.mark.parametrize("attack,defence", [(3, 0), (3, -1), (-1, 2)])
def test_a_ratio_without_a_defence_or_with_a_negative_attack_is_refused(attack, defence):
    with pytest.raises(ValueError):
        O.ratio(attack, defence)


@pytest.mark.parametrize("odds,defender,attacker", [
    (Fraction(7, 3), Fraction(2), Fraction(3)),      # 2.33:1
    (Fraction(3), Fraction(3), Fraction(3)),         # exact levels stay
    (Fraction(2, 5), Fraction(1, 3), Fraction(1, 2)),  # 1:2.5
    (Fraction(1, 2), Fraction(1, 2), Fraction(1, 2)),
    (Fraction(0), Fraction(0), Fraction(0)),
])
def test_rounding_in_the_defenders_or_the_attackers_favour(odds, defender, attacker):
    assert O.level(odds, "defender") == defender
    assert O.level(odds, "attacker") == attacker
    assert O.level(odds, "column") == odds


def test_an_unknown_rounding_is_refused_by_name():
    with pytest.raises(ValueError, match="no odds rounding 'nearest'"):
        O.level(Fraction(2), "nearest")


def test_odds_as_text():
    assert [O.text(x) for x in (Fraction(3), Fraction(1, 2), Fraction(7, 2), Fraction(2, 3))] == ["3:1", "1:2", "7:2", "2:3"]


@pytest.mark.parametrize("attack,defence,rounding,column", [
    (7, 3, "defender", "2:1"),   # 2.33 rounds down to 2:1
    (7, 3, "attacker", "3:1"),
    (7, 4, "defender", "1:1"),   # 1.75 rounds to a whole level first, so the 3:2 column is passed over
    (7, 4, "column", "3:2"),     # the table's own columns: 1.75 lies in 3:2 (from 3:2 up to 2:1)
    (9, 2, "defender", "4:1"),   # the last column is open above
])
def test_attack_and_defence_read_a_column(attack, defence, rounding, column):
    assert O.column(invented(), attack, defence, rounding=rounding).name == column


def test_the_rounding_and_a_clamp_below_the_table_are_noted():
    got = O.column(invented(), 2, 5)
    assert (got.index, got.name, got.odds) == (0, "1:2", Fraction(1, 3))
    assert got.notes == ("odds 2:5 read as 1:3 (defender rounding)", "1:3 is below the first column; read as 1:2")


def test_a_shift_moves_columns_and_stops_at_the_ends_with_a_note():
    t = invented()
    assert O.column(t, 3, 1, shift_by=-2).name == "3:2"
    got = O.column(t, 3, 1, shift_by=3)
    assert got.name == "4:1"
    assert got.notes == ("column shift +3: 3:1 to 4:1", "the shift stops at the last column, 4:1 (2 beyond it not applied)")


def test_beyond_whole_counts_each_whole_ratio_past_the_last_column_as_a_level():
    t = invented()
    # 6:1 is two levels past 4:1: shifted -2 it reads 4:1, shifted -3 it reads 3:1 (a clamp first would give 3:2)
    assert O.column_of(t, Fraction(6), shift_by=-2, beyond="whole").name == "4:1"
    assert O.column_of(t, Fraction(6), shift_by=-3, beyond="whole").name == "3:1"
    assert O.column_of(t, Fraction(6), shift_by=-3).name == "3:2"
    got = O.column_of(t, "6:1", shift_by=-1, beyond="whole")
    assert got.name == "4:1" and got.notes == ("column shift -1: 6:1 to 5:1", "5:1 is beyond the last column; read as 4:1")


def test_beyond_whole_clamps_below_the_table_and_notes_a_shift_past_the_first_column():
    t = invented()
    assert O.column_of(t, Fraction(1, 3), shift_by=1, beyond="whole").name == "1:1"  # 1:3 reads 1:2, then +1
    got = O.column_of(t, Fraction(8), shift_by=-12, beyond="whole")
    assert got.name == "1:2" and got.notes[-1] == "the shift stops at the first column, 1:2 (3 beyond it not applied)"


def test_only_an_odds_table_is_read_by_odds():
    with pytest.raises(ValueError, match="not read by odds"):
        O.column(T.shipped("attrition-14-41-europe"), 3, 1)


def test_beyond_whole_needs_a_last_column_of_n_to_1():
    cols = '{ name = "1:1", min = "1:1" }, { name = "5:2", min = "5:2" }'
    t = T.parse(toml(cols, '{ roll = 1, cells = ["-", "-"] }', extra='columns_by = "odds"\n'), "half")
    with pytest.raises(ValueError, match="n:1"):
        O.column_of(t, Fraction(4), beyond="whole")
