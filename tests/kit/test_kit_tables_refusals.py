"""A bad table file is refused naming each problem by its path; nothing is written for a scenario naming it."""
from __future__ import annotations

import pytest

from kit_tables_helpers import RANGE_ROWS, toml

from turnlog.engine.errors import ScenarioError
from turnlog.engine.kit import tables as T

from fixtures.backbone import cli

COLS = '{ name = "1:1", min = "1:1" }, { name = "2:1", min = "2:1" }'
ROWS = '{ roll = 1, cells = ["-", "1/1"] }, { roll = 2, cells = ["1/-", "-/2"] }'
ODDS = 'cell_grammar = "sides"\ncolumns_by = "odds"\n'


def refused(text: str) -> str:
    with pytest.raises(T.TableError) as err:
        T.parse(text, "t", "t.toml")
    assert isinstance(err.value, ScenarioError)
    return str(err.value)


@pytest.mark.parametrize("head,message", [
    ('licence = "x"\n', "t.toml: source: required; a table names where it comes from (source)"),
    ('source = "x"\n', "t.toml: licence: required; a table names where"),
    ('source = " "\nlicence = "x"\n', "t.toml: source: empty; a table names where it comes from"),
    ('source = "x"\nlicence = ""\n', "t.toml: licence: empty;"),
])
def test_source_and_licence_are_required(head, message):
    assert refused(toml(COLS, ROWS, head=head, extra=ODDS)).startswith(message)


def test_ragged_rows():
    msg = refused(toml(COLS, '{ roll = 1, cells = ["-"] }, { roll = 2, cells = ["-", "-", "-"] }', extra=ODDS))
    assert "rows[0].cells: 1 cells for 2 columns" in msg and "rows[1].cells: 3 cells for 2 columns" in msg


@pytest.mark.parametrize("columns,message", [
    ('{ name = "a", max = 4 }, { name = "b", min = 4, max = 9 }, { name = "c", min = 10 }',
     "columns[1].min: 4 overlaps columns[0] (up to 4)"),
    ('{ name = "a", max = 4 }, { name = "b", min = 6, max = 9 }, { name = "c", min = 10 }',
     "columns[1].min: 6 leaves a gap after columns[0] (up to 4)"),
    ('{ name = "a", max = 4 }, { name = "b", min = 5 }, { name = "c", min = 10 }',
     "columns[1].max: required (only the last column may be open above)"),
    ('{ name = "a", max = 4 }, { name = "b", max = 9 }, { name = "c", min = 10 }',
     "columns[1].min: required (only the first column may be open below)"),
    ('{ name = "a", max = 4 }, { name = "b", min = 9, max = 5 }, { name = "c", min = 10 }',
     "columns[1].max: 5 is below its min 9"),
    ('{ name = "a", max = 4 }, { name = "b", min = "5", max = 9 }, { name = "c", min = 10 }',
     "columns[1].min: expected an integer, got '5'"),
    ('{ name = "a", max = 4 }, { name = "a", min = 5, max = 9 }, { name = "c", min = 10 }',
     "columns[1].name: duplicate column 'a'"),
])
def test_range_column_bounds(columns, message):
    assert message in refused(toml(columns, RANGE_ROWS, extra='cell_grammar = "codes"\ncolumns_by = "range"\n'))


@pytest.mark.parametrize("columns,message", [
    ('{ name = "2:1", min = "2:1" }, { name = "1:1", min = "1:1" }',
     "columns[1].min: 1:1 is not above the previous column's min (columns overlap)"),
    ('{ name = "1:1", min = "1:1" }, { name = "x", min = "3-1" }', 'columns[1].min: "3-1" is not odds "a:b"'),
    ('{ name = "1:1", min = "1:1" }, { name = "x", min = "0:1" }', 'columns[1].min: "0:1" is not odds'),
    ('{ name = "1:1", min = "1:1", max = 2 }, { name = "2:1", min = "2:1" }', "columns[0].max: odds columns give only min"),
    ('{ name = "1:1", min = "1:1" }, { name = "2:1", min = 2 }', 'columns[1].min: odds are text like "3:1", got 2'),
    ('{ name = "1:1", min = "1:1" }, { name = "2:1" }', "columns[1].min: required"),
])
def test_odds_column_bounds(columns, message):
    assert message in refused(toml(columns, ROWS, extra=ODDS))


def test_named_columns_have_no_bounds():
    assert 'columns[0]: columns_by = "name" columns have no min or max' in refused(
        toml('{ name = "a", min = 1 }', '{ roll = 1, cells = ["x"] }'))


def test_unparseable_cells_are_named_by_row_and_cell():
    msg = refused(toml(COLS, '{ roll = 1, cells = ["-", "1/1"] }, { roll = 2, cells = ["1/-", "two/1"] }', extra=ODDS))
    assert msg.startswith('t.toml: rows[1].cells[1]: "two/1" does not read as sides: part "two"')


def test_an_unknown_grammar():
    msg = refused(toml(COLS, ROWS, extra='cell_grammar = "wif-blitz"\ncolumns_by = "odds"\n'))
    assert msg.startswith("t.toml: cell_grammar: unknown grammar 'wif-blitz' (known: attrition, codes, sides, verbatim)")


