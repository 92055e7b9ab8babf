"""AS-ATK.1, AS-ATK.2: who may assault at all. INVENTED units and ratings (tests/assault/assault_helpers.py)."""
from __future__ import annotations

import pytest

from turnlog import commands as c

from assault_helpers import game, proc, u
from helpers import refused


@pytest.mark.parametrize("kw, words", [
    ({"assault": 0}, "no assault factor"),
    ({"markers": ["fixed"]}, "Fixed"),
    ({"markers": ["broken"]}, "Broken"),
    ({"markers": ["disrupted"]}, "Disrupted"),
    ({"markers": ["digging_in"]}, "Digging-In"),
    ({"markers": ["bridge_building"]}, "building a bridge"),
    ({"fatigue": 3}, "Maximum Fatigue"),
    ({"mode": "rail"}, "Rail Mode"),
])
def test_as_atk_1_barred_attackers(tmp_path, kw, words):
    g = game(tmp_path, [u("a1", "0202", **kw), u("e1", "0302")])
    err = refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-ATK.1")
    assert words in str(err)


@pytest.mark.parametrize("kw", [{"fatigue": 2}, {"markers": ["low_ammo"]}, {"mode": "travel"}])
def test_as_atk_1_high_fatigue_low_ammo_and_travel_mode_may_still_assault(tmp_path, kw):
    """High fatigue is below the bar; Low Ammo and Travel Mode only reduce the value (AS-ATK.4, not yet built)."""
    g = game(tmp_path, [u("a1", "0202", **kw), u("e1", "0302")])
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    assert proc(g).units == ["a1"]


def test_as_atk_1_one_barred_unit_refuses_the_whole_declaration(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0202", markers=["broken"]), u("e1", "0302")])
    assert "a2" in str(refused(g, c.DeclareAssault(hex="0302", units=["a1", "a2"]), "AS-ATK.1"))


def test_as_atk_1_applies_to_units_added_later(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0203", markers=["fixed"]), u("e1", "0302")])
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    refused(g, c.AddAssaultUnits(procedure="S1", units=["a2"]), "AS-ATK.1")


def test_as_atk_2_a_unit_that_moves_only_in_travel_mode_never_assaults(tmp_path):
    g = game(tmp_path, [u("a1", "0202", cls="artillery", mode="travel", travel_only=1), u("e1", "0302")])
    refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-ATK.2")
