"""A loopback load test of `turnlog serve`: many games, several writing clients each, live
followers.

``python -m benchmarks.serve_load [--games 50 --clients 4 --commands 200 --followers 1]`` starts
`turnlog serve` on a free loopback port over a fresh folder, creates the games (seated: alice holds
AX, bob WA), and runs every client in a thread of its own: each posts notes as its seat, each with
the seq it last saw (``?expect=``), taking a 409 as "read on and send again". Followers read each
game's Server-Sent Events (reconnecting with Last-Event-ID after two idle seconds, as a browser
does). At the end every follower must have received every seq after the setup exactly once, every
game's head must be its setup plus the notes accepted, and every game must verify.
docs/performance.md records runs.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
SEATS = {"AX": "alice", "WA": "bob"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(folder: Path, port: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        # every game of the run is made from this one address: lift the hourly creation quota
        [sys.executable, "-m", "turnlog", "serve", "--dir", str(folder), "--port", str(port),
         "--max-games-per-client", "100000"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(folder.parent / f"{folder.name}.server.log", "wb"),  # noqa: SIM115 (the child's)
    )
    return listening(proc, port, "turnlog serve")


def listening(proc: subprocess.Popen, port: int, what: str) -> subprocess.Popen:
    """``proc`` once its loopback ``port`` takes connections (20 s at most; else killed, named)."""
    for _ in range(400):
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"{what} did not start")


def _writer(base: str, gid: str, token: str, n: int, name: str, out: dict, expect: bool) -> None:
    """Post ``n`` notes, each with the seq last seen; on 409 move the seq on and send it again.

    A connection that breaks before the answer leaves the note's fate unknown: the log after the
    seq last seen says whether it was stored (each note's text is unique), so it is never sent twice.
    """
    lat = out.setdefault("latency", [])
    out.setdefault("retries", 0)
    out.setdefault("broken", 0)
    with httpx.Client(
        base_url=base, timeout=60, headers={"Authorization": f"Bearer {token}"}
    ) as client:
        seen = _get(client, f"/api/games/{gid}", out)["seq"]
        for i in range(n):
            text = f"{name} {i}"
            body = json.dumps({"type": "AddNote", "text": text})
            while True:
                t = time.perf_counter()
                params = {"expect": seen} if expect else {}
                try:
                    r = client.post(f"/api/games/{gid}/commands", params=params, content=body)
                except httpx.TransportError:
                    out["broken"] += 1
                    if _stored(client, gid, seen, text):
                        break
                    continue
                lat.append(time.perf_counter() - t)
                if r.status_code == 200:
                    seen = r.json()["seq"]
                    break
                if r.status_code != 409:
                    raise RuntimeError(f"{gid}: {r.status_code} {r.text}")
                seen = r.json()["seq"]
                out["retries"] += 1


def _get(client: httpx.Client, url: str, out: dict, **params) -> dict:
    """A read, sent again when the connection breaks (a read changes nothing)."""
    for _attempt in range(10):
        try:
            return client.get(url, params=params).json()
        except httpx.TransportError:
            out["broken"] = out.get("broken", 0) + 1
            time.sleep(0.1)
    raise RuntimeError(f"{url}: the connection broke ten times")


def _stored(client: httpx.Client, gid: str, after: int, text: str) -> bool:
    start = after + 1
    while start:
        page = _get(client, f"/api/games/{gid}/log", {}, start=start)
        if any(r["event"].get("text") == text for r in page["rows"]):
            return True
        start = page["next"]
    return False


class _Follower(threading.Thread):
    def __init__(self, url: str, after: int):
        super().__init__(daemon=True)
        self.url, self.after, self.seqs, self.stop = url, after, [], False

    def run(self) -> None:
        headers = {}
        while not self.stop:
            try:
                with httpx.stream(
                    "GET",
                    f"{self.url}?after={self.after}",
                    headers=headers,
                    timeout=httpx.Timeout(2.0),
                ) as r:
                    for line in r.iter_lines():
                        if line.startswith("id: "):
                            self.seqs.append(int(line[4:]))
            except httpx.HTTPError:
                pass
            if self.seqs:
                headers = {"Last-Event-ID": str(self.seqs[-1])}


def run(
    games: int = 50,
    clients: int = 4,
    commands: int = 200,
    followers: int = 1,
    folder: Path | None = None,
    expect: bool = True,
) -> dict:
    """Run the load and return its figures (see the module's docstring)."""
    from turnlog.engine.verify import verify_path

    folder = Path(folder or tempfile.mkdtemp(prefix="turnlog-serve-load-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(folder, port)
    try:
        made = []
        for _ in range(games):
            r = httpx.post(
                base + "/api/games",
                json={"scenario": "bridgehead-14-65", "seats": SEATS},
                timeout=60,
            )
            r.raise_for_status()
            gid = r.json()["id"]
            made.append(
                (gid, r.json()["tokens"], httpx.get(f"{base}/api/games/{gid}").json()["seq"])
            )
        follow = {
            gid: [_Follower(f"{base}/api/games/{gid}/events", setup) for _ in range(followers)]
            for gid, _t, setup in made
        }
        for fs in follow.values():
            for f in fs:
                f.start()
        outs: list[dict] = []
        threads = []
        for gid, tokens, _setup in made:
            for k in range(clients):
                actor = ("alice", "bob")[k % 2]
                outs.append({})
                threads.append(
                    threading.Thread(
                        target=_writer,
                        args=(base, gid, tokens[actor], commands, f"{actor}{k}", outs[-1], expect),
                    )
                )
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - t0
        if proc.poll() is not None:  # say how it ended: a negative status is the signal's number
            raise RuntimeError(f"turnlog serve exited with status {proc.returncode} during the "
                               f"run; its stderr: {folder.parent / (folder.name + '.server.log')}")
        return _figures(base, made, follow, outs, elapsed, clients * commands, folder, verify_path)
    finally:
        proc.terminate()
        proc.wait(10)


def _figures(base, made, follow, outs, elapsed, per_game, folder, verify_path) -> dict:
    lat = sorted(x for o in outs for x in o.get("latency", []))
    lost = duplicated = forked = pushed = 0
    for gid, _tokens, setup in made:
        head = httpx.get(f"{base}/api/games/{gid}", timeout=60).json()["seq"]
        forked += (
            head != setup + per_game
        )  # one event per note: anything else is a lost or doubled write
        want = list(range(setup + 1, head + 1))
        for f in follow[gid]:
            deadline = time.monotonic() + 30
            while len(set(f.seqs)) < len(want) and time.monotonic() < deadline:
                time.sleep(0.05)
            f.stop = True
            pushed += len(f.seqs)
            lost += len(set(want) - set(f.seqs))
            duplicated += len(f.seqs) - len(set(f.seqs))
        forked += not verify_path(folder / f"{gid}.db", seed_file=folder / f"{gid}.db.seed").ok
    n = len(made) * per_game
    return {
        "games": len(made),
        "commands": n,
        "seconds": round(elapsed, 2),
        "commands_per_s": round(n / elapsed, 1),
        "p50_ms": round(1000 * lat[len(lat) // 2], 1),
        "p99_ms": round(1000 * lat[int(len(lat) * 0.99)], 1),
        "retries_409": sum(o.get("retries", 0) for o in outs),
        "broken_connections": sum(o.get("broken", 0) for o in outs),
        "events_pushed": pushed,
        "lost": lost,
        "duplicated": duplicated,
        "forked": forked,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--clients", type=int, default=4, help="writing clients per game")
    p.add_argument("--commands", type=int, default=200, help="commands each client posts")
    p.add_argument("--no-expect", action="store_true",
                   help="post without ?expect= (each command judged on arrival: no 409s)")
    p.add_argument("--followers", type=int, default=1, help="SSE followers per game")
    a = p.parse_args(argv)
    print(json.dumps(run(a.games, a.clients, a.commands, a.followers, expect=not a.no_expect)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
