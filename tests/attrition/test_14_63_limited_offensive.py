"""14.63: a hex attacked by a limited offensive earns no immunity; only an attack that emptied it protects
it, and then by 14.62A (nothing left to displace).

Position: it-att (0405) took part in an offensive against 0504 this turn (so it does not attrition,
14.23A); it-1 (0404, 12 factors) attritions 0503 and 0504. The loss comes from the rear hex 0604.
"""
from __future__ import annotations


from turnlog.engine.commands import BeginAttrition, MarkOffensive, RollAttritionDie, SelectOccupation, TakeAttritionLosses
from turnlog.events.attrition import Selection

from helpers import hexes, new_game, refused, scenario, unit

BOARD = "0403:AX 0404:AX 0405:AX 0503:WA 0504:WA 0505:WA 0603:WA 0604:WA 0605:WA"


def at_select(tmp_path, defenders_of_0504):
    units = [unit("it-1", "IT", "0404", 12), unit("it-att", "IT", "0405", 6), unit("us-2", "US", "0503"),
             unit("us-rear", "US", "0604"), *defenders_of_0504]
    g = new_game(tmp_path, scenario(hexes(BOARD), units))
    g.execute(MarkOffensive(units=["it-att"]))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    assert g.state.attritions["A1"].units == ["it-1"]
    g.execute(RollAttritionDie(procedure="A1", value=5))  # 1C/1H
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-rear"]))
    return g


def select(h, *units):
    return SelectOccupation(procedure="A1", selections=[Selection(hex=h, units=list(units))])


def test_14_63_hex_that_survived_a_limited_offensive_may_be_taken(tmp_path):
    g = at_select(tmp_path, [unit("us-1", "US", "0504")])
    g.execute(select("0504", "it-1"))
    assert g.state.attritions["A1"].phase == "retreat"


def test_14_63_the_offensive_units_themselves_may_not_advance(tmp_path):
    g = at_select(tmp_path, [unit("us-1", "US", "0504")])
    refused(g, select("0504", "it-att"), "14.61")


def test_14_63_hex_the_offensive_emptied_is_not_taken(tmp_path):
    g = at_select(tmp_path, [])
    refused(g, select("0504", "it-1"), "14.62A")
