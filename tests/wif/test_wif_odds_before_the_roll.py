"""The table's odds before a roll, for a land combat: its kind's odds lines (11.16's table and column) while
L1 is open and unrolled."""
from __future__ import annotations

from turnlog.engine.faces.kind_asks import odds_before_rolls
from turnlog.engine.wif.why import odds

from wif_helpers import game


def test_11_16_a_land_combats_odds_show_before_its_roll(tmp_path):
    g = game(tmp_path)
    (pid, lines), = odds_before_rolls(g)
    assert pid == "L1" and lines == odds(g.state, "L1") and lines
    g.close()
