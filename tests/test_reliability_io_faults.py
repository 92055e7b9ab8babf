"""Harness 6 at CI scale: a fault at each write step, and a full disk, leave nothing behind."""
from __future__ import annotations

import pytest

from reliability import iofaults


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    return iofaults.run(trials=18, disks=3, workdir=tmp_path_factory.mktemp("faults"))


def test_a_fault_at_every_step_leaves_nothing(figures):
    f = figures["faults"]
    assert f["faults"] == 18 and not f["problems"]
    for step in iofaults.STEPS:
        assert f[f"step:{step}"] == 3, step
    for k in ("surfaced", "nothing_stored", "no_torn_command", "integrity_ok", "chain_ok", "live_equals_log",
              "no_open_transaction", "retry_succeeded"):
        assert f[k] == 18, k
    assert f["reopened_equals_live"] == f["games"] >= 1


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


def test_the_proxy_fires_where_it_is_told(tmp_path):
    # The injection itself must be able to miss: a step the operation never reaches does not fire.
    from engine.commands import AddNote
    from reliability.common import new_game
    g = new_game(tmp_path / "g.db")
    real = g.log.conn
    g.log.conn = proxy = iofaults.FaultyConn(real, "snapshot_insert", iofaults.Injected("x"))
    g.execute(AddNote(text="no snapshot taken"))
    g.log.conn = real
    assert not proxy.fired
    steps = [s for s in proxy.seen if s != "other"]
    assert steps == ["begin", "seq_check", "commands_insert", "events_insert", "commit"]
    g.close()
