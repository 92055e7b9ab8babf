"""Who is whose and what stands where: board readings every combat system shares, no rule of any one system.

Rule 9's attack designation and the Panzer Campaigns assault both read them (engine/designation/board.py
re-exports them beside its own rule-9 readings). A unit of no faction (a neutral minor) is nobody's friend
and nobody's enemy.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Callable, TypeVar

from turnlog.projections.state import GameState, UnitState

from ..hexgrid import grid

T = TypeVar("T")
_NONE = object()


def held(state: GameState, key: object, make: Callable[[], T]) -> T:
    """``make()``, computed once per ``key`` while ``still(state)`` holds the state still, else on every call.

    The value is shared by every caller in that span, so they must only read it.
    """
    memo = state.__dict__.get("_still")
    if memo is None:
        return make()
    got = memo.get(key, _NONE)
    if got is _NONE:
        got = memo[key] = make()
    return got


class still:
    """Let ``held`` readings of ``state`` be reused while inside: the caller promises not to change it.

    Deciding a command only reads the state (engine/kinds.py ``decide``), yet the rules ask the same
    board question many times in one decision (where units stand, asked 14 times a procedure).
    Nested spans share the outer one; leaving the outermost drops every reading. The decision of
    every command is held by ``read_still``, the same span as a call; this class is for a span
    around other code.
    """

    __slots__ = ("_d", "_outer")

    def __init__(self, state: GameState):
        self._d = state.__dict__

    def __enter__(self) -> None:
        self._outer = "_still" not in self._d
        if self._outer:
            self._d["_still"] = {}

    def __exit__(self, *_exc) -> None:
        if self._outer:
            del self._d["_still"]


def read_still(state: GameState, fn: Callable[..., T], *args) -> T:
    """``fn(*args)`` inside ``still(state)``: the same span, without a context manager's calls.

    What engine/kinds.py's route does for every command (the ``with`` statement's lookups and the
    span's object cost 0.3 us there); an outer span, when there is one, keeps the readings.
    """
    d = state.__dict__
    if "_still" in d:
        return fn(*args)
    d["_still"] = {}
    try:
        return fn(*args)
    finally:
        del d["_still"]


def faction_of(state: GameState, u: UnitState) -> str:
    """The faction ``u`` fights for: its nationality's."""
    return state.nationalities[u.nationality].faction


def side(state: GameState, f: str) -> str:
    """The side of faction ``f`` (the scenario's), or "" for no faction."""
    return state.factions[f].side if f in state.factions else ""


def enemies(state: GameState, a: str, b: str) -> bool:
    """Factions of opposite sides; a unit of no faction is nobody's enemy."""
    return bool(a and b) and side(state, a) != side(state, b)


def friendly(state: GameState, a: str, b: str) -> bool:
    """Factions of the same side; a unit of no faction is nobody's friend either."""
    return bool(a and b) and side(state, a) == side(state, b)


def unit_class(u: UnitState) -> str:
    """The unit's class (``unit_class``, else its ``type``), lower case."""
    return (u.unit_class or u.type).lower()


def on_board(u: UnitState) -> bool:
    """Whether ``u`` stands in a hex of the map (not eliminated, not in a box or pool)."""
    return bool(u.hex) and not u.eliminated


def by_hex(state: GameState) -> dict[str, list[UnitState]]:
    """Units on the map, by hex, in id order."""
    out: dict[str, list[UnitState]] = defaultdict(list)
    for uid in sorted(state.units):
        u = state.units[uid]
        if on_board(u):
            out[u.hex].append(u)
    return out


def side_units(state: GameState, active: str) -> list[UnitState]:
    """The active side's units on the map (its own faction and its allies)."""
    return [u for u in (state.units[k] for k in sorted(state.units))
            if on_board(u) and friendly(state, active, faction_of(state, u))]


def enemy_units(state: GameState, active: str, hex_: str, occ: dict | None = None) -> list[UnitState]:
    """The units in ``hex_`` that are ``active``'s enemies (``occ``: a ``by_hex`` already made)."""
    occ = by_hex(state) if occ is None else occ
    return [u for u in occ.get(hex_, []) if enemies(state, active, faction_of(state, u))]


def neighbours(state: GameState, hex_: str) -> list[str]:
    """The hexes of the map next to ``hex_`` (none for a hex not on it)."""
    return grid(state).adj.get(hex_, [])
