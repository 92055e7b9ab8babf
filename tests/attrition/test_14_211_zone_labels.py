"""14.211's zones numbered by hex index: the label of every hex, and the groups in name order.

determine() reads which zone a hex is in from Grid.zone_labels' label list (instead of a dict of hex names),
and takes the groups as zone_labels fills them: walked from the hexes in name order, so each group is
sorted and the groups come in the order of their least hex, with no hex name compared. In fall and winter
the generic walk's groups are labelled the same way.
"""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine.attrition import r14_2_zones as zones
from turnlog.engine.hexgrid import grid
from turnlog.projections.state import GameState

import zone_boards


def _state(seed: int, tiles: int) -> GameState:
    return zone_boards.board(seed, tiles, 0.4)


@pytest.mark.parametrize("seed,tiles", [(1, 1), (2, 1), (3, 3)])
@pytest.mark.parametrize("adjacent", [False, True])
def test_each_hex_is_labelled_with_its_group_and_the_groups_come_in_name_order(seed, tiles, adjacent):
    state = _state(seed, tiles)
    g = grid(state)
    held = [(h, c) for h, c in state.control.items() if c]
    groups, label = g.zone_labels(held + [("no-such-hex", "AX")], adjacent)  # off the map: left out
    assert groups == g.zone_groups([h for h, _ in held], state.control, adjacent)
    assert all(grp == sorted(grp) for grp in groups) and [grp[0] for grp in groups] == sorted(grp[0] for grp in groups)
    where = {h: k for k, grp in enumerate(groups) for h in grp}
    assert label == [where.get(h, -1) for h in g.ids]


@pytest.mark.parametrize("season", ["fall", "winter"])
def test_fall_and_winter_keep_the_generic_walk_and_give_the_same_zones_where_nothing_splits(season):
    # Generated maps name no region or pact side, so the seasonal splits of 14.211 change nothing there.
    state = _state(4, 3)
    summer = zones.determine(state)
    state.turn = msgspec.structs.replace(state.turn, season=season)
    assert zones.determine(state) == summer and len(summer) > 3


def test_the_name_order_is_built_on_first_use():
    g = grid(_state(5, 1))
    assert "by_name" not in vars(g)
    assert [g.ids[i] for i in g.by_name] == sorted(g.ids)
