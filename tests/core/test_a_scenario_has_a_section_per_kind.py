"""A scenario's ``[kinds.NAME]`` section is checked by the Struct the kind declares, logged in GameCreated
(omitted when empty) and read back by the kind from the state; a log written around the check is named by
verify at seq 1 (the toy kind tests/support/skirmish/, INVENTED rules)."""
from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

import turnlog
from turnlog.engine import scenario as S
from turnlog.engine.errors import ScenarioError
from turnlog.engine.game import Game
from turnlog.engine.kind_sections import section, terrain
from turnlog.engine.verify import verify_path

from skirmish import procedure as T
from helpers import FACTIONS, NATIONALITIES, hexes, unit

turnlog.register_kind(T.KIND)


class CoverSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The toy's own attributes of a terrain (INVENTED)."""

    cover: int = 0


class SkirmishSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What the toy's scenario section may say (INVENTED)."""

    hit_on: int = 4
    targets: list[str] = []
    name: str = "skirmish"
    terrain: dict[str, CoverSpec] = {}


def _doc(**kinds) -> dict:
    return {"name": "toy", "factions": FACTIONS, "nationalities": NATIONALITIES,
            "hexes": hexes("0404:AX 0405:WA"), "units": [unit("it-1", "IT", "0404", 4), unit("us-1", "US", "0405")],
            "turn": {"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": "movement"},
            "dice": {"hit": {"sides": 6}}, "rules": {"procedures": ["skirmish"]}, **kinds}


@pytest.fixture
def spec(monkeypatch):
    monkeypatch.setattr(T.KIND, "scenario_spec", SkirmishSpec, raising=False)


def _create(tmp_path, doc: dict, fmt: str = "json") -> Game:
    text = json.dumps(doc) if fmt == "json" else doc["toml"]
    return Game.create(tmp_path / "g.db", S.parse(text, fmt))


def _created_data(g: Game) -> dict:
    return json.loads(next(iter(g.log.rows(1, 1)))[4])


def test_a_section_is_logged_in_its_kinds_form_and_read_back_by_the_kind(tmp_path, spec):
    g = _create(tmp_path, _doc(kinds={"skirmish": {"hit_on": 5, "targets": ["us-1"]}}))
    assert _created_data(g)["kinds"] == {"skirmish": {"hit_on": 5, "targets": ["us-1"], "name": "skirmish",
                                                     "terrain": {}}}
    assert section(g.state, T.KIND) == SkirmishSpec(hit_on=5, targets=["us-1"])
    assert section(g.at(), T.KIND) == section(g.state, T.KIND)   # replay equals live
    assert verify_path(g.log.path).ok
    g.close()


def test_a_kind_reads_its_own_terrain_attributes_by_the_terrains_name(tmp_path, spec):
    doc = _doc(kinds={"skirmish": {"terrain": {"clear": {"cover": 1}, "forest": {"cover": 3}}}})
    doc["hexes"][1]["terrain"] = "forest"
    g = _create(tmp_path, doc)
    assert terrain(g.state, T.KIND, "0405") == CoverSpec(cover=3)
    assert terrain(g.state, T.KIND, "0404") == CoverSpec(cover=1)
    g.close()


def test_a_terrain_the_game_has_not_is_named(tmp_path, spec):
    with pytest.raises(ScenarioError, match=r"kinds\.skirmish\.terrain\.forst: no terrain 'forst'"):
        _create(tmp_path, _doc(kinds={"skirmish": {"terrain": {"forst": {"cover": 3}}}}))


def test_a_toml_section_reads_as_the_json_one():
    folder = Path(S.__file__).parent / "scenarios"
    text = (folder / "bridgehead-14-65.toml").read_text() + "\n[kinds.skirmish]\nhit_on = 6\n"
    assert S.parse(text, "toml", base=folder).kinds == {"skirmish": {"hit_on": 6}}


def test_no_section_keeps_the_bytes_of_every_older_log(tmp_path, spec):
    g = _create(tmp_path, _doc())
    assert "kinds" not in _created_data(g) and g.state.scenario_kinds == {}
    assert section(g.state, T.KIND) == SkirmishSpec()
    g.close()


@pytest.mark.parametrize(("kinds", "said"), [
    ({"skirmish": {"hit_on": "x"}}, "kinds.skirmish.hit_on: expected int, got str"),
    ({"skirmish": {"hit_om": 4}}, "kinds.skirmish: object contains unknown field hit_om"),
    ({"skirmish": {"hit_on": 10 ** 12}}, "kinds.skirmish.hit_on: 1000000000000 is outside"),
    ({"skirmish": {"name": "a\x07b"}}, "kinds.skirmish.name: 'a\\x07b': control characters are not allowed"),
    ({"skirmish": {"targets": ["x"] * 10_001}}, "kinds.skirmish.targets: 10001 entries, more than the limit"),
    ({"attrition": {}}, "kinds.attrition: the game does not use the kind 'attrition'"),
])
def test_a_bad_section_is_one_line_naming_the_field_and_nothing_is_written(tmp_path, spec, kinds, said):
    with pytest.raises(ScenarioError) as err:
        _create(tmp_path, _doc(kinds=kinds))
    assert said in str(err.value) and "\n" not in str(err.value)
    assert not (tmp_path / "g.db").exists()


def test_a_kind_without_a_spec_takes_no_section(tmp_path):
    with pytest.raises(ScenarioError, match="kinds.skirmish: the kind 'skirmish' takes no scenario section"):
        _create(tmp_path, _doc(kinds={"skirmish": {"hit_on": 5}}))


class LooseSpec(msgspec.Struct, frozen=True, kw_only=True):
    """A rogue client's copy of the kind, whose section takes any hit_on."""

    hit_on: int | str = 4
    targets: list[str] = []
    name: str = "skirmish"


def test_rogue_a_logged_section_the_kind_refuses_is_named_at_seq_1(tmp_path, monkeypatch):
    monkeypatch.setattr(T.KIND, "scenario_spec", LooseSpec, raising=False)
    g = _create(tmp_path, _doc(kinds={"skirmish": {"hit_on": "five"}}))   # chain intact, written around the rules
    g.execute(T.BeginSkirmish(attacker="AX", target="us-1"))
    path = g.log.path
    g.close()
    monkeypatch.setattr(T.KIND, "scenario_spec", SkirmishSpec, raising=False)
    rep = verify_path(path)
    assert not rep.ok and rep.discrepancy.seq == 1 and rep.discrepancy.rule == "setup", rep
    assert rep.discrepancy.message == "seq 1: GameCreated.kinds: kinds.skirmish.hit_on: expected int, got str"
