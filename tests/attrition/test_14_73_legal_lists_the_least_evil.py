"""14.73 in legal(): each displaced unit is offered the hexes of its least evil only; joint overstacking is a note.

Positions from tests/attrition/test_14_73_order_of_evils.py: us-x must retreat from 0504; 0503 touches it-1 (an enemy
ZoC), 0604 and 0605 do not; a hex with stacking_limit 1 and one American unit is full.
"""
from __future__ import annotations

import pytest

from test_14_73_order_of_evils import CLEAN, FULL_HEX, SQUATTER, at_retreat, go


def offered(g) -> list[str]:
    ch = next(x for x in g.legal() if x.command == "RetreatUnits")
    return next(o.values for o in ch.options if o.when == {"retreats[].unit": "us-x"})


@pytest.mark.parametrize("around, extra, listed", [
    ({"0604": CLEAN, "0503": CLEAN}, [], ["0604"]),                     # 14.73A: not the ZoC
    ({"0503": CLEAN, "0604": ("AX", {})}, [], ["0503"]),                # 14.73B: a ZoC before enemy control
    ({"0503": ("AX", {}), "0604": ("AX", {})}, [], ["0604"]),           # 14.73C: enemy control outside a ZoC
    ({"0503": ("AX", {})}, [], ["0503"]),                               # any hex before elimination
    ({"0604": CLEAN, "0605": FULL_HEX}, [SQUATTER], ["0604"]),          # 14.73A: not the full hex
    ({"0605": FULL_HEX, "0503": CLEAN}, [SQUATTER], ["0605"]),          # 14.73A: overstack before a ZoC
], ids=["zoc", "control", "control-in-zoc", "no-elimination", "room", "overstack"])
def test_14_73_only_the_least_evil_is_listed(tmp_path, around, extra, listed):
    g = at_retreat(tmp_path, around, extra)
    assert offered(g) == listed
    g.decide(g.state, go(("us-x", listed[0])))


def test_14_73a_where_the_others_decide_the_note_says_so(tmp_path):
    """Two movers, 0604 full after one of them: whether a pick overstacks depends on the other's pick."""
    g = at_retreat(tmp_path, {"0604": FULL_HEX, "0503": CLEAN}, movers=("us-x", "us-x2"))
    assert offered(g) == ["0604"]  # the ZoC hex 0503 is a worse evil than any overstack
    ch = next(x for x in g.legal() if x.command == "RetreatUnits")
    assert "overstacks only where none of its listed hexes has room (14.73A)" in str(ch)
