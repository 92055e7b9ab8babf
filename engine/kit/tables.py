"""Combat-table files a user supplies: load, validate, look up, shift (docs/tables.md).

A table is a TOML file with its ``source`` and ``licence``; its cells are kept verbatim and read by a named
cell grammar (engine/kit/cells.py). A bad file raises TableError naming every problem by its path
(``columns[3].max``, ``rows[2].cells[5]``) before anything is written. Lookups clamp to the table's ends and
say so in their notes, so a narrative can tell a clamped read from an exact one.
"""
from __future__ import annotations

import hashlib
import re
import tomllib
from importlib import resources
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple, Sequence

import msgspec

from turnlog.events.setup import TableRecord

from ..commands import explain
from ..errors import ScenarioError
from ..inputs import MiB, read_file_bytes
from . import cells
from . import table_file as checks
from .table_file import ColumnSpec, RowSpec, TableDice, TableFile, ratio  # noqa: F401  (the format's names)

MAX_TABLE_FILE = 1 * MiB  # a 20 x 40 table is a few KiB
MAX_TABLES = 100  # per scenario
SHIPPED_PREFIX = "turnlog:"
#: The tables turnlog ships (docs/tables.md, "Shipped tables"): only tables printed in the seed texts.
SHIPPED = {
    "attrition-14-41-europe": ("turnlog.engine.attrition", "tables/14-41-europe.toml"),
    "attrition-14-41-pacific": ("turnlog.engine.attrition", "tables/14-41-pacific.toml"),
}


