"""Every class of malformed scenario is refused with its field path, and no file is left behind."""
from __future__ import annotations

import copy
import json

import msgspec
import pytest

from turnlog.engine import scenario as S
from turnlog.engine.errors import ScenarioError

from fixtures.backbone import cli

BASE = {
    "name": "refusals",
    "factions": [{"id": "AX", "side": "axis"}, {"id": "WA", "side": "allies"}],
    "nationalities": [{"id": "GE", "faction": "AX", "ctl": 2}, {"id": "GB", "faction": "WA"},
                      {"id": "CW", "faction": "WA", "major": "GB", "distinct_for_attrition": True},
                      {"id": "US", "faction": "WA"}],
    "hexes": [{"id": "0101", "col": 1, "row": 1, "controller": "AX"},
              {"id": "0201", "col": 2, "row": 1, "controller": "WA"},
              {"id": "0202", "col": 2, "row": 2, "controller": "WA"},
              {"id": "0505", "col": 5, "row": 5, "controller": "WA"}],
    "hexsides": [{"a": "0101", "b": "0201", "river": True}],
    "boxes": [{"id": "reserve", "zone_hex": "0201"}],
    "supply_sources": [{"id": "london", "hex": "0505", "faction": "WA"}],
    "units": [{"id": f"u{i}", "nationality": "US" if i % 2 else "GE", "factors": i + 1,
               "hex": "0201" if i % 2 else "0101"} for i in range(8)],
    "restrictions": [{"attacker": "GE", "defender": "CW"}],
    "turn": {"season": "summer", "year": 1943, "active": "AX"},
}


def mutate(fn) -> dict:
    doc = copy.deepcopy(BASE)
    fn(doc)
    return doc


def setter(path: str, value):
    """A mutation setting doc[path] (dotted, with [i] indexes) to value."""
    def fn(doc):
        keys = path.replace("[", ".").replace("]", "").split(".")
        node = doc
        for k in keys[:-1]:
            node = node[int(k)] if k.isdigit() else node[k]
        last = keys[-1]
        node[int(last) if last.isdigit() else last] = value
    return fn


def dropper(path: str, key: str):
    def fn(doc):
        node = doc
        for k in path.replace("[", ".").replace("]", "").split("."):
            node = node[int(k)] if k.isdigit() else node[k]
        del node[key]
    return fn


def both(*fns):
    def fn(doc):
        for f in fns:
            f(doc)
    return fn


