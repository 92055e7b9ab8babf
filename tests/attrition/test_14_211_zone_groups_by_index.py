"""14.211's zones found by the grid's integer walk are the groups the generic walk gives.

Outside fall and winter, determine() links neighbours by controller, front and weather zone over the
grid's indices (hexgrid.Grid.zone_groups) instead of components() with a callable per pair of hexes;
on generated maps, tiled ones, with closed hexsides and with 'adjacent' contiguity, the groups are equal.
"""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine.attrition import r14_2_zones as zones
from turnlog.engine.hexgrid import grid
from turnlog.projections.state import GameState

import zone_boards


def _state(seed: int, tiles: int, closed: float) -> GameState:
    return zone_boards.board(seed, tiles, closed)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
@pytest.mark.parametrize("tiles", [1, 3])
@pytest.mark.parametrize("adjacent", [False, True])
def test_the_integer_walk_gives_the_groups_of_the_generic_walk(seed, tiles, adjacent):
    state = _state(seed, tiles, closed=0.5)
    if adjacent:
        state.rules = msgspec.structs.replace(
            state.rules, attrition=msgspec.structs.replace(state.rules.attrition, zone_contiguity="adjacent"))
    g = grid(state)
    controlled = [h for h in state.hexes if state.control.get(h)]
    generic = g.components(controlled, zones._linked(state, "summer", controlled))
    assert g.zone_groups(controlled, state.control, adjacent) == generic
    assert len(generic) > 1


def test_a_tiled_map_has_each_zone_of_its_tile_once_a_tile():
    one, three = _state(5, 1, 0.0), _state(5, 3, 0.0)
    z1, z3 = zones.determine(one), zones.determine(three)
    assert len(z3) == 3 * len(z1)
    assert sorted(len(z.hexes) for z in z3) == sorted(len(z.hexes) for z in z1 for _ in range(3))
