"""14.71/14.75: every displaced unit retreats in one command, before any advance; units from one hex may
split between destinations.

Position: it-1 (0404, 9 factors) and it-2 (0403, 3) attrition 0503 and 0504 (11-20 column); die 8 gives
3C/2H. 0504 holds us-x, us-y and us-z, 0503 holds us-2; the losses are us-y and two rear units far away.
"""
from __future__ import annotations


from turnlog.engine.commands import BeginAttrition, Retreat, RetreatUnits, RollAttritionDie, SelectOccupation, \
    TakeAttritionLosses
from turnlog.engine.errors import CommandError
from turnlog.events.attrition import Selection
from turnlog.events.game import UnitAdvanced, UnitRetreated

from helpers import hexes, new_game, refused, scenario, unit

BOARD = ("0403:AX 0404:AX 0502:WA 0503:WA 0504:WA 0505:WA 0506:WA 0602:WA 0603:WA 0604:WA 0605:WA 0606:WA "
         "0702:WA 0703:WA 0704:WA 0705:WA 0706:WA")


def at_retreat(tmp_path, both=True):
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


def retreat(*pairs):
    return RetreatUnits(procedure="A1", retreats=[Retreat(unit=u, to=h) for u, h in pairs])


def test_14_71_every_displaced_unit_retreats_in_one_command(tmp_path):
    g = at_retreat(tmp_path)
    refused(g, retreat(("us-x", "0604"), ("us-z", "0605")), "14.71")            # us-2 (0503) missing
    refused(g, retreat(("us-2", "0603")), "14.71")                                # 0504's units missing


def test_14_71_a_unit_that_is_not_displaced_may_not_retreat(tmp_path):
    g = at_retreat(tmp_path)
    refused(g, retreat(("us-x", "0604"), ("us-z", "0605"), ("us-2", "0603"), ("it-1", "0605")), "14.71")


def test_14_71_a_unit_listed_twice_is_bad_input(tmp_path):
    g = at_retreat(tmp_path)
    refused(g, retreat(("us-x", "0604"), ("us-x", "0605"), ("us-z", "0605"), ("us-2", "0603")), None,
            CommandError)


def test_14_71_all_retreats_come_before_any_advance(tmp_path):
    g = at_retreat(tmp_path)
    written = [e for _, e in g.execute(retreat(("us-x", "0604"), ("us-z", "0604"), ("us-2", "0603")))]
    kinds = [type(e).__name__ for e in written if isinstance(e, (UnitRetreated, UnitAdvanced))]
    assert kinds == ["UnitRetreated"] * 3 + ["UnitAdvanced"] * 2
    assert {u: g.state.units[u].hex for u in ("us-x", "us-z", "us-2", "it-1", "it-2")} == {
        "us-x": "0604", "us-z": "0604", "us-2": "0603", "it-1": "0504", "it-2": "0503"}
    assert g.state.attritions["A1"].phase == "done"


def test_14_75_units_from_one_hex_may_split(tmp_path):
    g = at_retreat(tmp_path, both=False)
    g.execute(retreat(("us-x", "0604"), ("us-z", "0605")))
    assert (g.state.units["us-x"].hex, g.state.units["us-z"].hex) == ("0604", "0605")