# (case id, mutation, the message the refusal must contain)
CASES = [
    # wrong type
    ("type-int", setter("units[3].factors", "x"), "units[3].factors: expected int, got str"),
    ("type-float", setter("units[3].factors", 2.5), "units[3].factors: expected int, got float"),
    ("type-bool", setter("hexsides[0].river", "yes"), "hexsides[0].river: expected bool, got str"),
    ("type-list", setter("units", {"id": "u"}), "units: expected array, got object"),
    ("type-enum", setter("units[2].supply", "some"), "units[2].supply: invalid enum value 'some'"),
    ("type-season", setter("turn.season", "monsoon"), "turn.season: invalid enum value 'monsoon'"),
    ("type-status", setter("nationalities[1].status", "neutral"), "nationalities[1].status: invalid enum value"),
    ("type-nested", setter("hexes[0].features", [{"kind": 3}]), "hexes[0].features[0].kind: expected str, got int"),
    # missing required field
    ("missing-unit-nat", dropper("units[3]", "nationality"), "units[3]: object missing required field nationality"),
    ("missing-hex-col", dropper("hexes[1]", "col"), "hexes[1]: object missing required field col"),
    ("missing-turn", lambda d: d.pop("turn"), "missing required field `turn`"),
    ("missing-faction-side", dropper("factions[1]", "side"), "factions[1]: object missing required field side"),
    # unknown field
    ("unknown-unit-field", setter("units[3].colour", "red"), "units[3]: object contains unknown field colour"),
    ("unknown-top-field", setter("weather", []), "contains unknown field `weather`"),
    ("unknown-die-field", setter("die", {"sides": 6, "pips": True}), "die: object contains unknown field pips"),
    # broken references
    ("ref-unit-hex", setter("units[7].hex", "0413"), 'units[7].hex: no hex "0413"'),
    ("ref-unit-nat", setter("units[7].nationality", "FR"), 'units[7].nationality: no nationality "FR"'),
    ("ref-nat-faction", setter("nationalities[3].faction", "RU"), 'nationalities[3].faction: no faction "RU"'),
    ("ref-hex-controller", setter("hexes[2].controller", "RU"), 'hexes[2].controller: no faction "RU"'),
    ("ref-turn-active", setter("turn.active", "RU"), 'turn.active: no faction "RU"'),
    ("ref-unit-box", both(setter("units[7].hex", ""), setter("units[7].box", "italy")), 'units[7].box: no box "italy"'),
    ("ref-box-zone-hex", setter("boxes[0].zone_hex", "0909"), 'boxes[0].zone_hex: no hex "0909"'),
    ("ref-source-faction", setter("supply_sources[0].faction", "RU"), 'supply_sources[0].faction: no faction "RU"'),
    ("ref-source-hex", setter("supply_sources[0].hex", "0909"), 'supply_sources[0].hex: no hex "0909"'),
    ("ref-unit-source", setter("units[5].prev_supply_source", "paris"),
     'units[5].prev_supply_source: no supply source "paris"'),
    ("ref-feature-source", setter("hexes[3].features", [{"kind": "bridgehead", "origin": "seaborne",
                                                         "launched_from": "paris"}]),
     'hexes[3].features[0].launched_from: no supply source "paris"'),
    ("ref-feature-owner", setter("hexes[3].features", [{"kind": "port", "owner": "RU"}]),
     'hexes[3].features[0].owner: no faction "RU"'),
    ("ref-hexside-end", setter("hexsides[0].b", "0909"), 'hexsides[0].b: no hex "0909"'),
    ("ref-hexside-fort", setter("hexsides[0].fortified_by", "RU"), 'hexsides[0].fortified_by: no faction "RU"'),
    ("ref-airdrop", setter("units[1].airdropped_from", "0909"), 'units[1].airdropped_from: no hex "0909"'),
    ("ref-restriction", setter("restrictions[0].defender", "FR"), 'restrictions[0].defender: no nationality "FR"'),
    ("ref-major", setter("nationalities[2].major", "FR"), 'nationalities[2].major: no nationality "FR"'),
    ("ref-winter", setter("rules", {"russian_winter": {"attacker_nationality": "SU"}}),
     'rules.russian_winter.attacker_nationality: no nationality "SU"'),
    ("ref-winter-exempt", setter("rules", {"russian_winter": {"exempt_nationalities": ["FI"]}}),
     'rules.russian_winter.exempt_nationalities[0]: no nationality "FI"'),
    ("ref-prohibited", setter("hexes[2].prohibited_to", ["SU"]),
     'hexes[2].prohibited_to[0]: no faction or nationality "SU"'),
    # duplicate ids
    ("dup-unit", setter("units[2].id", "u1"), "units[2].id: duplicate unit id 'u1'"),
    ("dup-hex", setter("hexes[3].id", "0101"), "hexes[3].id: duplicate hex id '0101'"),
    ("dup-faction", setter("factions[1].id", "AX"), "factions[1].id: duplicate faction id 'AX'"),
    ("dup-nationality", setter("nationalities[3].id", "GB"), "nationalities[3].id: duplicate nationality id 'GB'"),
    ("dup-box", setter("boxes", [{"id": "b"}, {"id": "b"}]), "boxes[1].id: duplicate box id 'b'"),
    ("dup-source", setter("supply_sources", [{"id": "s", "faction": "WA"}, {"id": "s", "faction": "AX"}]),
     "supply_sources[1].id: duplicate supply source id 's'"),
    # geometry
    ("same-col-row", both(setter("hexes[3].col", 2), setter("hexes[3].row", 2)), 'hexes[3]: same col/row as hex "0202"'),
    ("hexside-not-adjacent", setter("hexsides[0].b", "0505"), 'hexsides[0]: hexes "0101" and "0505" are not adjacent'),
    ("hexside-twice", setter("hexsides", [{"a": "0101", "b": "0201", "river": True},
                                          {"a": "0201", "b": "0101", "impassable": True}]),
     'hexsides[1]: the side between "0201" and "0101" is already defined by hexsides[0]'),
    # cycles and impossible values
    ("major-cycle", setter("nationalities[1].major", "CW"), "nationalities[1].major: reference cycle"),
    ("major-self", setter("nationalities[3].major", "US"), "nationalities[3].major: reference cycle"),
    ("hex-and-box", setter("units[7].box", "reserve"), "units[7]: give a hex or a box, not both"),
    ("negative-factors", setter("units[4].factors", -1), "units[4].factors: -1 is outside 0..999"),
    ("one-sided-die", setter("die", {"sides": 1}), "die.sides: 1 is outside 2..1000"),
]


