"""14.41 and its Asia note, end to end through the modifier and table read: every one of the 84 cells, on the
European and on the Pacific mapboard (H halved, rounded down), as the printed table gives it (the audit's
probe 8). No modifier applies (no winter, no factors over 70, equal CTLs).
"""
from __future__ import annotations

import pytest

from turnlog.engine.attrition import r14_42_modifiers as modifiers

from helpers import hexes, new_game, scenario, unit
from test_14_41_table import CELLS, COLUMN_FACTORS, parse


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    out = {}
    for mapboard in ("europe", "pacific"):
        g = new_game(tmp_path_factory.mktemp(mapboard), scenario(
            hexes("0404:AX 0405:WA", mapboard=mapboard), [unit("it-1", "IT", "0404"), unit("us-1", "US", "0405")]))
        out[mapboard] = (g.state, g.state.zones["WA/western/0405"])
    return out


@pytest.mark.parametrize("mapboard", ["europe", "pacific"])
def test_14_41_every_cell_on_both_mapboards(boards, mapboard):
    state, zone = boards[mapboard]
    wrong = []
    for row, col, text in CELLS:
        c, h = parse(text)
        want = (c, h // 2 if mapboard == "pacific" else h)
        for factors in COLUMN_FACTORS[col]:
            got = modifiers.resolve(state, zone, factors, [], [], row)[3:5]
            if got != want:
                wrong.append((row, col, factors, got, want))
    assert wrong == []
