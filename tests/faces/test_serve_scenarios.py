"""`GET /api/scenarios` says what a creation may name: every bundled scenario, its factions and the
seats to give; a creation made from nothing but that answer is accepted."""

from __future__ import annotations

import msgspec

from serve_helpers import needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine import scenario as SC  # noqa: E402
from turnlog.engine.faces.serve import schemas as S  # noqa: E402
from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402


def test_every_bundled_scenario_is_listed_with_its_factions_and_seats(tmp_path):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        r = c.get("/api/scenarios")
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
    got = msgspec.convert(r.json(), S.Scenarios)  # the shape the description names
    assert [b.scenario for b in got.scenarios] == SC.bundled_names()
    for b in got.scenarios:
        sc = SC.load(b.scenario)
        assert b.name == sc.name
        assert b.description and b.description == sc.description.strip().splitlines()[0]
        assert [(f.id, f.name) for f in b.factions] == [(f.id, f.name or f.id) for f in sc.factions]
        assert b.seats == [f.id for f in sc.factions] and b.seated == dict(sc.seats.factions)


def test_a_creation_from_the_listing_alone_is_accepted_for_each_scenario(tmp_path):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        listed = c.get("/api/scenarios").json()["scenarios"]
        for b in listed:
            seats = {f: f"player-{f.lower()}" for f in b["seats"]}
            r = c.post("/api/games", json={"scenario": b["scenario"], "seats": seats})
            assert r.status_code == 201, (b["scenario"], r.text)
            assert r.json()["name"] == b["name"]
            assert sorted(r.json()["tokens"]) == sorted(seats.values())


def test_the_listing_takes_no_input_and_refuses_a_write(tmp_path):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        plain = c.get("/api/scenarios").json()
        assert c.get("/api/scenarios?scenario=../../etc/passwd&x=%00").json() == plain
        r = c.post("/api/scenarios", json={"scenario": "x"})
        assert r.status_code == 405 and r.json()["rule"] == "method" and "GET" in r.headers["allow"]
        assert r.headers["content-type"].startswith("application/json")
    assert not list((tmp_path / "games").glob("*"))  # nothing written
