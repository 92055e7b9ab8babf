"""The Attrition Table (14.41) as data, and its lookup (14.43)."""
from __future__ import annotations

# Factor columns of ten: 1-10, 11-20, ... 51-60, then 61 and more.
COLUMNS = tuple(f"{lo}-{lo + 9}" for lo in range(1, 61, 10)) + ("61+",)

# The Attrition Table of 14.41. Row = modified die roll 0..11 ("11+" is the last, 14.43); columns as COLUMNS;
# each cell is (counters lost, hexes given up): (0, 0) is no effect, (2, 1) reads "2C/1H".
TABLE: tuple[tuple[tuple[int, int], ...], ...] = (
    (( 0,0), ( 0,0), ( 1,0), ( 2,0), ( 2,1), ( 3,2), ( 5,2)),  # 0
    (( 0,0), ( 1,0), ( 2,0), ( 1,1), ( 3,1), ( 4,2), ( 5,3)),  # 1
    (( 0,0), ( 1,0), ( 2,0), ( 2,1), ( 3,2), ( 5,2), ( 6,3)),  # 2
    (( 0,0), ( 2,0), ( 1,1), ( 3,1), ( 4,2), ( 5,3), ( 7,3)),  # 3
    (( 0,0), ( 2,0), ( 2,1), ( 3,2), ( 5,2), ( 6,3), ( 7,4)),  # 4
    (( 1,0), ( 1,1), ( 3,1), ( 4,2), ( 5,3), ( 7,3), ( 8,4)),  # 5
    (( 1,0), ( 2,1), ( 3,2), ( 5,2), ( 6,3), ( 7,4), ( 9,4)),  # 6
    (( 2,0), ( 3,1), ( 4,2), ( 5,3), ( 7,3), ( 8,4), ( 9,5)),  # 7
    (( 2,0), ( 3,2), ( 5,2), ( 6,3), ( 7,4), ( 9,4), (10,5)),  # 8
    (( 1,1), ( 4,2), ( 5,3), ( 7,3), ( 8,4), ( 9,5), (11,5)),  # 9
    (( 2,1), ( 5,2), ( 6,3), ( 7,4), ( 9,4), (10,5), (11,6)),  # 10
    (( 3,1), ( 5,3), ( 7,3), ( 8,4), ( 9,5), (11,5), (12,6)),  # 11+
)
ROWS = len(TABLE)  # 0..11; "11+" is the last row (14.43)


def column(factors: int) -> int:
    """Column index for a number of attritioning factors (14.41)."""
    if factors < 1:
        raise ValueError("an attrition needs at least one factor")
    return min((factors - 1) // 10, len(COLUMNS) - 1)


def clamp(row: int) -> int:
    """Results below 0 read as 0, above 11 as 11+ (14.43)."""
    return max(0, min(ROWS - 1, row))


def result(factors: int, modified: int) -> tuple[int, int]:
    return TABLE[clamp(modified)][column(factors)]


def label(cell: tuple[int, int]) -> str:
    c, h = cell
    if not c and not h:
        return "-"
    return f"{c}C/{h}H" if h else f"{c}C"
