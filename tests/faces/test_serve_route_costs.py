"""What each reading route of `turnlog serve` costs, counted (function calls made while it answers, never
wall time), for an uploaded game of many units, hexes and factions: linear in the game's size. The same
game at twice the units, hexes and factions costs each route (and its creation) about twice the calls, never four times
(docs/serve.md "Limits"; benchmarks/serve_routes.py runs the routes at the upload's limits). The
event stream is left out: it sends one line per event."""
from __future__ import annotations

import json
import sys
import threading

import pytest

from serve_helpers import bearer, needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402

COUNTS = "steps=0&commands=0&faces=0&strings=0"
#: Each reading route (its path after /api/games/ID, or the page) in the order a visitor meets them.
ROUTES = ("", "/me", "/board", "/board.svg", "/log?start=1&limit=1000", "/legal", "/due", "/odds",
          "/verify", f"/replay?{COUNTS}", "PAGE", f"/table?{COUNTS}", "/board?at=HALF",
          "/board.svg?at=HALF")


def upload(units: int, hexes: int, factions: int) -> str:
    """A scenario of ``units`` units on ``hexes`` hexes held by ``factions`` factions, as an upload's text,
    playing every built-in kind (each one's view is drawn by the routes)."""
    cols = max(4, int(hexes ** 0.5))
    rows = -(-hexes // cols)
    ids = [f"{c:03d}{r:03d}" for c in range(cols) for r in range(rows)][:hexes]
    doc = {"name": "crowded",
           "factions": [{"id": f"F{i}", "side": "axis" if i % 2 else "allies"} for i in range(factions)],
           "nationalities": [{"id": f"N{i}", "faction": f"F{i}"} for i in range(factions)],
           "hexes": [{"id": h, "col": int(h[:3]), "row": int(h[3:]),
                      "controller": f"F{i * factions // len(ids)}"} for i, h in enumerate(ids)],
           "units": [{"id": f"u{i}", "nationality": f"N{i % factions}", "factors": 1 + i % 5,
                      "hex": ids[(i * 7919) % len(ids)]} for i in range(units)],
           "turn": {"turn": 1, "season": "summer", "year": 1943, "active": "F0", "phase": "movement"},
           "rules": {"procedures": ["attrition", "designation", "wif", "assault"]}}
    return json.dumps(doc, separators=(",", ":"))


class Lines:
    """A trace hook counting the lines of Python run in every thread while ``on`` (a loop's line once per
    turn, a comprehension's once per item): the work, whatever calls it is split into."""

    def __init__(self):
        self.on, self.n = False, 0

    def __call__(self, frame, event, arg):
        if not self.on:
            return None
        self.n += 1
        return self


@pytest.fixture(scope="module")
def costs(tmp_path_factory):
    """Per size: the lines each route ran answering for the first time."""
    calls = Lines()
    threading.settrace(calls)
    sys.settrace(calls)
    try:
        with TestClient(build(Games(tmp_path_factory.mktemp("games")))) as client:
            _measure(client, Lines(), 20, 40, 2)  # untraced: every route's modules imported, its caches made
            yield {size: _measure(client, calls, *size) for size in ((100, 200, 4), (200, 400, 8))}
    finally:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type]


def _measure(client, calls: Lines, units: int, hexes: int, factions: int) -> dict[str, int]:
    body = {"scenario": {"format": "json", "text": upload(units, hexes, factions)},
            "seats": {"F0": "alice", "F1": "bob"}}
    calls.n, calls.on = 0, True
    r = client.post("/api/games", json=body)
    calls.on = False
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["tokens"]["alice"]
    half = client.get(f"/api/games/{gid}").json()["seq"] // 2
    out = {"POST": calls.n}
    for route in ROUTES:
        url = f"/games/{gid}" if route == "PAGE" else f"/api/games/{gid}{route.replace('HALF', str(half))}"
        calls.n, calls.on = 0, True
        r = client.get(url, headers=bearer(token))
        calls.on = False
        assert r.status_code == 200, (route, r.text[:200])
        out[route] = calls.n
    return out


@pytest.mark.parametrize("route", ("POST", *ROUTES))
def test_each_reading_route_costs_calls_linear_in_units_hexes_and_factions(costs, route):
    (small, n_small), (large, n_large) = ((k, k[0] + k[1] + k[2]) for k in costs)
    assert costs[large][route] < 2.5 * costs[small][route] + 2000, (route, costs[small][route], costs[large][route])
    assert costs[large][route] <= (4000 if route == "POST" else 1000) * n_large, (route, costs[large][route])
