"""Joint-dice hosted games: the holders' public keys registered at creation, the server holding no
share; a roll is posted with every holder's share, a missing or false share is refused naming the
holder with nothing written, and the hosted game verifies every share."""

from __future__ import annotations

import pytest

from serve_helpers import OPEN_CLAIMS, SCENARIO, SEATS, bearer, needs_starlette

needs_starlette()
pytest.importorskip("cryptography")

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine import joint_keys as K  # noqa: E402
from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402

BEGIN = {"type": "BeginAttrition", "attacker": "AX", "zone": "WA/western/0505"}
ROLL = {"type": "RollAttritionDie", "procedure": "A1"}


@pytest.fixture(scope="module")
def keys():
    return {"AX": K.new_key(), "WA": K.new_key()}  # each holder's, kept by that player


def test_a_roll_takes_every_holders_share_and_the_game_verifies(tmp_path, keys):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        r = c.post("/api/games", json={"scenario": SCENARIO, "seats": SEATS, "claims": OPEN_CLAIMS,
                                       "joint": {h: K.record(k) for h, k in keys.items()}})
        assert r.status_code == 201, r.text
        gid, tokens = r.json()["id"], r.json()["tokens"]
        assert not list((tmp_path / "games").glob("*.seed"))  # no seed: no one can predict a roll
        post = lambda cmd: c.post(f"/api/games/{gid}/commands", json=cmd,  # noqa: E731
                                  headers=bearer(tokens["alice"]))
        assert post(BEGIN).status_code == 200
        info = c.get(f"/api/games/{gid}").json()["joint"]
        assert info["holders"] == ["AX", "WA"] and len(info["rolls_due"]) == 1
        key, game = info["rolls_due"][0], info["game_id"]
        share = {h: K.share(k, game, key) for h, k in keys.items()}
        head = c.get(f"/api/games/{gid}").json()["seq"]
        r = post({**ROLL, "shares": {"AX": share["AX"]}})  # WA's share withheld
        assert r.status_code == 422 and "WA" in r.json()["message"], r.text
        false = K.share(keys["AX"], game, key)  # AX's own share given as WA's
        r = post({**ROLL, "shares": {"AX": share["AX"], "WA": false}})
        assert r.status_code == 422 and "shares.WA" in r.json()["message"], r.text
        assert c.get(f"/api/games/{gid}").json()["seq"] == head  # nothing written
        r = post({**ROLL, "shares": share})
        assert r.status_code == 200 and "DieRolled" in [e["type"] for e in r.json()["events"]]
        rep = c.get(f"/api/games/{gid}/verify").json()
        assert rep["ok"], rep


def test_a_joint_creation_needs_two_holders_with_sound_keys(tmp_path, keys):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        one = {"AX": K.record(keys["AX"])}
        r = c.post("/api/games", json={"scenario": SCENARIO, "seats": SEATS, "joint": one})
        assert (r.status_code, r.json()["rule"]) == (400, "input") and "joint" in r.text
        bad = {"AX": K.record(keys["AX"]), "WA": {"rsa": "ab", "proof": []}}
        r = c.post("/api/games", json={"scenario": SCENARIO, "seats": SEATS, "joint": bad})
        assert r.status_code == 400 and "WA" in r.json()["message"]
        assert not list((tmp_path / "games").glob("*.db"))
