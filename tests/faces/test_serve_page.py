"""The page a hosted game serves is the replay page of `export --html`, grown live through
``/replay``: what a page lacks after a command or an undo, under a policy that runs only the
server's own scripts."""

from __future__ import annotations

import json
import re

import pytest

from serve_helpers import bearer, create, needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine.faces.html import document as html_page  # noqa: E402
from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402

DATA = re.compile(r'<script type="application/json" id="turnlog-data">(.*?)</script>', re.S)


@pytest.fixture
def client(tmp_path):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        yield c


def _counts(data: dict) -> dict:
    return {"steps": len(data["steps"]), "commands": len(data["commands"]),
            "faces": len(data["facedata"]), "strings": len(data["strings"])}


def test_the_page_is_the_replay_with_its_data_and_only_the_servers_scripts(client):
    gid, tokens = create(client)
    r = client.get(f"/games/{gid}")
    assert r.status_code == 200 and "script-src 'self'" in r.headers["content-security-policy"]
    data = json.loads(DATA.search(r.text).group(1))
    assert data["events"] == data["start"] + 1 == 23 and data["verify"]["ok"]
    assert '<script src="/static/replay.js">' in r.text and "<script>" not in r.text
    assert client.get("/static/replay.js").text == html_page.asset("replay.js")
    assert tokens["alice"] not in r.text and 'id="board"' in r.text


def test_replay_answers_what_a_page_lacks_after_a_command_and_an_undo(client):
    gid, tokens = create(client, host="carol")
    data = json.loads(DATA.search(client.get(f"/games/{gid}").text).group(1))
    first = client.get(f"/api/games/{gid}/replay", params=_counts(data)).json()
    assert first["steps"] == [] and first["undone"] == [] and first["events"] == 23
    move = {"type": "MoveUnit", "unit": "us-inf-3", "hex": "0502"}
    r = client.post(f"/api/games/{gid}/commands", json=move, headers=bearer(tokens["carol"]))
    assert r.status_code == 200, r.text
    more = client.get(f"/api/games/{gid}/replay", params=_counts(data)).json()
    assert more["events"] == 24 and len(more["commands"]) == 1 and len(more["faces"]) == 0
    assert [s[1] for s in more["steps"]] == ["us-inf-3 moved to 0502"]
    for key in ("steps", "commands", "facedata", "strings"):
        data[key] += more[key]
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(tokens["carol"]))
    assert r.status_code == 200, r.text
    after = client.get(f"/api/games/{gid}/replay", params=_counts(data)).json()
    assert after["undone"] == [[1, 25]] and after["steps"][0][1].startswith("command 2 undone")
    fresh = json.loads(DATA.search(client.get(f"/games/{gid}").text).group(1))
    assert fresh["commands"][1][7] == 25 and fresh["steps"][23][2] & 2


def test_replay_counts_are_whole_numbers(client):
    gid, _ = create(client)
    r = client.get(f"/api/games/{gid}/replay", params={"steps": "-1"})
    assert r.status_code == 400 and r.json()["rule"] == "input" and "steps" in r.json()["message"]
