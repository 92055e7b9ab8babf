"""14.52 in legal(): the loss list names only units the restrictions allow, and each binding contact cap.

Positions from tests/attrition/test_14_52c_contact_limit.py (Italians attrition an Allied zone; 0405 is the only
contact hex; 8 = 3C/2H) and tests/attrition/test_14_52b_boxes.py (a box attached to the zone and three that are not).
"""
from __future__ import annotations

import random

import pytest

from turnlog.engine.commands import TakeAttritionLosses
from turnlog.engine.kit.choices import Bound

from test_14_52c_contact_limit import rolled


def units_option(g):
    ch = next(x for x in g.legal() if x.command == "TakeAttritionLosses")
    (opt,) = ch.options
    return ch, opt


def test_14_52c_each_nationalitys_cap_is_shown(tmp_path):
    g = rolled(tmp_path, ["US", "GB", "GB"], ["US", "GB"])     # 3C; one US and two GB in contact
    ch, opt = units_option(g)
    assert (opt.least, opt.most) == (3, 3)
    assert opt.bounds == [Bound(values=["c-1-GB", "c-2-GB", "r-1-GB"], most=2, rule="14.52C"),
                          Bound(values=["c-0-US", "r-0-US"], most=1, rule="14.52C")]
    assert "at most 1 of c-0-US, r-0-US under 14.52C" in str(ch)
    for seed in range(20):  # every draw keeps within the caps, so the rules take it
        doc = ch.example(random.Random(seed))
        g.decide(g.state, TakeAttritionLosses(procedure="A1", units=doc["units"]))


def test_14_52c_the_cap_sets_the_count(tmp_path):
    g = rolled(tmp_path, ["US"], ["US", "US"])                 # 3C, one US unit in contact: one loss
    _, opt = units_option(g)
    assert (opt.values, opt.least, opt.most, opt.bounds) == (["c-0-US", "r-0-US", "r-1-US"], 1, 1, [])


@pytest.mark.parametrize("nat", ["CW", "GR"])
def test_14_522_a_distinct_nationality_has_its_own_cap(tmp_path, nat):
    g = rolled(tmp_path, [nat, "GB", "GB"], [nat])
    _, opt = units_option(g)
    assert Bound(values=[f"c-0-{nat}", f"r-0-{nat}"], most=1, rule="14.522") in opt.bounds


def test_14_52b_only_the_box_of_the_zone_is_listed(box_losses):
    _, opt = units_option(box_losses)
    assert opt.values == ["su-1", "su-u"]                      # not su-m, su-s, su-f (other boxes, off-board)
