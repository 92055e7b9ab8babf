"""Harness 6 at CI scale: a fault at each write step, and a full disk, leave nothing behind."""
from __future__ import annotations

import pytest

from turnlog.events.log import FORMAT
from reliability import iofaults

PER_STEP = 3


@pytest.fixture(scope="module", params=[FORMAT, 2], ids=lambda f: f"format{f}")
def figures(request, tmp_path_factory):
    # Format 2 (old files, still appended to) has one more step: the commands-table insert.
    steps = iofaults.STEPS_BY_FORMAT[request.param]
    return iofaults.run(trials=PER_STEP * len(steps), disks=3, workdir=tmp_path_factory.mktemp("faults"),
                        log_format=request.param)


def test_a_fault_at_every_step_leaves_nothing(figures):
    f = figures["faults"]
    steps = iofaults.STEPS_BY_FORMAT[figures["log_format"]]
    n = PER_STEP * len(steps)
    assert figures["steps"] == list(steps)
    assert f["faults"] == n and not f["problems"]
    for step in steps:
        assert f[f"step:{step}"] == PER_STEP, step
    for k in ("surfaced", "nothing_stored", "no_torn_command", "integrity_ok", "chain_ok", "live_equals_log",
              "no_open_transaction", "retry_succeeded"):
        assert f[k] == n, k
    assert f["reopened_equals_live"] == f["games"] >= 1


def test_a_full_disk_under_the_cli_says_so_and_stores_nothing(figures):
    # `turnlog play` and `turnlog reveal` on a full disk: exit 1, a clear message, no traceback.
    d = figures["cli_full_disk"]
    assert d == {"cases": 2, "exit_1": 2, "message_says_full": 2, "nothing_stored": 2, "integrity_ok": 2,
                 "tracebacks": 0}


def test_a_full_disk_leaves_nothing(figures):
    d = figures["full_disk"]
    assert d["full_disk_errors"] == d["message_says_full"] == 3 and not d["problems"]
    for k in ("nothing_stored", "no_torn_command", "integrity_ok", "chain_ok", "live_equals_log", "retry_succeeded"):
        assert d[k] == 3, k


def test_faults_outside_the_append_transaction(figures):
    # A failed snapshot write (a cache) must not fail a committed command; a failed ROLLBACK after a failed
    # COMMIT must not leave the connection inside the transaction (tests/regressions pins both).
    snap, double = figures["snapshot_fault"], figures["double_fault"]
    assert snap["committed"] and not snap["raised"] and snap["live_equals_log"]
    assert not double["left_in_transaction"] and not double["live_shows_uncommitted"]
    assert double["next_command"] == "ok"


@pytest.mark.parametrize("log_format, expected", [
    (FORMAT, ["begin", "seq_check", "events_insert", "commit"]),  # one table per append
    (2, ["begin", "seq_check", "commands_insert", "events_insert", "commit"]),
])
def test_the_proxy_fires_where_it_is_told(tmp_path, log_format, expected):
    # The injection itself must be able to miss: a step the operation never reaches does not fire.
    from turnlog.engine.commands import AddNote
    from reliability.common import new_game
    g = new_game(tmp_path / "g.db", log_format=log_format)
    real = g.log.conn
    g.log.conn = proxy = iofaults.FaultyConn(real, "snapshot_insert", iofaults.Injected("x"))
    g.execute(AddNote(text="no snapshot taken"))
    g.log.conn = real
    assert not proxy.fired
    steps = [s for s in proxy.seen if s != "other"]
    assert steps == expected
    g.close()


def test_a_step_the_format_lacks_is_never_reached(tmp_path):
    # Format 3 has no commands insert: the harness must report that it cannot fire there, not loop or pass.
    from turnlog.engine.commands import AddNote
    from reliability.common import new_game
    g = new_game(tmp_path / "g.db")
    real = g.log.conn
    g.log.conn = proxy = iofaults.FaultyConn(real, "commands_insert", iofaults.Injected("x"))
    g.execute(AddNote(text="written in one table"))
    g.log.conn = real
    assert not proxy.fired and "commands_insert" not in proxy.seen
    g.close()


def test_the_cli_on_a_file_size_limit_names_the_file_it_was_making(tmp_path):
    lim = iofaults.cli_file_limit(tmp_path)
    assert lim["cases"] == len(iofaults.LIMITED) and lim["tracebacks"] == 0
    for k in ("exit_1", "names_the_file", "says_disk", "nothing_left"):
        assert lim[k] == lim["cases"], (k, lim)
