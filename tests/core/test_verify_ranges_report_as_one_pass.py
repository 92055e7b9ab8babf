"""verify in ranges on several processes gives the one pass's report, byte for byte, honest or rogue.

Given a generated game of real commands with bound snapshots every 250 events, when verify runs in
ranges (workers forked, each from a boundary snapshot), then its report encodes to the same bytes as
the one pass's; where the ranges cannot settle it alone (a forged boundary snapshot, a dead worker)
verify runs the one pass. The rogue logs are written as a dishonest client would: chain intact.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import msgspec
import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import cases, gen  # noqa: E402
from turnlog.engine import snapshots as SN  # noqa: E402
from turnlog.engine.verify import ranges, verify_path  # noqa: E402
from turnlog.events.log import EventLog  # noqa: E402
from turnlog.projections.state import load  # noqa: E402
from ranges_spy import settled_by_ranges  # noqa: E402

EVENTS = 3000


def _game(path: Path, edit=None) -> Path:
    sc = gen.scenario(60, seed=2)
    batch, _ = gen.game(sc, EVENTS, seed=2, turn_events=150, commands=True)
    if edit is not None:
        edit(batch)
    log = cases.bulk_import(path, batch)
    cases.write_snapshots(log)
    log.close()
    return path


@pytest.fixture
def settled(monkeypatch):
    """verify in ranges on a small log; the list says, per verify, whether the ranges settled it."""
    return settled_by_ranges(monkeypatch)


def both(path: Path, monkeypatch, workers: str = "3"):
    """The one pass's report and the ranges' (as JSON bytes), in this order."""
    monkeypatch.setenv(ranges.WORKERS_ENV, "1")
    one = verify_path(path)
    monkeypatch.setenv(ranges.WORKERS_ENV, workers)
    parts = verify_path(path)
    return one, parts, msgspec.json.encode(one), msgspec.json.encode(parts)


def _move(batch, index: int) -> int:
    """Log the ``index``-th MoveUnit (from the end if negative) as staying put; its seq."""
    seq, moves = 0, []
    for k, (_actor, ctype, payload, rows) in enumerate(batch):
        if ctype == "MoveUnit" and len(rows) == 1 and msgspec.json.decode(rows[0][2])["from_hex"] != \
                msgspec.json.decode(payload)["hex"]:
            moves.append((k, seq + 1))
        seq += len(rows)
    k, at = moves[index]
    actor, ctype, payload, [(t, v, data, a)] = batch[k]
    ev = msgspec.json.decode(data)
    ev["to_hex"] = ev["from_hex"]  # logged as staying put where the command moved it
    batch[k] = (actor, ctype, payload, [(t, v, msgspec.json.encode(ev).decode(), a)])
    return at


def test_an_honest_log_verified_in_ranges_reports_as_one_pass(tmp_path, monkeypatch, settled):
    path = _game(tmp_path / "g.db")
    for workers in ("2", "3"):
        one, parts, a, b = both(path, monkeypatch, workers)
        assert one.ok and parts.ok and a == b
    assert settled == [True, True]
    assert parts.commands_checked == parts.commands - 1  # all but the setup


def test_a_rogue_event_in_the_first_range_is_named_there(tmp_path, monkeypatch, settled):
    bad: list[int] = []
    path = _game(tmp_path / "g.db", lambda b: bad.append(_move(b, 40)))
    one, parts, a, b = both(path, monkeypatch)
    assert settled == [True] and a == b
    assert not parts.ok and parts.discrepancy is not None and parts.discrepancy.seq == bad[0]
    assert bad[0] < ranges.plan(EventLog(path, readonly=True), 3, 0)[0]


def test_a_rogue_event_in_the_last_range_is_named_there(tmp_path, monkeypatch, settled):
    bad: list[int] = []
    path = _game(tmp_path / "g.db", lambda b: bad.append(_move(b, -20)))
    one, parts, a, b = both(path, monkeypatch)
    assert settled == [True] and a == b
    assert parts.discrepancy is not None and parts.discrepancy.seq == bad[0]
    log = EventLog(path, readonly=True)
    assert bad[0] > ranges.plan(log, 3, 0)[-1]
    log.close()


def _boundaries(path: Path) -> list[int]:
    log = EventLog(path, readonly=True)
    try:
        return ranges.plan(log, 3, 0) or []
    finally:
        log.close()


def test_a_forged_boundary_snapshot_sends_verify_to_the_one_pass(tmp_path, monkeypatch, settled):
    """The range after it would begin on the forged board: the one pass names the snapshot."""
    path = _game(tmp_path / "g.db")
    at = _boundaries(path)[0]
    log = EventLog(path)
    board = load(SN.body(log.snapshot_data(at), log.hash_at(at), "[]") or b"")
    for u in board.units.values():
        u.factors += 3
    log.save_snapshot(at, "[]", SN.bind(log.hash_at(at) or "", "[]", board))
    log.close()
    one, parts, a, b = both(path, monkeypatch)
    assert settled == [False] and a == b
    assert not parts.ok and parts.stage == "snapshots" and parts.forged_snapshots == [at]


def test_a_forged_inner_snapshot_is_named_by_its_range(tmp_path, monkeypatch, settled):
    path = _game(tmp_path / "g.db")
    at = next(s for s in range(500, EVENTS) if s not in _boundaries(path) and _snapshot(path, s))
    log = EventLog(path)
    board = load(SN.body(log.snapshot_data(at), log.hash_at(at), "[]") or b"")
    board.turn.turn += 1
    log.save_snapshot(at, "[]", SN.bind(log.hash_at(at) or "", "[]", board))
    log.close()
    one, parts, a, b = both(path, monkeypatch)
    assert settled == [True] and a == b and parts.forged_snapshots == [at]


def _snapshot(path: Path, seq: int) -> bool:
    log = EventLog(path, readonly=True)
    try:
        return any(s == seq for s, _u in log.snapshot_headers(seq))
    finally:
        log.close()


def test_a_broken_chain_in_a_worker_range_gives_the_one_pass_verdict(tmp_path, monkeypatch, settled):
    path = _game(tmp_path / "g.db")
    log = EventLog(path)
    for name, in log.conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        log.conn.execute(f"DROP TRIGGER {name}")
    log.conn.execute("UPDATE events SET data = data || ' ' WHERE seq = 700")
    log.close()
    one, parts, a, b = both(path, monkeypatch)
    assert a == b and not parts.ok and parts.first_bad_seq == 700
    assert settled == [True]


def test_a_worker_that_dies_sends_verify_to_the_one_pass(tmp_path, monkeypatch, settled):
    path = _game(tmp_path / "g.db")
    monkeypatch.setattr(ranges, "_work", lambda *a: os._exit(3))
    one, parts, a, b = both(path, monkeypatch)
    assert settled == [False] and a == b and parts.ok


def test_no_worker_is_forked_while_this_process_holds_the_file(tmp_path, monkeypatch, settled):
    """SQLite's locks are the process's: a child must not begin with its parent's connection."""
    path = _game(tmp_path / "g.db")
    monkeypatch.setenv(ranges.WORKERS_ENV, "2")
    held = EventLog(path, readonly=True)
    try:
        assert ranges.start(path) is None
        assert verify_path(path).ok and settled == []
    finally:
        held.close()


