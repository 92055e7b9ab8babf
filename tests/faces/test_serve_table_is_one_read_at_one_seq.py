"""``GET /api/games/ID/table``: the page's one read after a commit holds, at one seq, exactly what
the separate routes answer there: ``replay`` for the page's counts, ``due``, ``odds``, the summary
and ``legal``."""

from __future__ import annotations

import pytest

from serve_helpers import OPEN_CLAIMS, SCRIPT, bearer, create, needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402

ROUTES = {"due": "/due", "odds": "/odds", "summary": "", "legal": "/legal"}


@pytest.fixture
def client(tmp_path):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        yield c


def _parts_apart(client, gid: str, counts: dict) -> dict:
    api = f"/api/games/{gid}"
    apart = {k: client.get(api + path).json() for k, path in ROUTES.items()}
    apart["replay"] = client.get(api + "/replay", params=counts).json()
    return apart


def test_the_table_is_what_each_route_answers_at_the_same_seq_after_every_command(client):
    gid, tokens = create(client, claims=OPEN_CLAIMS)
    counts = {"steps": 0, "commands": 0, "faces": 0, "strings": 0}
    seen_odds = False
    for who, cmd in [(None, None), *SCRIPT]:
        if cmd is not None:
            r = client.post(f"/api/games/{gid}/commands", json=cmd, headers=bearer(tokens[who]))
            assert r.status_code == 200, r.text
        table = client.get(f"/api/games/{gid}/table", params=counts)
        assert table.status_code == 200 and table.headers["content-type"] == "application/json"
        got = table.json()
        assert got == _parts_apart(client, gid, counts)
        seq = got["summary"]["seq"]
        assert got["due"]["seq"] == got["odds"]["seq"] == got["legal"]["seq"] == seq
        assert got["replay"]["events"] == seq
        seen_odds = seen_odds or bool(got["odds"]["procedures"])
        counts = {"steps": seq, "commands": counts["commands"] + len(got["replay"]["commands"]),
                  "faces": counts["faces"] + len(got["replay"]["faces"]),
                  "strings": counts["strings"] + len(got["replay"]["strings"])}
        assert client.get(f"/api/games/{gid}/table", params=counts).json()["replay"]["steps"] == []
    assert seen_odds  # the odds part was read while an attrition waited for its die


def test_the_table_of_no_game_is_404_json_and_a_write_to_it_405(client):
    r = client.get("/api/games/AAAAAAAAAAAAAAAAAAAAAA/table")
    assert r.status_code == 404 and r.json()["rule"] == "game"
    gid, _tokens = create(client)
    r = client.post(f"/api/games/{gid}/table")
    assert r.status_code == 405 and set(r.headers["allow"].split(", ")) == {"GET", "HEAD"}
    assert r.json()["rule"] == "method"


def test_a_table_read_while_another_server_appends_is_read_again_at_one_seq(client, monkeypatch):
    from turnlog.engine.commands import AddNote
    from turnlog.engine.faces.serve import reads
    from turnlog.engine.game import Game

    gid, _tokens = create(client)
    db = client.app.state.api.games.dir / f"{gid}.db"
    due, calls = reads.due, []

    def due_while_another_appends(g):
        calls.append(g.state.seq)
        if len(calls) == 1:  # another server's commit, between this read's parts
            with Game.open(db) as other:
                other.execute(AddNote(text="from elsewhere"), actor="alice")
        return due(g)

    monkeypatch.setattr(reads, "due", due_while_another_appends)
    got = client.get(f"/api/games/{gid}/table", params={"steps": 0, "commands": 0, "faces": 0,
                                                         "strings": 0}).json()
    assert len(calls) == 2 and calls[1] == calls[0] + 1  # read again, once
    seq = got["summary"]["seq"]
    assert seq == calls[1] == got["replay"]["events"] == got["due"]["seq"] == got["legal"]["seq"]
    assert got["odds"]["seq"] == seq and got["replay"]["steps"][-1][1].startswith("note")
