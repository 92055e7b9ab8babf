"""The terrain-type table: rules read a hex's terrain through it, not by its name.

With no table in the scenario the default (engine/terrain.py) gives exactly the answers attrition's
hard-coded sets gave (the ROUGH set, jungle, frozen swamp of 14.62D); a table the scenario supplies
changes them, entry by entry, and is logged so the game replays and verifies without the file.
Position as in test_14_62d_terrain.py: the attacker's 0404 stack touches 0503 and 0504 (the terrain
under test), its 0405 unit touches 0504 only; the loss comes from the defender's rear hex 0604.
"""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, SelectOccupation, TakeAttritionLosses
from turnlog.engine.terrain import DEFAULT, of_hex, terrain_type
from turnlog.engine.verify import verify
from turnlog.events import codec
from turnlog.events.attrition import Selection
from turnlog.events.setup import TerrainTypeDefined

from helpers import hexes, new_game, refused, scenario, unit

# What engine/attrition had hard-coded before the table (at bb69e35), restated to compare against.
OLD_ROUGH = frozenset({"forest", "jungle", "mountain", "jungle_mountain", "swamp"})


def old_bars(terrain: str, frozen: bool) -> bool:
    if terrain == "swamp" and frozen:
        terrain = "clear"
    return terrain in OLD_ROUGH and terrain != "jungle"


NAMES = sorted(OLD_ROUGH | {"clear", "rough", "desert", "city", "tundra", "", "Forest", "swamp_frozen"})


@pytest.mark.parametrize("frozen", [False, True])
@pytest.mark.parametrize("name", NAMES)
def test_the_default_table_answers_as_the_hard_coded_sets_did(tmp_path, name, frozen):
    g = new_game(tmp_path, scenario(hexes(f"0101:AX:{name} 0102:WA") if name else hexes("0101:AX 0102:WA")))
    if not name:
        name = "clear"  # a hex's terrain defaults to clear
    assert of_hex(g.state, "0101", frozen=frozen).attrition.bars_occupation == old_bars(name, frozen)
    assert of_hex(g.state, "0101").attrition.jungle_only == (name == "jungle")
    assert g.state.terrain_types == {}  # nothing logged: the default lives in code


def test_the_default_table_names_only_what_attrition_read():
    assert sorted(DEFAULT) == sorted(OLD_ROUGH)


def at_select(tmp_path, terrain, table, *, attackers=("IT", "IT"), weather=(), edition=0):
    hx = hexes(f"0403:AX 0404:AX 0405:AX 0503:WA 0504:WA:{terrain} 0505:WA 0603:WA 0604:WA 0605:WA")
    units = [unit("a-1", attackers[0], "0404", 11), unit("a-2", attackers[1], "0405", 3),
             unit("d-1", "US", "0504"), unit("d-2", "US", "0503"), unit("d-rear", "US", "0604")]
    sc = scenario(hx, units, weather=weather, terrain_types=table)
    if edition:
        sc = msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=edition))
    g = new_game(tmp_path, sc)
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=5))
    g.execute(TakeAttritionLosses(procedure="A1", units=["d-rear"]))
    assert g.state.attritions["A1"].phase == "select"
    return g


def select(h, *units):
    return SelectOccupation(procedure="A1", selections=[Selection(hex=h, units=list(units))])


def test_14_62d_an_edition_5_scenario_entry_replaces_the_default_one_forest_no_longer_bars(tmp_path):
    g = at_select(tmp_path, "forest", [{"id": "forest", "name": "open woods"}], edition=5)
    g.execute(select("0504", "a-2"))
    assert g.state.attritions["A1"].phase == "retreat"
    assert verify(g).ok


def test_14_62d_terrain_words_a_scenario_entry_keeps_what_it_does_not_state_forest_still_bars(tmp_path):
    g = at_select(tmp_path, "forest", [{"id": "forest", "name": "open woods"}])
    refused(g, select("0504", "a-2"), "14.62D")
    assert of_hex(g.state, "0504", words=True).name == "open woods"


def test_a_scenario_type_that_bars_occupation_is_refused_by_14_62d(tmp_path):
    g = at_select(tmp_path, "heath", [{"id": "heath", "attrition": {"bars_occupation": True}}])
    err = refused(g, select("0504", "a-2"), "14.62D")
    assert "0504 is heath" in str(err)


def test_entries_the_scenario_does_not_give_keep_their_default(tmp_path):
    g = at_select(tmp_path, "mountain", [{"id": "heath", "attrition": {"bars_occupation": True}}])
    refused(g, select("0504", "a-2"), "14.62D")


def test_a_scenario_jungle_only_type(tmp_path):
    table = [{"id": "bamboo", "attrition": {"jungle_only": True}}]
    refused(at_select(tmp_path, "bamboo", table), select("0504", "a-2"), "14.62D")
    g = at_select(tmp_path, "bamboo", table, attackers=("IT", "JA"))
    g.execute(select("0504", "a-2"))


def test_a_scenario_frozen_as(tmp_path):
    table = [{"id": "marsh", "frozen_as": "clear", "attrition": {"bars_occupation": True}}]
    refused(at_select(tmp_path, "marsh", table), select("0504", "a-2"), "14.62D")
    g = at_select(tmp_path, "marsh", table, weather=[{"zone": "W", "frozen_swamps": True}])
    g.execute(select("0504", "a-2"))


def test_the_table_is_logged_and_replays_without_the_file(tmp_path):
    table = [{"id": "heath", "name": "Heath", "move_cost": {"armour": 2}, "prohibited_classes": ["rail"],
              "attrition": {"bars_occupation": True}, "wif": {"blitz_shift": -1, "arm_bonus": False},
              "pzc": {"assault_pct": -25, "bocage": True}, "war": {"open": True, "constricted": True}}]
    g = new_game(tmp_path, scenario(hexes("0101:AX:heath 0102:WA"), terrain_types=table))
    logged = [codec.decode(*r[2:5]) for r in g.log.rows_of_type("TerrainTypeDefined")]
    t = terrain_type(g.state, "heath")
    assert (t.name, t.move_cost, t.wif.blitz_shift, t.pzc.assault_pct, t.war.open) == ("Heath", {"armour": 2}, -1, -25, True)
    assert g.state == g.at()
    assert verify(g).ok
    assert [e.terrain_type for e in logged] == [t] and isinstance(logged[0], TerrainTypeDefined)


@pytest.mark.parametrize("entry, message", [
    ({"id": "x", "wif": {"blitz_shift": 11}}, "terrain_types[0].wif.blitz_shift: 11 is outside -10..10"),
    ({"id": "x", "pzc": {"assault_pct": -101}}, "terrain_types[0].pzc.assault_pct: -101 is outside"),
    ({"id": "x", "move_cost": {"armour": 1000}}, "terrain_types[0].move_cost.armour: 1000 is outside 0..999"),
    ({"id": "x", "move_cost": {"heavy armour": 1}}, "terrain_types[0].move_cost.heavy armour: 'heavy armour': a word"),
    ({"id": "x", "colour": "green"}, "unknown field"),
])
def test_a_bad_entry_is_refused_with_its_path(entry, message):
    from turnlog.engine.errors import ScenarioError
    with pytest.raises(ScenarioError) as err:
        scenario(hexes("0101:AX"), terrain_types=[entry])
    assert message in str(err.value)


def test_a_duplicate_type_is_refused():
    from turnlog.engine.errors import ScenarioError
    with pytest.raises(ScenarioError, match=r"terrain_types\[1\].id: duplicate terrain type id 'x'"):
        scenario(hexes("0101:AX"), terrain_types=[{"id": "x"}, {"id": "x"}])