@pytest.mark.parametrize("rows,message", [
    ('{ roll = 1, cells = ["a"] }, { roll = 3, cells = ["b"] }', "rows[1].roll: 3 after 1: a gap"),
    ('{ roll = 2, cells = ["a"] }, { roll = 1, cells = ["b"] }', "rows[1].roll: 1 after 2: out of order or repeated"),
    ('{ roll = 1, cells = ["a"] }, { roll = 1, cells = ["b"] }', "rows[1].roll: 1 after 1: out of order or repeated"),
    ('', "rows: a table needs at least one row"),
])
def test_rows_go_up_by_one(rows, message):
    assert message in refused(toml('{ name = "x" }', rows))


def test_first_second_needs_every_combination():
    dice = 'count = 2\nsides = 2\nlowest = 1\ncombine = "first-second"'
    rows = ", ".join(f'{{ roll = {n}, cells = ["a"] }}' for n in (11, 12, 21, 13))
    assert "rows[3].roll: 13 is not 2 faces of 1..2 read as digits" in refused(toml('{ name = "x" }', rows, dice=dice))
    rows = ", ".join(f'{{ roll = {n}, cells = ["a"] }}' for n in (11, 12, 21, 12))
    assert "rows[3].roll: 12 repeated" in refused(toml('{ name = "x" }', rows, dice=dice))
    rows = ", ".join(f'{{ roll = {n}, cells = ["a"] }}' for n in (11, 12, 21))
    assert refused(toml('{ name = "x" }', rows, dice=dice)) == "t.toml: rows: no row for roll 22"


@pytest.mark.parametrize("dice,message", [
    ('count = 0', "dice.count: 0 is outside 1..10"), ('sides = 1', "dice.sides: 1 is outside 2..1000"),
    ('count = 2\nsides = 10\nlowest = 1\ncombine = "first-second"', "dice.combine: first-second reads each die as one digit"),
    ('combine = "product"', "dice.combine: invalid enum value 'product'"),
])
def test_dice(dice, message):
    assert message in refused(toml('{ name = "x" }', '{ roll = 1, cells = ["a"] }', dice=dice))


@pytest.mark.parametrize("text,message", [
    ("source = ", "t.toml: not valid TOML"),
    (toml('{ name = "x", colour = "red" }', '{ roll = 1, cells = ["a"] }'), "t.toml: columns[0]: object contains unknown field colour"),
    (toml('{ name = "x" }', '{ roll = 1, cells = [1] }'), "t.toml: rows[0].cells[0]: expected str, got int"),
    (toml('{ name = "x" }', '{ roll = 1, cells = ["' + "x" * 65 + '"] }'), "rows[0].cells[0]: \"" + "x" * 64),
])
def test_malformed_files(text, message):
    assert message in refused(text)


def test_not_utf8():
    with pytest.raises(T.TableError, match="not UTF-8"):
        T.parse(b"source = '\xff'", "t")


def test_every_problem_is_listed_at_once():
    err = pytest.raises(T.TableError, T.parse, toml(COLS, '{ roll = 1, cells = ["-"] }, { roll = 3, cells = ["?", "1/1"] }',
                                                    head='source = ""\nlicence = "x"\n', extra=ODDS), "t")
    assert len(err.value.problems) == 4  # source, rows[0] ragged, rows[1] gap, rows[1].cells[0]


def test_a_file_over_the_limit_is_refused_unread(tmp_path, monkeypatch):
    p = tmp_path / "big.toml"
    p.write_text("# " + "x" * 200 + "\n")
    monkeypatch.setattr(T, "MAX_TABLE_FILE", 100)
    with pytest.raises(ScenarioError, match=r"big.toml: 203 bytes, more than the 100 bytes limit"):
        T.load(p)


def test_a_missing_file_and_a_directory(tmp_path):
    with pytest.raises(ScenarioError, match="no such table file"):
        T.load(tmp_path / "none.toml")
    with pytest.raises(ScenarioError, match="a directory, not a table file"):
        T.load(tmp_path)
    with pytest.raises(ScenarioError, match="no such shipped table"):
        T.load("turnlog:wif-blitz")


def test_a_scenario_naming_a_bad_table_writes_nothing(tmp_path):
    (tmp_path / "bad.toml").write_text(toml(COLS, '{ roll = 1, cells = ["-", "x/y"] }', extra=ODDS))
    sc = tmp_path / "sc.toml"
    sc.write_text('name = "t"\ntables = { crt = "bad.toml" }\nfactions = [{ id = "AX", side = "axis" }]\n'
                  'nationalities = [{ id = "GE", faction = "AX" }]\nhexes = [{ id = "0101", col = 1, row = 1 }]\n'
                  '[turn]\nseason = "summer"\nyear = 1943\nactive = "AX"\n')
    r = cli("new", sc, "--db", tmp_path / "g.db")
    assert r.returncode == 2
    assert 'tables.crt: ' in r.stderr and 'rows[0].cells[1]: "x/y" does not read as sides' in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.toml", "sc.toml"]
