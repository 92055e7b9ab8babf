"""14.41: the Attrition Table as data (all 84 cells), its columns, and Asian halving of H.

Game positions: one Italian unit of N factors (0404) touches two US units (0405);
both CTLs are 1, so the entered die is the row read (no 14.42A below 71 factors).
"""
from __future__ import annotations

import pytest

from turnlog.engine.attrition import r14_41_table as table
from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.events.attrition import AttritionResultDetermined

from helpers import hexes, new_game, refused, scenario, unit

# The printed table, row by row (modified die 0..11), columns 1-10 ... 61+.
PRINTED = {
    0: "- - 1C 2C 2C/1H 3C/2H 5C/2H",
    1: "- 1C 2C 1C/1H 3C/1H 4C/2H 5C/3H",
    2: "- 1C 2C 2C/1H 3C/2H 5C/2H 6C/3H",
    3: "- 2C 1C/1H 3C/1H 4C/2H 5C/3H 7C/3H",
    4: "- 2C 2C/1H 3C/2H 5C/2H 6C/3H 7C/4H",
    5: "1C 1C/1H 3C/1H 4C/2H 5C/3H 7C/3H 8C/4H",
    6: "1C 2C/1H 3C/2H 5C/2H 6C/3H 7C/4H 9C/4H",
    7: "2C 3C/1H 4C/2H 5C/3H 7C/3H 8C/4H 9C/5H",
    8: "2C 3C/2H 5C/2H 6C/3H 7C/4H 9C/4H 10C/5H",
    9: "1C/1H 4C/2H 5C/3H 7C/3H 8C/4H 9C/5H 11C/5H",
    10: "2C/1H 5C/2H 6C/3H 7C/4H 9C/4H 10C/5H 11C/6H",
    11: "3C/1H 5C/3H 7C/3H 8C/4H 9C/5H 11C/5H 12C/6H",
}
COLUMN_FACTORS = {"1-10": (1, 10), "11-20": (11, 20), "21-30": (21, 30), "31-40": (31, 40),
                  "41-50": (41, 50), "51-60": (51, 60), "61+": (61, 70)}
CELLS = [(row, col, text) for row, line in PRINTED.items() for col, text in zip(COLUMN_FACTORS, line.split())]


def parse(text):
    if text == "-":
        return (0, 0)
    c, _, h = text.partition("/")
    return (int(c[:-1]), int(h[:-1]) if h else 0)


def test_14_41_the_table_has_12_rows_of_7_columns():
    assert len(CELLS) == 84 and table.COLUMNS == tuple(COLUMN_FACTORS)
    assert len(table.TABLE) == 12 and all(len(r) == 7 for r in table.TABLE)


@pytest.mark.parametrize("row, col, text", CELLS, ids=[f"{r}-{c}" for r, c, _ in CELLS])
def test_14_41_cell(row, col, text):
    lo, hi = COLUMN_FACTORS[col]
    assert table.result(lo, row) == table.result(hi, row) == parse(text)
    assert table.label(parse(text)) == text


@pytest.mark.parametrize("factors, col", [(1, "1-10"), (10, "1-10"), (11, "11-20"), (20, "11-20"),
                                          (21, "21-30"), (60, "51-60"), (61, "61+"), (200, "61+")])
def test_14_41_column_boundaries(factors, col):
    assert table.COLUMNS[table.column(factors)] == col


def test_14_41_no_column_for_zero_factors():
    with pytest.raises(ValueError):
        table.column(0)


def game_of(tmp_path, factors, mapboard="europe"):
    hx = hexes("0404:AX 0405:WA", mapboard=mapboard)
    return new_game(tmp_path, scenario(hx, [unit("it-1", "IT", "0404", factors), unit("us-1", "US", "0405", 3),
                                            unit("us-2", "US", "0405", 3)]))


def rolled(g, die):
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    evs = [e for _, e in g.execute(RollAttritionDie(procedure="A1", value=die))]
    return next(e for e in evs if isinstance(e, AttritionResultDetermined))


@pytest.mark.parametrize("factors, die, col, cell", [
    (10, 9, "1-10", (1, 1)), (11, 9, "11-20", (4, 2)),
    (60, 0, "51-60", (3, 2)), (61, 0, "61+", (5, 2)), (70, 11 - 2, "61+", (11, 5)),
])
def test_14_41_played_columns_at_the_boundaries(tmp_path, factors, die, col, cell):
    r = rolled(game_of(tmp_path, factors), die)
    assert (r.column, r.row, (r.counters, r.hexes)) == (col, die, cell)
    assert not [m for m in r.modifiers if m.rule == "14.42A"]


def test_14_41_zero_factors_refused(tmp_path):
    g = game_of(tmp_path, 0)
    refused(g, BeginAttrition(attacker="AX", zone="WA/western/0405"), "14.21")


@pytest.mark.parametrize("factors, die, europe, pacific", [
    (61, 9, (11, 5), (11, 2)),   # 5H -> 2H (round down)
    (61, 8, (10, 5), (10, 2)),
    (11, 7, (3, 1), (3, 0)),     # 1H -> 0H
    (41, 4, (5, 2), (5, 1)),
    (21, 0, (1, 0), (1, 0)),     # no H, nothing to halve
])
def test_14_41_hexes_halved_on_the_pacific_mapboard(tmp_path, factors, die, europe, pacific):
    eu = rolled(game_of(tmp_path, factors), die)
    assert (eu.counters, eu.hexes) == europe and not [n for n in eu.notes if n.startswith("14.41")]
    pa = rolled(game_of(tmp_path, factors, "pacific"), die)
    assert (pa.counters, pa.hexes) == pacific
    assert bool([n for n in pa.notes if n.startswith("14.41")]) == (europe[1] > 0)


@pytest.mark.parametrize("value, row", [(1, 0), (6, 5), (10, 9)])
def test_14_41_a_die_numbered_from_one_is_read_from_zero(tmp_path, value, row):
    sc = scenario(hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404", 12), unit("us-1", "US", "0405", 3)],
                  die={"sides": 10, "lowest": 1})
    g = new_game(tmp_path, sc)
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    evs = [e for _, e in g.execute(RollAttritionDie(procedure="A1", value=value))]
    r = next(e for e in evs if isinstance(e, AttritionResultDetermined))
    assert (r.die, r.row) == (value, row)


@pytest.mark.parametrize("value", [0, 11])
def test_14_41_a_value_that_is_not_a_face_refused(tmp_path, value):
    sc = scenario(hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404", 12), unit("us-1", "US", "0405", 3)],
                  die={"sides": 10, "lowest": 1})
    g = new_game(tmp_path, sc)
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    refused(g, RollAttritionDie(procedure="A1", value=value), "14.41")
