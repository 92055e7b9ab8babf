"""`turnlog serve --refusals-per-minute N` as a real uvicorn process against a client that sends
refused requests back to back: past its N strikes each refusal (the application's, and the
protocol's own 400 for a request it cannot read) is held about a second, while a request of the
same address that is not refused is answered at once, ahead of them; a bad value is one line at
start. The hold is a lower bound the server sets itself, never a speed."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time

import pytest

from serve_helpers import ROOT, Server, needs_starlette

needs_starlette()
httpx = pytest.importorskip("httpx")

from turnlog.engine.faces.serve.front import LATE  # noqa: E402


def _late_refusals(url: str, n: int, done: list) -> list[threading.Thread]:
    """``n`` threads each sending one refused request, noting (status, seconds) into ``done``."""

    def one() -> None:
        t = time.monotonic()
        r = httpx.get(url + "/api/games/no-such-route/x/y", timeout=30)
        done.append((r.status_code, time.monotonic() - t))

    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    return threads


def test_past_its_strikes_a_flood_is_answered_late_and_an_honest_request_at_once(tmp_path):
    with Server(tmp_path, "--refusals-per-minute", "3") as srv:
        spent = [httpx.get(srv.url + "/api/games/x/y/z", timeout=10) for _ in range(3)]
        assert [r.status_code for r in spent] == [404] * 3
        done: list = []
        threads = _late_refusals(srv.url, 4, done)
        time.sleep(0.2)  # the four are sent and held
        honest = httpx.get(srv.url + "/api/scenarios", timeout=10)
        held_when_answered = len(done)
        for t in threads:
            t.join(30)
        r = httpx.get(srv.url + "/api/games/x/y/z", timeout=10)
    assert honest.status_code == 200 and held_when_answered == 0
    assert sorted(s for s, _ in done) == [404] * 4
    assert all(took >= LATE * 0.9 for _, took in done)
    assert r.status_code == 404 and r.json()["rule"] == "route"


def test_an_unreadable_request_past_the_strikes_is_held_too(tmp_path):
    with Server(tmp_path, "--refusals-per-minute", "1") as srv:
        bad = []
        for _ in range(2):  # the first spends the one strike, the second is held
            s = socket.create_connection(("127.0.0.1", srv.port), timeout=30)
            s.sendall(b"NOT HTTP AT ALL\r\n\r\n")
            bad.append((s, time.monotonic()))
            time.sleep(0.1)
        honest = httpx.get(srv.url + "/api/scenarios", timeout=10)
        answers = []
        for s, t in bad:
            got = b""
            while part := s.recv(4096):
                got += part
            answers.append((got, time.monotonic() - t))
            s.close()
    assert honest.status_code == 200
    for got, _took in answers:
        head, _sep, body = got.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 400") and json.loads(body)["rule"] == "input"
    assert answers[1][1] >= LATE * 0.9


def test_a_negative_budget_is_one_line_at_start(tmp_path):
    r = subprocess.run([sys.executable, "-m", "turnlog", "serve", "--dir", str(tmp_path / "g"),
                        "--refusals-per-minute", "-1"], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines() == [
        "error: --refusals-per-minute: 0 or more (got -1)"]
