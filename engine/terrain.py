"""The terrain-type table: what a hex's terrain means to each combat system.

A hex's ``terrain`` names a type. With no table in the scenario the engine's DEFAULT table holds
the meanings attrition had hard-coded before terrain was data (14.62D), so every game plays as before; an
entry a scenario gives (``terrain_types``, logged as TerrainTypeDefined) replaces the default
entry of the same id, and a terrain named in neither has no attributes.
"""
from __future__ import annotations

from turnlog.events.attrition import AttritionTerrainSpec
from turnlog.events.setup import TerrainTypeSpec
from turnlog.projections.state import GameState

_BARS = AttritionTerrainSpec(bars_occupation=True)

#: The attrition meanings that were hard-coded in engine/attrition (the ROUGH set and the jungle and
#: frozen-swamp cases of 14.62D): forest, mountain, jungle/mountain and swamp bar occupation; only
#: jungle-capable units take jungle; a swamp counts as clear while its zone's swamps are frozen.
DEFAULT: dict[str, TerrainTypeSpec] = {t.id: t for t in (
    TerrainTypeSpec(id="forest", attrition=_BARS),
    TerrainTypeSpec(id="mountain", attrition=_BARS),
    TerrainTypeSpec(id="jungle_mountain", attrition=_BARS),
    TerrainTypeSpec(id="swamp", frozen_as="clear", attrition=_BARS),
    TerrainTypeSpec(id="jungle", attrition=AttritionTerrainSpec(jungle_only=True)),
)}
_NONE = TerrainTypeSpec(id="")
#: A type with no attributes, made once per name (building one costs more than the lookup;
#: the Struct is frozen and readers never change its containers).
_PLAIN: dict[str, TerrainTypeSpec] = {"": _NONE}


def terrain_type(state: GameState, name: str) -> TerrainTypeSpec:
    """The type ``name``: the scenario's entry, else the default one, else a type with no attributes."""
    got = state.terrain_types.get(name) or DEFAULT.get(name)
    if got is not None:
        return got
    got = _PLAIN.get(name)
    if got is None:
        got = _PLAIN[name] = TerrainTypeSpec(id=name)
    return got


def of_hex(state: GameState, hex_: str, *, frozen: bool = False) -> TerrainTypeSpec:
    """The terrain type of ``hex_``; ``frozen``: its weather zone's swamps are frozen (its ``frozen_as``)."""
    t = terrain_type(state, state.hexes[hex_].terrain)
    return terrain_type(state, t.frozen_as) if frozen and t.frozen_as else t
