"""A scenario's section per kind (``[kinds.NAME]``): checked by the Struct the kind declares, carried in
GameCreated, read back by the kind from the state.

A kind that takes a section declares ``scenario_spec``, a msgspec Struct (``forbid_unknown_fields`` is
advised, so a misspelt key is named). At creation each section is converted to that Struct (a wrong type
names its field: ``kinds.crt.column_shift: expected int, got str``), then held to the bounds of every
scenario field (docs/scenario.md "Domains and limits"): text without control characters and at most
``TEXT_MAX`` characters, lists of at most ``domains.MAX_OTHER_ITEMS`` entries, map keys that are ids,
integers within ``INT_BOUND`` (a kind narrows them with ``msgspec.Meta`` on its own fields). What is
logged is the Struct's plain form, its defaults filled in, so the log says exactly what the kind reads;
``section(state, kind)`` converts it back. Verify judges the recorded sections the same way.
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


def checked(sections: dict[str, Any], procedures, registered) -> dict[str, dict[str, Any]]:
    """The sections in the plain form the log keeps; ScenarioError naming the first bad field.

    ``procedures``: the kinds the game names; ``registered``: the loaded kinds (name -> kind)."""
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
        if problems:
            raise ScenarioError("; ".join(problems[:5]))
        out[name] = plain
    return out


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
