"""`turnlog serve --db` through a bounded pool: a server never holds more than --pg-pool-size
connections (counted in pg_stat_activity by the pool's application_name), however many games it
touches; an exhausted pool answers 503 busy JSON with Retry-After, never 500 and never a hang."""

from __future__ import annotations

import contextlib
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from serve_helpers import SCRIPT, Server, bearer, needs_starlette

needs_starlette()
httpx = pytest.importorskip("httpx")
psycopg = pytest.importorskip("psycopg")
pytest.importorskip("psycopg_pool")

from pg_serve_helpers import APP, TOKENS, counting, own_database, served_games  # noqa: E402



@pytest.fixture(scope="module")
def db():
    """A database of this module's own (its connections are counted), its DSN and its URL."""
    return own_database("pool")


@pytest.fixture(scope="module")
def two(db):
    """A server whose pool holds 2 connections."""
    with Server(None, "--db", db[1], "--pg-pool-size", "2") as s:
        yield s


def _busy(r) -> bool:
    return (r.status_code == 503 and r.json()["rule"] == "busy"
            and r.headers.get("retry-after") == "1")


def _until_served(client, method: str, path: str, **kw):
    """Send again after Retry-After while the pool is busy; the first other answer."""
    for _ in range(30):
        r = client.request(method, path, **kw)
        if not _busy(r):
            return r
        time.sleep(float(r.headers["retry-after"]) / 4)
    raise AssertionError(f"{path} stayed busy")


def test_three_hundred_games_through_a_pool_of_four_hold_at_most_four_connections(db, tmp_path):
    dsn, url, name = db
    ids = served_games(db, 300, tmp_path)
    with Server(None, "--db", url, "--pg-pool-size", "4") as s, counting(dsn, name) as most, \
            httpx.Client(base_url=s.url, timeout=30) as client:
        with ThreadPoolExecutor(8) as workers:
            answers = list(workers.map(
                lambda gid: _until_served(client, "GET", f"/api/games/{gid}"), ids))
        time.sleep(0.1)  # a last sample after the last answer
    assert [r.status_code for r in answers] == [200] * len(ids), answers[0].text
    assert {r.json()["seq"] for r in answers} == {answers[0].json()["seq"]}
    assert 1 <= most[0] <= 4, most[0]


def test_commands_on_twenty_games_through_a_pool_of_two_succeed_or_are_busy(db, two, tmp_path):
    dsn, _url, name = db
    ids = served_games(db, 20, tmp_path)
    actor, cmd = SCRIPT[0]
    with httpx.Client(base_url=two.url, timeout=30) as client, counting(dsn, name) as most:
        setup = client.get(f"/api/games/{ids[0]}").json()["seq"]

        def send(gid: str):
            return client.post(f"/api/games/{gid}/commands", json=cmd,
                               headers=bearer(TOKENS[actor]))

        with ThreadPoolExecutor(20) as workers:
            first = list(workers.map(send, ids))
        assert all(r.status_code == 200 or _busy(r) for r in first), [r.text for r in first]
        again = [_until_served(client, "POST", f"/api/games/{gid}/commands", json=cmd,
                               headers=bearer(TOKENS[actor]))
                 for gid, r in zip(ids, first) if r.status_code != 200]
        assert all(r.status_code == 200 for r in again), [r.text for r in again]
        landed = {r.json()["seq"] for r in first + again if r.status_code == 200}
        heads = {client.get(f"/api/games/{gid}").json()["seq"] for gid in ids}
    assert heads == landed and min(landed) > setup  # each game took its command once
    assert most[0] <= 2, most[0]


