"""Each reading route of `turnlog serve` on uploads at the creation's limits: wall seconds, one run each.

``python -m benchmarks.serve_routes`` creates, through the application (Starlette's TestClient, no
network), games whose uploads fill the 1 MiB creation body (docs/serve.md "Limits"): a 100x100 map (the
short form's largest, 10,000 hexes) with as many units as fit (one short unit line each), and one with
10,000 factions (the limit of a list) besides. It prints the body's size, the creation's seconds and each
route's. tests/faces/test_serve_route_costs.py counts the same routes' work at two small sizes.
"""
from __future__ import annotations

import argparse
import json
import tempfile
import time
import warnings
from pathlib import Path

MiB = 1024 * 1024
ROUTES = ("", "/board", "/board.svg", "/log?start=1&limit=1000", "/legal", "/due", "/verify",
          "/replay?steps=0&commands=0&faces=0&strings=0", "PAGE")


def upload(units: int, factions: int) -> str:
    """A scenario of a 100x100 map split among ``factions``, with ``units`` units in short lines."""
    doc = {"name": "limits",
           "factions": [{"id": f"F{i}", "side": "axis" if i % 2 else "allies"} for i in range(factions)],
           "nationalities": [{"id": f"N{i}", "faction": f"F{i}"} for i in range(factions)],
           "map": [f"{c:02d}00..{c:02d}99: controller=F{c * factions // 100}" for c in range(100)],
           "units": [f"u{i} N{i % factions} {1 + i % 5} @{(i * 7919) % 100:02d}{(i * 31) % 100:02d}"
                     for i in range(units)],
           "turn": {"turn": 1, "season": "summer", "year": 1943, "active": "F0", "phase": "movement"}}
    return json.dumps(doc, separators=(",", ":"))


def body(units: int, factions: int) -> bytes:
    """The creation's body: the upload and two seats."""
    return json.dumps({"scenario": {"format": "json", "text": upload(units, factions)},
                       "seats": {"F0": "alice", "F1": "bob"}}, separators=(",", ":")).encode()


def fitting(factions: int, limit: int = MiB) -> int:
    """The most units an upload of ``factions`` factions holds within the creation body."""
    lo, hi = 0, 100_000
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if len(body(mid, factions)) <= limit else (lo, mid - 1)
    return lo


def run(client, units: int, factions: int) -> None:
    text = body(units, factions)
    t = time.perf_counter()
    r = client.post("/api/games", content=text, headers={"Content-Type": "application/json"})
    assert r.status_code == 201, r.text[:300]
    print(f"{units} units, 10,000 hexes, {factions} factions ({len(text) / MiB:.2f} MiB): "
          f"created in {time.perf_counter() - t:.1f} s", flush=True)
    gid = r.json()["id"]
    for route in ROUTES:
        url = f"/games/{gid}" if route == "PAGE" else f"/api/games/{gid}{route}"
        t = time.perf_counter()
        r = client.get(url)
        assert r.status_code == 200, (route, r.text[:300])
        print(f"  GET {route or '/'}: {time.perf_counter() - t:.2f} s, {len(r.content) / MiB:.1f} MiB", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--factions", type=int, action="append", help="factions of an upload (16 and 10,000)")
    args = ap.parse_args(argv)
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

    from turnlog.engine.faces.serve.app import build
    from turnlog.engine.faces.serve.games import Games
    with tempfile.TemporaryDirectory() as tmp, TestClient(build(Games(Path(tmp)))) as client:
        for factions in args.factions or [16, 10_000]:
            run(client, fitting(factions), factions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
