"""The board vocabulary's unit, hexside, feature and pool fields reach the board; their defaults change nothing.

A unit's vocabulary (size, class, mode, markers, strength, quality, fatigue, formation, movement,
facing, ratings) is copied into UnitState; hexside and feature fields stay on the HexsideSpec and
Feature the board keeps; pools are logged (PoolDefined) and kept by id. Left out, none of them appears
in the state's snapshot encoding.
"""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine.errors import ScenarioError
from turnlog.engine.verify import verify
from turnlog.projections.state import UnitState, dump, load, side_key

from helpers import hexes, new_game, scenario, unit

VOCAB = {"size": "battalion", "unit_class": "armour", "mode": "travel", "markers": ["low_ammo", "disrupted"],
         "strength": 24, "strength_kind": "vehicles", "quality": "B", "fatigue": 120, "formation": "2-pz-div",
         "movement_allowance": 12, "movement_left": 7, "facing": 3, "ratings": {"assault": 9, "defence": 6}}


def game(tmp_path, units, **extra):
    return new_game(tmp_path, scenario(hexes("0101:AX 0102:WA"), units, **extra))


def test_every_unit_field_reaches_the_board(tmp_path):
    g = game(tmp_path, [unit("ge-1", "GE", "0101", **VOCAB)])
    u = g.state.units["ge-1"]
    assert {k: getattr(u, k) for k in VOCAB} == VOCAB
    assert g.state == g.at() and load(dump(g.state)) == g.state
    assert verify(g).ok


def test_the_defaults_are_not_encoded_in_the_state(tmp_path):
    g = game(tmp_path, [unit("ge-1", "GE", "0101")])
    u = g.state.units["ge-1"]
    assert (u.facing, u.markers, u.ratings, u.pool, u.strength_kind) == (None, [], {}, "", "")
    encoded = msgspec.json.decode(dump(g.state))
    assert set(encoded["units"]["ge-1"]) == {"id", "nationality", "type", "factors", "hex"}
    assert "pools" not in encoded and "terrain_types" not in encoded


def test_the_board_copies_lists_and_maps_so_a_rule_may_change_them(tmp_path):
    g = game(tmp_path, [unit("ge-1", "GE", "0101", **VOCAB)])
    g.state.units["ge-1"].markers.append("broken")
    assert g.at().units["ge-1"].markers == VOCAB["markers"]


def test_facing_zero_is_a_facing_not_none(tmp_path):
    g = game(tmp_path, [unit("ge-1", "GE", "0101", facing=0)])
    assert g.state.units["ge-1"].facing == 0
    assert msgspec.json.decode(dump(g.state))["units"]["ge-1"]["facing"] == 0


def test_hexside_and_feature_fields_reach_the_board(tmp_path):
    hx = hexes("0101:AX 0102:WA")
    hx[0]["features"] = [{"kind": "city", "factories": 3, "defence_bonus": 50}]
    sides = [{"a": "0101", "b": "0102", "river": True, "river_class": "major", "bridge": True, "ford": True,
              "road": True}]
    g = new_game(tmp_path, scenario(hx, [], hexsides=sides))
    hs = g.state.hexsides[side_key("0101", "0102")]
    assert (hs.river_class, hs.bridge, hs.ford, hs.road) == ("major", True, True, True)
    f = g.state.features["0101"][0]
    assert (f.factories, f.defence_bonus) == (3, 50)
    assert verify(g).ok


def test_pools_are_logged_and_a_unit_starts_in_one(tmp_path):
    pools = [{"id": "ge-repair", "faction": "AX", "kind": "repair"}]
    g = game(tmp_path, [{"id": "kg-1", "nationality": "GE", "factors": 1, "pool": "ge-repair"}], pools=pools)
    assert g.state.pools["ge-repair"].kind == "repair"
    u = g.state.units["kg-1"]
    assert (u.pool, u.hex, u.box, u.in_pool) == ("ge-repair", "", "", True)
    assert [r[2] for r in g.log.rows_of_type("PoolDefined")] == ["PoolDefined"]
    assert verify(g).ok


BAD = [
    ("unknown pool", {"units": [{"id": "u", "nationality": "GE", "pool": "nope"}]}, 'units[0].pool: no pool "nope"'),
    ("another faction's pool", {"units": [{"id": "u", "nationality": "US", "pool": "p"}],
                                "pools": [{"id": "p", "faction": "AX"}]}, 'pool "p" belongs to AX, not to WA'),
    ("pool and hex", {"units": [{"id": "u", "nationality": "GE", "pool": "p", "hex": "0101"}],
                      "pools": [{"id": "p", "faction": "AX"}]}, "units[0]: a unit in a pool has no hex or box"),
    ("pool of no faction", {"pools": [{"id": "p", "faction": "XX"}]}, 'pools[0].faction: no faction "XX"'),
    ("pool kind", {"pools": [{"id": "p", "faction": "AX", "kind": "dead"}]}, "pools[0].kind: 'dead' is not one of"),
    ("facing 6", {"units": [unit("u", "GE", "0101", facing=6)]}, "units[0].facing: 6 is outside 0..5"),
    ("strength kind", {"units": [unit("u", "GE", "0101", strength_kind="horses")]},
     "units[0].strength_kind: 'horses' is not one of"),
    ("marker with a space", {"units": [unit("u", "GE", "0101", markers=["low ammo"])]},
     "units[0].markers[0]: 'low ammo': a word is 1-64 characters"),
    ("huge rating", {"units": [unit("u", "GE", "0101", ratings={"arm": 10**7})]},
     "units[0].ratings.arm: 10000000 is outside"),
    ("fatigue", {"units": [unit("u", "GE", "0101", fatigue=-1)]}, "units[0].fatigue: -1 is outside 0..1000"),
    ("river class without a river", {"hexsides": [{"a": "0101", "b": "0102", "river_class": "minor"}]},
     "hexsides[0].river_class: a minor river needs river = true"),
    ("river class word", {"hexsides": [{"a": "0101", "b": "0102", "river": True, "river_class": "huge"}]},
     "hexsides[0].river_class: 'huge' is not one of"),
]


@pytest.mark.parametrize("edit, message", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_value_outside_its_domain_is_refused_with_its_path(edit, message):
    edit = dict(edit)
    units = edit.pop("units", [])
    with pytest.raises(ScenarioError) as err:
        scenario(hexes("0101:AX 0102:WA"), units, **edit)
    assert message in str(err.value)


def test_unit_state_has_a_field_for_every_unit_spec_field():
    from turnlog.events.setup import UnitSpec
    spec = {f.name for f in msgspec.structs.fields(UnitSpec)}
    assert spec <= {f.name for f in msgspec.structs.fields(UnitState)}


def test_the_narrative_names_a_units_pool_and_a_hexsides_river_class():
    from turnlog.events.setup import HexsideSpec, HexsideDefined, UnitPlaced, UnitSpec
    from turnlog.projections.narrative import line as describe
    assert describe(UnitPlaced(unit=UnitSpec(id="kg", nationality="GE", pool="ge-repair"))).endswith("at pool ge-repair")
    assert describe(UnitPlaced(unit=UnitSpec(id="u", nationality="GE"))).endswith("at force pool")
    side = HexsideSpec(a="0101", b="0102", river=True, river_class="major", bridge=True)
    assert describe(HexsideDefined(hexside=side)) == "hexside 0101/0102: major river, bridge"
