"""A list option may ask for units whose factors total at least N with none beyond need (kit.choices
``reach``); its drafts meet it, ``reached`` says why a pick does not, and kit.losses refuses the same
lists (``none_beyond_need``). INVENTED units and weights."""
from __future__ import annotations

import random

import pytest

from turnlog.kit import Choice, Option, RuleViolation, choice, losses, reached

WEIGHTS = [("u1", 3), ("u2", 2), ("u3", 1), ("u4", 1)]


def option(reach: int, weighted=WEIGHTS) -> Option:
    return Option(field="units", values=[v for v, _w in weighted], weights=[w for _v, w in weighted],
                  reach=reach, many=True)


def offered(reach: int, weighted=WEIGHTS) -> Choice:
    return choice("TakeLosses", {"procedure": "P1"}, [option(reach, weighted)], rule="X.3")


@pytest.mark.parametrize("reach", [1, 2, 3, 4, 5, 6, 7])
def test_every_draft_totals_the_need_and_holds_none_beyond_it(reach):
    weight = dict(WEIGHTS)
    for n in range(50):
        picked = offered(reach).example(random.Random(n))["units"]
        total = sum(weight[u] for u in picked)
        assert total >= reach and all(total - weight[u] < reach for u in picked), picked
        assert reached(WEIGHTS, picked, reach) == ""


def test_a_need_beyond_everything_takes_everything():
    picked = offered(10).example(random.Random(0))["units"]
    assert sorted(picked) == ["u1", "u2", "u3", "u4"] and reached(WEIGHTS, picked, 10) == ""


def test_reached_names_a_short_list_and_a_unit_beyond_need():
    assert reached(WEIGHTS, ["u3"], 2) == "they total 1, short of 2"
    assert reached(WEIGHTS, ["u1", "u3"], 3) == "u3 is beyond need: the others total 3"


def test_the_line_shows_the_need_and_each_weight():
    assert str(offered(2)) == ("TakeLosses procedure=P1 units: totalling at least 2, none beyond need, of "
                               "u1 (3), u2 (2), u3 (1), u4 (1) (X.3)")


def test_x_3_losses_refuse_a_unit_beyond_need_in_any_order():
    spec = losses.LossSpec(rule="X.3", required=2, none_beyond_need=True,
                           judge=lambda u: losses.Candidate(u, weight=dict(WEIGHTS)[u]))
    assert losses.check(spec, ["u2"], 2) == 0
    for order in (["u3", "u1"], ["u1", "u3"]):
        with pytest.raises(RuleViolation) as err:
            losses.check(spec, order, 2)
        assert err.value.rule == "X.3"
    assert "u3 is beyond need" in str(pytest.raises(RuleViolation, losses.check, spec, ["u3", "u1"], 2).value)
