"""The Attrition Table (14.41) as data, and its lookup (14.43)."""
from __future__ import annotations

COLUMNS = ("1-10", "11-20", "21-30", "31-40", "41-50", "51-60", "61+")

# Row = modified die roll 0..11; each cell is (counters lost, hexes given up).
_T = """
-      -      1C     2C     2C/1H  3C/2H  5C/2H
-      1C     2C     1C/1H  3C/1H  4C/2H  5C/3H
-      1C     2C     2C/1H  3C/2H  5C/2H  6C/3H
-      2C     1C/1H  3C/1H  4C/2H  5C/3H  7C/3H
-      2C     2C/1H  3C/2H  5C/2H  6C/3H  7C/4H
1C     1C/1H  3C/1H  4C/2H  5C/3H  7C/3H  8C/4H
1C     2C/1H  3C/2H  5C/2H  6C/3H  7C/4H  9C/4H
2C     3C/1H  4C/2H  5C/3H  7C/3H  8C/4H  9C/5H
2C     3C/2H  5C/2H  6C/3H  7C/4H  9C/4H  10C/5H
1C/1H  4C/2H  5C/3H  7C/3H  8C/4H  9C/5H  11C/5H
2C/1H  5C/2H  6C/3H  7C/4H  9C/4H  10C/5H 11C/6H
3C/1H  5C/3H  7C/3H  8C/4H  9C/5H  11C/5H 12C/6H
"""


def _cell(text: str) -> tuple[int, int]:
    if text == "-":
        return (0, 0)
    c, _, h = text.partition("/")
    return int(c.rstrip("C")), int(h.rstrip("H")) if h else 0


TABLE: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(_cell(x) for x in line.split()) for line in _T.strip().splitlines())
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
