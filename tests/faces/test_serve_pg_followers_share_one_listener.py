"""Followers of `turnlog serve --db` games share one LISTEN connection per server, and read through
the server's pool (a connection leased for each read, given back before anything is sent): fifty
followed games under a pool of four hold at most five connections (counted in pg_stat_activity by
the server's application_name); a commit made through another server (two uvicorn processes on one
database) reaches a follower once, in order; the listener connects again after the database
restarts, and a commit made while it was away is found by the head read that follows. The start-up
check counts the pool's sockets and the listener against the file limit (one line, exit 2)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from serve_helpers import (OPEN_CLAIMS, ROOT, SCENARIO, SCRIPT, SEATS, Server, bearer,
                           needs_starlette, never_leaves, verified)

needs_starlette()
httpx = pytest.importorskip("httpx")
psycopg = pytest.importorskip("psycopg")
pytest.importorskip("psycopg_pool")

from pg_serve_helpers import TOKENS, counting, own_database, served_games  # noqa: E402

GAMES = 50
GAME = {"scenario": SCENARIO, "seats": SEATS, "claims": OPEN_CLAIMS}
#: Server A: a pool of 4, under a file limit its flags fit (64 + 80 + 4 + 3 <= FILES).
FILES = 160
A_FLAGS = ("--pg-pool-size", "4", "--max-connections", "80", "--max-open-games", "64")


@pytest.fixture(scope="module")
def db():
    return own_database("follow")


@pytest.fixture(scope="module")
def servers(db):
    """Two servers of the one database, their connections named apart: A (followed) and B."""
    _dsn, url, _name = db
    with Server(None, "--db", url + "&application_name=follow-a", *A_FLAGS, files=FILES) as a, \
            Server(None, "--db", url + "&application_name=follow-b", "--pg-pool-size", "4") as b:
        yield a, b


def _note(base: str, gid: str, text: str) -> httpx.Response:
    """Post a note to ``gid`` through the server at ``base``, again after each 503 busy."""
    for _ in range(40):
        r = httpx.post(f"{base}/api/games/{gid}/commands", json={"type": "AddNote", "text": text},
                       headers=bearer(TOKENS["alice"]), timeout=30)
        if r.status_code != 503:
            return r
        time.sleep(0.25)
    raise AssertionError(f"{gid} stayed busy")


def _ids_until(lines, last: int) -> list[int]:
    """The ``id:`` of every event a stream sends until ``last``'s."""
    seen: list[int] = []
    for line in lines:
        if line.startswith("id: "):
            seen.append(int(line[4:]))
            if seen[-1] >= last:
                return seen
    raise AssertionError(f"the stream ended at {seen}")


def test_fifty_followed_games_under_a_pool_of_four_hold_at_most_five_connections(db, servers,
                                                                                  tmp_path):
    dsn, _url, name = db
    a, b = servers
    ids = served_games(db, GAMES, tmp_path)
    head = httpx.get(f"{a.url}/api/games/{ids[0]}", timeout=30).json()["seq"]
    with counting(dsn, name, "follow-a") as most, contextlib.ExitStack() as streams, \
            httpx.Client(base_url=a.url, timeout=30) as client:
        lines = []
        for gid in ids:
            r = streams.enter_context(client.stream("GET", f"/api/games/{gid}/events?after={head}"))
            assert r.status_code == 200, r.read()
            lines.append(r.iter_lines())
            assert next(lines[-1]) == "retry: 1000"
        with psycopg.connect(dsn, autocommit=True) as conn:
            listening = conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND application_name = "
                "'follow-a' AND query LIKE 'LISTEN %%'", (name,)).fetchone()[0]
        with ThreadPoolExecutor(4) as workers:  # through the other server: only NOTIFY tells A
            written = list(workers.map(lambda gid: _note(b.url, gid, "to all"), ids))
        assert {r.status_code for r in written} == {200}, written[0].text
        got = [_ids_until(each, head + 1) for each in lines]
    assert got == [[head + 1]] * GAMES
    assert listening == 1
    assert 2 <= most[0] <= 5, most[0]


