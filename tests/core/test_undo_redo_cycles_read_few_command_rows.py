"""Each redo of a run of undo/redo cycles re-issues the one before it: the issuers of the command an
undo takes back are the actors along that chain, remembered per command (a row never changes), so
the thousandth cycle reads as few command rows as the first, and verify judges it the same way."""

from __future__ import annotations

from turnlog.engine import scenario
from turnlog.engine import seats as S
from turnlog.engine.commands import BeginAttrition
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.events.log import EventLog


def _rows_read(monkeypatch, g: Game) -> int:
    """Command rows one more undo and redo of ``g`` read by id."""
    read = []
    real = EventLog.command
    monkeypatch.setattr(EventLog, "command", lambda self, cid: read.append(cid) or real(self, cid))
    g.undo()
    g.redo()
    monkeypatch.setattr(EventLog, "command", real)
    return len(read)


def test_the_hundredth_undo_redo_cycle_reads_as_few_command_rows_as_the_second(
    tmp_path, monkeypatch
):
    with Game.create(
        tmp_path / "g.db", scenario.load("bridgehead-14-65"), seed=b"\x07" * 32, public_seed=True
    ) as g:
        g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"))
        g.undo()
        g.redo()
        early = _rows_read(monkeypatch, g)
        for _ in range(100):
            g.undo()
            g.redo()
        assert _rows_read(monkeypatch, g) <= early
    assert verify_path(tmp_path / "g.db").ok


def test_remembered_issuers_are_the_walks_and_a_loop_is_not_remembered():
    rows = {
        1: (1, "alice", "MoveUnit", "{}"),
        2: (2, "bob", "Redo", '{"of": 1}'),
        3: (3, "carol", "Redo", '{"of": 2}'),
        4: (4, "dan", "Redo", '{"of": 5}'),
        5: (5, "erin", "Redo", '{"of": 4}'),
    }
    memo: dict[int, frozenset[str]] = {}
    assert (
        S.issuers(rows[3], rows.get, memo)
        == {"alice", "bob", "carol"}
        == S.issuers(rows[3], rows.get)
    )
    assert memo == {1: {"alice"}, 2: {"alice", "bob"}, 3: {"alice", "bob", "carol"}}
    assert S.issuers(rows[2], lambda cid: None, memo) == {"alice", "bob"}  # answered from memory
    assert S.issuers(rows[4], rows.get, memo) == {"dan", "erin"} and 4 not in memo and 5 not in memo
