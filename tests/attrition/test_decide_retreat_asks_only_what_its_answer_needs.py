"""The retreat decision asks 14.72 only about a hex that would be a lesser evil (14.73), and
counts the stacks after the moves and the enemy ZoC only when a destination's evil is asked.

Units eliminated with every neighbour barred (the benchmark's procedure on bridgehead-14-65) need neither
count; units moving into their least evil need no neighbour judged. The events are the same either way
(tests/attrition/test_attrition_events_keep_their_bytes.py).
"""
from __future__ import annotations

import sys
from pathlib import Path

from turnlog.engine import scenario as S
from turnlog.engine.attrition import r14_7_retreats as retreats
from turnlog.engine.commands import Retreat, RetreatUnits
from turnlog.engine.game import Game

from helpers import count_calls, refused
from retreat_position import at_retreat

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import cases  # noqa: E402

SEED = bytes(range(32))
def test_units_eliminated_with_every_neighbour_barred_count_no_stacks_and_no_zoc(tmp_path, monkeypatch):
    *before, retreat = cases.procedure()
    with Game.create(tmp_path / "g.db", S.load("bridgehead-14-65"), seed=SEED, public_seed=True) as g:
        for cmd in before:
            g.execute(cmd)
        calls = count_calls(monkeypatch, retreats, "_count_stacks", "_enemy_zoc", "forbidden")
        events = g.decide(g.state, retreat)
    assert [type(e).__name__ for e in events] == ["UnitEliminated", "UnitEliminated", "AttritionPhaseChanged"]
    assert calls == {"forbidden": 6}   # each unit's three neighbours, every one barred (14.72A/C)


def _retreat(*pairs) -> RetreatUnits:
    return RetreatUnits(procedure="A1", retreats=[Retreat(unit=u, to=h) for u, h in pairs])


def test_moves_into_their_least_evil_judge_no_neighbour_and_count_the_stacks_once(tmp_path, monkeypatch):
    g = at_retreat(tmp_path)
    calls = count_calls(monkeypatch, retreats, "_count_stacks", "forbidden")
    g.decide(g.state, _retreat(("us-x", "0604"), ("us-z", "0605"), ("us-2", "0603")))
    assert calls == {"forbidden": 3, "_count_stacks": 1}   # each destination itself; no neighbour is better


def test_a_move_with_a_lesser_evil_open_is_still_refused_naming_the_least(tmp_path):
    g = at_retreat(tmp_path)
    # 0502 is in it-2's ZoC; of us-2's open neighbours 0603 and 0604 are not, and 0603 comes first.
    err = refused(g, _retreat(("us-x", "0604"), ("us-z", "0605"), ("us-2", "0502")), "14.73A")
    assert str(err).endswith("us-2 may not enter an enemy ZoC at 0502: 0603 is a lesser evil"), err
