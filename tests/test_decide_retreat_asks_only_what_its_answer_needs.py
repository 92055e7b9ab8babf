"""Issue 19.4/5: the retreat decision asks 14.72 only about a hex that would be a lesser evil (14.73), and
counts the stacks after the moves and the enemy ZoC only when a destination's evil is asked.

Units eliminated with every neighbour barred (the benchmark's procedure on bridgehead-14-65) need neither
count; units moving into their least evil need no neighbour judged. The events are the same either way
(tests/test_attrition_events_unchanged_by_issue19_4.py).
"""
from __future__ import annotations

import sys
from pathlib import Path

from turnlog.engine import scenario as S
from turnlog.engine.attrition import retreats
from turnlog.engine.commands import BeginAttrition, Retreat, RetreatUnits, RollAttritionDie, SelectOccupation, \
    TakeAttritionLosses
from turnlog.engine.game import Game
from turnlog.events.attrition import Selection

from helpers import hexes, new_game, refused, scenario, unit

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import cases  # noqa: E402

SEED = bytes(range(32))
BOARD = ("0403:AX 0404:AX 0502:WA 0503:WA 0504:WA 0505:WA 0506:WA 0602:WA 0603:WA 0604:WA 0605:WA 0606:WA "
         "0702:WA 0703:WA 0704:WA 0705:WA 0706:WA")


def _count(monkeypatch, module, name: str, calls: dict) -> None:
    real = getattr(module, name)

    def counted(*a, **k):
        calls[name] = calls.get(name, 0) + 1
        return real(*a, **k)
    monkeypatch.setattr(module, name, counted)


def test_units_eliminated_with_every_neighbour_barred_count_no_stacks_and_no_zoc(tmp_path, monkeypatch):
    *before, retreat = cases.procedure()
    with Game.create(tmp_path / "g.db", S.load("bridgehead-14-65"), seed=SEED, public_seed=True) as g:
        for cmd in before:
            g.execute(cmd)
        calls: dict = {}
        for name in ("_count_stacks", "_enemy_zoc", "forbidden"):
            _count(monkeypatch, retreats, name, calls)
        events = g.decide(g.state, retreat)
    assert [type(e).__name__ for e in events] == ["UnitEliminated", "UnitEliminated", "AttritionPhaseChanged"]
    assert calls == {"forbidden": 6}   # each unit's three neighbours, every one barred (14.72A/C)


def _at_retreat(tmp_path):
    units = [unit("it-1", "IT", "0404", 9), unit("it-2", "IT", "0403", 3), unit("us-x", "US", "0504"),
             unit("us-y", "US", "0504", 2), unit("us-z", "US", "0504"), unit("us-2", "US", "0503"),
             unit("us-r1", "US", "0702"), unit("us-r2", "US", "0706")]
    g = new_game(tmp_path, scenario(hexes(BOARD), units))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=8))
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-y", "us-r1", "us-r2"]))
    g.execute(SelectOccupation(procedure="A1", selections=[Selection(hex="0504", units=["it-1"]),
                                                           Selection(hex="0503", units=["it-2"])]))
    return g


def _retreat(*pairs) -> RetreatUnits:
    return RetreatUnits(procedure="A1", retreats=[Retreat(unit=u, to=h) for u, h in pairs])


def test_moves_into_their_least_evil_judge_no_neighbour_and_count_the_stacks_once(tmp_path, monkeypatch):
    g = _at_retreat(tmp_path)
    calls: dict = {}
    for name in ("_count_stacks", "forbidden"):
        _count(monkeypatch, retreats, name, calls)
    g.decide(g.state, _retreat(("us-x", "0604"), ("us-z", "0605"), ("us-2", "0603")))
    assert calls == {"forbidden": 3, "_count_stacks": 1}   # each destination itself; no neighbour is better


def test_a_move_with_a_lesser_evil_open_is_still_refused_naming_the_least(tmp_path):
    g = _at_retreat(tmp_path)
    # 0502 is in it-2's ZoC; of us-2's open neighbours 0603 and 0604 are not, and 0603 comes first.
    err = refused(g, _retreat(("us-x", "0604"), ("us-z", "0605"), ("us-2", "0502")), "14.73A")
    assert str(err).endswith("us-2 may not enter an enemy ZoC at 0502: 0603 is a lesser evil"), err
