"""14.42C: the winter preparation difference, only where winter applies, each level capped at the area's.

Russians (SU, preparation 6) attrition Germans (GE, preparation 1) across
0404|0405, both in weather zone W. "Winter applies" is read from the turn's
weather: W's winter level above 0 (docs/rulings.md 14.42C).
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, SetWeather
from turnlog.events.attrition import AttritionResultDetermined
from turnlog.events.setup import WeatherSpec

from helpers import NATIONALITIES, hexes, new_game, scenario, unit

NATS = NATIONALITIES + [{"id": "SX", "faction": "RU", "ctl": 1, "winter_prep": 2},
                        {"id": "SY", "faction": "RU", "ctl": 1, "winter_prep": 0},
                        {"id": "GX", "faction": "AX", "ctl": 2, "winter_prep": 3}]


def attrition(tmp_path, attackers, defenders, level, season="winter", attacker="RU", host_weather=None):
    atk, dfn = ("RU", "AX") if attacker == "RU" else ("AX", "RU")
    weather = [{"zone": "W", "winter_level": level}] if level is not None else []
    units = [unit(f"a{i}", n, "0404", f) for i, (n, f) in enumerate(attackers)]
    units += [unit(f"d{i}", n, "0405", f) for i, (n, f) in enumerate(defenders)]
    g = new_game(tmp_path, scenario(hexes(f"0404:{atk} 0405:{dfn}", front="eastern"), units, active=atk,
                                    season=season, weather=weather, nationalities=NATS))
    if host_weather is not None:
        g.execute(SetWeather(weather=WeatherSpec(zone="W", winter_level=host_weather)))
    g.execute(BeginAttrition(attacker=atk, zone=f"{dfn}/eastern/0405"))
    evs = [e for _, e in g.execute(RollAttritionDie(procedure="A1", value=2))]
    r = next(e for e in evs if isinstance(e, AttritionResultDetermined))
    return r, [m for m in r.modifiers if m.rule == "14.42C"]


@pytest.mark.parametrize("level, value", [(6, 5), (5, 4), (4, 3), (2, 1), (1, 0)])
def test_14_42c_difference_capped_at_the_winter_level(tmp_path, level, value):
    r, mods = attrition(tmp_path, [("SU", 12)], [("GE", 3), ("GE", 3)], level)
    assert [m.value for m in mods] == [value]
    assert f"winter level {level}" in mods[0].reason
    ctl = next(m for m in r.modifiers if m.rule == "14.42B").value   # GE 2 vs SU 1: -1
    assert r.modified == 2 + ctl + value


def test_14_42c_balkans_russian_six_counts_as_four(tmp_path):
    _, mods = attrition(tmp_path, [("SU", 12)], [("GE", 6)], 4)
    assert mods[0].value == 3 and "winter preparation 4 vs 1" in mods[0].reason


def test_14_42c_less_favourable_preparation_decreases_the_roll(tmp_path):
    _, mods = attrition(tmp_path, [("GE", 12)], [("SU", 6)], 4, attacker="AX")
    assert mods[0].value == -3


@pytest.mark.parametrize("level", [0, None])
def test_14_42c_no_winter_modifier_where_winter_has_no_effect(tmp_path, level):
    r, mods = attrition(tmp_path, [("SU", 12)], [("GE", 6)], level)
    assert mods == []
    assert [n for n in r.notes if n.startswith("14.42C")]


def test_14_42c_no_winter_modifier_in_a_summer_turn_without_winter_effects(tmp_path):
    _, mods = attrition(tmp_path, [("SU", 12)], [("GE", 6)], None, season="summer")
    assert mods == []


def test_14_42c_winter_level_set_by_the_host_during_the_turn_applies(tmp_path):
    _, mods = attrition(tmp_path, [("SU", 12)], [("GE", 6)], None, host_weather=3)
    assert [m.value for m in mods] == [2]


def test_14_42c_largest_group_and_lower_on_a_tie(tmp_path):
    # Attacker: 6 factors at 6, 6 at 2 -> tie, the lower (2). Defender: 5 at 3 (GX), 3 at 1 (GE) -> 3.
    _, mods = attrition(tmp_path, [("SU", 6), ("SX", 6)], [("GX", 5), ("GE", 3)], 6)
    assert mods[0].value == 2 - 3


def test_14_42c_levels_are_capped_before_the_groups_are_compared(tmp_path):
    # Reading (docs/rulings.md 14.42C): cap first, then find the largest group. At level 2, SU (6) and
    # SX (2) both read 2, one 9-factor group beating SY's 6 factors at 0: +2 against GE's 1 gives +1.
    # Grouping before capping would make SY's 6 factors the largest group and give -1.
    _, mods = attrition(tmp_path, [("SU", 5), ("SX", 4), ("SY", 6)], [("GE", 6)], 2)
    assert mods[0].value == 1


def test_14_42_every_modifier_recorded_with_rule_and_reason(tmp_path):
    r, _ = attrition(tmp_path, [("SU", 75)], [("GE", 6)], 4)
    assert [(m.rule, m.value) for m in r.modifiers] == [("14.42A", 1), ("14.42B", -1), ("14.42C", 3)]
    assert all(m.reason for m in r.modifiers)
    assert (r.die, r.modified, r.row) == (2, 5, 5)
