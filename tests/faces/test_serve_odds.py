"""`GET /api/games/ID/odds`: the odds each open procedure faces before its roll, in its kind's lines (14.41
for the bundled attrition), gone once the die is rolled; anyone may read them, as the board; an unknown
game is a 404 JSON, a write method a 405 naming GET."""

from __future__ import annotations

import pytest

from serve_helpers import SCRIPT, bearer, create, needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402


@pytest.fixture
def client(tmp_path):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        yield c


def test_14_41_the_odds_of_an_open_attrition_are_served_until_its_roll(client):
    gid, tokens = create(client)
    url = f"/api/games/{gid}/odds"
    assert client.get(url).json()["procedures"] == []
    (actor, begin), (roller, roll) = SCRIPT[:2]
    assert client.post(f"/api/games/{gid}/commands", json=begin, headers=bearer(tokens[actor])).status_code == 200
    got = client.get(url).json()  # no token: a spectator reads them too
    (odds,) = got["procedures"]
    assert odds["procedure"] == "A1" and "14.41" in odds["lines"][0]
    assert any("chance of each result" in line for line in odds["lines"])
    assert got["seq"] == client.get(f"/api/games/{gid}").json()["seq"]
    assert client.post(f"/api/games/{gid}/commands", json=roll, headers=bearer(tokens[roller])).status_code == 200
    assert client.get(url).json()["procedures"] == []


def test_the_odds_of_no_game_are_a_404_and_a_write_a_405(client):
    r = client.get("/api/games/" + "A" * 22 + "/odds")
    assert r.status_code == 404 and r.json()["rule"] == "game"
    gid, _tokens = create(client)
    r = client.post(f"/api/games/{gid}/odds", json={})
    assert r.status_code == 405 and "GET" in r.headers["allow"] and "POST" not in r.headers["allow"]
