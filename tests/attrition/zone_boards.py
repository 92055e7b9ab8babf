"""Generated boards for the zone tests: benchmarks/gen.py's map in the attrition phase, with some hexsides
closed at random and, for `tiles` > 1, tiled (gen.tiled: the same map at the same density)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import gen  # noqa: E402
from turnlog.engine import scenario as S  # noqa: E402
from turnlog.engine.dice import commitment  # noqa: E402
from turnlog.projections import fold as F  # noqa: E402
from turnlog.projections.state import GameState  # noqa: E402


def board(seed: int, tiles: int, closed: float, hexes: int = 120) -> GameState:
    """The setup of a generated ``hexes``-hex map (``closed``: the share of hexsides made impassable)."""
    doc = gen.scenario_doc(hexes, seed=seed, phase="attrition")
    rnd = random.Random(seed)
    for side in doc["hexsides"]:
        if rnd.random() < closed:
            side["impassable"] = True
    if tiles > 1:
        doc = gen.tiled(doc, tiles)
    state = GameState()
    for ev in S.setup_events(S.parse(msgspec.json.encode(doc), "json"), commitment(gen.SEED)):
        F.apply(state, ev)
    return state
