"""14.62D: forest, jungle, mountain, jungle/mountain and swamp hexes may not be taken by attrition;
Japanese units and the Chindit may take jungle; frozen swamp counts as clear.

Position: the attacker's 0404 stack (11 factors) touches 0503 (clear) and 0504 (the terrain under test);
a second attacker unit in 0405 touches 0504 only. The loss comes from the defender's rear hex 0604.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, SelectOccupation, TakeAttritionLosses
from turnlog.events.attrition import Selection

from helpers import hexes, new_game, refused, scenario, unit


def at_select(tmp_path, terrain, *, attackers=("IT", "IT"), second_type="infantry", weather=()):
    att, dfn = ("AX", "WA") if attackers[0] in ("IT", "GE", "JA") else ("WA", "AX")
    d_nat = "US" if dfn == "WA" else "IT"
    hx = hexes(f"0403:{att} 0404:{att} 0405:{att} 0503:{dfn} 0504:{dfn}:{terrain} 0505:{dfn} "
               f"0603:{dfn} 0604:{dfn} 0605:{dfn}")
    units = [unit("a-1", attackers[0], "0404", 11), unit("a-2", attackers[1], "0405", 3, second_type),
             unit("d-1", d_nat, "0504"), unit("d-2", d_nat, "0503"), unit("d-rear", d_nat, "0604")]
    g = new_game(tmp_path, scenario(hx, units, active=att, weather=weather))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker=att, zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=5))  # 11-20 column, CTL 1 v 1: 1C/1H
    g.execute(TakeAttritionLosses(procedure="A1", units=["d-rear"]))
    assert g.state.attritions["A1"].phase == "select"
    return g


def select(h, *units):
    return SelectOccupation(procedure="A1", selections=[Selection(hex=h, units=list(units))])


@pytest.mark.parametrize("terrain", ["forest", "jungle", "mountain", "jungle_mountain", "swamp"])
def test_14_62d_rough_terrain_refused(tmp_path, terrain):
    g = at_select(tmp_path, terrain)
    refused(g, select("0504", "a-2"), "14.62D")
    refused(g, select("0504", "a-1", "a-2"), "14.62D")


@pytest.mark.parametrize("terrain", ["clear", "rough", "desert"])
def test_14_62d_other_terrain_allowed(tmp_path, terrain):
    g = at_select(tmp_path, terrain)
    g.execute(select("0504", "a-2"))
    assert g.state.attritions["A1"].phase == "retreat"


def test_14_62d_japanese_may_take_jungle(tmp_path):
    g = at_select(tmp_path, "jungle", attackers=("IT", "JA"))
    g.execute(select("0504", "a-2"))


def test_14_62d_non_japanese_unit_may_not_join_a_japanese_jungle_advance(tmp_path):
    g = at_select(tmp_path, "jungle", attackers=("IT", "JA"))
    refused(g, select("0504", "a-1"), "14.62D")
    refused(g, select("0504", "a-2", "a-1"), "14.62D")


def test_14_62d_japanese_may_not_take_jungle_mountain(tmp_path):
    g = at_select(tmp_path, "jungle_mountain", attackers=("JA", "JA"))
    refused(g, select("0504", "a-2"), "14.62D")


def test_14_62d_chindit_may_take_jungle(tmp_path):
    g = at_select(tmp_path, "jungle", attackers=("GB", "GB"), second_type="chindit")
    g.execute(select("0504", "a-2"))


def test_14_62d_other_british_units_may_not_take_jungle(tmp_path):
    g = at_select(tmp_path, "jungle", attackers=("GB", "GB"), second_type="infantry")
    refused(g, select("0504", "a-2"), "14.62D")


def test_14_62d_frozen_swamp_is_clear(tmp_path):
    g = at_select(tmp_path, "swamp", weather=[{"zone": "W", "frozen_swamps": True}])
    g.execute(select("0504", "a-2"))


def test_14_62d_swamp_frozen_in_another_weather_zone_is_still_swamp(tmp_path):
    g = at_select(tmp_path, "swamp", weather=[{"zone": "E", "frozen_swamps": True}])
    refused(g, select("0504", "a-2"), "14.62D")
