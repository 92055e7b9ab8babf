"""Zones and counts are what they were before the speed-ups of issue 19 (items 2, 5 and 7).

tests/fixtures/zone_counts_before_issue19.json was written by the code of 4555b97 (before
Grid.zone_groups and count()'s set of held hexes): every zone of generated maps (three seeds, one
and two tiles, 30% of the river hexsides impassable) counted for every enemy faction, with and
without exclusions. The current code must give exactly the same zones, units, contact, refusals
and factors.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import gen  # noqa: E402
from turnlog.engine import scenario as S  # noqa: E402
from turnlog.engine.attrition import zones  # noqa: E402
from turnlog.engine.attrition.common import enemies, occupancy  # noqa: E402
from turnlog.engine.dice import commitment  # noqa: E402
from turnlog.projections import fold as F  # noqa: E402
from turnlog.projections.state import GameState  # noqa: E402

FIXTURE = Path(__file__).parent / "fixtures" / "zone_counts_before_issue19.json"


def _board(seed: int, tiles: int) -> GameState:
    doc = gen.scenario_doc(120, seed=seed, phase="attrition")
    rnd = random.Random(seed)
    for side in doc["hexsides"]:
        if rnd.random() < 0.3:
            side["impassable"] = True
    if tiles > 1:
        doc = gen.tiled(doc, tiles)
    state = GameState()
    for ev in S.setup_events(S.parse(msgspec.json.encode(doc), "json"), commitment(gen.SEED)):
        F.apply(state, ev)
    return state


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
