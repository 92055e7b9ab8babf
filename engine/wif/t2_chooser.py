"""Who chooses the table (11.16.5-T2, T3, T9d, T9f) and the terrain row a hex reads (T9a-T9e; reading W9).

The hex's terrain type gives its blitz shift (``terrain_types[].wif.blitz_shift``: forest -1, jungle,
mountain and swamp -2) and whether the ARM bonus may apply (``wif.arm_bonus``: clear, desert). A ``city``
feature with two or more printed ``factories`` lets the defender choose; any other city is -2 and bars
the bonus. A ``fortress`` (or ``fortified``) feature, or a hexside ``fortified_by`` the defender's side,
lets the defender choose when an attacker crosses into the hex (reading W10).

Under the ``terrain_words`` ruling (edition 6) the types come from engine/terrain.py's WORDS table
without the scenario restating them, a hex whose terrain is ``city`` is a city without factories
(T9e), and every fortification word (engine/terrain.py FORTIFIED), as a feature or as the hex's terrain,
makes a Fortified hex (T9f). Earlier games read the scenario's table and ``fortress``/``fortified``.
"""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple, Sequence

from turnlog.events.editions import applies
from turnlog.projections.state import GameState, side_key

from . import rulings
from .. import terrain
from ..kit.board import friendly

#: The feature kinds T9f read before the ``terrain_words`` ruling.
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


def words(state: GameState) -> bool:
    """Whether the game reads terrain words without the scenario restating them (``terrain_words``)."""
    return applies(state, rulings.TERRAIN_WORDS)


def is_city(state: GameState, hex_: str) -> bool:
    """A city stands in the hex: a ``city`` feature, or (``terrain_words``) the hex's terrain is ``city``."""
    return bool(cities(state, hex_)) or (state.hexes[hex_].terrain == "city" and words(state))


def row(state: GameState, hex_: str) -> Row:
    """The most restrictive T9 row of the hex (reading W9); rows are never summed."""
    t = terrain.of_hex(state, hex_, words=words(state))
    name = state.hexes[hex_].terrain
    shift = min(0, t.wif.blitz_shift)
    rule = {0: "11.16.5-T9a", -1: "11.16.5-T9b"}.get(shift, "11.16.5-T9c")
    reason = f"{name}: {shift:+d} odds level{'s' if abs(shift) != 1 else ''}" if shift else f"{name}: no shift"
    town = is_city(state, hex_)
    if town and (-2 < shift or (shift == -2 and name == "city")):
        shift, rule, reason = -2, "11.16.5-T9e", f"a city ({name}): -2 odds levels"
    return Row(shift, rule, reason, t.wif.arm_bonus and not town)


def fortified_hex(state: GameState, hex_: str) -> bool:
    """T9f's Fortress or Fortified hex: a fortification feature, or (``terrain_words``) terrain, in it."""
    kinds = [f.kind for f in state.features.get(hex_, [])]
    if not words(state):
        return any(k in FORTIFIED_KINDS for k in kinds)
    return any(k in terrain.FORTIFIED for k in kinds + [state.hexes[hex_].terrain])


def crossing_fortified(state: GameState, hex_: str, defender: str, attackers: Sequence[str],
                       overland: Sequence[str]) -> str:
    """The first attacker that crosses a fortified hexside into ``hex_`` ("" if none; T9f, reading W10)."""
    fort = fortified_hex(state, hex_)
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
