"""A combat-table file's format (msgspec Structs) and its validation, each problem with its path (docs/tables.md)."""
from __future__ import annotations

import itertools
import re
from fractions import Fraction
from typing import Literal, Sequence

import msgspec

from . import cells

MAX_COLUMNS = 100
MAX_ROWS = 1000
MAX_CELL = 64
PROVENANCE = "a table names where it comes from (source) and on what terms it may be used (licence)"


class ColumnSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    min: int | str | None = None
    max: int | None = None


class RowSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    roll: int
    label: str = ""
    cells: list[str]


class TableDice(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    count: int = 1
    sides: int = 10
    lowest: int = 0
    combine: Literal["sum", "each", "first-second"] = "sum"


class TableFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    source: str
    licence: str
    invented: bool = False
    title: str = ""
    notes: str = ""
    cell_grammar: str = "verbatim"
    columns_by: Literal["name", "range", "odds"] = "name"
    columns: list[ColumnSpec]
    dice: TableDice = TableDice()
    rows: list[RowSpec]


_RATIO = re.compile(r"(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)")


def ratio(text: str) -> Fraction:
    """An odds ``"3:2"`` as the exact Fraction 3/2; ValueError if it is not ``a:b`` with a, b > 0."""
    m = _RATIO.fullmatch(text)
    if not m or not Fraction(m[1]) or not Fraction(m[2]):
        raise ValueError(f'"{text}" is not odds "a:b" with a and b above 0')
    return Fraction(m[1]) / Fraction(m[2])


def problems(spec: TableFile) -> list[str]:
    """Every problem of a decoded table file, each ``path: problem``."""
    return check_head(spec) + check_columns(spec) + check_rows(spec)


def check_head(spec: TableFile) -> list[str]:
    out = [f"{f}: empty; {PROVENANCE}"
           for f in ("source", "licence") if not getattr(spec, f).strip()]
    if spec.cell_grammar not in cells.GRAMMARS:
        out.append(f"cell_grammar: unknown grammar {spec.cell_grammar!r} (known: {', '.join(sorted(cells.GRAMMARS))})")
    d = spec.dice
    for field, lo, hi in (("count", 1, 10), ("sides", 2, 1000), ("lowest", -1000, 1000)):
        if not lo <= getattr(d, field) <= hi:
            out.append(f"dice.{field}: {getattr(d, field)} is outside {lo}..{hi}")
    if d.combine == "first-second" and not out and not _digit_dice(d):
        out.append(f"dice.combine: first-second reads each die as one digit: it needs 2 or more dice with faces "
                   f"0..9 and at most {MAX_ROWS} combinations")
    return out


def check_columns(spec: TableFile) -> list[str]:
    cols, by = spec.columns, spec.columns_by
    if not cols:
        return ["columns: a table needs at least one column"]
    if len(cols) > MAX_COLUMNS:
        return [f"columns: {len(cols)} columns, more than the limit of {MAX_COLUMNS}"]
    out, seen = [], set()
    for i, c in enumerate(cols):
        if not c.name or len(c.name) > MAX_CELL:
            out.append(f"columns[{i}].name: 1 to {MAX_CELL} characters")
        if c.name in seen:
            out.append(f"columns[{i}].name: duplicate column {c.name!r}")
        seen.add(c.name)
        if by == "name" and (c.min is not None or c.max is not None):
            out.append(f'columns[{i}]: columns_by = "name" columns have no min or max')
        if by == "odds" and c.max is not None:
            out.append(f"columns[{i}].max: odds columns give only min (each runs up to the next one's min)")
    if by == "range":
        out += _ranges(cols)
    elif by == "odds":
        out += _odds(cols)
    return out


def _ranges(cols: list[ColumnSpec]) -> list[str]:
    """Integer bounds: inclusive, ascending, each column starting one past the previous one's max."""
    out = []
    last = len(cols) - 1
    for i, c in enumerate(cols):
        if isinstance(c.min, str):
            out.append(f"columns[{i}].min: expected an integer, got {c.min!r}")
            continue
        if c.min is None and i > 0:
            out.append(f"columns[{i}].min: required (only the first column may be open below)")
        if c.max is None and i < last:
            out.append(f"columns[{i}].max: required (only the last column may be open above)")
        if c.min is not None and c.max is not None and c.max < c.min:
            out.append(f"columns[{i}].max: {c.max} is below its min {c.min}")
        prev = cols[i - 1].max if i else None
        if i and prev is not None and isinstance(c.min, int):
            if c.min <= prev:
                out.append(f"columns[{i}].min: {c.min} overlaps columns[{i - 1}] (up to {prev})")
            elif c.min > prev + 1:
                out.append(f"columns[{i}].min: {c.min} leaves a gap after columns[{i - 1}] (up to {prev})")
    return out


def _odds(cols: list[ColumnSpec]) -> list[str]:
    """Odds lower bounds: ``"a:b"``, strictly ascending (so no overlap; a column runs to the next one)."""
    out, prev = [], None
    for i, c in enumerate(cols):
        if c.min is None:
            if i:
                out.append(f"columns[{i}].min: required (only the first column may be open below)")
            continue
        try:
            r = ratio(str(c.min)) if isinstance(c.min, str) else None
        except ValueError as err:
            out.append(f"columns[{i}].min: {err}")
            continue
        if r is None:
            out.append(f'columns[{i}].min: odds are text like "3:1", got {c.min!r}')
            continue
        if prev is not None and r <= prev:
            out.append(f"columns[{i}].min: {c.min} is not above the previous column's min (columns overlap)")
        prev = r
    return out


def check_rows(spec: TableFile) -> list[str]:
    rows, d = spec.rows, spec.dice
    if not rows:
        return ["rows: a table needs at least one row"]
    if len(rows) > MAX_ROWS:
        return [f"rows: {len(rows)} rows, more than the limit of {MAX_ROWS}"]
    out = [f"rows[{i}].cells: {len(r.cells)} cells for {len(spec.columns)} columns"
           for i, r in enumerate(rows) if len(r.cells) != len(spec.columns)]
    out += [f"rows[{i}].label: at most {MAX_CELL} characters" for i, r in enumerate(rows) if len(r.label) > MAX_CELL]
    if d.combine != "first-second":
        for i in range(1, len(rows)):
            if rows[i].roll != rows[i - 1].roll + 1:
                what = "a gap" if rows[i].roll > rows[i - 1].roll + 1 else "out of order or repeated"
                out.append(f"rows[{i}].roll: {rows[i].roll} after {rows[i - 1].roll}: {what} "
                           "(rows go up by one, lowest first)")
        return out
    if not _digit_dice(d):
        return out  # check_head names the dice problem; there is no row set to compare with
    faces = range(d.lowest, d.lowest + d.sides)
    wanted = {_digits(t) for t in itertools.product(faces, repeat=d.count)}
    seen: set[int] = set()
    for i, r in enumerate(rows):
        if r.roll not in wanted:
            out.append(f"rows[{i}].roll: {r.roll} is not {d.count} faces of {d.lowest}..{d.lowest + d.sides - 1} "
                       "read as digits")
        elif r.roll in seen:
            out.append(f"rows[{i}].roll: {r.roll} repeated")
        seen.add(r.roll)
    missing = sorted(wanted - seen)
    if missing and not out:
        out.append(f"rows: no row for roll {', '.join(map(str, missing[:10]))}{' …' if len(missing) > 10 else ''}")
    return out


def _digit_dice(d: TableDice) -> bool:
    """Dice that first-second can read: 2+ dice, faces single digits, a row set within MAX_ROWS."""
    return (2 <= d.count and 0 <= d.lowest and d.lowest + d.sides - 1 <= 9 and 2 <= d.sides
            and d.sides ** d.count <= MAX_ROWS)


def _digits(faces: Sequence[int]) -> int:
    return int("".join(str(f) for f in faces))


def read_cells(spec: TableFile) -> tuple[tuple[tuple[cells.Result, ...], ...], list[str]]:
    if spec.cell_grammar not in cells.GRAMMARS:
        return (), []
    out, table = [], []
    for i, r in enumerate(spec.rows):
        row = []
        for j, text in enumerate(r.cells):
            try:
                if len(text) > MAX_CELL:
                    raise ValueError(f"at most {MAX_CELL} characters")
                row.append(cells.parse(spec.cell_grammar, text))
            except ValueError as err:
                out.append(f'rows[{i}].cells[{j}]: "{text[:MAX_CELL]}" does not read as {spec.cell_grammar}: {err}')
        table.append(tuple(row))
    return tuple(table), out

