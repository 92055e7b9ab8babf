"""14.52B: units in a box or off-board area cannot be lost, unless the box belongs to the zone.

A box belongs to the zone that holds its `zone_hex` (the Australia, India and
Urals exceptions). Position: Germans (0404) attrition the Russian zone 0405-0406
for 1C; the Urals box is attached to 0406, Murmansk (off-board) and Siberia are not,
and the "far" box is attached to another Russian zone (0409).
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import TakeAttritionLosses

from helpers import refused


def test_14_52b_box_attached_to_the_zone_allowed(box_losses):
    assert box_losses.state.zones["RU/eastern/0405"].boxes == ["urals"]
    box_losses.execute(TakeAttritionLosses(procedure="A1", units=["su-u"]))
    assert box_losses.state.units["su-u"].eliminated and not box_losses.state.units["su-u"].box


@pytest.mark.parametrize("uid", ["su-m", "su-s", "su-f"], ids=["off-board", "box", "other-zones-box"])
def test_14_52b_other_boxes_and_off_board_areas_refused(box_losses, uid):
    refused(box_losses, TakeAttritionLosses(procedure="A1", units=[uid]), "14.52B")
