"""`turnlog serve` as a real uvicorn process on 127.0.0.1 against hostile connections: a slowloris
of half-sent requests is answered 408 and closed while a normal client is answered; a stalled body is
408; past --max-connections the answer is 503 JSON; X-Forwarded-For is trusted only from a named
proxy; concurrent creations never pass --max-games."""

from __future__ import annotations

import json
import socket
import threading

import pytest

from serve_helpers import OPEN_CLAIMS, SCENARIO, SEATS, Server, needs_starlette

needs_starlette()
httpx = pytest.importorskip("httpx")

GAME = {"scenario": SCENARIO, "seats": SEATS, "claims": OPEN_CLAIMS}
HALF = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def _answer(sock: socket.socket) -> bytes:
    """All the server sends on ``sock`` until it closes it (the socket's own timeout bounds it)."""
    got = b""
    while True:
        try:
            part = sock.recv(4096)
        except (ConnectionResetError, socket.timeout):
            return got
        if not part:
            return got
        got += part


def _status_and_json(raw: bytes) -> tuple[int, dict]:
    head, _sep, body = raw.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), json.loads(body)


def test_a_slowloris_of_200_half_sent_requests_does_not_stop_a_normal_client(tmp_path):
    with Server(tmp_path, "--timeout", "3") as srv:
        slow = []
        for _ in range(200):
            s = socket.create_connection(("127.0.0.1", srv.port), timeout=30)
            s.sendall(HALF)
            slow.append(s)
        try:
            r = httpx.get(srv.url + "/api/games", timeout=10)
            assert r.status_code == 200 and r.json() == {"games": []}
            answers = [_answer(s) for s in slow]
        finally:
            for s in slow:
                s.close()
    assert all(_status_and_json(a)[0] == 408 for a in answers)
    assert _status_and_json(answers[0])[1]["rule"] == "input"


def test_a_connection_that_sends_nothing_is_closed_after_the_timeout(tmp_path):
    with Server(tmp_path, "--timeout", "1") as srv:
        with socket.create_connection(("127.0.0.1", srv.port), timeout=30) as s:
            assert _status_and_json(_answer(s))[0] == 408


def test_a_body_that_stalls_is_408_and_nothing_is_created(tmp_path):
    with Server(tmp_path / "games", "--timeout", "1") as srv:
        body = json.dumps(GAME).encode()
        head = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                b"\r\nContent-Length: %d\r\n\r\n" % len(body))
        with socket.create_connection(("127.0.0.1", srv.port), timeout=30) as s:
            s.sendall(head + body[:10])  # and then nothing
            status, answer = _status_and_json(_answer(s))
        assert (status, answer["rule"]) == (408, "input")
        assert not list((tmp_path / "games").glob("*.db"))


def test_past_max_connections_a_request_is_503_json(tmp_path):
    with Server(tmp_path, "--max-connections", "4", "--timeout", "30") as srv:
        held = [socket.create_connection(("127.0.0.1", srv.port), timeout=30) for _ in range(4)]
        try:
            r = httpx.get(srv.url + "/api/games", timeout=10)
            assert (r.status_code, r.json()["rule"]) == (503, "busy")
            assert r.headers["content-type"] == "application/json"
        finally:
            for s in held:
                s.close()
        r = httpx.get(srv.url + "/api/games", timeout=10)  # the others gone: answered again
        assert r.status_code == 200


def _create(url: str, headers: dict | None = None) -> int:
    return httpx.post(url + "/api/games", json=GAME, headers=headers or {}, timeout=30).status_code


def test_x_forwarded_for_does_not_move_a_client_past_its_quota(tmp_path):
    with Server(tmp_path, "--max-games-per-client", "2") as srv:
        assert [_create(srv.url) for _ in range(2)] == [201, 201]
        spoofed = [_create(srv.url, {"X-Forwarded-For": f"10.0.0.{i}"}) for i in range(10)]
        assert spoofed == [429] * 10


def test_x_forwarded_for_is_the_client_behind_a_named_proxy(tmp_path):
    with Server(tmp_path, "--max-games-per-client", "1",
                "--forwarded-allow-ips", "127.0.0.1") as srv:
        one, two = {"X-Forwarded-For": "10.0.0.1"}, {"X-Forwarded-For": "10.0.0.2"}
        assert [_create(srv.url, one), _create(srv.url, one)] == [201, 429]
        assert _create(srv.url, two) == 201


def test_concurrent_creations_never_pass_max_games(tmp_path):
    folder = tmp_path / "games"
    with Server(folder, "--max-games", "3", "--max-games-per-client", "100") as srv:
        got: list[int] = []
        start = threading.Barrier(12)

        def one():
            start.wait()
            got.append(_create(srv.url))

        threads = [threading.Thread(target=one) for _ in range(12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    assert sorted(got) == [201] * 3 + [429] * 9
    assert len(list(folder.glob("*.seats.json"))) == 3


@pytest.mark.parametrize("raw", [
    b"NOT HTTP AT ALL\r\n\r\n",
    HALF + b"a" * 70_000,  # headers past h11's bound, never ended
    b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \xc2\xb2\r\n\r\n",
], ids=["garbage", "huge-header", "content-length-in-other-digits"])
def test_a_request_http_cannot_read_is_400_json(tmp_path, raw):
    with Server(tmp_path) as srv:
        with socket.create_connection(("127.0.0.1", srv.port), timeout=30) as s:
            s.sendall(raw)
            status, answer = _status_and_json(_answer(s))
        assert (status, answer["rule"]) == (400, "input")
