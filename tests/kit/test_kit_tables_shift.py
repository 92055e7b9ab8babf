"""Column shifts move left or right by N and stop at the table's ends, saying how much was not applied."""
from __future__ import annotations

import pytest

from kit_tables_helpers import invented

from turnlog.engine.kit import tables as T


@pytest.mark.parametrize("start,by,column", [("3:1", 1, "4:1"), ("3:1", -2, "1:1"), ("3:1", 3, "6:1"),
                                             ("1:2", 0, "1:2")])
def test_shifts_within_the_table(start, by, column):
    r = T.lookup(invented(), start, 7, shift_by=by)
    assert r.column == column
    assert not any("stops" in n for n in r.notes)


def test_a_shift_past_the_right_end_is_clamped_and_reported():
    r = T.lookup(invented(), "5:1", 7, shift_by=4)
    assert r.column == "6:1"
    assert r.notes == ("column shift +4: 5:1 to 6:1", "the shift stops at the last column, 6:1 (3 beyond it not applied)")


def test_a_shift_past_the_left_end_is_clamped_and_reported():
    r = T.lookup(invented(), "1:1", 7, shift_by=-3)
    assert r.column == "1:2"
    assert r.notes[-1] == "the shift stops at the first column, 1:2 (2 beyond it not applied)"


def test_a_shift_applies_after_the_value_clamps():
    # 1:4 reads 1:2 (clamped), then +1 reads 1:1: the shift counts from the column read, not from 1:4
    r = T.lookup(invented(), "1:4", 7, shift_by=1)
    assert r.column == "1:1"
    assert r.notes[0] == "1:4 is below the first column; read as 1:2"


def test_shift_as_a_function():
    t = invented()
    assert T.shift(t, 6, 1) == (6, ("column shift +1: 6:1 to 6:1", "the shift stops at the last column, 6:1 (1 beyond it not applied)"))
    assert T.shift(t, 2, 0) == (2, ())