def test_a_rogue_row_in_a_pooled_game_is_named_by_the_servers_verify(db, two, tmp_path):
    """A client that appends around the rules (chain intact): the pool's verify names its seq."""
    import rogue_rows as rogue
    from turnlog.engine.game import Game
    from turnlog.events.game import UnitEliminated

    _dsn, url, _name = db
    gid = served_games(db, 1, tmp_path)[0]
    with Game.open(f"{url}&game={gid}", seed=bytes(range(32))) as g:
        seq = rogue.append(g, "RevealSeed", {"type": "RevealSeed"},
                           [UnitEliminated(unit="ge-pz-1", rule="14.51")])
    r = _until_served(httpx.Client(base_url=two.url, timeout=60), "GET", f"/api/games/{gid}/verify")
    report = r.json()
    assert r.status_code == 200 and not report["ok"], report
    assert report["discrepancy"]["seq"] == seq and not report.get("schema"), report


def test_a_pool_held_by_long_requests_answers_others_503_busy_json(db, two, tmp_path):
    """Two commands wait on their games' locks (a transaction held elsewhere), each on one of the
    two connections: a read, the listing, a follower and a creation elsewhere are answered 503
    busy with Retry-After within the pool's wait; once the locks go, the two commands land."""
    dsn, _url, name = db
    *slow, other = served_games(db, 3, tmp_path)
    actor, cmd = SCRIPT[0]
    with psycopg.connect(dsn, autocommit=True) as locker, \
            httpx.Client(base_url=two.url, timeout=30) as client, ThreadPoolExecutor(2) as workers:
        for gid in slow:
            locker.execute("SELECT pg_advisory_lock(hashtextextended(%s, 0))", ("turnlog:" + gid,))
        held = [workers.submit(client.post, f"/api/games/{gid}/commands", json=cmd,
                               headers=bearer(TOKENS[actor])) for gid in slow]
        for _ in range(500):  # both connections wait on the locks
            waiting = locker.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND application_name = "
                "%s AND wait_event_type = 'Lock'", (name, APP)).fetchone()[0]
            if waiting == 2:
                break
            time.sleep(0.02)
        assert waiting == 2
        probes = (("GET", f"/api/games/{other}/due"), ("GET", "/api/games"),
                  ("GET", f"/api/games/{other}/events"), ("POST", f"/api/games/{other}/commands"))
        with ThreadPoolExecutor(len(probes)) as others:  # at once: each waits out the pool's wait
            answers = list(others.map(lambda p: client.request(
                p[0], p[1], json=cmd, headers=bearer(TOKENS[actor])), probes))
        for (_method, path), r in zip(probes, answers):
            assert _busy(r), (path, r.status_code, r.text)
            assert "database connections are in use" in r.json()["message"]
        locker.execute("SELECT pg_advisory_unlock_all()")
        assert [f.result().status_code for f in held] == [200, 200]


def test_every_reading_route_of_a_pooled_game_reads_inside_its_lease(db, two, tmp_path):
    """A pooled log used outside a lease is refused by name (a 503 store): none of these is."""
    gid = served_games(db, 1, tmp_path)[0]
    g = f"/api/games/{gid}"
    with httpx.Client(base_url=two.url, timeout=60) as client:
        for path in (g, g + "/me", g + "/board", g + "/board.svg?at=3", g + "/log?limit=5",
                     g + "/legal", g + "/due", g + "/verify", f"/games/{gid}",
                     g + "/replay?steps=0&commands=0&faces=0&strings=0"):
            r = _until_served(client, "GET", path, headers=bearer(TOKENS["bob"]))
            assert r.status_code == 200, (path, r.text)


def test_slow_followers_hold_no_connection_of_the_pool(db, two, tmp_path):
    """Three followers that never read past the stream's start, on a pool of two: a follower's
    read gives its connection back before it sends, so commands on a followed game and on another
    are answered."""
    *followed, other = served_games(db, 4, tmp_path)
    actor, cmd = SCRIPT[0]
    with contextlib.ExitStack() as streams, httpx.Client(base_url=two.url, timeout=30) as client:
        for gid in followed:
            r = streams.enter_context(client.stream("GET", f"/api/games/{gid}/events"))
            assert r.status_code == 200
            next(r.iter_raw())  # the stream began; it is never read again
        for gid in (followed[0], other):
            r = client.post(f"/api/games/{gid}/commands", json=cmd, headers=bearer(TOKENS[actor]))
            assert r.status_code == 200, r.text


