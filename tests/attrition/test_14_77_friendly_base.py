"""14.77: the base an air or naval unit is displaced to is friendly: controlled by its own side, and open to it.

An uncontrolled (neutral) hex is no friendly base, nor a hex the unit's faction or nationality may not enter
(`prohibited_to`), as docs/rulings.md 14.77 says. Position as tests/attrition/test_14_77_air_naval_displaced.py: from
0504 the airbases are 0704 (2 hexes), 0804 (3) and 0904 (4); the air unit's range is 3.
"""
from __future__ import annotations

import pytest

from test_14_77_air_naval_displaced import AIR, moved, occupied


def test_14_77_an_uncontrolled_airbase_is_not_friendly(tmp_path):
    # The audit's probe: the neutral 0704 was chosen.
    g, written = occupied(tmp_path, [AIR], control={"0704": ""})
    assert moved(written, "us-air").to_hex == "0804"
    assert g.state == g.at(use_snapshots=False)


@pytest.mark.parametrize("who", ["WA", "US"], ids=["faction", "nationality"])
def test_14_77_a_prohibited_airbase_is_skipped(tmp_path, who):
    _, written = occupied(tmp_path, [AIR], prohibited={"0704": [who]})
    assert moved(written, "us-air").to_hex == "0804"


def test_14_77_an_allied_factions_airbase_is_friendly(tmp_path):
    _, written = occupied(tmp_path, [AIR], control={"0704": "RU"})
    assert moved(written, "us-air").to_hex == "0704"


def test_14_77_no_friendly_base_in_range_eliminates(tmp_path):
    _, written = occupied(tmp_path, [AIR], control={"0704": "", "0804": ""})
    assert moved(written, "us-air").rule == "14.77" and not hasattr(moved(written, "us-air"), "to_hex")
