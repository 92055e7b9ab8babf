"""`turnlog serve` under a lowered RLIMIT_NOFILE: fifty games (more than the limit could hold open) created and each read through
every route keep every route answering, since at most --max-open-games games stay open (the least
recently used closed first, reopened on demand) and a follower's readers close when it leaves; a
limit too low for the flags is one line at start, exit 2."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys

import pytest

from serve_helpers import OPEN_CLAIMS, ROOT, SCENARIO, SEATS, Server, bearer, needs_starlette

needs_starlette()
httpx = pytest.importorskip("httpx")

GAME = {"scenario": SCENARIO, "seats": SEATS, "claims": OPEN_CLAIMS}
FILES = 128
GAMES = 50  # each open game holds 3 files or more: 150 > FILES
OPEN = 4
FLAGS = ("--max-connections", "20", "--max-open-games", str(OPEN), "--max-games-per-client", "1000")
READS = ("", "/board", "/legal", "/log", "/board.svg", "/replay")


def _open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts descriptors in /proc")
def test_more_games_than_the_file_limit_holds_keep_every_route_answering(tmp_path):
    with Server(tmp_path / "games", *FLAGS, files=FILES) as srv, httpx.Client(
            base_url=srv.url, timeout=60) as c:
        made = []
        for _ in range(GAMES):
            r = c.post("/api/games", json=GAME)
            assert r.status_code == 201, r.text
            made.append((r.json()["id"], r.json()["tokens"]))
        for gid, tokens in made:
            for path in READS:
                r = c.get(f"/api/games/{gid}{path}")
                assert r.status_code == 200, (path, r.text)
            note = {"type": "AddNote", "text": "still here"}
            r = c.post(f"/api/games/{gid}/commands", json=note, headers=bearer(tokens["alice"]))
            assert r.status_code == 200, r.text
        for gid, _tokens in made[:OPEN + 2]:  # a follower each, one after another
            with c.stream("GET", f"/api/games/{gid}/events") as r:
                assert r.status_code == 200
                next(r.iter_lines())
        with contextlib.ExitStack() as following:  # OPEN games followed at once: one more is refused
            reading = []  # each stream's lines, kept: a line iterator let go closes its stream
            for gid, _tokens in made[:OPEN]:
                r = following.enter_context(c.stream("GET", f"/api/games/{gid}/events"))
                assert r.status_code == 200
                reading.append(r.iter_lines())
                next(reading[-1])
            with c.stream("GET", f"/api/games/{made[OPEN][0]}/events") as r:
                assert r.status_code == 503  # and not a stream that would never end
                assert json.loads(r.read())["rule"] == "busy"
        for gid, _tokens in made[-3:]:
            assert c.get(f"/api/games/{gid}/verify").json()["ok"]
            assert c.get(f"/games/{gid}").status_code == 200
        assert _open_files(srv.proc.pid) < FILES // 2


def test_a_file_limit_too_low_for_the_flags_is_one_line_at_start(tmp_path):
    def low():
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))

    done = subprocess.run(
        [sys.executable, "-m", "turnlog", "serve", "--dir", str(tmp_path), "--port", "1"],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        preexec_fn=low, timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "--max-connections" in done.stderr
