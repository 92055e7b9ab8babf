"""14.11 in legal(): while an attrition of this player turn is open, no turn advance is offered.

Game.decide refuses StartGameTurn, StartPlayerTurn and StartPhase then (the procedure runs to its end),
so legal() must not list them: every listed choice is one the rules accept.
"""
from __future__ import annotations

from turnlog.engine.commands import TakeAttritionLosses

from test_14_51_losses import THREE, rolled

ADVANCES = {"StartGameTurn", "StartPlayerTurn", "StartPhase"}


def test_14_11_no_turn_advance_while_the_attrition_is_open(tmp_path):
    g = rolled(tmp_path, 3, THREE)                            # A1 waits for its losses
    assert not ADVANCES & {x.command for x in g.legal()}
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-1", "us-2"]))
    assert g.state.attritions["A1"].phase == "done"
    assert ADVANCES <= {x.command for x in g.legal()}
