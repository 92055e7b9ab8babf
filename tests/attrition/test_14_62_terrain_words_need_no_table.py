"""14.62C, 14.62D under the ``terrain_words`` ruling (edition 6): with no ``terrain_types`` in the scenario
woods is forest and may not be taken by attrition, and a fortified feature is a fortification (no
attrition occupation). A game of edition 5 re-executes as played. Position as test_14_62d_terrain.py:
the attacker's 0404 stack touches 0503 and 0504 (under test), a-2 in 0405 touches 0504 only."""
from __future__ import annotations

import msgspec

import rogue_rows as rogue
from turnlog.engine.commands import BeginAttrition, RollAttritionDie, SelectOccupation, TakeAttritionLosses
from turnlog.engine.verify import verify
from turnlog.events.attrition import Selection

from helpers import hexes, new_game, refused, scenario, unit


def at_select(tmp_path, terrain: str = "clear", features=(), edition: int = 0):
    hx = hexes(f"0403:AX 0404:AX 0405:AX 0503:WA 0504:WA:{terrain} 0505:WA 0603:WA 0604:WA 0605:WA")
    next(h for h in hx if h["id"] == "0504")["features"] = list(features)
    units = [unit("a-1", "IT", "0404", 11), unit("a-2", "IT", "0405", 3), unit("d-1", "US", "0504"),
             unit("d-2", "US", "0503"), unit("d-rear", "US", "0604")]
    sc = scenario(hx, units)
    if edition:
        sc = msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=edition))
    g = new_game(tmp_path, sc)
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=5))  # 11-20 column, CTL 1 v 1: 1C/1H
    g.execute(TakeAttritionLosses(procedure="A1", units=["d-rear"]))
    return g


SELECT = SelectOccupation(procedure="A1", selections=[Selection(hex="0504", units=["a-2"])])


def test_14_62d_woods_is_forest_and_bars_occupation(tmp_path):
    err = refused(at_select(tmp_path, "woods"), SELECT, "14.62D")
    assert "0504 is woods" in str(err)


def test_14_62c_a_fortified_feature_is_a_fortification_and_bars_occupation(tmp_path):
    refused(at_select(tmp_path, features=[{"kind": "fortified"}]), SELECT, "14.62C")


def test_14_62c_d_an_edition_5_game_re_executes_as_played(tmp_path):
    """Before ``terrain_words`` woods and a fortified feature meant nothing to rule 14: 0504 is taken."""
    for g in (at_select(tmp_path, "woods", edition=5),
              at_select(tmp_path, features=[{"kind": "fortified"}], edition=5)):
        g.execute(SELECT)
        assert g.state.attritions["A1"].phase == "retreat"
        assert verify(g).ok


def test_14_62d_a_rogue_occupation_of_woods_is_named_by_verify(tmp_path):
    """A log written around 14.62D (woods taken as an edition-5 game would, the chain intact): verify
    names its seq."""
    g = at_select(tmp_path, "woods")
    rows = rogue.honest_rows(at_select(tmp_path, "woods", edition=5), SELECT)
    seq = rogue.append(g, "SelectOccupation", msgspec.json.encode(SELECT).decode(), rows)
    rep = verify(g)
    assert not rep.ok and rep.first_named() == seq