def test_ranges_begin_after_the_last_undo(tmp_path):
    from turnlog.engine.commands import AddNote, Undo
    from turnlog.engine.game import Game
    import turnlog.engine.game as G
    path = _game(tmp_path / "g.db")
    with Game.open(path, seed=gen.SEED) as g:
        g.execute(AddNote(text="taken back"))
        g.execute(Undo())
        undo_at = g.log.last()[0]
        for i in range(600):
            g.execute(AddNote(text=f"n{i}"))
        assert G.SNAPSHOT_EVERY <= 600
    log = EventLog(path, readonly=True)
    try:
        bounds = ranges.plan(log, 4, 0)
    finally:
        log.close()
    assert bounds and all(b > undo_at for b in bounds)


def test_no_worker_is_forked_from_a_process_running_threads(monkeypatch):
    """A fork copies one thread: locks other threads hold would stay held in the child."""
    import threading
    monkeypatch.setenv(ranges.WORKERS_ENV, "4")
    assert ranges.workers() == 4
    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        assert ranges.workers() == 1
    finally:
        stop.set()
        t.join()


def test_the_number_of_workers_is_the_environments_or_the_cores(monkeypatch):
    monkeypatch.setenv(ranges.WORKERS_ENV, "1")
    assert ranges.workers() == 1
    monkeypatch.setenv(ranges.WORKERS_ENV, "many")
    assert ranges.workers() == max(1, min(len(os.sched_getaffinity(0)), 8))


def test_a_verify_in_a_process_that_may_not_fork_runs_one_pass(tmp_path, monkeypatch, settled):
    """A daemonic process may have no child, and a fork may fail: verify answers in one pass."""
    path = _game(tmp_path / "g.db")
    monkeypatch.setenv(ranges.WORKERS_ENV, "2")

    def refused(*a, **k):
        raise OSError("no process to be had")
    monkeypatch.setattr(ranges, "_fork", refused)
    assert ranges.start(path) is None
    assert verify_path(path).ok and settled == []


def test_a_log_whose_rows_would_not_fit_in_memory_is_verified_in_one_pass(tmp_path, monkeypatch, settled):
    """Every range holds its rows at once; where they would take more than a quarter of the free
    memory, the one pass (which holds only the command rows) is the safer path."""
    path = _game(tmp_path / "g.db")
    monkeypatch.setenv(ranges.WORKERS_ENV, "2")
    monkeypatch.setattr(ranges, "ROW_BYTES", 10**12)
    assert ranges.start(path) is None
    assert verify_path(path).ok and settled == []
