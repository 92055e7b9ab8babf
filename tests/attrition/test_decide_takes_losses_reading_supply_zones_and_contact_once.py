"""Taking attrition losses works out 14.52A's open supply zones and 14.52C's contact limits once
per decision (the check of the chosen units and the most the defender could lose both ask), and keeps
neither after it: the next decision reads them afresh.
"""
from __future__ import annotations

import sys
from pathlib import Path

from turnlog.engine import scenario as S
from turnlog.engine.attrition import r14_5_losses as losses
from turnlog.engine.game import Game

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import cases  # noqa: E402
from helpers import count_calls  # noqa: E402

SEED = bytes(range(32))


def test_supply_zones_and_contact_limits_are_worked_out_once_a_decision(tmp_path, monkeypatch):
    begin, roll, take, *_ = cases.procedure()   # the losses come from Britain, opened by 14.52A
    with Game.create(tmp_path / "g.db", S.load("bridgehead-14-65"), seed=SEED, public_seed=True) as g:
        g.execute(begin)
        g.execute(roll)
        calls = count_calls(monkeypatch, losses, "_supply_zones", "_contact_limits")
        assert g.decide(g.state, take)
        assert calls == {"_supply_zones": 1, "_contact_limits": 1}       # each asked twice
        assert g.decide(g.state, take)                   # a second decision does not reuse the first's
        assert calls == {"_supply_zones": 2, "_contact_limits": 2}
        assert "_still" not in g.state.__dict__
        g.execute(take)
    assert g.state.attritions["A1"].losses == ["us-inf-3", "us-inf-4"]
