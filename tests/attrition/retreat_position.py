"""The 14.71 retreat position (tests/attrition/test_14_71_simultaneous_retreats.py; seats_position.py seats the same board).

it-1 (0404, 9 factors) and it-2 (0403, 3) attrition 0503 and 0504; die 8 gives 3C/2H; the losses are us-y and
two rear units; then 0504 (and 0503 with ``both``) is occupied, and us-x, us-z and us-2 must retreat.
"""
from __future__ import annotations

from turnlog.engine.commands import (BeginAttrition, Retreat, RetreatUnits, RollAttritionDie, SelectOccupation,
                                     TakeAttritionLosses)
from turnlog.events.attrition import Selection

from helpers import hexes, new_game, scenario, unit

BOARD = ("0403:AX 0404:AX 0502:WA 0503:WA 0504:WA 0505:WA 0506:WA 0602:WA 0603:WA 0604:WA 0605:WA 0606:WA "
         "0702:WA 0703:WA 0704:WA 0705:WA 0706:WA")


def at_retreat(tmp_path, both=True):
    """A game at A1's retreat phase."""
    units = [unit("it-1", "IT", "0404", 9), unit("it-2", "IT", "0403", 3), unit("us-x", "US", "0504"),
             unit("us-y", "US", "0504", 2), unit("us-z", "US", "0504"), unit("us-2", "US", "0503"),
             unit("us-r1", "US", "0702"), unit("us-r2", "US", "0706")]
    g = new_game(tmp_path, scenario(hexes(BOARD), units))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=8))
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-y", "us-r1", "us-r2"]))
    sel = [Selection(hex="0504", units=["it-1"])] + ([Selection(hex="0503", units=["it-2"])] if both else [])
    g.execute(SelectOccupation(procedure="A1", selections=sel))
    assert g.state.attritions["A1"].phase == "retreat"
    return g


def lose_us_y_and_occupy_0504(g):
    """Attrition 0504 from 0404 (die 5: us-y the loss), occupy it with it-1: the game at A1's retreat."""
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=5))
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-y"]))
    g.execute(SelectOccupation(procedure="A1", selections=[Selection(hex="0504", units=["it-1"])]))
    assert g.state.attritions["A1"].phase == "retreat"
    return g


def go(*pairs):
    """A1's RetreatUnits moving each (unit, hex) pair."""
    return RetreatUnits(procedure="A1", retreats=[Retreat(unit=u, to=h) for u, h in pairs])
