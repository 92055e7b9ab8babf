"""14.52A: losses come from the attritioned zone, or from a supply zone that 14.52A opens.

A supply zone opens when every attritioned (in contact) defending unit was fully
supplied last player turn without an oil effect, and its unlimited source either
supplied them or launched a seaborne bridgehead into the zone; then only
infantry or replacements fully supplied by that source may be lost there. The
previous turn's supply is unit data (`prev_supply`, `prev_supply_source`,
`oil_effect`). Each of the text's examples has a test below.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, TakeAttritionLosses

from helpers import hexes, new_game, refused, scenario, unit


# -- Example 1: the Axis attrition Russia; losses from the Russian front only --------------------

def russia(tmp_path, season="summer", rumania=False):
    hx = hexes("0404:AX 0405:RU 0406:RU 0407:RU 0409:RU", front="eastern")
    hx[4]["front"] = "asian"
    if rumania:   # 0405 is Rumania, west of the Pact line; Russia proper begins at 0406
        hx[1].update(region="rumania", pact_side="west")
        for h in hx[2:4]:
            h.update(region="russia", pact_side="east")
    units = [unit("it-1", "IT", "0404", 5), unit("su-1", "SU", "0405", 3), unit("su-7", "SU", "0407", 3),
             unit("su-9", "SU", "0409", 3)]
    g = new_game(tmp_path, scenario(hx, units, season=season))
    zone = next(z.id for z in g.state.zones.values() if "0405" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=5))   # 1C
    return g


def test_14_52a_example_1_loss_from_the_russian_front_allowed(tmp_path):
    g = russia(tmp_path)
    g.execute(TakeAttritionLosses(procedure="A1", units=["su-7"]))
    assert g.state.units["su-7"].eliminated


def test_14_52a_example_1_loss_from_another_front_refused(tmp_path):
    g = russia(tmp_path)
    refused(g, TakeAttritionLosses(procedure="A1", units=["su-9"]), "14.52A")


def test_14_52a_example_2_russians_in_rumania_may_lose_units_in_russia(tmp_path):
    g = russia(tmp_path, rumania=True)
    g.execute(TakeAttritionLosses(procedure="A1", units=["su-7"]))
    assert g.state.units["su-7"].eliminated


def test_14_52a_example_2_in_winter_the_pact_line_separates_them(tmp_path):
    # Reading: in winter Rumania (west of the Pact line) is its own zone (14.211); Russia is not part of it.
    g = russia(tmp_path, season="winter", rumania=True)
    refused(g, TakeAttritionLosses(procedure="A1", units=["su-7"]), "14.52A")


# -- Example 3: Britain attritions Italians in North Africa; losses in Italy if supply was traced ---

def africa(tmp_path, contact=None, italy=None, sources=None):
    hx = hexes("0404:WA 0405:AX 0408:AX 0508:AX 0606:AX", front="mediterranean")
    hx[2]["supply_zone"] = hx[3]["supply_zone"] = "italy"
    hx[4]["supply_zone"] = "germany"
    sources = sources or [{"id": "rome", "hex": "0408", "faction": "AX", "supply_zone": "italy"},
                          {"id": "berlin", "hex": "0606", "faction": "AX", "supply_zone": "germany"}]
    contact = contact or [unit("it-1", "IT", "0405", 3, prev_supply_source="rome")]
    italy = italy or []
    g = new_game(tmp_path, scenario(hx, [unit("gb-1", "GB", "0404", 8), *contact, *italy], active="WA",
                                    sources=sources))
    g.execute(BeginAttrition(attacker="WA", zone="AX/mediterranean/0405"))
    g.execute(RollAttritionDie(procedure="A1", value=5))   # 1C
    return g


def it(uid, hex_="0408", type_="infantry", **kw):
    kw.setdefault("prev_supply_source", "rome")
    return unit(uid, "IT", hex_, 2, type_, **kw)


@pytest.mark.parametrize("type_", ["infantry", "replacement"])
def test_14_52a_example_3_full_supply_traced_opens_italy(tmp_path, type_):
    g = africa(tmp_path, italy=[it("it-9", type_=type_)])
    g.execute(TakeAttritionLosses(procedure="A1", units=["it-9"]))
    assert g.state.units["it-9"].eliminated


def test_14_52a_example_3_anywhere_in_the_opened_supply_zone(tmp_path):
    g = africa(tmp_path, italy=[it("it-9", hex_="0508")])
    g.execute(TakeAttritionLosses(procedure="A1", units=["it-9"]))


@pytest.mark.parametrize("type_", ["armor", "mechanized", "airborne"])
def test_14_52a_only_infantry_or_replacements_from_the_supply_zone(tmp_path, type_):
    g = africa(tmp_path, italy=[it("it-9", type_=type_)])
    refused(g, TakeAttritionLosses(procedure="A1", units=["it-9"]), "14.52A")


@pytest.mark.parametrize("kw", [{"prev_supply_source": ""}, {"prev_supply_source": "berlin"},
                                {"prev_supply": "partial"}])
def test_14_52a_only_units_fully_supplied_by_that_source(tmp_path, kw):
    g = africa(tmp_path, italy=[it("it-9", **kw)])
    refused(g, TakeAttritionLosses(procedure="A1", units=["it-9"]), "14.52A")


@pytest.mark.parametrize("contact", [
    [unit("it-1", "IT", "0405", 3, prev_supply="partial", prev_supply_source="rome")],
    [unit("it-1", "IT", "0405", 3, prev_supply="none")],
    [unit("it-1", "IT", "0405", 3, prev_supply_source="rome", oil_effect=True)],
    [unit("it-1", "IT", "0405", 3, prev_supply_source="rome"),
     unit("it-2", "IT", "0405", 3, prev_supply="partial", prev_supply_source="rome")],
], ids=["partial", "unsupplied", "oil", "one-of-two-partial"])
def test_14_52a_example_3_italy_closed_unless_every_attritioned_unit_was_fully_supplied(tmp_path, contact):
    g = africa(tmp_path, contact=contact, italy=[it("it-9")])
    refused(g, TakeAttritionLosses(procedure="A1", units=["it-9"]), "14.52A")


def test_14_52a_a_supply_zone_whose_source_did_not_supply_them_stays_closed(tmp_path):
    g = africa(tmp_path, italy=[unit("it-8", "IT", "0606", 2, prev_supply_source="berlin")])
    refused(g, TakeAttritionLosses(procedure="A1", units=["it-8"]), "14.52A")


def test_14_52a_a_limited_source_opens_nothing(tmp_path):
    src = [{"id": "rome", "hex": "0408", "faction": "AX", "supply_zone": "italy", "unlimited": False}]
    g = africa(tmp_path, italy=[it("it-9")], sources=src)
    refused(g, TakeAttritionLosses(procedure="A1", units=["it-9"]), "14.52A")


# -- Example 4: two beaches launched from Britain; losses from Britain for each ---------------------

def beaches(tmp_path, origin="seaborne", beach_supply="full"):
    hx = hexes("0101:WA 0102:WA 0504:AX 0505:WA 0509:AX 0508:WA")
    for h in hx[:2]:
        h["supply_zone"] = "britain"
    for h in (hx[3], hx[5]):
        h["features"] = [{"kind": "bridgehead", "origin": origin, "launched_from": "london"}]
    units = [unit("ge-a", "GE", "0504", 5), unit("ge-b", "GE", "0509", 5),
             unit("us-a", "US", "0505", 3, prev_supply=beach_supply),
             unit("us-b", "US", "0508", 3, prev_supply=beach_supply),
             unit("us-9", "US", "0101", 3, prev_supply_source="london"),
             unit("us-8", "US", "0102", 3, prev_supply_source="london"),
             unit("us-ar", "US", "0102", 3, "armor", prev_supply_source="london")]
    src = [{"id": "london", "hex": "0101", "faction": "WA", "supply_zone": "britain"}]
    g = new_game(tmp_path, scenario(hx, units, sources=src))
    beach(g, 1, "WA/western/0505")
    return g


def beach(g, i, zone):
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure=f"A{i}", value=4))   # 4 + 1 (CTL 2 vs 1) = 5: 1C


def test_14_52a_example_4_each_bridgehead_may_take_losses_in_britain(tmp_path):
    g = beaches(tmp_path)
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-9"]))
    beach(g, 2, "WA/western/0508")  # one attrition at a time (14.11): the second beach after the first
    assert g.state.attritions["A1"].zone != g.state.attritions["A2"].zone
    g.execute(TakeAttritionLosses(procedure="A2", units=["us-8"]))
    assert g.state.units["us-9"].eliminated and g.state.units["us-8"].eliminated
    assert not g.state.units["us-a"].eliminated and not g.state.units["us-b"].eliminated


def test_14_52a_example_4_not_armour_in_britain(tmp_path):
    g = beaches(tmp_path)
    refused(g, TakeAttritionLosses(procedure="A1", units=["us-ar"]), "14.52A")


def test_14_52a_a_river_bridgehead_opens_nothing(tmp_path):
    g = beaches(tmp_path, origin="river")
    refused(g, TakeAttritionLosses(procedure="A1", units=["us-9"]), "14.52A")


def test_14_52a_launch_needs_the_bridgehead_fully_supplied_last_turn(tmp_path):
    g = beaches(tmp_path, beach_supply="partial")
    refused(g, TakeAttritionLosses(procedure="A1", units=["us-9"]), "14.52A")


# -- Example 5: the Western Allies attrition Japanese in Burma; losses from Japan if traced ---------

def burma(tmp_path, source):
    hx = hexes("0404:WA 0405:AX 0409:AX", front="asian", mapboard="pacific")
    hx[2]["supply_zone"] = "japan"
    units = [unit("gb-1", "GB", "0404", 8), unit("ja-1", "JA", "0405", 3, prev_supply_source=source),
             unit("ja-9", "JA", "0409", 3, prev_supply_source="tokyo")]
    src = [{"id": "tokyo", "hex": "0409", "faction": "AX", "supply_zone": "japan"},
           {"id": "rangoon", "hex": "0405", "faction": "AX", "supply_zone": "burma", "unlimited": False}]
    g = new_game(tmp_path, scenario(hx, units, active="WA", sources=src))
    g.execute(BeginAttrition(attacker="WA", zone="AX/asian/0405"))
    g.execute(RollAttritionDie(procedure="A1", value=5))
    return g


def test_14_52a_example_5_losses_from_japan_when_supplied_from_japan(tmp_path):
    g = burma(tmp_path, "tokyo")
    g.execute(TakeAttritionLosses(procedure="A1", units=["ja-9"]))
    assert g.state.units["ja-9"].eliminated


def test_14_52a_example_5_not_when_supplied_otherwise(tmp_path):
    g = burma(tmp_path, "rangoon")
    refused(g, TakeAttritionLosses(procedure="A1", units=["ja-9"]), "14.52A")
