"""Small builders for the combat-table tests (tests/kit/test_kit_tables_*.py)."""
from __future__ import annotations

from pathlib import Path

from turnlog.engine.kit import tables as T

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "invented-2d6-odds.toml"


def invented() -> T.Table:
    """The invented two-dice odds table of tests/fixtures (labelled invented; no game's table)."""
    return T.load(FIXTURE, "odds")


def toml(columns: str, rows: str, *, head: str = 'source = "test"\nlicence = "test"\ninvented = true\n',
         extra: str = "", dice: str = "") -> str:
    """A table file's text from its parts (each a TOML fragment), for refusals and small cases."""
    return f"{head}{extra}\ncolumns = [{columns}]\nrows = [{rows}]\n" + (f"\n[dice]\n{dice}\n" if dice else "")


RANGE_COLUMNS = '{ name = "low", max = 4 }, { name = "mid", min = 5, max = 9 }, { name = "high", min = 10 }'
RANGE_ROWS = ('{ roll = 1, cells = ["-", "A1", "DR"] }, { roll = 2, cells = ["A1/DR", "EX", "D2"] }, '
              '{ roll = 3, label = "3+", cells = ["DE", "2D", "-"] }')


def range_table() -> T.Table:
    """A three-column differential table read by integer value (an invented one)."""
    return T.parse(toml(RANGE_COLUMNS, RANGE_ROWS, extra='cell_grammar = "codes"\ncolumns_by = "range"\n'), "diff")
