"""Reading P9: how a side's loss is shared among its units, which the text does not say (rules.pzc.allocation).
``proportional`` (default): in proportion to men-equivalent strength, each share randomly rounded in the
unit's own points; ``owner``: the side's owner names the points, paying the loss with none to spare (a vehicle
point is 10 men-equivalents). INVENTED units: a1 100 men, a2 10 vehicles (100 men-equivalents)."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.assault.procedure import KIND
from turnlog.engine.errors import CommandError
from turnlog.events import assault as a

from assault_helpers import game, of, proc, u
from helpers import refused

UNITS = [u("a1", "0202", defence=5), {**u("a2", "0403", defence=5), "strength": 10, "strength_kind": "vehicles"},
         u("e1", "0302", assault=3, defence=100)]
# The defenders' 300 over the attackers' defence 5: combat value 60; a draw of 2.5 -> 15 lost. The attackers'
# 400 + 400 over 100: 8; a draw of 1 -> 0.8, rounded down by 999.
DRAWS = {"attacker_result": 750000, "defender_result": 0, "defender_round": 999}


def resolve(tmp_path, allocation: str, values: dict):
    g = game(tmp_path, UNITS, pzc={"allocation": allocation})
    g.execute(c.DeclareAssault(hex="0302", units=["a1", "a2"]))
    return g, g.execute(c.ResolveAssault(procedure="S1", values={**DRAWS, **values}))


def test_proportional_shares_by_men_equivalents_with_random_rounding(tmp_path):
    # a1: 15 x 100/200 = 7.5 points, a2: 15 x 10/200 = 0.75 points.
    g, done = resolve(tmp_path, "proportional", {"alloc/a1": 499, "alloc/a2": 749})
    assert {e.unit: e.amount for e in of(done, a.UnitStrengthReduced)} == {"a1": 8, "a2": 1}
    assert of(done, a.AssaultLossesAllocated)[0].by == "proportional" and proc(g).phase == "disruption"
    g2, done2 = resolve(tmp_path, "proportional", {"alloc/a1": 500, "alloc/a2": 750})
    assert {e.unit: e.amount for e in of(done2, a.UnitStrengthReduced)} == {"a1": 7}


def test_owner_waits_for_the_owner_of_the_side_that_lost(tmp_path):
    g, _done = resolve(tmp_path, "owner", {})
    assert proc(g).phase == "allocating"
    cmd = c.AllocateAssaultLosses(procedure="S1", side="attacker", losses={"a1": 5, "a2": 1})
    assert KIND.who(g.state, cmd).faction == "AX"
    offered = [ch for ch in g.legal() if ch.command == "AllocateAssaultLosses"]
    assert [ch.fixed["side"] for ch in offered] == ["attacker"]
    g.execute(cmd)
    assert (g.state.units["a1"].strength, g.state.units["a2"].strength) == (95, 9)
    assert proc(g).phase == "disruption" and proc(g).allocated == ["attacker"]


def test_owner_refusals(tmp_path):
    g, _done = resolve(tmp_path, "owner", {})
    alloc = lambda side="attacker", **losses: c.AllocateAssaultLosses(procedure="S1", side=side, losses=losses)  # noqa
    refused(g, alloc(a1=14), "AS-RES.2")              # pays 14 of 15
    refused(g, alloc(a1=5, a2=2), "AS-RES.2")         # 25: a2's second point is not needed
    refused(g, alloc(e1=15), "AS-RES.2")              # not the attacker's unit
    refused(g, alloc(side="defender", e1=1), "AS-RES.2")   # the defenders lost nothing
    refused(g, alloc(a1=101), None, CommandError)     # more than it has
    g.execute(alloc(a1=15))
    assert g.state.units["a1"].strength == 85


def test_a_proportional_game_takes_no_allocation(tmp_path):
    g, _done = resolve(tmp_path, "proportional", {"alloc/a1": 499, "alloc/a2": 749})
    refused(g, c.AllocateAssaultLosses(procedure="S1", side="attacker", losses={"a1": 15}), "AS-GEN.2")