class TableError(ScenarioError):
    """A table file refused; ``problems`` lists each ``path: problem``."""

    def __init__(self, origin: str, problems: list[str]):
        super().__init__(f"{origin}: " + "; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Table:
    """A validated table: the file's text and hash, its spec, and every cell already read."""

    name: str
    text: str
    sha256: str
    spec: TableFile
    results: tuple[tuple[cells.Result, ...], ...]

    @property
    def columns(self) -> list[str]:
        return [c.name for c in self.spec.columns]

    def row_label(self, i: int) -> str:
        r = self.spec.rows[i]
        return r.label or str(r.roll)


class Lookup(NamedTuple):
    """One read of the table: where, the cell as written, its parsed result, and any clamp or shift notes."""

    column: str
    row: str
    cell: str
    result: cells.Result
    notes: tuple[str, ...] = ()


def read_bytes(path: str | Path) -> bytes:
    """A table file's bytes, refused before parsing when over MAX_TABLE_FILE."""
    return read_file_bytes(path, "table file", MAX_TABLE_FILE)


def load(path: str | Path, name: str = "") -> Table:
    """Read and validate one table file, or a shipped one (``turnlog:NAME``); ``name`` defaults to the stem."""
    if isinstance(path, str) and path.startswith(SHIPPED_PREFIX):
        return shipped(path[len(SHIPPED_PREFIX):], name)
    p = Path(path)
    return parse(read_bytes(p), name or p.stem, str(p))


def shipped(key: str, name: str = "") -> Table:
    """One of the tables turnlog ships, by its key in SHIPPED."""
    if key not in SHIPPED:
        raise ScenarioError(f"{SHIPPED_PREFIX}{key}: no such shipped table (shipped: {', '.join(sorted(SHIPPED))})")
    package, inner = SHIPPED[key]
    data = resources.files(package).joinpath(inner).read_bytes()
    return parse(data, name or key, f"{SHIPPED_PREFIX}{key}")


def parse(data: str | bytes, name: str, origin: str = "table") -> Table:
    """Validate a table file's text; TableError names each problem's path."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        spec = msgspec.convert(tomllib.loads(text), TableFile)
    except UnicodeDecodeError as err:
        raise TableError(origin, [f"not UTF-8 text ({err.reason})"]) from None
    except tomllib.TOMLDecodeError as err:
        raise TableError(origin, [f"not valid TOML ({err})"]) from None
    except msgspec.ValidationError as err:
        m = re.fullmatch(r"Object missing required field `(source|licence)`", str(err))
        why = f"{m[1]}: required; {checks.PROVENANCE}" if m else explain(err)
        raise TableError(origin, [why]) from None
    found = checks.problems(spec)
    results, cell_problems = checks.read_cells(spec)
    if found or cell_problems:
        raise TableError(origin, found + cell_problems)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return Table(name=name, text=text, sha256=digest, spec=spec, results=results)


def record(table: Table) -> TableRecord:
    """The table as the log keeps it: name, hash, where it comes from, and its text (docs/design.md)."""
    s = table.spec
    return TableRecord(name=table.name, sha256=table.sha256, source=s.source, licence=s.licence,
                       invented=s.invented, text=table.text)


def from_record(rec: TableRecord) -> Table:
    """A table from the log; TableError if its text no longer matches the hash recorded with it."""
    digest = hashlib.sha256(rec.text.encode("utf-8")).hexdigest()
    if digest != rec.sha256:
        raise TableError(f"table {rec.name!r}", [f"text hashes to {digest[:16]}…, the log recorded {rec.sha256[:16]}…"])
    return parse(rec.text, rec.name, f"table {rec.name!r}")




def column_index(table: Table, column: str | int | Fraction) -> tuple[int, tuple[str, ...]]:
    """The column for a name, or for a value on a range or odds table, clamped to the ends (with a note).

    A string that names a column is that column; on an odds table another string is read as odds
    (``"7:2"``); an int on an odds table is ``n:1``.
    """
    names = table.columns
    if isinstance(column, str) and column in names:
        return names.index(column), ()
    by, cols = table.spec.columns_by, table.spec.columns
    if by == "name":
        raise ValueError(f"table {table.name!r} has no column {column!r} (columns: {', '.join(names)})")
    if by == "odds":
        value = ratio(column) if isinstance(column, str) else Fraction(column)
        bounds = [ratio(c.min) if isinstance(c.min, str) else None for c in cols]
    else:
        if not isinstance(column, int):
            raise ValueError(f"table {table.name!r} reads its columns by integer value, not {column!r}")
        value, bounds = Fraction(column), [None if c.min is None else Fraction(c.min) for c in cols]
    shown = column if isinstance(column, str) else str(column)
    if bounds[0] is not None and value < bounds[0]:
        return 0, (f"{shown} is below the first column; read as {names[0]}",)
    last = cols[-1].max
    if by == "range" and last is not None and value > last:
        return len(cols) - 1, (f"{shown} is above the last column; read as {names[-1]}",)
    i = max(k for k, b in enumerate(bounds) if b is None or b <= value)
    return i, ()


def shift(table: Table, index: int, by: int) -> tuple[int, tuple[str, ...]]:
    """Move ``by`` columns (right when positive), stopping at the table's ends; the note says where it stopped."""
    names = table.columns
    wanted = index + by
    to = max(0, min(len(names) - 1, wanted))
    notes = []
    if by:
        notes.append(f"column shift {by:+d}: {names[index]} to {names[to]}")
    if to != wanted:
        end = "last" if wanted > to else "first"
        notes.append(f"the shift stops at the {end} column, {names[to]} ({abs(wanted - to)} beyond it not applied)")
    return to, tuple(notes)


def row_index(table: Table, roll: int) -> tuple[int, tuple[str, ...]]:
    """The row for a (modified) roll, clamped to the first and last rows (with a note); exact on first-second."""
    rows = table.spec.rows
    if table.spec.dice.combine == "first-second":
        for i, r in enumerate(rows):
            if r.roll == roll:
                return i, ()
        raise ValueError(f"table {table.name!r} has no row {roll}")
    i = max(0, min(len(rows) - 1, roll - rows[0].roll))
    if i != roll - rows[0].roll:
        return i, (f"roll {roll} read as {table.row_label(i)}",)
    return i, ()


def rolls(table: Table, faces: Sequence[int], modifier: int = 0) -> list[int]:
    """The row keys a throw of the table's dice reads: one sum, one per die, or the faces as digits."""
    d = table.spec.dice
    if len(faces) != d.count:
        raise ValueError(f"table {table.name!r} is read with {d.count} dice, got {len(faces)}")
    for f in faces:
        if not d.lowest <= f < d.lowest + d.sides:
            raise ValueError(f"face {f} is not on a d{d.sides} numbered from {d.lowest}")
    if d.combine == "sum":
        return [sum(faces) + modifier]
    if d.combine == "each":
        return [f + modifier for f in faces]
    if modifier:
        raise ValueError(f"table {table.name!r} reads its dice as digits (first-second); a modifier has no meaning")
    return [int("".join(str(f) for f in faces))]


def lookup(table: Table, column: str | int | Fraction, roll: int, *, shift_by: int = 0) -> Lookup:
    """The cell at (column, roll), after a column shift; every clamp is in the notes."""
    ci, cnotes = column_index(table, column)
    ci, snotes = shift(table, ci, shift_by)
    ri, rnotes = row_index(table, roll)
    return Lookup(column=table.columns[ci], row=table.row_label(ri), cell=table.spec.rows[ri].cells[ci],
                  result=table.results[ri][ci], notes=cnotes + snotes + rnotes)


def lookup_dice(table: Table, column: str | int | Fraction, faces: Sequence[int], *, modifier: int = 0,
                shift_by: int = 0) -> list[Lookup]:
    """Read the table for a throw of its dice: one Lookup, or one per die when the table reads each die."""
    return [lookup(table, column, r, shift_by=shift_by) for r in rolls(table, faces, modifier)]