@pytest.mark.parametrize("mut, message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_refused_in_process_naming_the_field(mut, message):
    with pytest.raises(ScenarioError) as err:
        S.parse(msgspec.json.encode(mutate(mut)), "json", "bad.json")
    assert message in str(err.value)
    assert str(err.value).startswith("bad.json: ")


def test_base_document_is_valid():
    sc = S.parse(msgspec.json.encode(BASE), "json")
    assert len(sc.units) == 8


def test_every_problem_is_reported_at_once():
    doc = mutate(both(setter("units[7].hex", "0413"), setter("units[2].id", "u1"), setter("turn.active", "RU")))
    with pytest.raises(ScenarioError) as err:
        S.parse(msgspec.json.encode(doc), "json")
    for part in ('units[7].hex: no hex "0413"', "units[2].id: duplicate unit id 'u1'", 'turn.active: no faction "RU"'):
        assert part in str(err.value)


SYNTAX = [
    ("bad.toml", 'name = "x"\n[turn\nseason = "summer"\n', "not valid TOML"),
    ("bad.toml", 'name = "x"\nname = "y"\n', "not valid TOML"),
    ("bad.json", '{"name": "x",', "not valid JSON"),
    ("bad.json", '{"name": "x",}', "not valid JSON"),
    ("bin.toml", b"\xff\xfe\x00", "not UTF-8"),
    ("bad.yaml", "name: x\n", "unknown scenario format 'yaml'"),
]


@pytest.mark.parametrize("name, text, message", SYNTAX, ids=[f"{n}-{i}" for i, (n, _t, _m) in enumerate(SYNTAX)])
def test_bad_syntax_refused(tmp_path, name, text, message):
    p = tmp_path / name
    p.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(ScenarioError, match=message):
        S.load(p)


def assert_refused_by_cli(tmp_path, scenario_path, message):
    db = tmp_path / "x.db"
    r = cli("new", scenario_path, "--db", db)
    assert r.returncode == 2, r.stdout + r.stderr
    assert message in r.stderr and str(scenario_path) in r.stderr
    assert r.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == [scenario_path.name]  # no x.db, x.db.seed, -wal, -shm


# One CLI run per class of problem (each run starts an interpreter).
CLI_CASES = ["type-int", "missing-unit-nat", "unknown-unit-field", "ref-unit-hex", "ref-nat-faction", "ref-unit-box",
             "ref-source-hex", "dup-unit", "same-col-row", "hexside-not-adjacent", "major-cycle"]


@pytest.mark.parametrize("case", CLI_CASES)
def test_cli_new_refuses_json_and_leaves_no_file(tmp_path, case):
    _id, mut, message = next(c for c in CASES if c[0] == case)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(mutate(mut)))
    assert_refused_by_cli(tmp_path, p, message)


TOML_OK = """
name = "toml refusals"
[[factions]]
id = "AX"
side = "axis"
[[factions]]
id = "WA"
side = "allies"
[[nationalities]]
id = "GE"
faction = "AX"
[[hexes]]
id = "0101"
col = 1
row = 1
[[units]]
id = "u0"
nationality = "GE"
factors = FACTORS
hex = "HEX"
[turn]
season = "summer"
year = 1943
active = "AX"
"""


@pytest.mark.parametrize("factors, hex_, message", [
    ('"x"', "0101", "units[0].factors: expected int, got str"),
    ("3", "0413", 'units[0].hex: no hex "0413"'),
    ("3", '0101"\n[turn', "not valid TOML"),
])
def test_cli_new_refuses_toml_and_leaves_no_file(tmp_path, factors, hex_, message):
    p = tmp_path / "bad.toml"
    p.write_text(TOML_OK.replace("FACTORS", factors).replace("HEX", hex_))
    assert_refused_by_cli(tmp_path, p, message)


def test_cli_new_refuses_bad_json_syntax(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text('{"name": "x", "factions": [')
    assert_refused_by_cli(tmp_path, p, "not valid JSON")


def test_cli_new_refuses_a_missing_file(tmp_path):
    r = cli("new", tmp_path / "nowhere.toml", "--db", tmp_path / "x.db")
    assert r.returncode == 2 and "no such scenario file" in r.stderr and "bridgehead-14-65" in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_valid_toml_template_is_accepted(tmp_path):
    p = tmp_path / "ok.toml"
    p.write_text(TOML_OK.replace("FACTORS", "3").replace("HEX", "0101"))
    r = cli("new", p, "--db", tmp_path / "x.db")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "x.db").exists() and (tmp_path / "x.db.seed").exists()
