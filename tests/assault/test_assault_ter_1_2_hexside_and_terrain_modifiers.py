"""AS-TER.1 (the largest hexside modifier, reading P4) and AS-TER.2 (the defending hex's terrain modifier when
any attacker consists of vehicles; mot/mech infantry only in Travel Mode). INVENTED terrain percentages."""
from __future__ import annotations

import pytest

from assault_values_helpers import assault, rules_of, unit


def _sides(a: int, b: int) -> list[dict]:
    return [{"a": "0202", "b": "0302", "assault_pct": a}, {"a": "0203", "b": "0302", "assault_pct": b}]


@pytest.mark.parametrize("a, b, used", [(-10, 15, 15), (-25, 15, -25), (-10, 10, -10), (0, -5, -5)])
def test_as_ter_1_the_largest_hexside_modifier_applies(tmp_path, a, b, used):
    units = [unit("a1", "0202"), unit("a2", "0203"), unit("e1", "0302")]
    _, t = assault(tmp_path, units, ["a1", "a2"], hexsides=_sides(a, b))
    assert [(m.rule, m.value, m.applies_to) for m in t.modifiers] == [("AS-TER.1", used, "attacker")]
    assert t.att_value == 800 * (100 + used) / 100


def test_as_ter_1_only_the_hexsides_attackers_cross_count(tmp_path):
    units = [unit("a1", "0202"), unit("a2", "0203"), unit("e1", "0302")]
    _, t = assault(tmp_path, units, ["a1"], hexsides=_sides(0, -40))
    assert t.modifiers == ()


def test_as_ter_2_vehicles_bring_in_the_terrain_modifier(tmp_path):
    units = [unit("a1", "0202", strength=2, kind="vehicles", assault=5), unit("a2", "0202"), unit("e1", "0302")]
    _, t = assault(tmp_path, units, ["a1", "a2"], spec="0302:woods")
    assert [(m.rule, m.value) for m in t.modifiers] == [("AS-TER.2", -30)]
    assert t.att_value == (5 * 20 + 4 * 100) * 70 / 100


def test_as_ter_2_infantry_alone_ignores_the_terrain_modifier(tmp_path):
    _, t = assault(tmp_path, [unit("a1", "0202"), unit("e1", "0302")], ["a1"], spec="0302:woods")
    assert t.modifiers == ()


@pytest.mark.parametrize("cls", ["mot_infantry", "mech_infantry"])
def test_as_ter_2_motorised_infantry_counts_as_vehicles_in_travel_mode_only(tmp_path, cls):
    units = [unit("a1", "0202", cls=cls, mode="travel"), unit("a2", "0202"), unit("e1", "0302")]
    _, t = assault(tmp_path, units, ["a1", "a2"], spec="0302:woods")
    assert rules_of(t) == ["AS-ATK.4", "AS-TER.2"]
    _, t = assault(tmp_path, [unit("a1", "0202", cls=cls), unit("e1", "0302")], ["a1"], spec="0302:woods")
    assert t.modifiers == ()
