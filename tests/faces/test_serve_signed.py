"""Signed hosted games: keys registered at creation, each command posted as the line `turnlog sign`
prints on a player's copy; an unsigned, altered, stale or other-key line is refused by rule
`signatures` with nothing written, and the hosted game verifies with every signature checked."""

from __future__ import annotations

import io
import json
import sqlite3
from contextlib import redirect_stderr, redirect_stdout

import pytest

from serve_helpers import SCENARIO, SCRIPT, SEATS, bearer, needs_starlette

needs_starlette()
pytest.importorskip("cryptography")

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine.faces.cli import main  # noqa: E402
from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402

OPEN = {"die": "any", "host-fact": "any", "report": "any"}  # the claims are not this test's


def _cli(*argv: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        assert main(list(argv)) == 0, argv
    return out.getvalue().strip()


@pytest.fixture
def signed(tmp_path):
    """A client, a signed hosted game (its id, tokens) and each player's key file."""
    keys = {a: tmp_path / f"{a}.key" for a in SEATS.values()}
    pubs = {a: _cli("keygen", "-o", str(k)).splitlines()[-1] for a, k in keys.items()}
    games = tmp_path / "games"
    with TestClient(build(Games(games))) as c:
        r = c.post("/api/games", json={"scenario": SCENARIO, "seats": SEATS, "claims": OPEN,
                                       "keys": pubs})
        assert r.status_code == 201, r.text
        yield c, r.json()["id"], r.json()["tokens"], keys, games


def _sign(games, gid, key, actor: str, cmd: dict, tmp_path) -> str:
    """The line `turnlog sign` prints for ``cmd`` on a fresh copy of the hosted game."""
    copy = tmp_path / f"copy-{actor}.db"
    copy.unlink(missing_ok=True)
    with sqlite3.connect(games / f"{gid}.db") as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    return _cli("sign", "--db", str(copy), "--key", str(key), "--actor", actor, json.dumps(cmd))


def _post(c, gid, body: str, token: str | None = None):
    headers = bearer(token) if token else {}
    return c.post(f"/api/games/{gid}/commands", content=body, headers=headers)


def test_a_signed_game_is_played_by_signed_lines_and_verifies(signed, tmp_path):
    c, gid, _tokens, keys, games = signed
    for actor, cmd in SCRIPT:
        line = _sign(games, gid, keys[actor], actor, cmd, tmp_path)
        r = _post(c, gid, line)  # no token: the signature is the seat's proof
        assert r.status_code == 200 and r.json()["actor"] == actor, r.text
    rep = c.get(f"/api/games/{gid}/verify").json()
    assert rep["ok"] and rep["signatures_checked"] == len(SCRIPT)


def test_unsigned_altered_stale_and_other_key_lines_are_refused(signed, tmp_path):
    c, gid, tokens, keys, games = signed
    head = c.get(f"/api/games/{gid}").json()["seq"]
    actor, cmd = SCRIPT[0]
    r = _post(c, gid, json.dumps(cmd), tokens[actor])  # a token alone signs nothing
    assert (r.status_code, r.json()["rule"]) == (403, "signatures")
    line = json.loads(_sign(games, gid, keys[actor], actor, cmd, tmp_path))
    forged = {**line, "sig": ("0" if line["sig"][0] != "0" else "1") + line["sig"][1:]}
    note = json.loads(_sign(games, gid, keys[actor], actor, {"type": "AddNote", "text": "hi"},
                            tmp_path))
    for bad in (forged, {**note, "signed": {**note["signed"], "text": "bye"}}):
        r = _post(c, gid, json.dumps(bad))
        assert (r.status_code, r.json()["rule"]) == (403, "signatures"), r.text
    for as_bob in ({**line, "actor": "bob"}, {**note, "actor": "bob"}):  # alice's, said bob's
        r = _post(c, gid, json.dumps(as_bob))
        assert r.status_code in (403, 422) and r.json()["rule"] in ("signatures", "14.12"), r.text
    r = _post(c, gid, "not json", tokens[actor])
    assert (r.status_code, r.json()["rule"]) == (400, "input")
    assert c.get(f"/api/games/{gid}").json()["seq"] == head  # nothing written
    assert _post(c, gid, json.dumps(line)).status_code == 200
    r = _post(c, gid, json.dumps(line))  # the same line again: signed at a tail now gone
    assert (r.status_code, r.json()["rule"]) == (403, "signatures")


def test_a_wrong_token_beside_a_signed_line_is_refused(signed, tmp_path):
    c, gid, _tokens, keys, games = signed
    actor, cmd = SCRIPT[0]
    line = _sign(games, gid, keys[actor], actor, cmd, tmp_path)
    assert _post(c, gid, line, "not-a-token").status_code == 401


def test_a_bad_key_at_creation_is_refused_naming_the_field(tmp_path):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        r = c.post("/api/games", json={"scenario": SCENARIO, "seats": SEATS,
                                       "keys": {"alice": "ab" * 32, "bob": "zz"}})
        assert r.status_code == 400 and "seats.keys" in r.json()["message"]
        assert not list((tmp_path / "games").glob("*.db"))


def test_a_line_signed_on_another_game_at_the_same_seq_is_refused_without_contradiction(
        signed, tmp_path):
    c, gid, _tokens, keys, games = signed
    pubs = {a: _cli("keygen", "-o", str(tmp_path / f"{a}.other.key")).splitlines()[-1]
            for a in SEATS.values()}
    other = c.post("/api/games", json={"scenario": SCENARIO, "seats": SEATS, "claims": OPEN,
                                       "keys": pubs})
    assert other.status_code == 201, other.text
    oid = other.json()["id"]
    head = c.get(f"/api/games/{gid}").json()["seq"]
    assert c.get(f"/api/games/{oid}").json()["seq"] == head  # the same seq, another history
    actor, cmd = SCRIPT[0]
    line = _sign(games, oid, tmp_path / f"{actor}.other.key", actor, cmd, tmp_path)
    r = _post(c, gid, line)
    assert (r.status_code, r.json()["rule"]) == (403, "signatures"), r.text
    message = r.json()["message"]
    assert "moved on" not in message and "another history" in message
    assert c.get(f"/api/games/{gid}").json()["seq"] == head
