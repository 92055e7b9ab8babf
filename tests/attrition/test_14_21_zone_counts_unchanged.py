"""Zones and counts are what they were before the zone walk and the count were made faster.

tests/fixtures/zone_counts_expected.json was written by the code of 4555b97 (before
Grid.zone_groups and count()'s set of held hexes): every zone of generated maps (three seeds, one
and two tiles, 30% of the river hexsides impassable) counted for every enemy faction, with and
without exclusions. The current code must give exactly the same zones, units, contact, refusals
and factors.
"""
from __future__ import annotations

import json
from pathlib import Path

from turnlog.engine.attrition import r14_2_zones as zones
from turnlog.engine.attrition.common import enemies, occupancy
from turnlog.projections.state import GameState

import zone_boards

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "zone_counts_expected.json"


def _board(seed: int, tiles: int) -> GameState:
    return zone_boards.board(seed, tiles, 0.3)


def _counts() -> list:
    out = []
    for seed in (1, 2, 3):
        for tiles in (1, 2):
            state = _board(seed, tiles)
            occ = occupancy(state)
            for z in zones.determine(state):
                for active in ("AX", "RU", "WA"):
                    if not enemies(state, active, z.faction):
                        continue
                    for exclude in (frozenset(), frozenset(sorted(state.units)[::7])):
                        c = zones.count(state, active, z, exclude, occ=occ)
                        out.append([seed, tiles, z.id, z.hexes, active, c.units, c.contact,
                                    [list(r) for r in sorted(c.refused.items())], c.factors])
    return out


def test_zones_and_counts_equal_those_of_the_code_before():
    before = json.loads(FIXTURE.read_text())
    assert len(before) == 288 and any(r[5] for r in before) and any(r[7] for r in before)
    assert _counts() == before
