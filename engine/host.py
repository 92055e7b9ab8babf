"""The host's board facts: what happened off the rules' sight, checked only for ids and values.

The wider game (movement, supply tracing, offensives, airdrops) is not simulated: the host tells
turnlog what happened and each step here gives its event after checking that every id exists and
the value is possible. engine/turn.py decides them (an open procedure may hold them first: its
``_held``) through STEPS, one lookup by the command's type.
"""
from __future__ import annotations

from typing import Callable

from turnlog.events import game as g
from turnlog.projections.state import GameState

from . import commands as c
from .errors import CommandError, RuleViolation


def need_unit(state: GameState, uid: str, field: str = "unit"):
    """The unit ``uid``; CommandError naming ``field`` when there is none."""
    if uid not in state.units:
        raise CommandError(f'{field}: no unit "{uid}"')
    return state.units[uid]


def need_hex(state: GameState, hid: str, field: str = "hex") -> None:
    """Refuse a hex id the map lacks (CommandError naming ``field``)."""
    if hid not in state.hexes:
        raise CommandError(f'{field}: no hex "{hid}"')


def need_faction(state: GameState, fid: str, field: str = "faction") -> None:
    """Refuse a faction id the scenario lacks (CommandError naming ``field``)."""
    if fid not in state.factions:
        raise CommandError(f'{field}: no faction "{fid}"')


def _move(state: GameState, cmd: c.MoveUnit, _dice) -> list:
    u, h, b = cmd.unit, cmd.hex, cmd.box
    unit = need_unit(state, u)
    if bool(h) == bool(b):
        raise CommandError("MoveUnit: give exactly one of hex or box")
    if h:
        need_hex(state, h)
    elif b not in state.boxes:
        raise CommandError(f'box: no box "{b}"')
    if unit.eliminated or unit.in_pool:
        raise RuleViolation("turn", f"unit {u} is in the force pool, not on the board")
    return [g.UnitMoved(unit=u, to_hex=h, to_box=b, from_hex=unit.hex, from_box=unit.box)]


def _supply(state: GameState, cmd: c.SetSupply, _dice) -> list:
    need_unit(state, cmd.unit)
    return [g.SupplyChanged(unit=cmd.unit, supply=cmd.supply)]


def _control(state: GameState, cmd: c.SetControl, _dice) -> list:
    need_hex(state, cmd.hex)
    need_faction(state, cmd.faction)
    return [g.ControlChanged(hex=cmd.hex, faction=cmd.faction)]


def _weather(state: GameState, cmd: c.SetWeather, _dice) -> list:
    return [g.WeatherSet(weather=cmd.weather)]


def _offensive(state: GameState, cmd: c.MarkOffensive, _dice) -> list:
    for i, u in enumerate(cmd.units):
        need_unit(state, u, f"units[{i}]")
    return [g.UnitsTookOffensive(units=list(cmd.units))]


def _airdropped(state: GameState, cmd: c.MarkAirdropped, _dice) -> list:
    need_unit(state, cmd.unit)
    need_hex(state, cmd.from_hex)
    return [g.UnitAirdropped(unit=cmd.unit, from_hex=cmd.from_hex)]


def _place(state: GameState, cmd: c.PlaceFeature, _dice) -> list:
    h, f = cmd.hex, cmd.feature
    need_hex(state, h)
    if f.owner:
        need_faction(state, f.owner, "feature.owner")
    return [g.FeaturePlaced(hex=h, feature=f)]


def _remove(state: GameState, cmd: c.RemoveFeature, _dice) -> list:
    h, k = cmd.hex, cmd.kind
    need_hex(state, h)
    if not any(f.kind == k for f in state.features.get(h, [])):
        raise CommandError(f'kind: hex "{h}" has no feature "{k}"')
    return [g.FeatureRemoved(hex=h, kind=k)]


#: host command type -> the step that gives its event: (state, command, dice) -> events.
STEPS: dict[type, Callable[..., list]] = {
    c.SetWeather: _weather, c.MoveUnit: _move, c.MarkOffensive: _offensive,
    c.SetControl: _control, c.SetSupply: _supply, c.MarkAirdropped: _airdropped,
    c.PlaceFeature: _place, c.RemoveFeature: _remove,
}
