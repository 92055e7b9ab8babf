"""A terrain named in no table is one attribute-less type, made once per name and then reused.

Attrition asks for a hex's terrain type on every roll (14.42, 14.62D); building a fresh Struct each time
cost more than the lookup. The type itself is unchanged: the name as its id, no attribute set.
"""
from __future__ import annotations

from turnlog.engine import terrain
from turnlog.events.setup import TerrainTypeSpec
from turnlog.projections.state import GameState


def test_an_unlisted_terrain_is_the_same_plain_type_each_time():
    state = GameState()
    first = terrain.terrain_type(state, "clear-invented")
    assert first is terrain.terrain_type(state, "clear-invented")
    assert first == TerrainTypeSpec(id="clear-invented")
    assert terrain.terrain_type(state, "") == TerrainTypeSpec(id="")


def test_listed_types_still_come_from_the_scenario_then_the_default_table():
    state = GameState()
    assert terrain.terrain_type(state, "forest") is terrain.DEFAULT["forest"]
    own = TerrainTypeSpec(id="forest", name="mine")
    state.terrain_types["forest"] = own
    assert terrain.terrain_type(state, "forest") is own