def test_a_follower_gets_each_event_another_server_commits_once_in_order(servers):
    """A game created through B's API, followed on A, played through both in turn."""
    a, b = servers
    r = httpx.post(f"{b.url}/api/games", json=GAME, timeout=60)
    assert r.status_code == 201, r.text
    gid, tokens = r.json()["id"], r.json()["tokens"]
    head = httpx.get(f"{a.url}/api/games/{gid}", timeout=30).json()["seq"]
    with httpx.Client(base_url=a.url, timeout=30) as client, \
            client.stream("GET", f"/api/games/{gid}/events?after={head}") as r:
        lines = r.iter_lines()
        assert next(lines) == "retry: 1000"
        for (actor, cmd), server in zip(SCRIPT, (b, a, b, a)):
            r = httpx.post(f"{server.url}/api/games/{gid}/commands", json=cmd,
                           headers=bearer(tokens[actor]), timeout=30)
            assert r.status_code == 200, r.text
        last = r.json()["seq"]
        got = _ids_until(lines, last)
    assert got == list(range(head + 1, last + 1))
    assert verified(f"{b.url}/api/games/{gid}/verify")["ok"]


def test_a_rogue_row_a_follower_is_sent_is_named_by_the_servers_verify(db, servers, tmp_path):
    """A client that appends around the rules (chain intact) to a followed game: the follower
    gets the row like any other, and the server's verify names its seq."""
    import rogue_rows as rogue
    from turnlog.engine.game import Game
    from turnlog.events.game import UnitEliminated

    a, _b = servers
    gid = served_games(db, 1, tmp_path)[0]
    head = httpx.get(f"{a.url}/api/games/{gid}", timeout=30).json()["seq"]
    with httpx.Client(base_url=a.url, timeout=30) as client, \
            client.stream("GET", f"/api/games/{gid}/events?after={head}") as r:
        lines = r.iter_lines()
        assert next(lines) == "retry: 1000"
        with Game.open(f"{db[1]}&game={gid}", seed=bytes(range(32))) as g:
            seq = rogue.append(g, "RevealSeed", {"type": "RevealSeed"},
                               [UnitEliminated(unit="ge-pz-1", rule="14.51")])
        assert _ids_until(lines, seq) == [seq]
    report = verified(f"{a.url}/api/games/{gid}/verify")
    assert not report["ok"] and report["discrepancy"]["seq"] == seq, report


def test_a_file_limit_that_cannot_hold_the_pool_is_one_line_naming_the_flag(db):
    """The same limit server A starts under, with a pool 20 connections larger than A's."""

    def low():
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES))

    flags = [f if f != "4" else "24" for f in A_FLAGS]
    done = subprocess.run([sys.executable, "-m", "turnlog", "serve", "--db", db[1], *flags],
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, preexec_fn=low, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "--pg-pool-size 24 (with its listener) need 171 open files" in done.stderr
    assert f"({FILES}, ulimit -n)" in done.stderr and "host=" not in done.stderr


def test_the_listener_connects_again_after_a_restart_and_finds_what_it_missed(db, tmp_path):
    """In one process: the listener is kept from connecting again until a commit has been made
    with no LISTEN anywhere; the head read that follows its new LISTEN sends that commit."""
    from store_backends import cluster

    from turnlog.engine.commands import AddNote
    from turnlog.engine.faces.serve import push as P
    from turnlog.engine.game import Game
    from turnlog.events import pgpool
    from turnlog.events.pglisten import Listener

    _dsn, url, _name = db
    gid = served_games(db, 1, tmp_path)[0]
    target = f"{url}&game={gid}"
    pool = pgpool.Pool(url, 2, wait=10)
    pool.open()
    back = threading.Event()

    def connect():
        if listener.connections:  # a reconnection: only once the commit is made
            assert back.wait(60)
        return pool.connect()

    listener = Listener(connect, retry=0.05)

    def restart_and_commit() -> int:
        try:
            cluster().restart()
            with Game.open(target, seed=bytes(range(32))) as g:
                g.execute(AddNote(text="while no one listened"), actor="alice")
                return g.state.seq
        finally:
            back.set()

    async def follow():
        push = P.Push(pool=pool)
        push.listener = listener
        with Game.open(target) as g:
            head = g.state.seq
        stream = push.stream(gid, target, head, never_leaves)
        assert await stream.__anext__() == b"retry: 1000\n\n"
        nxt = asyncio.ensure_future(stream.__anext__())
        for _ in range(600):  # the hub has read the head after its first LISTEN
            if push.hubs[gid].head == head and listener.connections == 1:
                break
            await asyncio.sleep(0.05)
        seq = await asyncio.get_running_loop().run_in_executor(None, restart_and_commit)
        frame = await asyncio.wait_for(nxt, 60)
        await stream.aclose()
        push.close()
        return seq, frame

    try:
        seq, frame = asyncio.run(follow())
    finally:
        listener.close()
        pool.close()
    assert frame.startswith(b"id: %d\n" % seq) and b"while no one listened" in frame
    assert listener.connections == 2
