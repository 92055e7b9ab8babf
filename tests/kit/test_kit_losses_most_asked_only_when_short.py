"""The loss check asks the system for the most the owner could pay only when the list pays
less than the result calls for; a list paying all of it cannot pay less than the most (which never exceeds
the result), so attrition's 14.51 search of every unit on the map is not made for it.

The kit setups are INVENTED ("X.5" calls for losses; units weigh 1 or 1/2), as in tests/kit/test_kit_losses.py.
"""
from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from turnlog.engine import scenario as S
from turnlog.engine.attrition import r14_5_losses as losses
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.kit import losses as L

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import cases  # noqa: E402

HALF = Fraction(1, 2)
UNITS = {"corps-1": L.Candidate("corps-1"), "corps-2": L.Candidate("corps-2"),
         "div-1": L.Candidate("div-1", weight=HALF)}


def _spec(required) -> L.LossSpec:
    return L.LossSpec(rule="X.5", required=required, judge=UNITS.get)


@pytest.mark.parametrize("required,chosen", [(2, ["corps-1", "corps-2"]), (1, ["div-1", "corps-1"])])
def test_a_list_paying_the_whole_result_does_not_ask_the_most(required, chosen):
    asked = []
    assert L.check(_spec(required), chosen, lambda: asked.append(1) or required) == 0
    assert asked == []


def test_a_list_paying_less_still_asks_and_is_refused_below_the_most():
    asked = []
    with pytest.raises(RuleViolation, match="X.5"):
        L.check(_spec(2), ["corps-1"], lambda: asked.append(1) or 2)
    assert asked == [1]
    assert L.check(_spec(2), ["corps-1"], lambda: asked.append(2) or 1) == 1   # a shortfall the owner could not pay
    assert asked == [1, 2]


def test_attrition_losses_paying_the_result_search_no_candidates(tmp_path, monkeypatch):
    begin, roll, take, *_ = cases.procedure()   # 2C, and the defender gives two units
    with Game.create(tmp_path / "g.db", S.load("bridgehead-14-65"), seed=bytes(range(32)), public_seed=True) as g:
        g.execute(begin)
        g.execute(roll)
        asked = []
        real = losses.best_possible
        monkeypatch.setattr(losses, "best_possible", lambda *a: asked.append(1) or real(*a))
        events = g.decide(g.state, take)
        assert asked == []
        assert events[-2].shortfall == 0 and events[-2].units == ["us-inf-3", "us-inf-4"]
