"""Through `turnlog serve`: one bot per seat, each holding only its own token, plays every bundled
scenario to its end from ``GET /due`` and ``GET /legal`` alone, with no host and with one.

A bot acts only as an actor the game waits for, and issues only a choice that names it among its
``actors``; every refused draft must be a 4xx JSON answer on a choice whose ``note`` states the
condition. The game then verifies (``GET /verify``), and ``/due`` says it is over.
"""
from __future__ import annotations

import random

import msgspec
import pytest

from serve_helpers import bearer, needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine import scenario  # noqa: E402
from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402
from turnlog.engine.kit.choices import Choice  # noqa: E402

QUIET = ("AddNote", "RevealSeed", "MoveUnit", "MarkOffensive", "SetControl", "SetSupply",
         "MarkAirdropped", "PlaceFeature", "RemoveFeature", "SetWeather")


def _create(client, name: str, host: bool) -> tuple[str, dict]:
    sc = scenario.load(name)
    seats = {f.id: f"p-{f.id.lower()}" for f in sc.factions}
    body = {"scenario": name, "seats": seats, **({"host": "hq"} if host else {})}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


def _step(client, gid: str, tokens: dict, rng: random.Random) -> bool:
    """One bot move; False once the game is over."""
    due = client.get(f"/api/games/{gid}/due").json()
    if due.get("over"):
        return False
    assert due["waiting"], f"stuck: {due['line']}"
    actor = rng.choice(due["waiting"])
    heads = {i["head"] for s in due["seats"] if s["actor"] == actor for i in s.get("due", [])}
    mine = [ch for ch in client.get(f"/api/games/{gid}/legal").json()["choices"]
            if actor in ch.get("actors", []) and ch["command"] not in QUIET]
    due_now = [ch for ch in mine if ch["head"] in heads]
    ch = rng.choice(due_now if due_now and rng.random() > 0.2 else mine or due_now)
    doc = msgspec.convert({k: v for k, v in ch.items() if k in Choice.__struct_fields__}, Choice).example(rng)
    r = client.post(f"/api/games/{gid}/commands", json=doc, headers=bearer(tokens[actor]))
    if r.status_code != 200:
        assert r.status_code in (409, 422) and ch.get("note"), (actor, doc, r.status_code, r.text)
    return True


@pytest.mark.parametrize("host", [False, True], ids=["no-host", "host"])
@pytest.mark.parametrize("name", sorted(scenario.bundled_names()))
def test_serve_bots_play_the_scenario_to_its_end(tmp_path, name, host):
    rng = random.Random(sum(map(ord, name)) + 7 * host)
    with TestClient(build(Games(tmp_path / "games"))) as client:
        gid, tokens = _create(client, name, host)
        for _ in range(3000):
            if not _step(client, gid, tokens, rng):
                break
        due = client.get(f"/api/games/{gid}/due").json()
        assert due.get("over") and due["line"].startswith("Game over:"), due["line"]
        assert client.get(f"/api/games/{gid}").json()["over"] == due["over"]
        assert client.get(f"/api/games/{gid}/verify").json()["ok"] is True
