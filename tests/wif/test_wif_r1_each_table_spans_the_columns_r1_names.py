"""11.16.5-R1: the blitz table's columns run from 1:2 to 7:1 and the assault table's from 1:2 to 10:1 (odds
below the first or past the last read the end column); a user's table with other ends is refused, naming R1,
before anything is written. SYNTHETIC tables (tests/wif/wif_helpers.py)."""
from __future__ import annotations

import msgspec

from turnlog.engine.kit import tables as T

from helpers import new_game, refused
from wif_helpers import EX_T, begin, combat, position, table_text


def _game(tmp_path, blitz: str, assault: str):
    sc = position(EX_T)
    tables = {**sc.tables, "wif-blitz": T.record(T.parse(blitz, "wif-blitz")),
              "wif-assault": T.record(T.parse(assault, "wif-assault"))}
    return new_game(tmp_path, msgspec.structs.replace(sc, tables=tables))


def test_wif_r1_a_blitz_table_running_on_to_10_1_is_refused(tmp_path):
    """11.16.5-R1: past 7:1 a blitz reads its last column, so a blitz table ending at 10:1 is not R1's."""
    g = _game(tmp_path, table_text("assault"), table_text("assault"))
    err = refused(g, begin(), "11.16.5-R1")
    assert "'wif-blitz' runs from 1:2 to 10:1" in str(err) and "end at 7:1" in str(err)


def test_wif_r1_an_assault_table_stopping_at_7_1_is_refused(tmp_path):
    """11.16.5-R1: the assault table's last column is 10:1."""
    g = _game(tmp_path, table_text("blitz"), table_text("blitz"))
    err = refused(g, begin(), "11.16.5-R1")
    assert "'wif-assault' runs from 1:2 to 7:1" in str(err) and "end at 10:1" in str(err)


def test_wif_r1_a_table_starting_below_1_2_is_refused(tmp_path):
    """11.16.5-R1: odds below 1:2 read the 1:2 column, so no table has a 1:3 column."""
    low = table_text("blitz").replace('{ name = "1:2", min = "1:2" }', '{ name = "1:3", min = "1:3" }')
    g = _game(tmp_path, low, table_text("assault"))
    assert "runs from 1:3 to 7:1" in str(refused(g, begin(), "11.16.5-R1"))


def test_wif_r1_tables_with_r1s_ends_are_read(tmp_path):
    """11.16.5-R1: 1:2 to 7:1 (blitz) and 1:2 to 10:1 (assault) open the combat."""
    g = _game(tmp_path, table_text("blitz"), table_text("assault"))
    g.execute(begin())
    assert combat(g).phase == "table"
