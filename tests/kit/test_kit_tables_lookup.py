"""Lookups by column name or value and roll; reads past either end clamp, and the clamp is reported."""
from __future__ import annotations

from fractions import Fraction

import pytest

from kit_tables_helpers import invented, range_table, toml

from turnlog.engine.kit import tables as T


def test_by_name_and_roll():
    r = T.lookup(invented(), "3:1", 7)
    assert (r.column, r.row, r.cell, r.notes) == ("3:1", "7", "-/R*", ())
    assert r.result.text == "-/R*"


@pytest.mark.parametrize("odds,column", [("1:1", "1:1"), ("3:2", "1:1"), ("7:2", "3:1"), ("4:1", "4:1"),
                                         (Fraction(5, 2), "2:1"), (6, "6:1")])
def test_odds_read_the_column_whose_range_holds_them(odds, column):
    r = T.lookup(invented(), odds, 7)
    assert r.column == column and r.notes == ()


def test_odds_below_the_first_column_clamp_with_a_note():
    r = T.lookup(invented(), "1:3", 5)
    assert r.column == "1:2"
    assert r.notes == ("1:3 is below the first column; read as 1:2",)


def test_odds_above_the_last_column_read_the_last():
    assert T.lookup(invented(), "9:1", 5).column == "6:1"


@pytest.mark.parametrize("roll,row,note", [(1, "2-", "roll 1 read as 2-"), (15, "12+", "roll 15 read as 12+"),
                                           (2, "2-", None), (12, "12+", None)])
def test_rolls_past_the_rows_clamp_with_a_note(roll, row, note):
    r = T.lookup(invented(), "2:1", roll)
    assert r.row == row
    assert r.notes == ((note,) if note else ())


@pytest.mark.parametrize("value,column,clamped", [(-3, "low", False), (4, "low", False), (5, "mid", False),
                                                  (9, "mid", False), (10, "high", False), (99, "high", False)])
def test_range_columns_by_integer_value(value, column, clamped):
    r = T.lookup(range_table(), value, 2)
    assert r.column == column and bool(r.notes) == clamped


def test_a_closed_range_table_reports_values_beyond_it():
    t = T.parse(toml('{ name = "1-10", min = 1, max = 10 }, { name = "11-20", min = 11, max = 20 }',
                     '{ roll = 0, cells = ["a", "b"] }', extra='columns_by = "range"\n'), "closed")
    assert T.lookup(t, 0, 0).notes == ("0 is below the first column; read as 1-10",)
    assert T.lookup(t, 21, 0).notes == ("21 is above the last column; read as 11-20",)


def test_an_unknown_column_name_is_refused():
    t = T.parse('source = "t"\nlicence = "t"\ncolumns = [{ name = "blitz" }]\nrows = [{ roll = 1, cells = ["x"] }]\n', "n")
    assert T.lookup(t, "blitz", 1).cell == "x"
    with pytest.raises(ValueError, match="no column 'assault'"):
        T.lookup(t, "assault", 1)


def test_a_range_table_wants_an_integer():
    with pytest.raises(ValueError, match="integer value"):
        T.lookup(range_table(), "7:2", 1)
