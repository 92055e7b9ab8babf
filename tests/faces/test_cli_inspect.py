"""`turnlog log` and `turnlog show` in subprocesses: the log as text and JSON, the board at any seq."""
from __future__ import annotations

import json

import msgspec
import pytest

from turnlog.engine.commands import AddNote, MarkAirdropped, SelectOccupation, TakeAttritionLosses
from turnlog.engine.game import Game
from turnlog.events.attrition import Selection
from turnlog.projections.state import dump

from fixtures.backbone import cli, rolled


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("inspect") / "g.db"
    g = rolled(path, value=3)
    g.execute(MarkAirdropped(unit="us-inf-3", from_hex="0502"))  # undoable; no open attrition reads it (14.22A)
    g.undo()
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
    g.execute(SelectOccupation(procedure="A1", selections=[Selection(hex="0505", units=["ge-pz-1"])]))
    g.execute(AddNote(text="bridgehead taken"))
    g.close()
    return path


def test_log_json_is_every_event_with_its_flags(db):
    r = cli("log", "--db", db, "--json")
    assert r.returncode == 0, r.stderr
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    with Game.open(db) as g:
        expect = g.rows()
        undone = g.undone()
    assert [x["seq"] for x in rows] == list(range(1, len(expect) + 1))
    for x, (seq, cid, ev, auto) in zip(rows, expect):
        assert (x["seq"], x["command_id"], x["automatic"], x["undone"]) == (seq, cid, auto, cid in undone)
        assert x["event"] == msgspec.to_builtins(ev)
    assert sum(x["undone"] for x in rows) == 1  # the undone move
    assert any(x["automatic"] and x["event"]["type"] == "UnitAdvanced" for x in rows)  # 14.71 occupation


def test_log_text_marks_undone_and_automatic(db):
    r = cli("log", "--db", db)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    moved = next(x for x in lines if "us-inf-3" in x and "0502" in x)
    assert "~" in moved.split("us-inf-3")[0]
    rows = [json.loads(x) for x in cli("log", "--db", db, "--json").stdout.splitlines()]
    auto = next(x["seq"] for x in rows if x["automatic"] and x["event"]["type"] == "UnitAdvanced")
    advanced = next(x for x in lines if x.split()[0] == str(auto))
    assert "ge-pz-1" in advanced and "*" in advanced.split("ge-pz-1")[0]
    plain = next(x for x in lines if x.split()[0] == "27")  # the die roll: neither undone nor automatic
    assert "*" not in plain[:14] and "~" not in plain[:14]
    assert lines[-1].split()[0] == str(len(lines))


def test_log_range(db):
    r = cli("log", "--db", db, "--json", "--start", "27", "--stop", "29")
    assert [json.loads(x)["seq"] for x in r.stdout.splitlines()] == [27, 28, 29]


def test_show_json_now_and_at_every_seq(db):
    with Game.open(db) as g:
        last = g.log.last()[0]
        r = cli("show", "--db", db, "--json")
        assert r.returncode == 0 and json.loads(r.stdout) == json.loads(dump(g.state))
        for seq in (23, 26, 29, last - 3, last):
            r = cli("show", "--db", db, "--json", "--at", seq)
            assert r.returncode == 0, r.stderr
            assert json.loads(r.stdout) == json.loads(dump(g.at(seq))), seq


def test_show_text_at_a_seq(db):
    before = cli("show", "--db", db, "--at", "29")
    after = cli("show", "--db", db)
    assert before.returncode == after.returncode == 0
    assert "seq 29" in before.stdout and "us-inf-1" in before.stdout and "force pool: -" in before.stdout
    assert "force pool: us-inf-1, us-inf-2" in after.stdout


@pytest.mark.parametrize("seq", ["-1", "9999"])
def test_show_outside_the_log_refused(db, seq):
    r = cli("show", "--db", db, "--at", seq)
    assert r.returncode == 2 and "outside the log" in r.stderr
