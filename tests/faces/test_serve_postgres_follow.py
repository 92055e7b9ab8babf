"""Two `turnlog serve` processes over one PostgreSQL database: a command posted to one reaches a
follower of the other (LISTEN/NOTIFY), and either server plays on from what the other wrote."""

from __future__ import annotations

import time

import pytest

from serve_helpers import SCRIPT, SEATS, Follower, Server, bearer, needs_starlette, verified

needs_starlette()
httpx = pytest.importorskip("httpx")


def test_one_servers_commit_reaches_the_followers_of_another(tmp_path):
    from store_backends import DATABASE, cluster

    url = cluster().url(DATABASE, "x").removesuffix("&game=x")
    shared = tmp_path / "games"  # the seeds and the token hashes: a folder both servers see
    with Server(shared, "--db", url) as a, Server(shared, "--db", url) as b:
        r = httpx.post(
            a.url + "/api/games", json={"scenario": "bridgehead-14-65", "seats": SEATS, "claims": {"die": "any", "host-fact": "any", "report": "any"}}, timeout=60
        )
        assert r.status_code == 201, r.text
        gid, tokens = r.json()["id"], r.json()["tokens"]
        setup = httpx.get(f"{b.url}/api/games/{gid}").json()["seq"]
        with Follower(f"{b.url}/api/games/{gid}/events?after={setup}") as far:
            time.sleep(0.5)
            for (actor, cmd), server in zip(SCRIPT, (a, b, a, b)):
                r = httpx.post(
                    f"{server.url}/api/games/{gid}/commands",
                    json=cmd,
                    headers=bearer(tokens[actor]),
                )
                assert r.status_code == 200, r.text
            head = r.json()["seq"]
            got = far.wait_for(head)
        assert [s for s, _d, _t in got] == list(range(setup + 1, head + 1))
        assert verified(f"{a.url}/api/games/{gid}/verify")["ok"]
        assert not list(shared.glob("*.db"))  # the logs are in the database
