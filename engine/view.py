"""What a board shows, as plain data every face draws from: the view hook of the kinds, merged.

A kind's optional ``view(state) -> KindView`` says what its own state means on the board: per-unit
values and markers (a strength text, a mode, Disrupted/Broken, the Attack marker), overlays on hexes
(a role and a label: required, attacked, a land combat, a result chip), legend lines, off-map lines
(a repair pool) and one summary line per procedure. engine/kinds.py ``view(state)`` merges the views
of the kinds the game uses over what the core state says of every unit; the SVG board, the HTML replay, the text
board, ``diff``, the REPL and the demo draw from it and never read a kind's state by name, so a new
kind is drawn everywhere without editing a face (docs/design.md "Plugging in a kind").
"""
from __future__ import annotations

import msgspec

from turnlog.projections.state import GameState, UnitState


class Marker(msgspec.Struct, frozen=True, kw_only=True):
    """A marker on a counter: its ``name`` (a word of UnitState.markers or the kind's own), the
    ``letter`` drawn on a disc of colour ``fill``, and the rule that puts it there."""

    name: str
    letter: str
    fill: str = "#ffffff"
    rule: str = ""


class UnitView(msgspec.Struct, frozen=True, kw_only=True):
    """One unit as drawn: the strength text on its counter, its mode, its markers.

    A kind's entry overrides the core's ``strength`` and ``mode`` when it gives them, and adds its
    markers.
    """

    strength: str = ""
    mode: str = ""
    markers: tuple[Marker, ...] = ()

    @property
    def marker_names(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.markers)


class Overlay(msgspec.Struct, frozen=True, kw_only=True):
    """A hex drawn over: its ``role`` picks the style (the faces' table; an unknown role gets a
    default), ``label`` is written on a chip at the hex's foot, ``title`` is the tooltip,
    ``faction`` colours the roles drawn in a side's colour (occupation)."""

    hex: str
    role: str
    label: str = ""
    title: str = ""
    procedure: str = ""
    faction: str = ""


class KindView(msgspec.Struct, kw_only=True):
    """What one kind adds to the board: keyed by unit id, and lists in drawing order.

    ``summaries``: procedure id -> its one line (the text board, the replay's panel, ``diff``).
    """

    units: dict[str, UnitView] = {}
    overlays: list[Overlay] = []
    legend: list[str] = []
    off_map: list[str] = []
    summaries: dict[str, str] = {}


class BoardView(msgspec.Struct, kw_only=True):
    """The views of every kind a game uses, merged over the core's; ``units`` holds every unit.

    ``pools``: the core's off-map lines (boxes, the force pool); ``off_map``: the kinds' (a repair
    pool).
    """

    units: dict[str, UnitView] = {}
    pools: list[str] = []
    overlays: list[Overlay] = []
    legend: list[str] = []
    off_map: list[str] = []
    summaries: dict[str, str] = {}


def core_unit(u: UnitState) -> UnitView:
    """A unit as the core state says it: its factors, its mode."""
    return UnitView(strength=str(u.factors), mode=u.mode)


def merge(base: UnitView, mine: UnitView) -> UnitView:
    """``mine`` over ``base``: its strength and mode where it gives them, the markers of both."""
    return UnitView(strength=mine.strength or base.strength, mode=mine.mode or base.mode,
                    markers=base.markers + tuple(m for m in mine.markers if m not in base.markers))


def pools(state: GameState) -> list[str]:
    """The core's off-map lines: units in boxes, the force pool (a ``repair`` pool is a kind's)."""
    repair = {pid for pid, p in state.pools.items() if p.kind == "repair"}
    out = [f"{u.id} ({u.factors}) in box {u.box}" for u in state.units.values() if u.box]
    pool = sorted(u.id for u in state.units.values() if u.in_pool and u.pool not in repair)
    if pool:
        out.append("force pool: " + ", ".join(pool))
    return out


def unit_text(u: UnitState, v: UnitView) -> str:
    """A unit in brackets for the text board: nationality, type, strength, mode, markers.

    A unit whose class is another word than its type shows both (a WiF MECH corps of type armor:
    ``armor/MECH``), so two units of one type and different classes never look alike; a class that
    only shortens its type (ARM of armor) is not repeated.
    """
    extra = [v.mode] if v.mode else []
    extra += [m.name for m in v.markers]
    extra += [u.supply] if u.supply != "full" else []
    kind = u.type + (f"/{u.unit_class}" if _another_word(u.unit_class, u.type) else "")
    return f"{u.nationality} {kind} {v.strength}" + "".join(f" {x}" for x in extra)


def _another_word(unit_class: str, unit_type: str) -> bool:
    c, t = unit_class.lower(), unit_type.lower()
    return bool(c) and not (t.startswith(c) or c.startswith(t))


def unit_lines(before: BoardView, after: BoardView) -> list[tuple[str, str, str, str]]:
    """(unit, what, before, after) for every unit whose strength, mode or markers differ."""
    out = []
    for uid in sorted(set(before.units) & set(after.units)):
        a, b = before.units[uid], after.units[uid]
        for what, va, vb in (("strength", a.strength, b.strength), ("mode", a.mode, b.mode),
                             ("markers", " ".join(a.marker_names), " ".join(b.marker_names))):
            if va != vb:
                out.append((uid, what, va or "-", vb or "-"))
    return out


def overlay_key(o: Overlay) -> tuple[str, str, str]:
    return (o.hex, o.role, o.label)


class Touched(msgspec.Struct, frozen=True, kw_only=True):
    """What one event may have changed in a kind's part of the board (a kind's ``view_touched`` answer).

    ``units``: the units whose drawing may differ: their entry in the kind's view and, for the kind's
    own events, every unit its projection changed (place, factors, mode, markers, pool). ``board``:
    the kind's overlays, off-map lines or summaries may differ. ``hexes`` (own events only): the hexes
    whose control or features its projection changed. A kind that changes anything else of the core
    state answers None for that event (everything is redrawn). The faces rebuild the views of the units
    the core's own events change, by every kind, without being told; a projection that replaces the
    state's zones is seen by the faces too.
    """

    units: tuple[str, ...] = ()
    board: bool = False
    hexes: tuple[str, ...] = ()


def units_named(state: GameState, event) -> tuple[str, ...]:
    """The units ``event`` names: each field's string, list item or mapping key that is a unit id.

    A kind whose projection changes only the units its events name answers its own events with
    ``Touched(units=units_named(state, event), board=True)``.
    """
    units, out = state.units, []
    for name in event.__struct_fields__:
        value = getattr(event, name)
        if isinstance(value, str):
            items: tuple | list = (value,)
        elif isinstance(value, (list, tuple)):
            items = value
        else:
            items = (*value, *value.values()) if isinstance(value, dict) else ()
        out += [x for x in items if isinstance(x, str) and x in units]
    return tuple(dict.fromkeys(out))
