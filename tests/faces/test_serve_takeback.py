"""GET /api/games/ID names who may undo and who may redo now (``undo_by``, ``redo_by``), so the page
offers the buttons only to them: the engine's own checks decide, and the routes agree with the lists
(an actor listed is accepted, one left out is refused, nothing written)."""

from __future__ import annotations

import pytest

from serve_helpers import bearer, create, needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402


@pytest.fixture
def client(tmp_path):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        yield c


def _lists(client, gid) -> tuple[list, list, int]:
    s = client.get(f"/api/games/{gid}").json()
    return s["undo_by"], s["redo_by"], s["seq"]


def _agrees(client, gid, tokens, what: str, allowed: list) -> None:
    """Each actor left out of ``allowed`` is refused ``what`` with the rule, nothing written."""
    for actor, token in tokens.items():
        if actor in allowed:
            continue
        before = _lists(client, gid)[2]
        r = client.post(f"/api/games/{gid}/{what}", headers=bearer(token))
        assert r.status_code in (403, 422) and r.json()["rule"], (what, actor, r.text)
        assert _lists(client, gid)[2] == before


def test_seats_undo_only_the_issuer_is_listed_and_the_routes_agree(client):
    gid, tokens = create(client)
    assert _lists(client, gid)[:2] == ([], [])  # the setup is no one's to take back
    _agrees(client, gid, tokens, "undo", [])
    r = client.post(
        f"/api/games/{gid}/commands",
        json={"type": "StartPhase", "phase": "supply"},
        headers=bearer(tokens["alice"]),
    )
    assert r.status_code == 200, r.text
    undo_by, redo_by, _ = _lists(client, gid)
    assert (undo_by, redo_by) == (["alice"], [])
    _agrees(client, gid, tokens, "undo", undo_by)
    assert client.post(f"/api/games/{gid}/undo", headers=bearer(tokens["alice"])).status_code == 200
    undo_by, redo_by, _ = _lists(client, gid)
    assert redo_by == ["alice"]
    _agrees(client, gid, tokens, "redo", redo_by)
    assert client.post(f"/api/games/{gid}/redo", headers=bearer(tokens["alice"])).status_code == 200


def test_undo_dice_barrier_a_roll_lists_no_one(client):
    gid, tokens = create(client)
    for cmd in (
        {"type": "BeginAttrition", "attacker": "AX", "zone": "WA/western/0505"},
        {"type": "RollAttritionDie", "procedure": "A1"},
    ):
        r = client.post(f"/api/games/{gid}/commands", json=cmd, headers=bearer(tokens["alice"]))
        assert r.status_code == 200, r.text
    assert _lists(client, gid)[0] == []  # the seeded roll is a barrier: no seat may take it back
    _agrees(client, gid, tokens, "undo", [])
