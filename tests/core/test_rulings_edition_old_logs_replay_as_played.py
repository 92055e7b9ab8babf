"""A log written before a ruling changed re-executes under the rulings it was played with.

tests/fixtures/edition1_open_attrition.db was written by the engine before the rule-14 second reading
(built by tests/fixtures/make_edition1_fixture.py under commit 55fd8b1): it changes supply and
moves a unit while attrition A1 is open, which edition 2 refuses (14.22A). Its GameCreated names no edition,
so it is edition 1, and `verify` must still re-execute it command by command, byte for byte.
"""
from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from turnlog.engine import scenario as S
from turnlog.engine.commands import BeginAttrition, SetSupply
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.events.setup import EDITION

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "edition1_open_attrition.db"


@pytest.fixture
def old_log(tmp_path) -> Path:
    for suffix in ("", ".seed"):
        shutil.copy(f"{FIXTURE}{suffix}", tmp_path / f"g.db{suffix}")
    return tmp_path / "g.db"


def test_a_log_from_before_editions_is_edition_1_and_verifies(old_log):
    before = hashlib.sha256(old_log.read_bytes()).hexdigest()
    with Game.open(old_log, readonly=True) as g:
        assert g.state.rules.edition == 0 and g.state.rules.era == 1
    rep = verify_path(old_log)
    assert rep.ok, rep
    assert rep.commands_checked == 6 and rep.discrepancy is None
    assert hashlib.sha256(old_log.read_bytes()).hexdigest() == before


def test_the_same_command_is_refused_in_a_new_game_by_14_22a(tmp_path):
    with Game.create(tmp_path / "n.db", S.load("bridgehead-14-65"), seed=bytes(range(32)), public_seed=True) as g:
        assert g.state.rules.edition == EDITION == 6
        g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"))
        with pytest.raises(RuleViolation) as err:
            g.execute(SetSupply(unit="us-inf-4", supply="partial"))
        assert err.value.rule == "14.22A"


def test_a_scenario_may_ask_for_edition_1_and_plays_the_earlier_readings(tmp_path):
    sc = S.load("bridgehead-14-65")
    import msgspec
    sc = msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=1))
    with Game.create(tmp_path / "e1.db", sc, seed=bytes(range(32)), public_seed=True) as g:
        g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"))
        g.execute(SetSupply(unit="us-inf-4", supply="partial"))  # accepted, as before the second reading
    assert verify_path(tmp_path / "e1.db").ok
