"""docs/scenario.md documents every scenario field, and its examples load."""
from __future__ import annotations

import re
import tomllib
import typing

import msgspec
import pytest

from turnlog.engine import scenario as S
from turnlog.engine.scenario_short import expand
from turnlog.events import setup as s

from fixtures.backbone import ROOT, cli

DOC = (ROOT / "docs" / "scenario.md").read_text()

SECTIONS = {
    "Top level": S.Scenario, "die": s.DieSpec, "dice": s.DiceSpec, "rules": s.RulesSpec, "rules.russian_winter": s.RussianWinterSpec,
    "rules.attrition": s.AttritionRulesSpec, "rules.pzc": s.PzcRulesSpec, "rules.wif": s.WifRulesSpec,
    "rules.wif.build_costs": s.BuildCostSpec, "rules.turn_sequence": s.TurnSequenceSpec, "rules.end": s.EndSpec,
    "factions": s.FactionSpec, "nationalities": s.NationalitySpec, "hexes": s.HexSpec, "hexes.features": s.Feature,
    "hexsides": s.HexsideSpec, "boxes": s.BoxSpec, "supply_sources": s.SupplySourceSpec, "units": s.UnitSpec,
    "restrictions": s.RestrictionSpec, "turn": S.TurnSpec, "turn.weather": s.WeatherSpec,
    "terrain_types": s.TerrainTypeSpec, "terrain_types.attrition": s.AttritionTerrainSpec,
    "terrain_types.wif": s.WifTerrainSpec, "terrain_types.pzc": s.PzcTerrainSpec,
    "terrain_types.war": s.WarTerrainSpec, "pools": s.PoolSpec, "formations": s.FormationSpec,
    "seats": s.SeatsSpec,
}


def section(title: str) -> str:
    m = re.search(rf"^##+ {re.escape(title)}\n(.*?)(?=^##+ |\Z)", DOC, re.M | re.S)  # TOML comments use one #
    assert m, f"docs/scenario.md has no section '{title}'"
    return m.group(1)


def documented(title: str) -> list[str]:
    return re.findall(r"^\| `(\w+)` \|", section(title), re.M)


def fields(cls) -> list[str]:
    return [f.name for f in msgspec.structs.fields(cls)]


@pytest.mark.parametrize("title", SECTIONS)
def test_every_field_documented_and_nothing_stale(title):
    assert documented(title) == fields(SECTIONS[title])


def test_every_spec_struct_has_a_section():
    specs = {c for c in vars(s).values() if isinstance(c, type) and issubclass(c, msgspec.Struct)
             and c.__name__.endswith("Spec") or c is s.Feature}
    assert specs - set(SECTIONS.values()) == set()


def _struct_of(tp):
    """The Struct inside a field type (list[X], X, X | None), if any."""
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return tp
    for arg in typing.get_args(tp):
        found = _struct_of(arg)
        if found:
            return found
    return None


def used(cls, raw, out: set) -> set:
    """Every (Struct, field) given explicitly somewhere in ``raw``."""
    items = raw if isinstance(raw, list) else [raw]
    for item in items:
        for f in msgspec.structs.fields(cls):
            if f.name in item:
                out.add((cls.__name__, f.name))
                inner = _struct_of(f.type)
                if inner and typing.get_origin(f.type) is dict:  # Structs by name (dice.NAME)
                    used(inner, [v for v in item[f.name].values() if isinstance(v, dict)], out)
                elif inner:
                    used(inner, item[f.name], out)
    return out


def complete_example() -> str:
    part = section("A complete scenario")
    return re.search(r"```toml\n(.*?)```", part, re.S).group(1)


def test_complete_example_loads_and_uses_every_field():
    text = complete_example()
    sc = S.parse(text, "toml", "docs example")
    assert sc.name.startswith("Every field")
    got = used(S.Scenario, tomllib.loads(text), set())
    want = {(cls.__name__, f) for cls in SECTIONS.values() for f in fields(cls)}
    assert want - got == set()


def test_complete_example_creates_a_game(tmp_path):
    p = tmp_path / "docs-example.toml"
    p.write_text(complete_example())
    r = cli("new", p, "--db", tmp_path / "g.db")
    assert r.returncode == 0, r.stderr
    r = cli("verify", "--db", tmp_path / "g.db")
    assert r.returncode == 0, r.stdout + r.stderr


def test_section_snippets_decode():
    hints = typing.get_type_hints(S.Scenario)
    snippets = re.findall(r"```toml\n(.*?)```", DOC, re.S)
    assert len(snippets) >= 10
    for text in snippets:
        raw = expand(tomllib.loads(text))   # the compact form's map and unit lines, as the reader expands them
        for key, value in raw.items():
            msgspec.convert(value, hints[key])


def test_error_examples_are_real_messages():
    # The messages shown at the top are the ones the code gives (checked in test_scenario_refusals.py too).
    for msg in ('units[3].factors: expected int, got str', 'units[7].hex: no hex "0413"',
                "units[3]: object contains unknown field colour"):
        assert msg in DOC


def test_no_field_a_rule_reads_is_documented_as_read_by_no_rule():
    """blitz_shift, arm_bonus, factories (WiF T7-T9d), move_cost, clear, bocage (PzC) and a pool's kind (WiF
    K1c, K2a) are read by the rules: docs/scenario.md must not say otherwise."""
    text = (ROOT / "docs" / "scenario.md").read_text(encoding="utf-8")
    read = ("factories", "move_cost", "blitz_shift", "arm_bonus", "clear", "bocage", "kind")
    wrong = [line for line in text.splitlines() if "Read by no rule" in line
             and any(line.startswith(f"| `{name}` |") for name in read)]
    assert not wrong, wrong
