"""The server's own commits wake the followers of a game at once: a write route announces the seq it
committed (``Push.committed``), and the stream sends the new rows without waiting for the watcher's
poll of SQLite, which stays for writers in other processes. A wake only tells a follower to look, so
a commit announced twice, or by both ways, sends each event once."""

from __future__ import annotations

import asyncio

from serve_helpers import bearer, blind_watchers, create, needs_starlette, never_leaves

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine import scenario  # noqa: E402
from turnlog.engine.commands import AddNote  # noqa: E402
from turnlog.engine.faces.serve import push as P  # noqa: E402
from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402
from turnlog.engine.game import Game  # noqa: E402



def test_the_servers_own_commit_reaches_a_follower_without_the_poll(tmp_path, monkeypatch):
    blind_watchers(monkeypatch)
    db = tmp_path / "g.db"
    Game.create(db, scenario.load("bridgehead-14-65"), seed=bytes(32), public_seed=True).close()
    with Game.open(db) as g:
        head = g.state.seq

    async def follow():
        push = P.Push()
        stream = push.stream("g", db, head, never_leaves)
        assert await stream.__anext__() == b"retry: 1000\n\n"
        frames = []
        for text in ("first", "second"):
            nxt = asyncio.ensure_future(stream.__anext__())
            await asyncio.sleep(0.2)  # the follower waits, all rows sent
            with Game.open(db) as g:
                g.execute(AddNote(text=text))
                seq = g.state.seq
            push.committed("g", seq)
            push.committed("g", seq)  # announced again: still once
            frames.append(await asyncio.wait_for(nxt, 10))
        push.close()
        await stream.aclose()
        return frames

    frames = asyncio.run(follow())
    assert [f.split(b"\n")[0] for f in frames] == [b"id: %d" % (head + 1), b"id: %d" % (head + 2)]
    assert b'"text":"first"' in frames[0] and b'"text":"second"' in frames[1]


def test_a_write_route_announces_the_seq_it_committed_and_a_refusal_none(tmp_path, monkeypatch):
    told: list[tuple[str, int]] = []
    monkeypatch.setattr(P.Push, "committed", lambda self, gid, seq: told.append((gid, seq)))
    with TestClient(build(Games(tmp_path / "games"))) as client:
        gid, tokens = create(client)
        begin = {"type": "BeginAttrition", "attacker": "AX", "zone": "WA/western/0505"}
        r = client.post(f"/api/games/{gid}/commands", json=begin, headers=bearer(tokens["alice"]))
        assert r.status_code == 200, r.text
        assert told == [(gid, r.json()["seq"])]
        refused = client.post(f"/api/games/{gid}/commands", json={"type": "RollAttritionDie",
                              "procedure": "A9"}, headers=bearer(tokens["alice"]))
        assert refused.status_code >= 400
        assert told == [(gid, r.json()["seq"])]
