"""A scenario names the procedure kinds its game uses (rules.procedures); a registered kind it does not name is
never offered, never reacts, and its commands are refused under the rule ``procedures`` with nothing written."""
from __future__ import annotations

import pytest

from turnlog.engine import commands as c
from turnlog.engine.errors import RuleViolation, ScenarioError

from helpers import hexes, new_game, scenario, unit


def _position(**rules):
    return scenario(hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404", 4), unit("us-1", "US", "0405", 3)],
                    turn={"turn": 1, "season": "winter", "year": 1944, "active": "AX", "phase": "combat"},
                    rules=rules or None)


def test_an_attrition_game_refuses_and_never_offers_rule_9(tmp_path):
    g = new_game(tmp_path, _position())
    assert not any(ch.command == "BeginAttackDesignation" for ch in g.legal())
    before = g.log.last()
    with pytest.raises(RuleViolation) as err:
        g.execute(c.BeginAttackDesignation())
    assert err.value.rule == "procedures" and "designation" in err.value.message
    assert g.log.last() == before


def test_a_game_that_names_designation_offers_and_plays_it(tmp_path):
    g = new_game(tmp_path, _position(procedures=["attrition", "designation"]))
    assert any(ch.command == "BeginAttackDesignation" for ch in g.legal())
    g.execute(c.BeginAttackDesignation())
    assert "designation" in g.state.kinds


def test_a_game_without_attrition_fixes_no_attrition_zones(tmp_path):
    g = new_game(tmp_path, _position(procedures=["designation"]))
    assert not g.state.zones and not any(type(e).__name__ == "AttritionZonesDetermined" for _s, e in g.events())


def test_an_unregistered_kind_is_refused_at_creation_by_its_index(tmp_path):
    with pytest.raises(ScenarioError, match=r"rules\.procedures\[1\]: no procedure kind 'nonesuch'"):
        new_game(tmp_path, _position(procedures=["attrition", "nonesuch"]))
    assert not list(tmp_path.glob("*.db"))


def test_a_kind_named_twice_is_refused_at_load():
    with pytest.raises(ScenarioError, match=r"rules\.procedures\[1\]: 'attrition' is named twice"):
        _position(procedures=["attrition", "attrition"])
