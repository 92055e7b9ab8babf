"""AS-BOC.1: vehicle units (and mot/mech infantry in Travel Mode) assaulting Bocage have their defence value
halved. INVENTED terrain (bocage -20%) and ratings."""
from __future__ import annotations

from fractions import Fraction

from assault_values_helpers import assault, rules_of, unit


def test_as_boc_1_vehicle_attackers_defend_at_half(tmp_path):
    units = [unit("a1", "0202", strength=10, kind="vehicles", defence=8), unit("a2", "0202", defence=5),
             unit("e1", "0302")]
    _, t = assault(tmp_path, units, ["a1", "a2"], spec="0302:bocage")
    assert "AS-BOC.1" in rules_of(t)
    assert t.att_defence == Fraction(4 * 100 + 5 * 100, 200)


def test_as_boc_1_motorised_infantry_in_travel_mode_only(tmp_path):
    units = [unit("a1", "0202", cls="mot_infantry", mode="travel", defence=6), unit("a2", "0202", strength=200),
             unit("e1", "0302")]
    _, t = assault(tmp_path, units, ["a1", "a2"], spec="0302:bocage")
    assert [m.applies_to for m in t.modifiers if m.rule == "AS-BOC.1"] == ["defence:a1"]
    _, t = assault(tmp_path, [unit("a1", "0202", cls="mot_infantry", defence=6), unit("e1", "0302")], ["a1"],
                   spec="0302:bocage")
    assert t.modifiers == () and t.att_defence == 6


def test_as_boc_1_not_in_other_terrain(tmp_path):
    units = [unit("a1", "0202", strength=10, kind="vehicles", defence=8), unit("a2", "0202"), unit("e1", "0302")]
    _, t = assault(tmp_path, units, ["a1", "a2"], spec="0302:woods")
    assert "AS-BOC.1" not in rules_of(t)
