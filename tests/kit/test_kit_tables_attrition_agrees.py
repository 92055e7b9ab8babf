"""Attrition reads the shipped 14.41 file through the kit; both files agree with attrition's table and its lookups."""
from __future__ import annotations

import pytest

from turnlog.engine.attrition import r14_41_table as A
from turnlog.engine.kit import cells as C
from turnlog.engine.kit import tables as T


def _cell(pacific: bool, row: int, col: int) -> tuple[int, int]:
    c, h = A.TABLE[row][col]
    return (c, h // 2) if pacific else (c, h)  # 14.41 Asia: hexes halved, rounded down


@pytest.mark.parametrize("key,pacific", [("attrition-14-41-europe", False), ("attrition-14-41-pacific", True)])
def test_every_cell_agrees(key, pacific):
    t = T.shipped(key)
    assert t.columns == list(A.COLUMNS)
    assert len(t.spec.rows) == A.ROWS and t.row_label(A.ROWS - 1) == "11+"
    for r in range(A.ROWS):
        for c in range(len(A.COLUMNS)):
            want = _cell(pacific, r, c)
            assert C.counters_hexes(t.results[r][c]) == want, (key, r, A.COLUMNS[c])
            assert t.spec.rows[r].cells[c] == A.label(want)


def test_attrition_reads_the_shipped_european_file():
    t = T.shipped("attrition-14-41-europe")
    assert A.SHIPPED.sha256 == t.sha256
    assert A.TABLE == tuple(tuple(C.counters_hexes(r) for r in row) for row in t.results)


@pytest.mark.parametrize("factors", [1, 10, 11, 35, 60, 61, 140])
@pytest.mark.parametrize("modified", [-4, 0, 5, 11, 17])
def test_lookups_agree_with_attritions_own_column_and_clamp(factors, modified):
    got = T.lookup(T.shipped("attrition-14-41-europe"), factors, modified)
    assert C.counters_hexes(got.result) == A.result(factors, modified)
    assert got.column == A.COLUMNS[A.column(factors)]
    assert bool(got.notes) == (A.clamp(modified) != modified)  # 14.43, reported


def test_the_files_name_their_rule_and_are_not_invented():
    for key in T.SHIPPED:
        t = T.shipped(key)
        assert "14.41" in t.spec.source and not t.spec.invented
