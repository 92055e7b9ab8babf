"""Positions several attrition test files share, as fixtures."""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie

from helpers import hexes, new_game, scenario, unit


@pytest.fixture
def two_zones(tmp_path):
    """Two Italian units (0404, AX) touch two separate Western Allied zones, 0403 and 0405 (14.13)."""
    sc = scenario(hexes("0403:WA 0404:AX 0405:WA"),
                  [unit("it-1", "IT", "0404", 5), unit("it-2", "IT", "0404", 4),
                   unit("us-1", "US", "0403", 3), unit("us-2", "US", "0405", 3)])
    g = new_game(tmp_path, sc)
    yield g
    g.close()


@pytest.fixture
def box_losses(tmp_path):
    """Germans have rolled 1C against the Russian zone 0405-0406; Soviet units wait in four boxes (14.52B).

    The Urals box is attached to 0406, Murmansk (off-board) and Siberia are not, and the "far" box is
    attached to another Russian zone (0409).
    """
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
