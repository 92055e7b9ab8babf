"""14.52B: units in a box or off-board area cannot be lost, unless the box belongs to the zone.

A box belongs to the zone that holds its `zone_hex` (the Australia, India and
Urals exceptions). Position: Germans (0404) attrition the Russian zone 0405-0406
for 1C; the Urals box is attached to 0406, Murmansk (off-board) and Siberia are not,
and the "far" box is attached to another Russian zone (0409).
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, TakeAttritionLosses

from helpers import hexes, new_game, refused, scenario, unit


@pytest.fixture
def game(tmp_path):
    boxes = [{"id": "urals", "zone_hex": "0406"}, {"id": "murmansk", "offboard": True},
             {"id": "siberia"}, {"id": "far", "zone_hex": "0409"}]
    units = [unit("ge-1", "GE", "0404", 5), unit("su-1", "SU", "0405", 3, prev_supply_source="moscow"),
             {"id": "su-u", "nationality": "SU", "box": "urals", "factors": 3},
             {"id": "su-m", "nationality": "SU", "box": "murmansk", "factors": 3, "prev_supply_source": "moscow"},
             {"id": "su-s", "nationality": "SU", "box": "siberia", "factors": 3},
             {"id": "su-f", "nationality": "SU", "box": "far", "factors": 3}]
    src = [{"id": "moscow", "box": "murmansk", "faction": "RU", "supply_zone": "north"}]
    g = new_game(tmp_path, scenario(hexes("0404:AX 0405:RU 0406:RU 0409:RU", front="eastern"),
                                    [*units[:2], *units[2:]], boxes=boxes, sources=src))
    g.execute(BeginAttrition(attacker="AX", zone="RU/eastern/0405"))
    g.execute(RollAttritionDie(procedure="A1", value=4))   # 4 + 1 (CTL) = 5: 1C
    yield g
    g.close()


def test_14_52b_box_attached_to_the_zone_allowed(game):
    assert game.state.zones["RU/eastern/0405"].boxes == ["urals"]
    game.execute(TakeAttritionLosses(procedure="A1", units=["su-u"]))
    assert game.state.units["su-u"].eliminated and not game.state.units["su-u"].box


@pytest.mark.parametrize("uid", ["su-m", "su-s", "su-f"], ids=["off-board", "box", "other-zones-box"])
def test_14_52b_other_boxes_and_off_board_areas_refused(game, uid):
    refused(game, TakeAttritionLosses(procedure="A1", units=[uid]), "14.52B")
