"""14.43: modified rolls below 0 read as 0, above 11 as 11+, in every column.

Positions: Germans (CTL 2) against US units (CTL 1) give +1; US against Germans
give -1; 14.42A adds more with many factors.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.events.attrition import AttritionResultDetermined

from helpers import NATIONALITIES, hexes, new_game, scenario, unit

NATS = NATIONALITIES + [{"id": "EL", "faction": "AX", "ctl": 4}]   # CTL 4 against CTL 1: +3


def rolled(tmp_path, attacker_nat, factors, die, defender_nat="US", mapboard="europe", active="AX"):
    dfn = "WA" if active == "AX" else "AX"
    g = new_game(tmp_path, scenario(hexes(f"0404:{active} 0405:{dfn}", mapboard=mapboard),
                                    [unit("a-1", attacker_nat, "0404", factors),
                                     unit("d-1", defender_nat, "0405", 3)], active=active, nationalities=NATS))
    g.execute(BeginAttrition(attacker=active, zone=f"{dfn}/western/0405"))
    evs = [e for _, e in g.execute(RollAttritionDie(procedure="A1", value=die))]
    return next(e for e in evs if isinstance(e, AttritionResultDetermined))


def test_14_43_above_11_reads_11_plus(tmp_path):
    r = rolled(tmp_path, "GE", 131, 9)        # 9 + 7 (14.42A) + 1 (14.42B) = 17
    assert (r.modified, r.row, r.counters, r.hexes) == (17, 11, 12, 6)
    assert "14.43: modified roll 17 read as 11+" in r.notes


def test_14_43_maximum_is_12c_3h_in_the_pacific(tmp_path):
    r = rolled(tmp_path, "GE", 131, 9, mapboard="pacific")
    assert (r.row, r.counters, r.hexes) == (11, 12, 3)


@pytest.mark.parametrize("factors, cell", [(5, (3, 1)), (15, (5, 3)), (25, (7, 3)), (35, (8, 4)),
                                           (45, (9, 5)), (55, (11, 5))])
def test_14_43_clamped_high_in_every_column(tmp_path, factors, cell):
    r = rolled(tmp_path, "EL", factors, 9)   # 9 + 3 = 12
    assert (r.modified, r.row, (r.counters, r.hexes)) == (12, 11, cell)


def test_14_43_below_0_reads_0(tmp_path):
    r = rolled(tmp_path, "US", 25, 0, defender_nat="GE", active="WA")   # 0 - 1 = -1
    assert (r.modified, r.row, r.counters, r.hexes) == (-1, 0, 1, 0)
    assert "14.43: modified roll -1 read as 0" in r.notes


def test_14_43_in_range_no_note(tmp_path):
    r = rolled(tmp_path, "GE", 25, 5)
    assert (r.modified, r.row) == (6, 6) and not [n for n in r.notes if n.startswith("14.43")]
