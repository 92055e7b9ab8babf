"""AS-ATK.4: an attacker in Travel Mode or with Low Ammo assaults at 1/4 (once, both holding; reading P3).
INVENTED units and ratings."""
from __future__ import annotations

import pytest

from assault_values_helpers import assault, rules_of, unit


@pytest.mark.parametrize("kw", [{"mode": "travel"}, {"markers": ["low_ammo"]},
                                {"mode": "travel", "markers": ["low_ammo"]}])
def test_as_atk_4_quarter_value_once(tmp_path, kw):
    _, t = assault(tmp_path, [unit("a1", "0202", assault=8, **kw), unit("e1", "0302")], ["a1"])
    assert t.att_value == 8 * 100 // 4
    assert rules_of(t) == ["AS-ATK.4"]
    assert t.modifiers[0].applies_to == "assault:a1" and t.modifiers[0].shown().startswith("x1/4")


def test_as_atk_4_not_applied_to_a_deployed_supplied_attacker(tmp_path):
    _, t = assault(tmp_path, [unit("a1", "0202", assault=8), unit("a2", "0202", mode="travel", assault=8),
                              unit("e1", "0302")], ["a1", "a2"])
    assert t.contributions == {"a1": 800, "a2": 200, "e1": 400}
    assert [m.applies_to for m in t.modifiers] == ["assault:a2"]
