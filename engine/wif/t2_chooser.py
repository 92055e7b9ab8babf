"""Who chooses the table (11.16.5-T2, T3, T9d, T9f) and the terrain row a hex reads (T9a-T9e; reading W9).

The hex's terrain type gives its blitz shift (``terrain_types[].wif.blitz_shift``: forest -1, jungle,
mountain and swamp -2) and whether the ARM bonus may apply (``wif.arm_bonus``: clear, desert). A ``city``
feature with two or more printed ``factories`` lets the defender choose; any other city is -2 and bars
the bonus. A ``fortress`` (or ``fortified``) feature, or a hexside ``fortified_by`` the defender's side,
lets the defender choose when an attacker crosses into the hex (reading W10).
"""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple, Sequence

from turnlog.projections.state import GameState, side_key

from .. import terrain
from ..kit.board import friendly

FORTIFIED_KINDS = ("fortress", "fortified")


class Chooser(NamedTuple):
    who: str      # attacker / defender
    rule: str
    reason: str


class Row(NamedTuple):
    """The hex's T9 row: its blitz shift, the rule, why; whether the ARM bonus may apply there."""

    shift: int
    rule: str
    reason: str
    bonus_ok: bool


def cities(state: GameState, hex_: str) -> list:
    return [f for f in state.features.get(hex_, []) if f.kind == "city"]


def row(state: GameState, hex_: str) -> Row:
    """The most restrictive T9 row of the hex (reading W9); rows are never summed."""
    t = terrain.of_hex(state, hex_)
    name = state.hexes[hex_].terrain
    shift = min(0, t.wif.blitz_shift)
    rule = {0: "11.16.5-T9a", -1: "11.16.5-T9b"}.get(shift, "11.16.5-T9c")
    reason = f"{name}: {shift:+d} odds level{'s' if abs(shift) != 1 else ''}" if shift else f"{name}: no shift"
    town = cities(state, hex_)
    if town and -2 < shift:
        shift, rule, reason = -2, "11.16.5-T9e", f"a city ({name}): -2 odds levels"
    return Row(shift, rule, reason, t.wif.arm_bonus and not town)


def crossing_fortified(state: GameState, hex_: str, defender: str, attackers: Sequence[str],
                       overland: Sequence[str]) -> str:
    """The first attacker that crosses a fortified hexside into ``hex_`` ("" if none; T9f, reading W10)."""
    fort = any(f.kind in FORTIFIED_KINDS for f in state.features.get(hex_, []))
    for uid in attackers:
        if uid not in overland:
            continue
        side = state.hexsides.get(side_key(state.units[uid].hex, hex_))
        by = side.fortified_by if side is not None else ""
        if fort or (by and friendly(state, by, defender)):
            return uid
    return ""


def choose(state: GameState, hex_: str, defender: str, arm_att: Fraction, arm_def: Fraction,
           attackers: Sequence[str], overland: Sequence[str]) -> Chooser:
    """T3 first (ARM), then the terrain that takes the choice from the attacker (T9d, T9f)."""
    if arm_att < arm_def:
        return Chooser("defender", "11.16.5-T3", f"attacker ARM {arm_att} is below the defender's {arm_def}")
    factory = next((c for c in cities(state, hex_) if c.factories >= 2), None)
    if factory is not None:
        return Chooser("defender", "11.16.5-T9d", f"a city with {factory.factories} printed factories")
    crosser = crossing_fortified(state, hex_, defender, attackers, overland)
    if crosser:
        return Chooser("defender", "11.16.5-T9f", f"{crosser} attacks across a fortified hexside")
    return Chooser("attacker", "11.16.5-T3", f"attacker ARM {arm_att} is at least the defender's {arm_def} (W5)")
