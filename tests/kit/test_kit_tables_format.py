"""A combat-table file loads as written: its source, licence, columns, rows and verbatim cells (docs/tables.md)."""
from __future__ import annotations

import hashlib

from kit_tables_helpers import FIXTURE, invented, range_table

from turnlog.engine.kit import tables as T


def test_the_invented_table_loads_with_its_labels():
    t = invented()
    assert t.spec.invented is True
    assert "invented" in t.spec.source
    assert t.spec.licence
    assert t.columns == ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"]
    assert [t.row_label(i) for i in range(len(t.spec.rows))] == ["2-", *map(str, range(3, 12)), "12+"]


def test_the_hash_is_of_the_file_text():
    t = invented()
    assert t.sha256 == hashlib.sha256(FIXTURE.read_bytes()).hexdigest()
    assert t.text == FIXTURE.read_text()


def test_cells_are_kept_verbatim_and_read_by_their_grammar():
    t = invented()
    for i, row in enumerate(t.spec.rows):
        for j, cell in enumerate(row.cells):
            assert t.results[i][j].text == cell
            assert t.results[i][j].grammar == "sides"


def test_a_record_round_trips_through_the_log_shape():
    t = invented()
    rec = T.record(t)
    assert (rec.name, rec.sha256, rec.invented, rec.text) == ("odds", t.sha256, True, t.text)
    again = T.from_record(rec)
    assert again.results == t.results and again.sha256 == t.sha256


def test_a_name_defaults_to_the_file_stem():
    assert T.load(FIXTURE).name == "invented-2d6-odds"


def test_shipped_tables_load_by_name():
    t = T.load("turnlog:attrition-14-41-europe")
    assert t.name == "attrition-14-41-europe" and t.spec.cell_grammar == "attrition"
    assert range_table().spec.columns_by == "range"


def test_the_example_in_docs_tables_md_loads_and_reads_as_it_says():
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs" / "tables.md").read_text()
    t = T.parse(re.search(r"```toml\n(.*?)```", doc, re.S).group(1), "odds")
    r = T.lookup(t, "7:2", 9, shift_by=-1)
    assert (r.column, r.row, r.cell) == ("1:1", "4+", "-/1")
    assert r.notes == ("column shift -1: 2:1 to 1:1", "roll 9 read as 4+")
