"""A scenario's section per kind (``[kinds.NAME]``): checked by the Struct the kind declares, carried in
GameCreated, read back by the kind from the state.

A kind that takes a section declares ``scenario_spec``, a msgspec Struct (``forbid_unknown_fields`` is
advised, so a misspelt key is named). At creation each section is converted to that Struct (a wrong type
names its field: ``kinds.crt.column_shift: expected int, got str``), then held to the bounds of every
scenario field (docs/scenario.md "Domains and limits"): text without control characters and at most
``TEXT_MAX`` characters, lists of at most ``domains.MAX_OTHER_ITEMS`` entries, map keys that are ids,
integers within ``INT_BOUND`` (a kind narrows them with ``msgspec.Meta`` on its own fields). What is
logged is the Struct's plain form, its defaults filled in, so the log says exactly what the kind reads;
``section(state, kind)`` converts it back. A section's ``terrain`` map, if its Struct has one, gives the
kind's own attributes of a terrain by its name (each name one the game's hexes or terrain types have), read
with ``terrain(state, kind, hex)``. Verify judges the recorded sections the same way.
"""
from __future__ import annotations

from typing import Any

import msgspec

from turnlog.projections.narrative import CONTROLS

from . import domains
from .commands import explain
from .errors import ScenarioError

#: The bound of every integer in a kind's section (its Struct may narrow it).
INT_BOUND = 1_000_000_000
#: The most characters of one text in a kind's section.
TEXT_MAX = 1000


def checked(sections: dict[str, Any], procedures, registered, terrains=None) -> dict[str, dict[str, Any]]:
    """The sections in the plain form the log keeps; ScenarioError naming the first bad field.

    ``procedures``: the kinds the game names; ``registered``: the loaded kinds (name -> kind);
    ``terrains``: the terrain names the game has, which a section's ``terrain`` map must name (None: not
    checked, as verify has no scenario to read them from)."""
    out: dict[str, dict[str, Any]] = {}
    for name, raw in sections.items():
        where = f"kinds.{name}"
        if name not in procedures:
            raise ScenarioError(f"{where}: the game does not use the kind {name!r} (rules.procedures: "
                                f"{', '.join(procedures) or 'attrition'})")
        spec = getattr(registered.get(name), "scenario_spec", None)
        if spec is None:
            raise ScenarioError(f"{where}: the kind {name!r} takes no scenario section")
        try:
            value = msgspec.convert(raw, spec)
        except msgspec.ValidationError as err:
            said = explain(err)
            if said.startswith("(top): "):  # the section itself (a key it does not know)
                raise ScenarioError(f"{where}: {said.removeprefix('(top): ').replace('`', '')}") from None
            raise ScenarioError(f"{where}.{said}") from None
        plain = msgspec.to_builtins(value)
        problems: list[str] = []
        _bounds(plain, where, problems)
        table = plain.get("terrain") if isinstance(plain, dict) else None
        if terrains is not None and isinstance(table, dict):
            problems += [f"{where}.terrain.{t}: no terrain {t!r} (the hexes' terrain and terrain_types name "
                         f"{', '.join(sorted(terrains)) or 'none'})" for t in table if t not in terrains]
        if problems:
            raise ScenarioError("; ".join(problems[:5]))
        out[name] = plain
    return out


def of_scenario(sc, registered, default_kinds):
    """``sc`` (a Scenario) with its kinds' sections checked and in the form the log keeps."""
    from .terrain import DEFAULT
    names = {h.terrain for h in sc.hexes} | {t.id for t in sc.terrain_types} | set(DEFAULT)
    got = checked(sc.kinds, sc.rules.procedures or default_kinds, {k.name: k for k in registered}, names)
    return msgspec.structs.replace(sc, kinds=got)


def problems(sections: dict[str, Any], procedures, registered) -> str:
    """Why recorded sections are not what creating a game writes (verify's judgement), or ''."""
    try:
        again = checked(sections, procedures, registered)
    except ScenarioError as err:
        return str(err)
    return "" if again == sections else "the kinds' sections are not in the form their kinds give them"


def section(state, kind) -> Any:
    """The kind's section of the game's scenario as its ``scenario_spec`` Struct (its defaults when none)."""
    return msgspec.convert(state.scenario_kinds.get(kind.name, {}), kind.scenario_spec)


def terrain(state, kind, hex_id: str, default: Any = None) -> Any:
    """What the kind's section says of the terrain of ``hex_id``, by the terrain's name: the entry of its
    ``terrain`` map (``[kinds.NAME.terrain.forest]``) for that name, else ``default``.

    The attributes a plugin reads of a terrain are its own; the built-in systems' are the terrain-type
    table's (engine/terrain.py)."""
    table = getattr(section(state, kind), "terrain", None) or {}
    return table.get(state.hexes[hex_id].terrain, default)


def _bounds(v: Any, where: str, out: list[str]) -> None:
    """Every value of a section's plain form within the scenario's bounds, each problem with its path."""
    if isinstance(v, dict):
        for k, x in v.items():
            if not domains.is_id(str(k)):
                out.append(f"{where}: " + domains.id_problem(str(k), "a key"))
            _bounds(x, f"{where}.{k}", out)
    elif isinstance(v, list):
        if len(v) > domains.MAX_OTHER_ITEMS:
            out.append(f"{where}: {len(v)} entries, more than the limit of {domains.MAX_OTHER_ITEMS}")
            return
        for i, x in enumerate(v):
            _bounds(x, f"{where}[{i}]", out)
    elif isinstance(v, bool):
        return
    elif isinstance(v, int):
        if not -INT_BOUND <= v <= INT_BOUND:
            out.append(f"{where}: {v} is outside {-INT_BOUND}..{INT_BOUND}")
    elif isinstance(v, str):
        if len(v) > TEXT_MAX:
            out.append(f"{where}: {len(v)} characters, more than the limit of {TEXT_MAX}")
        elif CONTROLS.search(v):
            out.append(f"{where}: {v[:40]!r}: control characters are not allowed")
