"""14.41: which table row an unmodified face reads, for a die numbered 0-9 or 1-10.

The text names only "one die". By default the row is the face less the die's lowest face, so a d10 numbered
1-10 (`die.lowest = 1`) reads rows 0-9 like one numbered 0-9. A group that reads such a die's faces as rows
1-10 sets ``rules.attrition.die_rows = "face"``: the face is the row. Position: it-1 (12 factors, 11-20
column, CTL 1 v 1) against us-1..us-3 in 0405.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.engine.attrition.why import odds

from helpers import hexes, new_game, refused, scenario, unit

D1_10 = {"sides": 10, "lowest": 1}
FACE = {"attrition": {"die_rows": "face"}}


def begun(tmp_path, die=None, rules=None):
    units = [unit("it-1", "IT", "0404", 12), *(unit(f"us-{i}", "US", "0405") for i in (1, 2, 3))]
    g = new_game(tmp_path, scenario(hexes("0404:AX 0405:WA"), units, die=die, rules=rules))
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    return g


@pytest.mark.parametrize("die, face, row", [(None, 0, 0), (None, 9, 9), (D1_10, 1, 0), (D1_10, 10, 9)])
def test_14_41_default_rows_count_from_the_lowest_face(tmp_path, die, face, row):
    g = begun(tmp_path, die)
    g.execute(RollAttritionDie(procedure="A1", value=face))
    assert g.state.attritions["A1"].row == row


@pytest.mark.parametrize("face, row, result", [(1, 1, (1, 0)), (9, 9, (4, 2)), (10, 10, (5, 2))])
def test_14_41_option_face_reads_a_1_10_die_as_rows_1_10(tmp_path, face, row, result):
    g = begun(tmp_path, D1_10, FACE)
    g.execute(RollAttritionDie(procedure="A1", value=face))
    p = g.state.attritions["A1"]
    assert (p.die, p.row, (p.counters, p.hexes)) == (face, row, result)


def test_14_41_option_face_still_refuses_a_face_the_die_lacks(tmp_path):
    g = begun(tmp_path, D1_10, FACE)
    refused(g, RollAttritionDie(procedure="A1", value=0), "14.41")


def test_14_41_option_face_seeded_rolls_read_1_10(tmp_path):
    g = begun(tmp_path, D1_10, FACE)
    g.execute(RollAttritionDie(procedure="A1"))
    p = g.state.attritions["A1"]
    assert 1 <= p.die <= 10 and p.row == p.die


def test_14_41_option_face_the_odds_and_the_explanation_read_the_same_rows(tmp_path):
    g = begun(tmp_path, D1_10, FACE)
    lines = odds(g.state, "A1")
    assert any(line.split()[:3] == ["10", "10", "10"] for line in lines), lines
    assert any(line.split()[:3] == ["1", "1", "1"] for line in lines), lines