def test_a_pool_larger_than_the_database_takes_is_one_line_before_listening(db):
    import subprocess
    import sys

    from serve_helpers import ROOT

    url = db[1] + "&password=hunter2"
    done = subprocess.run([sys.executable, "-m", "turnlog", "serve", "--db", url,
                           "--pg-pool-size", "1000"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert ("--pg-pool-size 1000: with its listener the server holds 1001 connections; the "
            "database takes at most 297") in done.stderr
    assert "hunter2" not in done.stderr and "host=" not in done.stderr


def test_a_pool_of_one_is_refused_a_verify_needs_two():
    import argparse

    from turnlog.engine.errors import CommandError
    from turnlog.engine.faces.serve.run import bounds

    args = argparse.Namespace(max_connections=10, max_open_games=10, timeout=10.0, pg_pool_size=1,
                              refusals_per_minute=600)
    with pytest.raises(CommandError, match="--pg-pool-size: at least 2"):
        bounds(args)


def test_a_pool_that_fits_only_without_the_connections_held_now_is_warned_of(db, capsys):
    """max_connections 300, 3 reserved: a pool of 296 and its listener fit alone, not beside this
    test's connection."""
    from turnlog.engine.faces.serve.run import room
    from turnlog.events.pgpool import Pool

    pool = Pool(db[1], 296)
    with psycopg.connect(db[0], autocommit=True):
        pool.open()
        try:
            room(pool)
        finally:
            pool.close()
    said = capsys.readouterr().err
    assert said.startswith("turnlog serve: warning: --pg-pool-size 296 and its listener with "
                           "the "), said
    assert said.count("\n") == 1 and said.endswith("requests may be refused 503 store\n")


def test_a_creation_that_fails_after_its_log_is_written_leaves_nothing_in_the_database(
        db, tmp_path):
    """The registry's transaction and the new game's first append share the leased connection."""
    from turnlog.engine import scenario as SC
    from turnlog.engine.faces.serve.games import Games
    from turnlog.engine.game import Game

    dsn, url, _name = db
    games = Games(None, url, pool_size=2)
    gid = "F" * 22
    try:
        def make():
            Game.create(games.target(gid), SC.load("bridgehead-14-65"), seed=bytes(range(32)),
                        seed_file=tmp_path / "seed").close()
            raise OSError("the disk filled after the log was written")

        with pytest.raises(OSError):
            games.registry.admit(gid, "client", None, make)
        assert games.pool.stats()["pool_size"] <= 2
    finally:
        games.close()
    with psycopg.connect(dsn, autocommit=True) as conn:
        for table in ("games", "events", "served", "creations"):
            got = conn.execute(f"SELECT count(*) FROM turnlog.{table} WHERE "
                               f"{'client' if table == 'creations' else 'game'} = %s",
                               ("client" if table == "creations" else gid,)).fetchone()[0]
            assert got == 0, table


def test_a_database_restart_costs_the_pool_its_connections_not_the_next_request(db, two, tmp_path):
    """The database restarts under a running server: the pool's connections are all cut; the next
    request's lease finds its connection lost, takes a fresh one, and is answered."""
    from store_backends import cluster

    ids = served_games(db, 6, tmp_path)
    gid = ids[0]
    with httpx.Client(base_url=two.url, timeout=30) as client:
        with ThreadPoolExecutor(len(ids)) as workers:  # the pool's both connections opened
            assert {r.status_code for r in workers.map(
                lambda g: _until_served(client, "GET", f"/api/games/{g}/due"), ids)} == {200}
        cluster().restart()
        r = client.get(f"/api/games/{gid}/due")
        assert r.status_code == 200, r.text
        actor, cmd = SCRIPT[0]
        r = client.post(f"/api/games/{gid}/commands", json=cmd, headers=bearer(TOKENS[actor]))
        assert r.status_code == 200, r.text
