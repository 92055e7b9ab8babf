"""14.523: an airbase or rocket base goes with the last ground unit of its hex lost to attrition.

Position: Italians (12 factors, 0404) attrition the Allied hex 0405, which holds
an airbase and a rocket base; 11-20 column, die 3 = 2C.
"""
from __future__ import annotations

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, TakeAttritionLosses
from turnlog.events.game import FeatureRemoved

from helpers import hexes, new_game, scenario, unit


def rolled(tmp_path, occupants, rear=()):
    hx = hexes("0404:AX 0405:WA 0406:WA 0407:WA")
    hx[1]["features"] = [{"kind": "airbase"}, {"kind": "rocket_base"}, {"kind": "port"}]
    g = new_game(tmp_path, scenario(hx, [unit("it-1", "IT", "0404", 12), *occupants, *rear]))
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    g.execute(RollAttritionDie(procedure="A1", value=3))
    return g


def removed(evs):
    return [e for e in evs if isinstance(e, FeatureRemoved)]


def kinds(g):
    return sorted(f.kind for f in g.state.features.get("0405", []))


def test_14_523_bases_removed_with_the_last_ground_unit(tmp_path):
    g = rolled(tmp_path, [unit("us-1", "US", "0405", 3), unit("us-2", "US", "0405", 2)])
    evs = [e for _, e in g.execute(TakeAttritionLosses(procedure="A1", units=["us-1", "us-2"]))]
    assert removed(evs) == [FeatureRemoved(hex="0405", kind="airbase", rule="14.523"),
                            FeatureRemoved(hex="0405", kind="rocket_base", rule="14.523")]
    assert kinds(g) == ["port"]


def test_14_523_bases_kept_while_a_ground_unit_remains(tmp_path):
    g = rolled(tmp_path, [unit("us-1", "US", "0405", 3), unit("us-2", "US", "0405", 2),
                          unit("us-3", "US", "0405", 2)])
    evs = [e for _, e in g.execute(TakeAttritionLosses(procedure="A1", units=["us-1", "us-2"]))]
    assert removed(evs) == [] and kinds(g) == ["airbase", "port", "rocket_base"]


def test_14_523_bases_kept_when_the_losses_come_from_elsewhere(tmp_path):
    g = rolled(tmp_path, [unit("us-1", "US", "0405", 3), unit("us-2", "US", "0405", 2)],
               [unit("us-8", "US", "0407", 2), unit("us-9", "US", "0407", 2)])
    evs = [e for _, e in g.execute(TakeAttritionLosses(procedure="A1", units=["us-8", "us-9"]))]
    assert removed(evs) == [] and kinds(g) == ["airbase", "port", "rocket_base"]


def test_14_523_air_units_left_in_the_hex_do_not_keep_the_base(tmp_path):
    g = rolled(tmp_path, [unit("us-1", "US", "0405", 3), unit("us-ftr", "US", "0405", 4, "air")])
    evs = [e for _, e in g.execute(TakeAttritionLosses(procedure="A1", units=["us-1"]))]
    assert [e.kind for e in removed(evs)] == ["airbase", "rocket_base"]
