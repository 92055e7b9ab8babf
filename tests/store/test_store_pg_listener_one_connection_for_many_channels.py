"""events/pglisten.py: one connection LISTENs on the channels of many games; each notification goes
to its game's subscribers only, a payload that is no seq is passed over, and the thread closes the
connection and ends with the last subscription. A channel that is not one an append notifies is
refused before any SQL is made of it."""

from __future__ import annotations

import threading
import uuid

import pytest

psycopg = pytest.importorskip("psycopg")

from turnlog.events.pglisten import Listener, channel  # noqa: E402


def _until(holds, what: str) -> None:
    """Wait for ``holds()`` a bounded number of looks (it fails the test, never hangs it)."""
    for _ in range(400):
        if holds():
            return
        threading.Event().wait(0.025)
    raise AssertionError(f"never came to hold: {what}")


def test_three_games_on_one_connection_each_notification_to_its_own_game():
    from store_backends import DATABASE, cluster

    dsn = cluster().dsn(DATABASE)
    name = f"listener-{uuid.uuid4().hex[:8]}"
    listener = Listener(lambda: psycopg.connect(dsn, autocommit=True, application_name=name))
    got: dict[str, list[int]] = {g: [] for g in ("a", "b", "c")}
    listening: list[str] = []
    tickets = [listener.add(channel(g), got[g].append, lambda g=g: listening.append(g))
               for g in got]
    _until(lambda: sorted(listening) == ["a", "b", "c"], "three LISTENs")
    with psycopg.connect(dsn, autocommit=True) as conn:
        count = "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s"
        assert conn.execute(count, (name,)).fetchone()[0] == 1
        for game, payload in (("a", "5"), ("c", "not a seq"), ("c", "9"), ("b", "7")):
            conn.execute("SELECT pg_notify(%s, %s)", (channel(game), payload))
        _until(lambda: sum(map(len, got.values())) == 3, "three notifications")
        assert got == {"a": [5], "b": [7], "c": [9]}
        thread = listener.thread
        for ticket in tickets:
            listener.drop(ticket)
        assert thread is not None
        thread.join(10)
        assert not thread.is_alive() and listener.thread is None
        _until(lambda: conn.execute(count, (name,)).fetchone()[0] == 0, "the connection closed")
    assert listener.connections == 1


def test_a_channel_no_append_notifies_is_refused_before_any_sql():
    listener = Listener(lambda: pytest.fail("nothing is to be connected"))
    for bad in ("turnlog_x; DROP TABLE turnlog.events", "other", channel("g").upper()):
        with pytest.raises(ValueError, match="not a turnlog channel"):
            listener.add(bad, lambda seq: None, lambda: None)
    assert listener.thread is None
