"""AS-UNIT.2 through resolution: the logged result carries the attackers' lowest and the defenders' highest unit
modifier, each a Modifier naming its id, and the narrative lists them. INVENTED units and parameters."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.events import assault as a
from turnlog.projections.narrative import line

from assault_helpers import game, of, u


def test_as_unit_2_lowest_for_the_attackers_highest_for_the_defenders_in_the_result(tmp_path):
    units = [{**u("a1", "0202", defence=5, fatigue=1), "quality": "A"}, {**u("a2", "0202", defence=5, fatigue=2)},
             {**u("e1", "0302", defence=5), "quality": "B"}, {**u("e2", "0302", defence=5), "quality": "D"}]
    g = game(tmp_path, units, pzc={})
    g.execute(c.DeclareAssault(hex="0302", units=["a1", "a2"]))
    done = g.execute(c.ResolveAssault(procedure="S1"))
    res = of(done, a.AssaultResolved)[0]
    side = {(m.applies_to, m.value) for m in res.modifiers if m.rule == "AS-UNIT.2"}
    assert side == {("attacker", -20), ("defender", 10)}
    assert "AS-UNIT.2 -20% attacker" in line(res) and "AS-UNIT.2 +10% defender" in line(res)
