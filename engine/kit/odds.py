"""Odds: attack against defence as an exact ratio, rounded as a system names, read to a column and shifted.

A system gives its strengths (ints or Fractions: casualty points and halved factors stay exact), names its
rounding, and gets back the column of its odds table with every rounding, clamp and shift in the notes
(the same notes ``kit.tables`` writes). Shifts count odds levels: within the table a level is a column;
with ``beyond="whole"`` each whole ratio past the last column is one more level, so a shift counts from
the odds as they were and only the result is clamped (reading notes §1.6 W8).
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Literal, NamedTuple

from .table_file import ratio as parse_ratio
from .tables import Table, column_index, shift

Rounding = Literal["defender", "attacker", "column"]
#: How odds become a level: ``defender`` rounds to whole levels in the defender's favour (7:3 reads
#: 2:1, 2:5 reads 1:3); ``attacker`` in the attacker's favour (7:3 reads 3:1, 2:5 reads 1:2);
#: ``column`` keeps the exact ratio and lets the table's columns decide (a column holds its min up
#: to the next column's).
ROUNDINGS: tuple[str, ...] = ("defender", "attacker", "column")
Beyond = Literal["clamp", "whole"]


class Column(NamedTuple):
    """Where odds read on a table: the column's index and name, the odds after rounding, and the notes."""

    index: int  # type: ignore[assignment]  # the column's place: shadows tuple.index, which no reader calls
    name: str
    odds: Fraction
    notes: tuple[str, ...] = ()


def ratio(attack: int | Fraction, defence: int | Fraction) -> Fraction:
    """Attack over defence, exactly; ValueError when the defence is not above 0 or the attack is below 0."""
    a, d = Fraction(attack), Fraction(defence)
    if d <= 0:
        raise ValueError(f"odds need a defence above 0, not {d}")
    if a < 0:
        raise ValueError(f"odds need an attack of 0 or more, not {a}")
    return a / d


def text(odds: Fraction) -> str:
    """Odds as a table writes them: ``3:1``, ``1:2``, ``7:2``."""
    odds = Fraction(odds)
    if odds and odds < 1 and odds.numerator == 1:
        return f"1:{odds.denominator}"
    return f"{odds.numerator}:{odds.denominator}"


def level(odds: Fraction, rounding: str) -> Fraction:
    """Odds rounded as ``rounding`` names (ROUNDINGS); 0 (no attack) stays 0."""
    odds = Fraction(odds)
    if rounding not in ROUNDINGS:
        raise ValueError(f"no odds rounding {rounding!r} (known: {', '.join(ROUNDINGS)})")
    if rounding == "column" or not odds:
        return odds
    down = rounding == "defender"
    if odds >= 1:
        return Fraction(math.floor(odds) if down else math.ceil(odds))
    against = 1 / odds  # below 1:1 the level is 1:n, and a bigger n favours the defender
    return Fraction(1, math.ceil(against) if down else math.floor(against))


def column(table: Table, attack: int | Fraction, defence: int | Fraction, *,
           rounding: str = "defender", shift_by: int = 0, beyond: Beyond = "clamp") -> Column:
    """The column of ``table`` that attack against defence reads, rounded, shifted and clamped."""
    exact = ratio(attack, defence)
    odds = level(exact, rounding)
    notes = (f"odds {text(exact)} read as {text(odds)} ({rounding} rounding)",) if odds != exact else ()
    col = column_of(table, odds, shift_by=shift_by, beyond=beyond)
    return col._replace(notes=notes + col.notes)


def column_of(table: Table, odds: Fraction | str, *, shift_by: int = 0,
              beyond: Beyond = "clamp") -> Column:
    """The column for odds already rounded (a Fraction or ``"a:b"``), after a shift of ``shift_by`` levels.

    ``beyond="clamp"``: odds past either end read the end column, and the shift counts from there (as
    ``kit.tables.lookup``). ``beyond="whole"``: past the last column (which must be ``n:1``) every whole
    ratio is one level, so 9:1 shifted -2 on a table ending at 7:1 reads 7:1; below the first it clamps.
    """
    if table.spec.columns_by != "odds":
        raise ValueError(f"table {table.name!r} is not read by odds (columns_by = "
                         f"{table.spec.columns_by!r})")
    odds = parse_ratio(odds) if isinstance(odds, str) else Fraction(odds)
    names = table.columns
    index, notes = column_index(table, odds)
    raw = f"{odds} "  # the kit's clamp note shows a Fraction as 1/3; odds read better as 1:3
    notes = tuple(f"{text(odds)} {n[len(raw):]}" if n.startswith(raw) else n for n in notes)
    above = _levels_above(table, odds) if beyond == "whole" else 0
    if not above:
        to, moved = shift(table, index, shift_by)
        return Column(to, names[to], odds, notes + moved)
    last = len(names) - 1
    wanted = last + above + shift_by
    to = max(0, min(last, wanted))
    notes = (f"column shift {shift_by:+d}: {text(odds)} to {_name_at(table, wanted)}",) if shift_by else ()
    if wanted > last:
        notes += (f"{_name_at(table, wanted)} is beyond the last column; read as {names[last]}",)
    elif wanted < 0:
        notes += (f"the shift stops at the first column, {names[0]} ({-wanted} beyond it not "
                  "applied)",)
    return Column(to, names[to], odds, notes)


def _levels_above(table: Table, odds: Fraction) -> int:
    """Whole ratios by which ``odds`` pass the last column's ``n:1`` (0 when they do not)."""
    top = table.spec.columns[-1].min
    top_odds = parse_ratio(top) if isinstance(top, str) else None
    if top_odds is None or top_odds.denominator != 1:
        raise ValueError(f"table {table.name!r}: levels beyond the last column need it to start at "
                         f"n:1, not {top}")
    return max(0, math.floor(odds) - int(top_odds))


def _name_at(table: Table, position: int) -> str:
    """The name of a level: a column's name within the table, a whole ratio beyond its last."""
    names = table.columns
    if position < len(names):
        return names[max(0, position)]
    top = table.spec.columns[-1].min
    # a level past the last column exists only when it reads n:1 (_levels_above)
    assert isinstance(top, str)
    return text(parse_ratio(top) + position - (len(names) - 1))
