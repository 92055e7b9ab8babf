"""14.44 on the Pacific mapboard: the 1C/1H the attacker may exchange for 2C is the table's result.

The Asia note halves the hexes captured, not the result obtained, so a Pacific 1C/1H (captured as 1C/0H)
may still become 2C; otherwise a higher roll would cost the attacker a loss (1-10 column: row 8 is 2C, row 9
1C/1H, halved to 1C). ``rules.attrition.two_counters = "final"`` reads the halved result (the engine's earlier
reading), under which no Pacific result qualifies. Position as tests/attrition/test_14_44_two_counters.py.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import TakeAttritionLosses, TakeTwoCounters
from turnlog.events.attrition import TwoCountersChosen

from helpers import refused
from test_14_44_two_counters import rolled

FINAL = {"attrition": {"two_counters": "final"}}


@pytest.mark.parametrize("factors, die", [(12, 5), (5, 9), (25, 3), (35, 1)])
def test_14_44_a_pacific_1c_1h_halved_to_1c_may_become_2c(tmp_path, factors, die):
    g = rolled(tmp_path, die, factors, mapboard="pacific")
    assert (g.state.attritions["A1"].counters, g.state.attritions["A1"].hexes) == (1, 0)
    assert "TakeTwoCounters procedure=A1" in [x.head for x in g.legal()]
    assert [e for _, e in g.execute(TakeTwoCounters(procedure="A1"))] == [TwoCountersChosen(procedure="A1")]
    p = g.state.attritions["A1"]
    assert (p.counters, p.hexes, p.two_counters) == (2, 0, True)
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-1", "us-2"]))
    assert g.state.attritions["A1"].phase == "done"


def test_14_44_the_1_10_column_no_longer_dips_at_row_9(tmp_path):
    g8 = rolled(tmp_path, 8, 5, mapboard="pacific")
    g9 = rolled(tmp_path, 9, 5, mapboard="pacific")
    g9.execute(TakeTwoCounters(procedure="A1"))
    assert g9.state.attritions["A1"].counters == g8.state.attritions["A1"].counters == 2


@pytest.mark.parametrize("die", [6, 7])  # 2C/1H and 3C/1H halve to 2C and 3C: not a 1C/1H on the table
def test_14_44_other_pacific_results_stand(tmp_path, die):
    g = rolled(tmp_path, die, mapboard="pacific")
    err = refused(g, TakeTwoCounters(procedure="A1"), "14.44")
    assert "after the Pacific halving" in err.message


def test_14_44_not_twice_in_the_pacific(tmp_path):
    g = rolled(tmp_path, 5, mapboard="pacific")
    g.execute(TakeTwoCounters(procedure="A1"))
    refused(g, TakeTwoCounters(procedure="A1"), "14.44")


def test_14_44_option_final_reads_the_halved_result(tmp_path):
    g = rolled(tmp_path, 5, mapboard="pacific", rules=FINAL)
    assert "TakeTwoCounters procedure=A1" not in [x.head for x in g.legal()]
    err = refused(g, TakeTwoCounters(procedure="A1"), "14.44")
    assert "1C/1H on the table, 1C after the Pacific halving" in err.message


def test_14_44_option_final_changes_nothing_in_europe(tmp_path):
    g = rolled(tmp_path, 5, rules=FINAL)
    g.execute(TakeTwoCounters(procedure="A1"))
    assert g.state.attritions["A1"].counters == 2
