"""What the `turnlog serve` tests share: a seated game created through the API, bearer headers, and
a real uvicorn server on a loopback port (for the live push, the restart and the page)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from turnlog.engine.faces.serve.push import KEEPALIVE

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = "bridgehead-14-65"
SEATS = {"AX": "alice", "WA": "bob"}
# The bundled worked example of 14.65, one command per line, with the seat that issues it.
SCRIPT = [
    ("alice", {"type": "BeginAttrition", "attacker": "AX", "zone": "WA/western/0505"}),
    ("alice", {"type": "RollAttritionDie", "procedure": "A1", "value": 3}),
    ("bob", {"type": "TakeAttritionLosses", "procedure": "A1", "units": ["us-inf-1", "us-inf-2"]}),
    (
        "alice",
        {
            "type": "SelectOccupation",
            "procedure": "A1",
            "selections": [{"hex": "0505", "units": ["ge-pz-1"]}],
        },
    ),
]


#: Claims any seat may make alone: these tests are about the server, the claims' own flow is
#: tests/core/test_fairplay_*.py's (a hosted game takes "claims" at creation like `new --claim`).
OPEN_CLAIMS = {"die": "any", "host-fact": "any", "report": "any"}

def note_written(db) -> int:
    """Write a note to the game at ``db`` as another process would; the seq it ends at."""
    from turnlog.engine.commands import AddNote
    from turnlog.engine.game import Game

    with Game.open(db) as g:
        g.execute(AddNote(text="to all"))
        return g.state.seq


def needs_starlette():
    """Skip without the serve extra; quiet Starlette's advice to move its test client to httpx2."""
    import warnings

    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    return pytest.importorskip("starlette", reason="pip install -e '.[serve]' (or '.[test]')")


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def create(client, **extra) -> tuple[str, dict]:
    """A new seated bridgehead game: (its id, the tokens by actor)."""
    r = client.post("/api/games", json={"scenario": SCENARIO, "seats": SEATS, "claims": OPEN_CLAIMS, **extra})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


def blind_watchers(monkeypatch) -> None:
    """Make the server's watchers blind to commits (the SQLite poller and a watcher's wait alike): only a
    commit the server announces itself can then wake a follower."""
    from turnlog.events.log import EventLog

    def blind(self, after, timeout=None, poll=None):
        time.sleep(min(timeout or 0.0, 0.05))
        return False

    monkeypatch.setattr(EventLog, "wait", blind)
    monkeypatch.setattr(EventLog, "data_version", lambda self: 0)


async def never_leaves() -> dict:
    """An ASGI ``receive`` of a client that never leaves."""
    import asyncio

    await asyncio.Event().wait()
    return {"type": "http.disconnect"}


def verified(url: str, tries: int = 20) -> dict:
    """``GET url`` (a game's /verify) as a client should: a 503 ``busy`` (the server's verifies all
    taken, by the pages following the game, say) is asked again after its Retry-After, a bounded
    number of times."""
    import httpx

    for _ in range(tries):
        r = httpx.get(url, timeout=30)
        if r.status_code != 503:
            return r.json()
        time.sleep(min(float(r.headers.get("retry-after", "1")), 2.0))
    raise AssertionError(f"{url} stayed busy through {tries} tries")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`turnlog serve --dir DIR` in a process of its own, on a free loopback port."""

    def __init__(self, folder: Path | None, *extra: str, files: int | None = None):
        """``folder``: None for no --dir (a server of --db alone); ``files``: the RLIMIT_NOFILE
        the server runs under (None: this process's)."""
        self.dir, self.extra, self.files = folder, extra, files
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.host = "127.0.0.1"  # where start() waits for it to listen
        self.proc = None

    def start(self) -> "Server":
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "turnlog",
                "serve",
                *(["--dir", str(self.dir)] if self.dir is not None else []),
                "--port",
                str(self.port),
                *self.extra,
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            preexec_fn=self._limit if self.files else None,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection((self.host, self.port), 0.2).close()
                return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(self.proc.stderr.read().decode())
                time.sleep(0.05)
        raise RuntimeError("the server did not start listening in 20 s")

    def _limit(self) -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (self.files, self.files))

    def kill(self, sig=signal.SIGKILL) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(10)

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.kill(signal.SIGTERM)


def due_events(lines) -> list[dict]:
    """The data of each ``due`` event (whose move; no id) in a list of SSE lines."""
    out, kind = [], ""
    for line in lines:
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: ") and kind == "due":
            out.append(json.loads(line[6:]))
        elif line == "":
            kind = ""
    return out


def sse_events(lines) -> list[tuple[int, dict]]:
    """(id, data) of each complete event in an iterator of SSE lines, until the iterator stops."""
    out, seq, data = [], None, None
    for line in lines:
        if line.startswith("id: "):
            seq = int(line[4:])
        elif line.startswith("data: "):
            data = json.loads(line[6:])
        elif line == "" and seq is not None:
            out.append((seq, data))
            seq = data = None
    return out


class Follower:
    """An SSE client in a thread: ``got`` holds (seq, data, arrival time) of each event."""

    def __init__(self, url: str, headers: dict | None = None):
        import threading

        self.url, self.headers = url, headers or {}
        self.got: list[tuple[int, dict, float]] = []
        self.dues: list[dict] = []  # the ``due`` events (whose move), in order
        self.content_type = ""
        self.connections = 0
        self._stop = False
        self._socket = None  # the stream's connection, shut at __exit__ to end a blocked read
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "Follower":
        self._thread.start()
        return self

    def _run(self) -> None:
        """Read; when the stream ends or fails, reconnect from the last seq, as EventSource does.

        The read timeout outlasts the server's keep-alive comment, so a loaded machine's slow
        command never counts as a dropped connection."""
        import httpx

        headers = dict(self.headers)
        while not self._stop:
            try:
                with httpx.stream(
                    "GET", self.url, headers=headers, timeout=httpx.Timeout(5.0, read=KEEPALIVE + 10)
                ) as r:
                    self.content_type = r.headers.get("content-type", "")
                    self.connections += 1
                    self._socket = r.extensions["network_stream"].get_extra_info("socket")
                    if self._stop:
                        break
                    lines: list[str] = []
                    for line in r.iter_lines():
                        lines.append(line)
                        if line == "":
                            self.got += [(s, d, time.monotonic()) for s, d in sse_events(lines)]
                            self.dues += due_events(lines)
                            lines = []
            except httpx.HTTPError:
                time.sleep(0.05)  # a server being restarted: retry, not spin
            if self.got:
                headers["Last-Event-ID"] = str(self.got[-1][0])

    def wait_for(self, seq: int, timeout: float = 10.0) -> list[tuple[int, dict, float]]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not (self.got and self.got[-1][0] >= seq):
            time.sleep(0.02)
        return list(self.got)

    def __exit__(self, *exc) -> None:
        """Stop: the connection is shut, so a read waiting for the next keep-alive ends now."""
        import socket

        self._stop = True
        if self._socket is not None:
            try:
                self._socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # closed already
        self._thread.join(5)
