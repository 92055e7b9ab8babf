"""`GET /api/games/ID/replay`: pages asking with the same counts at the same head share one answer,
encoded once in the game's worker thread (many anonymous page loads cost one encoding, none on the event
loop); a new event gives a new answer."""

from __future__ import annotations

import pytest

from serve_helpers import SCRIPT, bearer, create, needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine.faces.html.live import Live  # noqa: E402
from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402


@pytest.fixture
def client(tmp_path):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        yield c


def test_the_same_counts_at_the_same_head_share_one_answer(client, monkeypatch):
    gid, tokens = create(client)
    url = f"/api/games/{gid}/replay?steps=0&commands=0&faces=0&strings=0"
    first = client.get(url)
    assert first.status_code == 200 and first.json()["events"] > 0
    asked = []
    since = Live.since
    monkeypatch.setattr(Live, "since", lambda self, *a: asked.append(a) or since(self, *a))
    assert [client.get(url).content for _ in range(5)] == [first.content] * 5
    assert asked == []  # kept: not built nor encoded again
    other = client.get(url.replace("steps=0", "steps=1"))
    assert other.status_code == 200 and other.content != first.content and len(asked) == 1
    actor, cmd = SCRIPT[0]
    assert client.post(f"/api/games/{gid}/commands", json=cmd, headers=bearer(tokens[actor])).status_code == 200
    grown = client.get(url)
    assert grown.json()["events"] > first.json()["events"]
