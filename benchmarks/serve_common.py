"""What the hosted-play-at-scale benchmarks share: a server process with flags, its resident
memory, a raw-socket SSE follower, percentiles, and the JSON and Markdown every run writes.

The followers are asyncio streams on plain sockets rather than httpx streams: a thousand of them
then cost the benchmark's process little, so the server, not the client, is what is measured.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from .serve_load import free_port, listening

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
SEATS = {"AX": "alice", "WA": "bob"}
SCENARIO = "bridgehead-14-65"


def raise_files() -> tuple[int, int]:
    """Raise this process's soft RLIMIT_NOFILE to its hard one; answer (soft, hard) after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)


class Server:
    """One `turnlog serve` process on a free loopback port; its stderr kept beside ``log``."""

    def __init__(self, *flags: str, log: Path, wait: bool = True, cpus: set[int] | None = None):
        """Start it; ``wait``: return once it listens (else call ``listening()`` later); ``cpus``:
        the only CPUs it (every thread of it) may run on."""
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.log = log
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "turnlog", "serve", "--port", str(self.port), *flags],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
            stderr=open(log, "wb"),  # noqa: SIM115 (the child's)
            # the server raises its own soft limit to the hard one if its flags need it
            preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None,
        )
        if wait:
            self.listening()

    def listening(self) -> None:
        listening(self.proc, self.port, f"turnlog serve (its stderr: {self.log})")

    @property
    def pid(self) -> int:
        return self.proc.pid

    def rss_kib(self) -> int:
        """The server's resident memory now (VmRSS of /proc/PID/status), in KiB."""
        return rss_kib(self.proc.pid)

    def alive(self) -> None:
        if self.proc.poll() is not None:
            raise RuntimeError(f"turnlog serve exited with status {self.proc.returncode}; "
                               f"its stderr: {self.log}")

    def stop(self) -> None:
        """SIGTERM, and SIGKILL after a second: the run's figures are taken, its games thrown
        away, so the server's graceful wait for open streams buys nothing."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(1)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"/proc/{pid}/status has no VmRSS")


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by nearest rank; nan for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * len(ordered))) - 1))]


def ms(seconds: float) -> float:
    return round(1000 * seconds, 2)


class Follower:
    """One SSE stream read from a raw socket: the time each ``id:`` (a seq) arrived."""

    def __init__(self, port: int, gid: str, after: int):
        self.port, self.gid, self.after = port, gid, after
        self.got: dict[int, float] = {}
        self.status = b""
        self.task: asyncio.Task | None = None

    async def open(self) -> None:
        """Connect, send the request and read the answer's head (its status kept)."""
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        self.writer.write(
            f"GET /api/games/{self.gid}/events?after={self.after} HTTP/1.1\r\n"
            "Host: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        self.status = head.split(b"\r\n", 1)[0]
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        clock = time.perf_counter
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    return
                # chunked framing lines (sizes, blanks) are skipped: only "id: N" lines count
                if line.startswith(b"id: "):
                    self.got[int(line[4:])] = clock()
        except (ConnectionError, asyncio.IncompleteReadError):
            return

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
        self.writer.close()


def machine() -> dict:
    """What the figures ran on: cores, load, Python."""
    return {"nproc": os.cpu_count(), "loadavg": [round(x, 2) for x in os.getloadavg()],
            "python": sys.version.split()[0]}


def write(name: str, result: dict, out: Path | None = None) -> Path:
    """Write ``result`` (with the machine and the UTC time) as JSON in benchmarks/results/."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    result = {"benchmark": name, "at": stamp, "machine": machine(), **result}
    path = out or RESULTS / f"{name}-{stamp}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=1))
    return path


def table(header: list[str], rows: list[list]) -> str:
    """A Markdown table; numbers get thousands separators."""

    def cell(v) -> str:
        if isinstance(v, float):
            return f"{v:,.2f}" if abs(v) < 100 else f"{v:,.0f}"
        if isinstance(v, int):
            return f"{v:,}"
        return str(v)

    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)
