"""The corrections of the Panzer Campaigns assault (AS-*) that edition 3 made, gated by ``applies``.

A game created under edition 2 is judged as it was played (tests/test_assault_edition_2_*).
"""
from __future__ import annotations

from turnlog.events.editions import AUDITED, Ruling

ONE_FORMING = Ruling("one_forming", AUDITED, "AS-GEN.1",
                     "a unit joins one forming assault at a time")
BRIDGE_TRAVEL = Ruling("bridge_travel", AUDITED, "AS-MOVE.1",
                       "any bridged hexside needs Travel Mode, flagged a river or not")
BROKEN_ONLY = Ruling("broken_only", AUDITED, "AS-DEF.5",
                     "a Broken unit defends at x1/4 only, not also halved as Disrupted")
RETREAT_TRAVEL = Ruling("retreat_travel", AUDITED, "AS-RET.3",
                        "a retreat over a bridge or by road into closed terrain needs Travel Mode")
