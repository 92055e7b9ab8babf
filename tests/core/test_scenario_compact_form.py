"""The compact notation of a scenario (docs/scenario.md "The compact form"): map lines over ranges of hexes,
a unit in one line; the same Structs as the full form, and a bad token named in one line."""
from __future__ import annotations

import json

import pytest

from turnlog.engine import scenario as S
from turnlog.engine.errors import ScenarioError

HEAD = ('name = "t"\n'
        '[[factions]]\nid = "AX"\nside = "axis"\n[[factions]]\nid = "WA"\nside = "allies"\n'
        '[[nationalities]]\nid = "GE"\nfaction = "AX"\n[[nationalities]]\nid = "US"\nfaction = "WA"\n'
        '[turn]\nseason = "summer"\nyear = 1943\nactive = "AX"\n')


def _toml(map_lines, units=(), hexes="") -> S.Scenario:
    top = f"map = {json.dumps(list(map_lines))}\nunits = {json.dumps(list(units))}\n{hexes}"
    return S.parse(top + HEAD, "toml", "t.toml")


def _doc() -> dict:
    return {"name": "t", "factions": [{"id": "AX", "side": "axis"}, {"id": "WA", "side": "allies"}],
            "nationalities": [{"id": "GE", "faction": "AX"}, {"id": "US", "faction": "WA"}],
            "turn": {"season": "summer", "year": 1943, "active": "AX"}}


def test_a_range_is_every_column_then_every_row_and_later_lines_win():
    sc = _toml(["0101..0203: front=west controller=AX", "0202 0203: controller=WA terrain=forest"])
    assert [h.id for h in sc.hexes] == ["0101", "0102", "0103", "0201", "0202", "0203"]
    assert [(h.col, h.row) for h in sc.hexes][3] == (2, 1)
    assert [h.controller for h in sc.hexes] == ["AX"] * 4 + ["WA"] * 2
    assert sc.hexes[5].terrain == "forest" and {h.front for h in sc.hexes} == {"west"}


def test_a_hex_in_full_takes_the_place_of_the_maps_and_others_follow():
    full = ('hexes = [{ id = "0102", col = 1, row = 2, controller = "WA", features = [{ kind = "city" }] },'
            ' { id = "0901", col = 9, row = 1 }]\n')
    sc = _toml(["0101..0103: controller=AX"], hexes=full)
    assert [h.id for h in sc.hexes] == ["0101", "0102", "0103", "0901"]
    assert sc.hexes[1].features[0].kind == "city" and sc.hexes[1].controller == "WA"


def test_a_unit_line_is_the_full_units_table():
    sc = _toml(["0101..0102"], ['ge-1 GE armor 3 @0101 size=battalion markers=a,b ratings.arm=2 name="Panzer Lehr"',
                                "us-1 US 4 @0102"])
    ge, us = sc.units
    assert (ge.type, ge.factors, ge.hex, ge.size, ge.markers, ge.ratings, ge.name) == \
        ("armor", 3, "0101", "battalion", ["a", "b"], {"arm": 2}, "Panzer Lehr")
    assert (us.type, us.factors, us.hex) == ("infantry", 4, "0102")


def test_json_takes_the_same_notation():
    doc = {**_doc(), "map": ["0101..0102: controller=AX"], "units": ["ge-1 GE 3 @0101"]}
    sc = S.parse(json.dumps(doc), "json", "t.json")
    assert [h.id for h in sc.hexes] == ["0101", "0102"] and sc.units[0].hex == "0101"


@pytest.mark.parametrize(("lines", "units", "said"), [
    (["01x1: controller=AX"], [], "t.toml: map[0]: '01x1': not a hex id CCRR or a range CCRR..CCRR"),
    (["0101 0102..02"], [], "t.toml: map[0]: '0102..02': not a hex id CCRR or a range CCRR..CCRR"),
    (["0101: controller"], [], "t.toml: map[0]: 'controller': not field=value"),
    (["0101: colour=red"], [], "t.toml: map[0]: object contains unknown field colour"),
    (["0101: stacking_limit=x"], [], "t.toml: map[0].stacking_limit: expected int, got str"),
    (["0101: features=city"], [], "t.toml: map[0]: 'features' cannot be set by a map line"),
    ([": controller=AX"], [], "t.toml: map[0]: ': controller=AX': a map line begins with the hexes it sets"),
    (["0101..9999"] * 120, [], "t.toml: map[102]: the map lines name more than 1000000 hexes in all"),
    (["0101"], ["ge-1 GE"], "t.toml: units[0]: 'ge-1 GE': a unit line is ID NATIONALITY [TYPE] FACTORS"),
    (["0101"], ["ge-1 GE armor x @0101"], "t.toml: units[0].factors: expected int, got str"),
    (["0101"], ["ge-1 GE 3 @0101 wings=2"], "t.toml: units[0]: object contains unknown field wings"),
    (["0101"], ['ge-1 GE 3 name="open'], "t.toml: units[0]: 'name=\"open': a double quote is not closed"),
])
def test_a_bad_token_is_named_in_one_line(lines, units, said):
    with pytest.raises(ScenarioError) as err:
        _toml(lines, units)
    assert said in str(err.value) and "\n" not in str(err.value), str(err.value)


def test_a_broken_reference_in_a_line_is_named_as_in_the_full_form():
    with pytest.raises(ScenarioError, match=r'units\[0\]\.hex: no hex "0909"'):
        _toml(["0101"], ["ge-1 GE 3 @0909"])
