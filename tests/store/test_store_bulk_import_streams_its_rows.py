"""A bulk import hands SQLite each row as it is hashed instead of building every row first,
and stores exactly the rows (bytes and hashes) the shared row builder gives both stores."""
from __future__ import annotations

import tracemalloc

from turnlog.events.chain import row_hash3
from turnlog.events.log import GENESIS, EventLog, iter_rows3, now, stored_rows3

ROWS = 20_000


def _batch(n_commands: int, per: int = 4) -> list:
    return [("alice", "AddNote", f'{{"text":"note {i}"}}',
             [("NoteAdded", 1, f'{{"at_seq":{i},"text":"n{i}.{j}"}}', j > 0) for j in range(per)])
            for i in range(n_commands)]


def _stored(log: EventLog) -> list[tuple]:
    return log.conn.execute("SELECT * FROM events ORDER BY seq").fetchall()


def test_the_stored_rows_are_the_shared_builders_and_chain_by_row_hash3(tmp_path):
    batch = _batch(50)
    log = EventLog(tmp_path / "g.db", create=True)
    assert log.append_batch(batch, expected_seq=0) == 200
    rows = _stored(log)
    ts = rows[0][10]
    built, last, cid = stored_rows3(batch, 0, GENESIS, 0, ts, False)
    assert (last, cid) == (200, 50) and rows == built
    prev = GENESIS
    for seq, cid_, type_, version, data, auto, h, actor, ctype, payload, ts_, last_seq in rows:
        command = f"{actor}\x1f{ctype}\x1f{ts_}\x1f{last_seq}\x1f{payload}" if ctype else ""
        assert h == row_hash3(prev, seq, cid_, type_, version, auto, data, command)
        prev = h
    assert log.verify_chain() == (200, None, "")
    log.close()


def test_a_signed_batch_signs_each_command_on_the_hash_before_it(tmp_path):
    seen: list[str] = []

    def sign(prev: str) -> str:
        seen.append(prev)
        return f"sig{len(seen)}"
    batch = [b + (sign,) for b in _batch(3, per=2)]
    log = EventLog(tmp_path / "s.db", create=True, log_format=4)
    log.append_batch(batch, expected_seq=0)
    rows = _stored(log)
    assert seen == [GENESIS, rows[1][6], rows[3][6]]  # the hash of the row before each command
    assert [r[12] for r in rows] == ["sig1", None, "sig2", None, "sig3", None]
    end: list = []
    assert list(iter_rows3([b[:4] + (lambda p, s=s: s,) for b, s in zip(batch, ("sig1", "sig2", "sig3"))],
                           0, GENESIS, 0, rows[0][10], True, end)) == rows and end == [6, 3]
    assert log.verify_chain() == (6, None, "")
    log.close()


def test_a_bulk_import_never_holds_all_its_rows_at_once(tmp_path):
    batch = _batch(ROWS // 4)
    rows_size = sum(t.__sizeof__() + t[6].__sizeof__() for t in stored_rows3(batch, 0, GENESIS, 0, now(), False)[0])
    log = EventLog(tmp_path / "big.db", create=True, synchronous="OFF")
    tracemalloc.start()
    try:
        log.append_batch(batch, expected_seq=0)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    log.close()
    # Built first, the rows and their hashes (~4 MB here) were all alive when the insert began.
    assert peak < rows_size / 10, (peak, rows_size)
