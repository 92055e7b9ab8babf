"""Fair-play claims over HTTP: a hosted seated game takes the default claims; a seat's entered die is
a claim the other seat answers; nothing that depends on it may happen first; a seat answers no claim
of its own; a token never answers for another seat; a rogue server's self-accepted claim is named."""

from __future__ import annotations

import pytest

from serve_helpers import SCENARIO, SEATS, bearer, needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine import claims  # noqa: E402
from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402

BEGIN = {"type": "BeginAttrition", "attacker": "AX", "zone": "WA/western/0505"}
DIE = {"type": "RollAttritionDie", "procedure": "A1", "value": 3}
LOSSES = {"type": "TakeAttritionLosses", "procedure": "A1", "units": ["us-inf-1", "us-inf-2"]}


@pytest.fixture
def client(tmp_path):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        yield c


def _game(client) -> tuple[str, dict]:
    """A bridgehead game created without a word about claims, A1 begun by alice."""
    r = client.post("/api/games", json={"scenario": SCENARIO, "seats": SEATS})
    gid, tokens = r.json()["id"], r.json()["tokens"]
    assert _post(client, gid, tokens["alice"], BEGIN).status_code == 200
    return gid, tokens


def _post(client, gid, token, cmd):
    return client.post(f"/api/games/{gid}/commands", json=cmd, headers=bearer(token))


def _refused(r) -> tuple[int, str]:
    return r.status_code, r.json()["rule"]


def test_a_hosted_seated_game_defaults_to_fair_play_claims(client):
    gid, _ = _game(client)
    assert client.get(f"/api/games/{gid}").json()["seats"]["claims"] == claims.DEFAULTS


def test_an_entered_die_waits_for_the_other_seat_who_accepts_it(client):
    gid, tokens = _game(client)
    r = _post(client, gid, tokens["alice"], DIE)
    assert [e["type"] for e in r.json()["events"]] == ["ClaimMade"]
    choices = client.get(f"/api/games/{gid}/legal").json()["choices"]
    answers = {(c["command"], c["actor"]) for c in choices if c["command"].endswith("Claim")}
    assert answers == {("AcceptClaim", "bob"), ("DisputeClaim", "bob")}
    assert {c["command"] for c in choices} <= {*claims.WHILE_PENDING}  # the roll's follow-ups wait
    head = client.get(f"/api/games/{gid}").json()["seq"]
    # what depends on the pending die is refused, by either seat
    assert _refused(_post(client, gid, tokens["bob"], LOSSES)) == (422, "claims.pending")
    assert _refused(_post(client, gid, tokens["alice"], DIE)) == (422, "claims.pending")
    # alice answers no claim of her own, not even naming bob as the one answering
    own = {"type": "AcceptClaim", "claim": "C1"}
    assert _refused(_post(client, gid, tokens["alice"], own)) == (422, "claims.answer")
    assert _refused(_post(client, gid, tokens["alice"], {**own, "by": "bob"}))[1] == "claims.by"
    assert client.get(f"/api/games/{gid}").json()["seq"] == head  # nothing written
    r = _post(client, gid, tokens["bob"], own)
    assert r.status_code == 200 and r.json()["actor"] == "bob"
    assert "DieRolled" in [e["type"] for e in r.json()["events"]]
    assert _post(client, gid, tokens["bob"], LOSSES).status_code == 200
    assert client.get(f"/api/games/{gid}/verify").json()["ok"]


def test_a_disputed_claim_changes_nothing_but_the_record(client):
    gid, tokens = _game(client)
    made = _post(client, gid, tokens["alice"], {"type": "MakeClaim", "command": DIE})
    assert made.status_code == 200, made.text
    board = client.get(f"/api/games/{gid}/board").json()
    r = _post(client, gid, tokens["bob"], {"type": "DisputeClaim", "claim": "C1",
                                           "reason": "I saw a 2"})
    assert r.status_code == 200 and [e["type"] for e in r.json()["events"]] == ["ClaimDisputed"]
    after = client.get(f"/api/games/{gid}/board").json()
    assert after["claims"]["C1"]["status"] == "disputed"
    assert {k: v for k, v in after.items() if k not in ("seq", "claims")} == {
        k: v for k, v in board.items() if k not in ("seq", "claims")}
    seeded = {"type": "RollAttritionDie", "procedure": "A1"}  # the die rolled by the server
    assert _post(client, gid, tokens["alice"], seeded).status_code == 200
    assert client.get(f"/api/games/{gid}/verify").json()["ok"]


def test_verify_names_a_claim_a_rogue_server_let_its_maker_accept(client, monkeypatch):
    gid, tokens = _game(client)
    _post(client, gid, tokens["alice"], DIE)
    monkeypatch.setattr(claims, "acceptors", lambda state, by: {by})  # a server that skipped it
    r = _post(client, gid, tokens["alice"], {"type": "AcceptClaim", "claim": "C1"})
    assert r.status_code == 200
    seq = r.json()["events"][0]["seq"]
    monkeypatch.undo()
    rep = client.get(f"/api/games/{gid}/verify").json()
    assert not rep["ok"] and rep["discrepancy"]["seq"] == seq
    assert rep["chain_ok_upto"] == rep["events"]  # written through the log's own append
