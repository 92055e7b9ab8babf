"""A scenario whose setup is more than 10,000 events (a 100x100 map) can be created and replayed."""
from __future__ import annotations


from helpers import hexes, new_game, scenario


def test_a_10000_hex_map_can_be_created(tmp_path):
    sc = scenario(hexes(" ".join(f"{c:02d}{r:02d}:AX" for c in range(100) for r in range(100))))
    g = new_game(tmp_path, sc)
    assert len(g.state.hexes) == 10_000
    assert g.at(use_snapshots=False) == g.state
    g.close()
