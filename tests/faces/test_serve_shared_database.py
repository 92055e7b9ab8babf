"""Three `turnlog serve` processes that share only a PostgreSQL database (no --dir, or each its own):
a game created on one is played on another with the creation's token and followed on the third,
and the creation quota (per client an hour, and --max-games) holds across all of them."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import threading
import uuid

import pytest

from serve_helpers import OPEN_CLAIMS, ROOT, SCRIPT, SEATS, Follower, Server, bearer, needs_starlette

needs_starlette()
httpx = pytest.importorskip("httpx")
psycopg = pytest.importorskip("psycopg")

CREATE = {"scenario": "bridgehead-14-65", "seats": SEATS, "claims": OPEN_CLAIMS}


def _database(user: str = "postgres") -> str:
    """A fresh database in the test cluster (its quota counts are this test's alone): its URL."""
    from store_backends import cluster

    pg = cluster()
    name = f"serve_{uuid.uuid4().hex[:10]}"
    pg.createdb(name)
    return f"postgresql:///{name}?host={pg.socket}&user={user}"


@contextlib.contextmanager
def _three(url: str, tmp_path, *extra: str):
    """Three servers of ``url``: without --dir, with a folder of its own, without --dir."""
    own = tmp_path / "own"
    with Server(None, "--db", url, *extra) as a, Server(own, "--db", url, *extra) as b, \
            Server(None, "--db", url, *extra) as c:
        yield a, b, c


def _create(server: Server, **extra) -> httpx.Response:
    return httpx.post(server.url + "/api/games", json={**CREATE, **extra}, timeout=60)


def test_a_game_made_on_one_server_is_played_on_another_and_followed_on_a_third(tmp_path):
    url = _database()
    with _three(url, tmp_path) as (a, b, c):
        r = _create(a, listed=True)
        assert r.status_code == 201, r.text
        gid, tokens = r.json()["id"], r.json()["tokens"]
        setup = httpx.get(f"{c.url}/api/games/{gid}").json()["seq"]
        with Follower(f"{c.url}/api/games/{gid}/events?after={setup}") as far:
            for actor, cmd in SCRIPT:  # the seats' tokens from the creation, on another server
                r = httpx.post(f"{b.url}/api/games/{gid}/commands", json=cmd,
                               headers=bearer(tokens[actor]), timeout=30)
                assert r.status_code == 200, r.text
            head = r.json()["seq"]
            got = far.wait_for(head)
        assert [s for s, _d, _t in got] == list(range(setup + 1, head + 1))
        for s in (a, b, c):  # every server lists it and reads the same head
            assert [g["id"] for g in httpx.get(s.url + "/api/games").json()["games"]] == [gid]
            assert httpx.get(f"{s.url}/api/games/{gid}").json()["seq"] == head
        report = httpx.get(f"{c.url}/api/games/{gid}/verify", timeout=60).json()
        assert report["ok"] and not report.get("schema"), report  # the registry is the store's
        assert httpx.get(f"{c.url}/api/games/{gid}/me", headers=bearer(tokens["bob"])).json() == {
            "actor": "bob"}
    assert not list((tmp_path / "own").glob("*"))  # nothing of the game on any server's disk


def test_a_token_stands_for_its_seat_in_its_own_game_only_on_every_server(tmp_path):
    url = _database()
    with _three(url, tmp_path) as (a, b, c):
        one, two = _create(a).json(), _create(b).json()
        move = SCRIPT[0][1]
        for s in (a, b, c):
            wrong = httpx.post(f"{s.url}/api/games/{two['id']}/commands", json=move,
                               headers=bearer(one["tokens"]["alice"]), timeout=30)
            assert wrong.status_code == 401 and wrong.json()["rule"] == "auth"
            forged = httpx.post(f"{s.url}/api/games/{one['id']}/commands", json=move,
                                headers=bearer("x" * 43), timeout=30)
            assert forged.status_code == 401
        assert httpx.get(f"{c.url}/api/games/{one['id']}").json()["seq"] == httpx.get(
            f"{a.url}/api/games/{one['id']}").json()["seq"]  # nothing was written


def test_a_log_no_server_registered_is_not_served(tmp_path):
    """A creation that stopped between its log and its registration leaves a log nobody serves."""
    from turnlog.engine import scenario as SC
    from turnlog.engine.game import Game

    url = _database()
    gid = "A" * 22
    Game.create(f"{url}&game={gid}", SC.load("bridgehead-14-65"), seed_file=tmp_path / "s",
                seats={"factions": SEATS}).close()
    with _three(url, tmp_path) as servers:
        for s in servers:
            r = httpx.get(f"{s.url}/api/games/{gid}")
            assert r.status_code == 404 and r.json()["rule"] == "game"


def test_the_hourly_quota_of_a_client_holds_across_servers_even_at_once(tmp_path):
    url = _database()
    with _three(url, tmp_path, "--max-games-per-client", "3") as servers:
        answers: list[httpx.Response] = []

        def post(s: Server) -> None:
            answers.append(_create(s))

        threads = [threading.Thread(target=post, args=(s,)) for s in servers * 3]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        codes = sorted(r.status_code for r in answers)
        assert codes == [201] * 3 + [429] * 6, [r.text for r in answers]
        refused = [r.json() for r in answers if r.status_code == 429]
        assert all(x["rule"] == "quota" and 3500 <= x["retry_after"] <= 3601 for x in refused)
        assert all("--max-games-per-client" in x["message"] for x in refused)
        with psycopg.connect(url, autocommit=True) as conn:
            assert conn.execute("SELECT count(*) FROM turnlog.served").fetchone()[0] == 3
            assert conn.execute("SELECT count(*) FROM turnlog.creations").fetchone()[0] == 3


def test_max_games_counts_the_games_of_every_server(tmp_path):
    url = _database()
    with _three(url, tmp_path, "--max-games", "2") as (a, b, c):
        assert _create(a).status_code == 201
        assert _create(b).status_code == 201
        r = _create(c)
        assert r.status_code == 429 and "--max-games" in r.json()["message"]
        assert "retry_after" not in r.json()


def test_the_servers_role_registers_and_plays_but_rewrites_no_registry_row(tmp_path):
    from turnlog.events.pgschema import ensure_registry, grant_server, grant_writer

    url = _database()
    role = "turnlog_server"
    with psycopg.connect(url, autocommit=True) as conn:
        ensure_registry(conn)  # the owner makes the tables; the servers' role makes nothing
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone():
            conn.execute(f"CREATE ROLE {role} LOGIN")
        grant_writer(conn, role)
        grant_server(conn, role)
    as_role = url.replace("user=postgres", f"user={role}")
    with Server(None, "--db", as_role) as a, Server(None, "--db", as_role) as b:
        r = _create(a)
        assert r.status_code == 201, r.text
        gid, tokens = r.json()["id"], r.json()["tokens"]
        actor, cmd = SCRIPT[0]
        r = httpx.post(f"{b.url}/api/games/{gid}/commands", json=cmd,
                       headers=bearer(tokens[actor]), timeout=30)
        assert r.status_code == 200, r.text
    with psycopg.connect(as_role, autocommit=True) as conn:
        for sql in ("UPDATE turnlog.served SET listed = true",
                    "UPDATE turnlog.seat_tokens SET actor = 'alice'",
                    "DELETE FROM turnlog.seat_tokens", "DELETE FROM turnlog.seeds",
                    "UPDATE turnlog.seeds SET seed = '00'", "TRUNCATE turnlog.creations"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(sql)


def test_a_server_needs_a_folder_or_a_database():
    done = subprocess.run([sys.executable, "-m", "turnlog", "serve", "--port", "1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "--dir" in done.stderr and "--db" in done.stderr


def test_a_database_that_cannot_be_reached_is_one_line_before_listening(tmp_path):
    url = f"postgresql:///nodb?host={tmp_path}&user=x&password=hunter2"
    done = subprocess.run([sys.executable, "-m", "turnlog", "serve", "--db", url], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "--db: the database cannot be reached" in done.stderr
    assert "hunter2" not in done.stderr and str(tmp_path) not in done.stderr  # nor the socket's path


def test_a_game_registered_in_a_folder_before_is_served_by_a_server_given_that_folder(tmp_path):
    """Before the registry moved into the database its seats and seed were files in --dir."""
    from turnlog.engine import scenario as SC
    from turnlog.engine.faces.serve import auth
    from turnlog.engine.game import Game

    url, folder, gid = _database(), tmp_path / "games", "B" * 22
    folder.mkdir()
    Game.create(f"{url}&game={gid}", SC.load("bridgehead-14-65"), seed_file=folder / f"{gid}.seed",
                seats={"factions": SEATS, "claims": OPEN_CLAIMS}).close()
    auth.write(folder, gid, auth.Seats.of({"alice": "tok-a", "bob": "tok-b"}, listed=False,
                                          name="old"))
    with Server(folder, "--db", url) as old, Server(None, "--db", url) as new:
        actor, cmd = SCRIPT[0]
        r = httpx.post(f"{old.url}/api/games/{gid}/commands", json=cmd, headers=bearer("tok-a"),
                       timeout=30)
        assert r.status_code == 200, r.text
        report = httpx.get(f"{old.url}/api/games/{gid}/verify", timeout=60).json()
        assert report["ok"] and report["seed"] == "sidecar", report
        assert httpx.get(f"{new.url}/api/games/{gid}").status_code == 404  # not in the registry


def test_every_server_rolls_from_the_seed_the_registry_keeps(tmp_path):
    url = _database()
    with _three(url, tmp_path) as (a, b, c):
        made = _create(a).json()
        gid, tokens = made["id"], made["tokens"]
        actor, begin = SCRIPT[0]
        assert httpx.post(f"{b.url}/api/games/{gid}/commands", json=begin,
                          headers=bearer(tokens[actor]), timeout=30).status_code == 200
        roll = {"type": "RollAttritionDie", "procedure": "A1"}  # no value: the server's seed
        r = httpx.post(f"{c.url}/api/games/{gid}/commands", json=roll,
                       headers=bearer(tokens["alice"]), timeout=30)
        assert r.status_code == 200, r.text
        assert "DieRolled" in [e["type"] for e in r.json()["events"]]
        report = httpx.get(f"{a.url}/api/games/{gid}/verify", timeout=60).json()
        assert report["ok"] and report["rolls_derived"] == 1, report
