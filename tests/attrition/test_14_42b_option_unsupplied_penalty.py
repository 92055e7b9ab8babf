"""14.42B: whether an unsupplied unit loses a CTL level, as a partially supplied one does (30.522A).

Reading (docs/rulings.md, Open questions): it does, by `rules.unsupplied_ctl_penalty` (default 1); a group
that reads the text literally (only partial supply is named) sets it to 0. Position: it-1 (Italian, CTL 1,
unsupplied) attritions us-1 (CTL 1).
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie

from helpers import hexes, new_game, scenario, unit


@pytest.mark.parametrize("rules, modifier", [(None, -1), ({"unsupplied_ctl_penalty": 0}, 0)],
                         ids=["penalty-1", "penalty-0"])
def test_14_42b_unsupplied_penalty_both_ways(tmp_path, rules, modifier):
    units = [unit("it-1", "IT", "0404", 12, supply="none"), unit("us-1", "US", "0405")]
    g = new_game(tmp_path, scenario(hexes("0404:AX 0405:WA"), units, rules=rules))
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    g.execute(RollAttritionDie(procedure="A1", value=5))
    assert [(m.rule, m.value) for m in g.state.attritions["A1"].modifiers] == [("14.42B", modifier)]
