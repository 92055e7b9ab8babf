"""rules.attrition: a reading chosen in the scenario is setup data in the log, with defaults that keep old
logs byte for byte, so `verify` re-executes a game under the reading it was played with.

Position as tests/attrition/test_14_44_two_counters.py on the Pacific mapboard (die 5: 1C/1H, captured as 1C).
"""
from __future__ import annotations

import pytest

from turnlog.engine import scenario as S
from turnlog.engine.commands import TakeAttritionLosses, TakeTwoCounters
from turnlog.engine.errors import ScenarioError
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.codec import decode, encode
from turnlog.events.setup import AttritionRulesSpec, GameCreated, RulesSpec

from helpers import refused
from test_14_44_two_counters import rolled


def test_a_game_created_without_settings_encodes_as_before():
    # An old log's GameCreated (rules without `attrition`) decodes and re-encodes to the same bytes.
    old = b'{"type":"GameCreated","name":"x","seed_sha256":"ab","rules":{"stacking_limit":2}}'
    ev = decode("GameCreated", GameCreated.version, old)
    assert ev.rules.attrition == AttritionRulesSpec() and encode(ev) == old
    assert b"attrition" not in encode(GameCreated(name="x", seed_sha256="ab", rules=RulesSpec(stacking_limit=2)))


def test_the_setting_is_in_the_log_and_verify_re_executes_under_it(tmp_path):
    g = rolled(tmp_path, 5, mapboard="pacific", rules={"attrition": {"two_counters": "final"}})
    created = next(e for _s, e in g.events() if isinstance(e, GameCreated))
    assert created.rules.attrition.two_counters == "final"
    refused(g, TakeTwoCounters(procedure="A1"), "14.44")
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-1"]))
    assert verify(g).ok
    path = g.log.path
    g.close()
    with Game.open(path) as again:
        assert again.state.rules.attrition.two_counters == "final" and verify(again).ok


def test_the_default_reading_verifies_too(tmp_path):
    g = rolled(tmp_path, 5, mapboard="pacific")
    g.execute(TakeTwoCounters(procedure="A1"))
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-1", "us-2"]))
    rep = verify(g)
    assert rep.ok and rep.commands_checked >= 4


def test_an_unknown_reading_is_refused_naming_the_field():
    with pytest.raises(ScenarioError, match=r"rules\.attrition\.two_counters"):
        S.parse(b'{"name": "x", "rules": {"attrition": {"two_counters": "halved"}}, "factions": [],'
                b' "nationalities": [], "hexes": [], "turn": {"season": "summer", "year": 1943, "active": "AX"}}',
                "json")
