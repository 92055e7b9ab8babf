"""Retreats: one command shape, one checker, simultaneous events; each system says where a unit may not go.

Every system's retreat command is a ``RetreatCommand`` (engine/commands.py: a procedure and a list of
``Retreat{unit, to}``; attrition's is ``RetreatUnits``), so ``moves`` reads any of them. ``check`` walks the
moves: an unknown unit is named by its field path (``retreats[2].unit``), a unit listed twice, a unit
that must retreat and is missing or one that may not retreat, then for each destination the system's
``forbidden(state, unit, to)`` hook (its barred hexes, with the rule and why) and an optional
``prefer(state, unit, to)`` hook (a lesser evil that was open), both given the board before any unit moved.
``events`` turns the moves into one simultaneous set of events: every
move is judged on the board as it stood before any unit moved. Attrition plugs in its 14.7 rules
(engine/attrition/r14_7_retreats.py).
"""
from __future__ import annotations

from typing import Callable, Sequence

import msgspec

from turnlog.events import game as g
from turnlog.projections.state import GameState, UnitState

from ..commands import RetreatCommand
from ..errors import CommandError, RuleViolation

Move = tuple[str, str]  # (unit, to); to '' when the unit has nowhere to go
Bar = tuple[str, str]  # (rule, why)
Forbidden = Callable[[GameState, UnitState, str], "Bar | None"]
Prefer = Callable[[GameState, UnitState, str], "Bar | None"]
Detail = Callable[[UnitState, str], "tuple[list[str], list]"]


class RetreatSpec(msgspec.Struct, frozen=True):  # a Struct: made per command, 8x cheaper than a frozen dataclass
    """Who retreats and where not, for one system's retreat.

    ``must``: units that must retreat; ``may``: units that may retreat though not forced. ``forbidden``
    bars a destination; ``prefer`` (optional) refuses a legal destination because a lesser evil was open,
    and sees '' for a unit that did not retreat. ``wrong_units`` words a wrong set of units, a format
    string over ``missing`` and ``extra`` (sorted lists).
    """

    rule: str
    must: frozenset[str]
    forbidden: Forbidden
    may: frozenset[str] = frozenset()
    prefer: Prefer | None = None
    field: str = "retreats"
    wrong_units: str = "every unit that must retreat does so at once; missing {missing}, may not retreat {extra}"


def moves(cmd: RetreatCommand) -> list[Move]:
    """The command's moves as (unit, to) pairs, in the order given."""
    return [(r.unit, r.to) for r in cmd.retreats]


def check(state: GameState, spec: RetreatSpec, retreats: Sequence[Move]) -> None:
    """Refuse retreats that name an unknown unit or one twice, leave out or add a unit, or go where barred."""
    for i, (uid, _to) in enumerate(retreats):
        if uid not in state.units:
            raise CommandError(f'{spec.field}[{i}].unit: no unit "{uid}"')
    named = [u for u, _ in retreats]
    if len(set(named)) != len(named):
        raise CommandError(f"{spec.field}: a unit is listed twice")
    missing, extra = spec.must - set(named), set(named) - spec.must - spec.may
    if missing or extra:
        raise RuleViolation(spec.rule, spec.wrong_units.format(missing=sorted(missing), extra=sorted(extra)))
    for uid, to in retreats:
        found = bar(state, spec, state.units[uid], to)
        if found:
            raise RuleViolation(*found)


def bar(state: GameState, spec: RetreatSpec, unit: UnitState, to: str) -> Bar | None:
    """What ``check`` says of one move (``to`` '' for staying): the hook's bar, else the preference's, else None.

    A kind's ``legal()`` lists a unit's destinations by asking this of each neighbour, so a listed one is
    one the check accepts.
    """
    found = spec.forbidden(state, unit, to) if to else None
    if found is None and spec.prefer is not None:
        found = spec.prefer(state, unit, to)
    return found


def events(state: GameState, retreats: Sequence[Move], *, procedure: str, rule: str, unable_rule: str,
           unable_reason: str = "unable to retreat", detail: Detail | None = None) -> list:
    """UnitRetreated for each move and UnitEliminated for a unit with nowhere to go, all read off one board.

    ``detail(unit, to)`` gives a move's evils (the labels UnitRetreated records) and the events that
    follow it (a marker, say); without it a move has neither.
    """
    out: list = []
    for uid, to in retreats:
        unit = state.units[uid]
        if not to:
            out.append(g.UnitEliminated(unit=uid, rule=unable_rule, procedure=procedure, reason=unable_reason))
            continue
        evils, after = detail(unit, to) if detail is not None else ([], [])
        out.append(g.UnitRetreated(unit=uid, from_hex=unit.hex, to_hex=to, rule=rule, procedure=procedure,
                                   evils=evils))
        out += after
    return out
