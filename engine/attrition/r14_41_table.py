"""The Attrition Table (14.41), read from its shipped file through the kit, and its lookup (14.43).

The cells are engine/attrition/tables/14-41-europe.toml, loaded once by ``kit.tables`` (the file every
game would also load as ``turnlog:attrition-14-41-europe``); tests/attrition/test_14_41_table.py checks all 84
against the printed rule. Column and row are found by the kit's range column and row clamp, so attrition
reads its table as any other system reads its own. The Pacific halving stays with the 14.41 Asia note
(engine/attrition/r14_42_modifiers.py), which judges 14.44 on the European cell.
"""
from __future__ import annotations

from functools import lru_cache

from turnlog.projections.state import GameState

from ..kit import cells
from ..kit import tables as kit

#: The shipped 14.41 table (Europe), as the kit reads it.
SHIPPED = kit.shipped("attrition-14-41-europe")

# Factor columns of ten: 1-10, 11-20, ... 51-60, then 61 and more.
COLUMNS: tuple[str, ...] = tuple(SHIPPED.columns)

# Row = modified die roll 0..11 ("11+" is the last, 14.43); columns as COLUMNS; each cell is
# (counters lost, hexes given up): (0, 0) is no effect, (2, 1) reads "2C/1H".
TABLE: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(cells.counters_hexes(r) for r in row) for row in SHIPPED.results)
ROWS = len(TABLE)  # 0..11; "11+" is the last row (14.43)


@lru_cache(maxsize=256)  # the shipped table never changes: a count's column is computed once
def column(factors: int) -> int:
    """Column index for a number of attritioning factors (14.41); 61 and more read the last column."""
    if factors < 1:
        raise ValueError("an attrition needs at least one factor")
    return kit.column_index(SHIPPED, factors)[0]


def clamp(row: int) -> int:
    """Results below 0 read as 0, above 11 as 11+ (14.43); the rows start at 0, so the row is its index."""
    return kit.row_index(SHIPPED, row)[0]


def result(factors: int, modified: int) -> tuple[int, int]:
    """The (counters, hexes) cell for a number of factors and a modified roll, clamped as 14.43 says."""
    column(factors)  # the same refusal of 0 factors as the column
    return cells.counters_hexes(kit.lookup(SHIPPED, factors, modified).result)


def label(cell: tuple[int, int]) -> str:
    c, h = cell
    if not c and not h:
        return "-"
    return f"{c}C/{h}H" if h else f"{c}C"


def die_row(state: GameState, value: int) -> int:
    """The table row an unmodified face reads (14.41): counted from the lowest face, or the face itself.

    ``rules.attrition.die_rows = "face"`` reads the face as the row, so a die numbered 1-10 reads rows 1-10.
    """
    return value if state.rules.attrition.die_rows == "face" else value - state.die.lowest
