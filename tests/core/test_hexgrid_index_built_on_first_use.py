"""A grid builds its integer index (for whole-map walks, 14.211 zones) on first use, not with the grid.

Most commands only ask for neighbours, and a Game opened for one command builds its grid inside that command.
The index, once asked for, is what the grid built eagerly before: each hex's neighbours by index, those across
an open hexside, and each hex's (front, weather zone) as a small int.
"""
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
from turnlog.engine.hexgrid import Grid  # noqa: E402
from turnlog.projections import fold as F  # noqa: E402
from turnlog.projections.state import GameState  # noqa: E402

LAZY = ("ids", "index", "nbr", "open_nbr", "area")


def _state(seed: int) -> GameState:
    doc = gen.scenario_doc(120, seed=seed, phase="attrition")
    rnd = random.Random(seed)
    for side in doc["hexsides"]:
        if rnd.random() < 0.4:
            side["impassable"] = True
    state = GameState()
    for ev in S.setup_events(S.parse(msgspec.json.encode(doc), "json"), commitment(gen.SEED)):
        F.apply(state, ev)
    return state


def test_a_new_grid_has_no_index_yet():
    g = Grid(_state(1))
    assert g.adj and not any(name in vars(g) for name in LAZY)


def test_the_index_is_the_one_built_eagerly_before():
    state = _state(2)
    g = Grid(state)
    ids = list(g.coord)
    index = {h: i for i, h in enumerate(ids)}
    nbr = [tuple(index[n] for n in g.adj[h]) for h in ids]
    areas: dict = {}
    assert g.ids == ids and g.index == index and g.nbr == nbr
    assert g.open_nbr == [tuple(j for j in nbr[i] if g.passable(h, ids[j])) for i, h in enumerate(ids)]
    assert g.area == [areas.setdefault((state.hexes[h].front, state.hexes[h].weather_zone), len(areas)) for h in ids]
    assert any(len(o) < len(n) for o, n in zip(g.open_nbr, g.nbr))  # the closed sides are left out
