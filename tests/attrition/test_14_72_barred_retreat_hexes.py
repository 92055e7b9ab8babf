"""14.72 A-D and the one-hex reach of 14.71: hexes a displaced unit may not retreat into.

Position: it-1 (0404, 9 factors) and it-2 (0403, 3) attrition 0503 and 0504; die 8 gives 3C/2H. 0504
holds us-x, us-y, us-z, 0503 holds us-2; the losses are us-y and two rear units. 0504 is selected (it-1
advances). us-z always retreats to 0505; us-x tries 0604, which carries what is under test.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, Retreat, RetreatUnits, RollAttritionDie, SelectOccupation, \
    TakeAttritionLosses
from turnlog.engine.errors import CommandError
from turnlog.events.attrition import Selection

from helpers import hexes, new_game, refused, scenario, unit

BOARD = ("0403:AX 0404:AX 0502:WA 0503:WA 0504:WA 0505:WA 0506:WA 0602:WA 0603:WA 0604:WA 0605:WA 0606:WA "
         "0702:WA 0703:WA 0704:WA 0705:WA 0706:WA")


def at_retreat(tmp_path, *, extra=(), features=(), prohibited=(), hexsides=(), both=False):
    hx = hexes(BOARD)
    d = next(h for h in hx if h["id"] == "0604")
    d["features"], d["prohibited_to"] = list(features), list(prohibited)
    units = [unit("it-1", "IT", "0404", 9), unit("it-2", "IT", "0403", 3), unit("us-x", "US", "0504"),
             unit("us-y", "US", "0504", 2), unit("us-z", "US", "0504"), unit("us-2", "US", "0503"),
             unit("us-r1", "US", "0702"), unit("us-r2", "US", "0706"), *extra]
    g = new_game(tmp_path, scenario(hx, units, hexsides=hexsides))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=8))
    assert g.state.attritions["A1"].counters == 3
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-y", "us-r1", "us-r2"]))
    sel = [Selection(hex="0504", units=["it-1"])] + ([Selection(hex="0503", units=["it-2"])] if both else [])
    g.execute(SelectOccupation(procedure="A1", selections=sel))
    assert g.state.attritions["A1"].phase == "retreat"
    return g


def x_to(h, *more):
    return RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-x", to=h), Retreat(unit="us-z", to="0505"),
                                                  *[Retreat(unit=u, to=t) for u, t in more]])


def test_14_72_control_0604_is_open(tmp_path):
    g = at_retreat(tmp_path)
    g.execute(x_to("0604"))
    assert g.state.units["us-x"].hex == "0604"


@pytest.mark.parametrize("occupant", [
    unit("ge-1", "GE", "0604", 1), unit("ge-par", "GE", "0604", 1, "partisan"),
    unit("ge-air", "GE", "0604", 5, "air", range=4), unit("ge-nav", "GE", "0604", 3, "naval", range=4),
    unit("ge-flak", "GE", "0604", 1, "flak"),
], ids=["ground", "partisan", "air", "naval", "flak"])
def test_14_72a_enemy_unit_bars_the_hex(tmp_path, occupant):
    g = at_retreat(tmp_path, extra=[occupant])
    refused(g, x_to("0604"), "14.72A")


KINDS = ["airbase", "rocket_base", "bridgehead", "port", "railhead", "ic", "fortification", "fortress"]


@pytest.mark.parametrize("kind", KINDS)
def test_14_72a_enemy_installation_bars_the_hex(tmp_path, kind):
    g = at_retreat(tmp_path, features=[{"kind": kind, "owner": "AX"}])
    refused(g, x_to("0604"), "14.72A")


@pytest.mark.parametrize("kind", KINDS)
def test_14_72a_own_installation_does_not_bar_the_hex(tmp_path, kind):
    g = at_retreat(tmp_path, features=[{"kind": kind}])  # owner: the hex's controller, the defender
    g.execute(x_to("0604"))


def test_14_72a_enemy_counter_not_in_the_list_does_not_bar(tmp_path):
    g = at_retreat(tmp_path, features=[{"kind": "city", "owner": "AX"}])
    g.execute(x_to("0604"))


def test_14_72b_hex_selected_for_occupation(tmp_path):
    g = at_retreat(tmp_path, both=True)
    refused(g, x_to("0503", ("us-2", "0603")), "14.72B")
    g.execute(x_to("0604", ("us-2", "0603")))


def test_14_72c_hex_the_attacker_vacates(tmp_path):
    g = at_retreat(tmp_path)
    refused(g, x_to("0404"), "14.72C")


def test_14_72c_hex_the_attacker_only_partly_vacates_is_still_14_72a(tmp_path):
    g = at_retreat(tmp_path, extra=[unit("it-3", "IT", "0404", 0)])
    refused(g, x_to("0404"), "14.72A")


@pytest.mark.parametrize("who", ["WA", "US"])
def test_14_72d_hex_prohibited_to_the_defender(tmp_path, who):
    g = at_retreat(tmp_path, prohibited=[who])
    refused(g, x_to("0604"), "14.72D")


def test_14_72d_hex_prohibited_to_someone_else_is_open(tmp_path):
    g = at_retreat(tmp_path, prohibited=["GB", "RU"])
    g.execute(x_to("0604"))


def test_14_71_retreat_is_one_hex(tmp_path):
    g = at_retreat(tmp_path)
    refused(g, x_to("0606"), "14.71")   # two hexes away
    refused(g, x_to("0504"), "14.71")   # staying put is no retreat


@pytest.mark.parametrize("side", [{"impassable": True}, {"all_water": True}], ids=["impassable", "all-water"])
def test_14_71_no_retreat_across_an_impassable_hexside(tmp_path, side):
    g = at_retreat(tmp_path, hexsides=[{"a": "0504", "b": "0604", **side}])
    refused(g, x_to("0604"), "14.71")


@pytest.mark.parametrize("side", [{"river": True}, {"all_water": True, "crossing_arrow": True}],
                         ids=["river", "crossing-arrow"])
def test_14_71_retreat_across_a_river_or_arrow_allowed(tmp_path, side):
    g = at_retreat(tmp_path, hexsides=[{"a": "0504", "b": "0604", **side}])
    g.execute(x_to("0604"))


def test_14_71_retreat_into_no_hex_is_bad_input(tmp_path):
    g = at_retreat(tmp_path)
    refused(g, x_to("0405"), None, CommandError)
