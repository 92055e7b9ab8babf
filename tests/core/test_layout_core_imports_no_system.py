"""The core imports no combat system: a system plugs in through its kind alone.

The core is every engine module outside the systems' packages and the faces (the turn sequence, the
Game facade, the registry, verify, the kit), and the event and projection modules every game shares. A system is a package under engine/ (attrition, designation, wif, assault) with its
events and fold (events/<system>*.py, projections/<system>*.py). The few imports that old logs'
bytes require are listed with their reason (docs/design.md "What stays different for attrition");
any other fails.
"""
from __future__ import annotations

from fixtures.imports import graph

SYSTEMS = ("attrition", "designation", "wif", "assault")

#: (core module, system module) -> why the core must name it.
ALLOWED = {
    ("turnlog.events.codec", "turnlog.events.attrition"):
        "attrition's events stay in the static union: a log from before the registry decodes alone",
    ("turnlog.projections.state", "turnlog.events.attrition"):
        "GameState.zones and .attritions hold attrition's Structs: the snapshots of every old log",
    ("turnlog.engine.terrain", "turnlog.events.attrition"):
        "the default terrain types, which games written before terrain was data play on, carry "
        "attrition's 14.62D meanings as AttritionTerrainSpec values",
    **{("turnlog.events.setup", f"turnlog.events.{system}"):
       "TerrainTypeSpec and RulesSpec keep a field per system, typed by its spec Struct there: "
       "moving it would change the bytes of GameCreated and TerrainTypeDefined"
       for system in SYSTEMS},
}


def _system(module: str) -> bool:
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "engine":
        return parts[2] in SYSTEMS
    if len(parts) < 3:
        return False
    return parts[1] in ("events", "projections") and parts[2].startswith(SYSTEMS)


def _core(module: str) -> bool:
    if _system(module):
        return False
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "engine":  # every engine module but the faces and the systems
        return parts[2] != "faces"
    return module.startswith(("turnlog.events", "turnlog.projections"))


def core_imports_of_systems(edges: dict[str, set[str]]) -> dict[str, list[str]]:
    """Core module -> the system modules it imports that ALLOWED does not excuse."""
    bad = {m: sorted(x for x in e if _system(x) and (m, x) not in ALLOWED)
           for m, e in edges.items() if _core(m)}
    return {m: e for m, e in bad.items() if e}


def test_no_core_module_imports_a_combat_system():
    assert core_imports_of_systems(graph()) == {}


def test_the_scan_sees_a_core_module_naming_a_system():
    edges = {"turnlog.engine.turn": {"turnlog.engine.attrition.procedure"},
             "turnlog.projections.narrative": {"turnlog.events.attrition"},
             "turnlog.engine.attrition.why": {"turnlog.engine.attrition.machine"}}
    assert core_imports_of_systems(edges) == {
        "turnlog.engine.turn": ["turnlog.engine.attrition.procedure"],
        "turnlog.projections.narrative": ["turnlog.events.attrition"]}


def test_every_allowance_is_still_needed():
    edges = graph()
    assert [pair for pair in ALLOWED if pair[1] not in edges.get(pair[0], set())] == []
