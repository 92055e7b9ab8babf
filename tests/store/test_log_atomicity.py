"""One command, one transaction: a failure midway leaves no events and no commands row."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from turnlog.engine import game as game_module
from turnlog.engine.commands import BeginAttrition, MoveUnit, RollAttritionDie, TakeAttritionLosses
from turnlog.projections.state import dump

from fixtures.backbone import ZONE, bridgehead, table


class Boom(Exception):
    pass


class FailingConn:
    """A sqlite3 connection whose executemany raises after feeding ``ok`` rows to SQLite."""

    def __init__(self, conn: sqlite3.Connection, ok: int):
        self._conn, self._ok = conn, ok
        self.fed = 0

    def __getattr__(self, name):
        return getattr(self._conn, name)

    def executemany(self, sql, rows):
        def feed():
            for row in rows:
                if self.fed == self._ok:
                    raise Boom(f"disk pulled out after {self.fed} rows")
                self.fed += 1
                yield row
        return self._conn.executemany(sql, feed())


def snapshot_of(g) -> tuple:
    return (g.log.last(), g.log.commands(), dump(g.state))


def assert_untouched(g, before) -> None:
    assert snapshot_of(g) == before
    assert g.state == g.at() == g.at(use_snapshots=False)
    assert table(g.log.path, "SELECT count(*) FROM events")[0][0] == before[0][0]


@pytest.fixture
def game(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    yield g
    g.close()


@pytest.mark.parametrize("ok", [1, 2])
def test_executemany_failing_midway_leaves_nothing(game, ok):
    before = snapshot_of(game)
    real = game.log.conn
    game.log.conn = proxy = FailingConn(real, ok)
    with pytest.raises(Boom):
        game.execute(BeginAttrition(attacker="AX", zone=ZONE))  # three events
    game.log.conn = real
    assert proxy.fed == ok  # the first rows really reached SQLite before the failure
    assert not real.in_transaction
    assert_untouched(game, before)
    seqs = [s for s, _e in game.execute(BeginAttrition(attacker="AX", zone=ZONE))]
    assert seqs == [before[0][0] + 1, before[0][0] + 2, before[0][0] + 3]


def test_sqlite_failing_on_the_nth_row_leaves_nothing(game):
    # RAISE(FAIL) keeps the rows the statement already inserted: only the rollback removes them.
    before = snapshot_of(game)
    game.execute(BeginAttrition(attacker="AX", zone=ZONE))
    mid = game.log.last()[0] + 2
    game.log.conn.execute(f"CREATE TEMP TRIGGER fail_mid BEFORE INSERT ON main.events WHEN NEW.seq = {mid} "
                          "BEGIN SELECT RAISE(FAIL, 'injected failure'); END")
    before = snapshot_of(game)
    with pytest.raises(sqlite3.DatabaseError, match="injected failure"):
        game.execute(RollAttritionDie(procedure="A1", value=3))
    game.log.conn.execute("DROP TRIGGER temp.fail_mid")
    assert_untouched(game, before)
    assert game.state.attritions["A1"].die is None


def test_event_that_cannot_be_encoded_leaves_nothing(game, monkeypatch):
    game.execute(BeginAttrition(attacker="AX", zone=ZONE))
    game.execute(RollAttritionDie(procedure="A1", value=3))
    before = snapshot_of(game)
    real = game_module.encode
    calls = []

    def encode(ev):
        calls.append(type(ev).__name__)
        if len(calls) == 2:
            raise Boom(f"cannot encode {type(ev).__name__}")
        return real(ev)
    monkeypatch.setattr(game_module, "encode", encode)
    with pytest.raises(Boom):
        game.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
    monkeypatch.setattr(game_module, "encode", real)
    # The events were already applied to the live state when encoding failed: it must be rebuilt.
    assert_untouched(game, before)
    assert not game.state.units["us-inf-1"].eliminated


def test_failure_in_undo_leaves_nothing(game):
    game.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    before = snapshot_of(game)
    real = game.log.conn
    game.log.conn = FailingConn(real, 0)
    with pytest.raises(Boom):
        game.undo()
    game.log.conn = real
    assert_untouched(game, before)
    assert game.state.units["us-inf-3"].hex == "0502"


def test_scenario_setup_failing_midway_leaves_no_file(tmp_path, monkeypatch):
    real = game_module.encode

    def encode(ev):
        if type(ev).__name__ == "UnitPlaced":
            raise Boom("cannot encode a unit")
        return real(ev)
    monkeypatch.setattr(game_module, "encode", encode)
    path = tmp_path / "never.db"
    with pytest.raises(Boom):
        bridgehead(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    assert not Path(str(path) + ".seed").exists()
