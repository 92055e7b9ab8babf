"""`turnlog serve` as a real uvicorn process on a loopback port: live push by Server-Sent Events
(each event once, in order, across a reconnect), and a server killed with SIGKILL mid-play whose
games all verify after it restarts."""

from __future__ import annotations

import threading
import time

import pytest

from serve_helpers import SCRIPT, Follower, Server, bearer, needs_starlette, verified

needs_starlette()
httpx = pytest.importorskip("httpx")

from turnlog.engine.verify import verify_path  # noqa: E402


def _create(base: str) -> tuple[str, dict, int]:
    r = httpx.post(
        base + "/api/games",
        json={"scenario": "bridgehead-14-65", "seats": {"AX": "alice", "WA": "bob"}, "claims": {"die": "any", "host-fact": "any", "report": "any"}},
    )
    assert r.status_code == 201, r.text
    gid, tokens = r.json()["id"], r.json()["tokens"]
    return gid, tokens, httpx.get(f"{base}/api/games/{gid}").json()["seq"]


def test_a_follower_gets_each_event_once_in_order_on_one_connection_and_again_after_a_reconnect(
    tmp_path,
):
    with Server(tmp_path) as srv:
        gid, tokens, setup = _create(srv.url)
        url = f"{srv.url}/api/games/{gid}/events"
        sent: dict[int, float] = {}
        done = {}

        def play():
            for actor, cmd in SCRIPT:
                t = time.monotonic()
                r = httpx.post(
                    f"{srv.url}/api/games/{gid}/commands", json=cmd, headers=bearer(tokens[actor])
                )
                assert r.status_code == 200, r.text
                for ev in r.json()["events"]:
                    sent[ev["seq"]] = t
                done["head"] = r.json()["seq"]
                time.sleep(0.2)

        with Follower(f"{url}?after={setup}") as live:
            time.sleep(0.3)
            play()
            head = done["head"]
            got = live.wait_for(head)
        assert live.content_type.startswith("text/event-stream") and live.connections == 1
        assert [s for s, _d, _t in got] == list(range(setup + 1, head + 1))
        # pushed, not polled: each event reached the follower after its command was sent (how soon is
        # measured in benchmarks/, never asserted here)
        assert all(t >= sent[s] for s, _d, t in got)
        assert got[0][1]["type"] == "AttritionBegun" and got[0][1]["event"]["attacker"] == "AX"
        middle = setup + 5
        with Follower(url, {"Last-Event-ID": str(middle)}) as again:
            time.sleep(
                0.5
            )  # anything more than the events after ``middle`` would have arrived by now
            assert [s for s, _d, _t in again.wait_for(head)] == list(range(middle + 1, head + 1))


def test_a_server_killed_mid_play_restarts_and_every_game_verifies(tmp_path):
    srv = Server(tmp_path).start()
    games = [_create(srv.url) for _ in range(4)]
    stop = threading.Event()
    written = []

    def play(gid, tokens):
        with httpx.Client(base_url=srv.url, timeout=10) as client:
            n = 0
            while not stop.is_set():
                r = None
                try:
                    r = client.post(
                        f"/api/games/{gid}/commands",
                        headers=bearer(tokens["alice"]),
                        json={"type": "AddNote", "text": f"note {n}"},
                    )
                except httpx.HTTPError:
                    return
                if r.status_code == 200:
                    written.append(r.json()["seq"])
                n += 1

    players = [threading.Thread(target=play, args=(gid, tok)) for gid, tok, _s in games]
    for p in players:
        p.start()
    time.sleep(1.5)
    srv.kill()  # SIGKILL: no shutdown, no flush beyond what each commit made durable
    stop.set()
    for p in players:
        p.join()
    assert written, "no command was written before the kill"
    for gid, _tok, _s in games:
        assert verify_path(tmp_path / f"{gid}.db", seed_file=tmp_path / f"{gid}.db.seed").ok
    with Server(tmp_path) as again:
        for gid, tokens, _s in games:
            r = httpx.post(
                f"{again.url}/api/games/{gid}/commands",
                json=SCRIPT[0][1],
                headers=bearer(tokens["alice"]),
            )
            assert r.status_code == 200, r.text
            assert verified(f"{again.url}/api/games/{gid}/verify")["ok"]


def test_the_stream_tells_a_seat_when_it_becomes_its_move(tmp_path):
    with Server(tmp_path) as srv:
        gid, tokens, setup = _create(srv.url)
        with Follower(f"{srv.url}/api/games/{gid}/events?after={setup}") as live:
            deadline = time.monotonic() + 10
            while not live.dues and time.monotonic() < deadline:
                time.sleep(0.05)
            assert live.dues and live.dues[-1]["waiting"] == ["alice"]   # once, on connecting
            r = httpx.post(f"{srv.url}/api/games/{gid}/commands", json={"type": "EndPlayerTurn"},
                           headers=bearer(tokens["alice"]))
            assert r.status_code == 200, r.text
            while live.dues[-1]["waiting"] != ["bob"] and time.monotonic() < deadline:
                time.sleep(0.05)
        last = live.dues[-1]
        assert last["waiting"] == ["bob"] and last["seq"] == r.json()["seq"]
        bob = next(s for s in last["seats"] if s["actor"] == "bob")
        assert bob["line"] == "Your move: start your player turn (turn)."
