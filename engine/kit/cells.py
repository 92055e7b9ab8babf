"""Cell grammars: how a combat table's cell text becomes a result (docs/tables.md, "Cell grammars").

The cell stays verbatim in the table and in whatever event cites it; the parsed Result is derived and can
always be recomputed from the text. A grammar is a function ``text -> Result`` that raises ValueError saying
why a cell does not read; a table names its grammar in ``cell_grammar``, and a system may ``register`` more.
"""
from __future__ import annotations

import re
from typing import Callable, NamedTuple

from turnlog.projections.narrative import CONTROLS

NO_EFFECT = "-"


class Part(NamedTuple):
    """One slash-separated part of a cell: its number (if any), its letters and trailing marks."""

    number: int | None
    code: str = ""
    flags: str = ""


class Result(NamedTuple):
    """A parsed cell: the text as written, and its parts (none for ``-``, no effect).

    A part that is ``-`` inside a cell (``-/1``: nothing for the first side) is ``Part(None)``.
    """

    text: str
    grammar: str
    parts: tuple[Part, ...]

    @property
    def no_effect(self) -> bool:
        return all(p == Part(None) for p in self.parts)


Grammar = Callable[[str], Result]

_ATTRITION = re.compile(r"(\d+)C(?:/(\d+)H)?")
_SIDE = re.compile(r"(?:-|(\d+)?([A-Z]+)?)([*!+]*)")
_CODE = re.compile(r"([A-Z]+)(\d+)?|(\d+)([A-Z]+)?")


def _attrition(text: str) -> Result:
    """Counters and hexes: ``-``, ``2C`` or ``2C/1H`` (14.41)."""
    if text == NO_EFFECT:
        return Result(text, "attrition", ())
    m = _ATTRITION.fullmatch(text)
    if not m:
        raise ValueError('expected "-", "<n>C" or "<n>C/<n>H"')
    parts = (Part(int(m[1]), "C"),) + ((Part(int(m[2]), "H"),) if m[2] is not None else ())
    return Result(text, "attrition", parts)


def _sides(text: str) -> Result:
    """Attacker/defender: ``-``, or exactly two parts ``X/Y``, each ``-``, a number, letters or both, + marks."""
    if text == NO_EFFECT:
        return Result(text, "sides", ())
    halves = text.split("/")
    if len(halves) != 2:
        raise ValueError('expected "-" or two parts "attacker/defender" (like "2/1", "-/1", "1/R*")')
    parts = []
    for half in halves:
        m = _SIDE.fullmatch(half)
        if not half or not m:
            raise ValueError(f'part "{half}": expected "-", a number, capital letters or both, then any of * ! +')
        parts.append(Part(int(m[1]) if m[1] else None, m[2] or "", m[3]))
    return Result(text, "sides", tuple(parts))


def _codes(text: str) -> Result:
    """Result codes: ``-``, or parts like ``A1``, ``DR``, ``EX``, ``2D`` separated by ``/``."""
    if text == NO_EFFECT:
        return Result(text, "codes", ())
    parts = []
    for code in text.split("/"):
        m = _CODE.fullmatch(code)
        if not m:
            raise ValueError(f'part "{code}": expected capital letters with an optional number (A1, DR) '
                             'or a number with optional letters (2D)')
        if m[1]:
            parts.append(Part(int(m[2]) if m[2] else None, m[1]))
        else:
            parts.append(Part(int(m[3]), m[4] or ""))
    return Result(text, "codes", tuple(parts))


def _verbatim(text: str) -> Result:
    """Any text: the system that uses the table reads it; ``-`` still means no effect."""
    return Result(text, "verbatim", () if text == NO_EFFECT else (Part(None, text),))


GRAMMARS: dict[str, Grammar] = {"attrition": _attrition, "sides": _sides, "codes": _codes, "verbatim": _verbatim}


def register(name: str, grammar: Grammar) -> None:
    """Make ``cell_grammar = name`` known; a name already taken is refused (a table's meaning never changes)."""
    if name in GRAMMARS and GRAMMARS[name] is not grammar:
        raise ValueError(f"cell grammar {name!r} is already registered")
    GRAMMARS[name] = grammar


def parse(grammar: str, text: str) -> Result:
    """Read one cell with the named grammar; ValueError if the grammar is unknown or the cell does not read."""
    try:
        fn = GRAMMARS[grammar]
    except KeyError:
        raise ValueError(f"unknown cell grammar {grammar!r} (known: {', '.join(sorted(GRAMMARS))})") from None
    if not text or text != text.strip() or CONTROLS.search(text):
        raise ValueError("a cell is non-empty text without surrounding spaces or control characters")
    return fn(text)


def counters_hexes(result: Result) -> tuple[int, int]:
    """An attrition-grammar result as (counters, hexes), the shape engine/attrition/r14_41_table.py holds."""
    counters = next((p.number or 0 for p in result.parts if p.code == "C"), 0)
    hexes = next((p.number or 0 for p in result.parts if p.code == "H"), 0)
    return counters, hexes
