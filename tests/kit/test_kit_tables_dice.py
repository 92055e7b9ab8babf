"""How a table's dice make its row: two dice summed, each die read alone, or faces read as digits (d66)."""
from __future__ import annotations

import pytest

from kit_tables_helpers import invented, toml

from turnlog.engine.kit import tables as T


def test_two_dice_are_summed_then_modified():
    [r] = T.lookup_dice(invented(), "2:1", [3, 4])
    assert r.row == "7" and r.cell == invented().spec.rows[5].cells[2]
    [r] = T.lookup_dice(invented(), "2:1", [3, 4], modifier=-2)
    assert r.row == "5"


def test_a_modified_sum_past_the_rows_clamps():
    [r] = T.lookup_dice(invented(), "2:1", [6, 6], modifier=3)
    assert r.row == "12+" and r.notes == ("roll 15 read as 12+",)


def test_faces_must_be_on_the_dice():
    with pytest.raises(ValueError, match="face 7 is not on a d6 numbered from 1"):
        T.lookup_dice(invented(), "2:1", [7, 1])
    with pytest.raises(ValueError, match="read with 2 dice, got 1"):
        T.lookup_dice(invented(), "2:1", [6])


def _each() -> T.Table:
    rows = ", ".join(f'{{ roll = {n}, cells = ["{n}a", "{n}b"] }}' for n in range(0, 7))
    return T.parse(toml('{ name = "a" }, { name = "b" }', rows,
                        dice="count = 2\nsides = 6\nlowest = 1\ncombine = \"each\""), "each")


def test_each_die_reads_its_own_row():
    got = T.lookup_dice(_each(), "b", [2, 5], modifier=1)
    assert [r.cell for r in got] == ["3b", "6b"]


def _d66() -> T.Table:
    rows = ", ".join(f'{{ roll = {a}{b}, cells = ["{a}-{b}"] }}' for a in range(1, 4) for b in range(1, 4))
    return T.parse(toml('{ name = "only" }', rows, dice='count = 2\nsides = 3\nlowest = 1\ncombine = "first-second"'),
                   "d33")


def test_first_second_reads_faces_as_digits():
    [r] = T.lookup_dice(_d66(), "only", [3, 1])
    assert (r.row, r.cell) == ("31", "3-1")


def test_first_second_takes_no_modifier():
    with pytest.raises(ValueError, match="modifier has no meaning"):
        T.lookup_dice(_d66(), "only", [3, 1], modifier=1)
    with pytest.raises(ValueError, match="has no row 44"):
        T.lookup(_d66(), "only", 44)
