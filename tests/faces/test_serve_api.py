"""`turnlog serve`'s JSON API through Starlette's test client: seated games, seat tokens, refusals
that name their rule, and nothing written on any error."""

from __future__ import annotations

import os
import stat

import pytest

from serve_helpers import SCRIPT, SEATS, bearer, create, needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine import seats as S  # noqa: E402
from turnlog.engine.faces.serve import auth  # noqa: E402
from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games, NoSuchGame  # noqa: E402
from turnlog.engine.game import Game  # noqa: E402
from turnlog.engine.verify import verify_path  # noqa: E402


@pytest.fixture
def client(tmp_path):
    with TestClient(build(Games(tmp_path / "games"))) as c:
        yield c


def _head(client, gid) -> int:
    return client.get(f"/api/games/{gid}").json()["seq"]


def _play(client, gid, tokens, steps=SCRIPT):
    for actor, cmd in steps:
        r = client.post(f"/api/games/{gid}/commands", json=cmd, headers=bearer(tokens[actor]))
        assert r.status_code == 200, r.text


def test_creation_gives_each_seat_a_token_once_and_keeps_only_its_hash(client, tmp_path):
    gid, tokens = create(client)
    assert set(tokens) == {"alice", "bob"} and tokens["alice"] != tokens["bob"]
    side = tmp_path / "games" / f"{gid}.seats.json"
    assert stat.S_IMODE(side.stat().st_mode) == 0o600
    for path in (
        tmp_path / "games"
    ).iterdir():  # neither the log, the seed nor the sidecar holds a token
        data = path.read_bytes()
        assert not any(t.encode() in data for t in tokens.values()), path.name
    assert auth.read(tmp_path / "games", gid).tokens == {
        auth.digest(t): a for a, t in tokens.items()
    }
    assert "tokens" not in client.get(f"/api/games/{gid}").json()


def test_the_bundled_example_is_played_by_its_two_seats_and_verifies(client):
    gid, tokens = create(client)
    _play(client, gid, tokens)
    rep = client.get(f"/api/games/{gid}/verify").json()
    assert rep["ok"] and rep["stage"] == "" and rep["commands"] == 5
    log = client.get(f"/api/games/{gid}/log", params={"start": 24}).json()
    actors = [(r["actor"], r["seat"]) for r in log["rows"] if "actor" in r]
    assert actors == [("alice", "AX"), ("alice", "AX"), ("bob", "WA"), ("alice", "AX")]


def test_a_seat_token_never_acts_for_the_other_seat_and_nothing_is_written(client):
    gid, tokens = create(client)
    before = _head(client, gid)
    actor, cmd = SCRIPT[0]
    r = client.post(f"/api/games/{gid}/commands", json=cmd, headers=bearer(tokens["bob"]))
    assert r.status_code == 422 and r.json()["rule"] == "14.12"
    assert "alice" in r.json()["message"] and _head(client, gid) == before


def test_a_missing_or_unknown_token_is_refused_by_auth(client):
    gid, tokens = create(client)
    before = _head(client, gid)
    cmd = SCRIPT[0][1]
    for headers in (
        {},
        bearer("x" * 43),
        {"Authorization": tokens["alice"]},
        {"Authorization": "Basic a"},
    ):
        r = client.post(f"/api/games/{gid}/commands", json=cmd, headers=headers)
        assert (r.status_code, r.json()["rule"]) == (401, "auth")
    assert _head(client, gid) == before


def test_a_rule_refusal_answers_its_rule_and_writes_nothing(client):
    gid, tokens = create(client)
    _play(client, gid, tokens, SCRIPT[:2])
    before = _head(client, gid)
    r = client.post(
        f"/api/games/{gid}/commands",
        headers=bearer(tokens["bob"]),
        json={"type": "TakeAttritionLosses", "procedure": "A1", "units": ["us-inf-1"]},
    )
    assert r.status_code == 422 and r.json()["rule"].startswith("14.")
    assert _head(client, gid) == before


def test_bad_input_names_the_field_and_writes_nothing(client):
    gid, tokens = create(client)
    before = _head(client, gid)
    h = bearer(tokens["alice"])
    for body, says in (
        (b"{", "command: "),
        (b'{"type": "NoSuch"}', "NoSuch"),
        (b'{"type": "BeginAttrition", "attacker": 5, "zone": "z"}', "attacker"),
    ):
        r = client.post(f"/api/games/{gid}/commands", content=body, headers=h)
        assert (
            r.status_code == 400 and r.json()["rule"] == "input" and says in r.json()["message"]
        ), r.text
    r = client.get(f"/api/games/{gid}/log", params={"start": "x"})
    assert r.status_code == 400 and r.json()["message"].startswith("start:")
    assert _head(client, gid) == before


def test_bodies_over_their_limit_are_refused_413(client):
    gid, tokens = create(client)
    r = client.post(
        f"/api/games/{gid}/commands",
        content=b" " * (64 * 1024 + 1),
        headers=bearer(tokens["alice"]),
    )
    assert (r.status_code, r.json()["rule"]) == (413, "input")
    r = client.post("/api/games", content=b" " * (1024 * 1024 + 1),
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 413


def test_game_ids_are_unguessable_and_never_reach_outside_the_folder(client, tmp_path):
    gid, _tokens = create(client)
    assert len(gid) == 22 and Games(tmp_path / "games").check_id(gid) == gid
    games = Games(tmp_path / "games")
    for bad in ("..", "../../etc/passwd", "a" * 21, "a" * 23, gid[:-1] + "/", gid[:-1] + "."):
        with pytest.raises(NoSuchGame):
            games.target(bad)
    for path in (
        "/api/games/..%2F..%2Fx/board",
        "/api/games/" + "a" * 22 + "/board",
        "/api/games/%2e%2e/log",
    ):
        assert client.get(path).status_code == 404
    assert {p.parent for p in tmp_path.rglob("*") if p.is_file()} == {tmp_path / "games"}


def test_a_private_game_is_not_listed_a_listed_one_is(client):
    private, _t = create(client)
    listed, _t = create(client, listed=True)
    ids = [g["id"] for g in client.get("/api/games").json()["games"]]
    assert ids == [listed] and private not in ids


def test_undo_and_redo_belong_to_the_issuer(client):
    gid, tokens = create(client)
    _play(client, gid, tokens, SCRIPT[:1])
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(tokens["bob"]))
    assert (r.status_code, r.json()["rule"]) == (403, "seats.undo")
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(tokens["alice"]))  # its roll is due now
    assert (r.status_code, r.json()["rule"]) == (422, "undo.roll-due")
    r = client.post(f"/api/games/{gid}/redo", headers=bearer(tokens["alice"]))
    assert (r.status_code, r.json()["rule"]) == (422, "redo")
    _play(client, gid, tokens, SCRIPT[1:2])
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(tokens["alice"]))
    assert (r.status_code, r.json()["rule"]) == (422, "undo.dice-barrier")


def test_a_stale_expected_seq_answers_409_with_the_seq_to_retry_from(client):
    gid, tokens = create(client)
    head = _head(client, gid)
    r = client.post(
        f"/api/games/{gid}/commands",
        params={"expect": head - 1},
        json=SCRIPT[0][1],
        headers=bearer(tokens["alice"]),
    )
    assert (r.status_code, r.json()["rule"], r.json()["seq"]) == (409, "concurrency", head)
    assert _head(client, gid) == head
    r = client.post(
        f"/api/games/{gid}/commands",
        params={"expect": head},
        json=SCRIPT[0][1],
        headers=bearer(tokens["alice"]),
    )
    assert r.status_code == 200


def test_another_writer_in_the_race_window_gets_409_and_the_seq(client, tmp_path, monkeypatch):
    gid, tokens = create(client)
    entry = client.app.state.api.games.take(gid)
    assert entry.game.state.seq  # this server's game open, its board read before the other writes
    with Game.open(tmp_path / "games" / f"{gid}.db") as other:  # a second server on the same log
        other.execute({"type": "AddNote", "text": "first"}, actor="alice")
        head = other.state.seq
    monkeypatch.setattr(
        type(entry), "fresh", lambda self: self.game
    )  # the append races the other writer
    r = client.post(
        f"/api/games/{gid}/commands", json=SCRIPT[0][1], headers=bearer(tokens["alice"])
    )
    assert (r.status_code, r.json()["rule"], r.json()["seq"]) == (409, "concurrency", head)
    assert verify_path(tmp_path / "games" / f"{gid}.db").ok


def test_the_board_now_and_at_a_seq_and_what_each_seat_may_do(client):
    gid, tokens = create(client)
    setup = _head(client, gid)
    _play(client, gid, tokens, SCRIPT[:1])
    assert "A1" in client.get(f"/api/games/{gid}/board").json()["attritions"]
    assert (
        client.get(f"/api/games/{gid}/board", params={"at": setup}).json().get("attritions", {})
        == {}
    )
    assert client.get(f"/api/games/{gid}/board", params={"at": 10**6}).status_code == 400
    legal = client.get(f"/api/games/{gid}/legal").json()["choices"]
    assert {
        (ch["command"], ch["actor"]) for ch in legal if ch["command"] == "RollAttritionDie"
    } == {("RollAttritionDie", "alice")}
    assert client.get(f"/api/games/{gid}/board.svg").text.startswith("<svg")


def test_an_uploaded_scenario_may_not_name_a_file_on_the_server(client):
    from importlib import resources

    text = resources.files("turnlog.engine.scenarios").joinpath("bridgehead-14-65.toml").read_text()
    ok = client.post(
        "/api/games", json={"scenario": {"format": "toml", "text": text}, "seats": SEATS, "claims": {"die": "any", "host-fact": "any", "report": "any"}}
    )
    assert ok.status_code == 201
    bad = text + '\n[tables]\nsteal = "/etc/passwd"\n'
    r = client.post(
        "/api/games", json={"scenario": {"format": "toml", "text": bad}, "seats": SEATS, "claims": {"die": "any", "host-fact": "any", "report": "any"}}
    )
    assert r.status_code == 400 and r.json()["message"].startswith("tables.steal:")


def test_creation_refuses_an_unseated_or_unknown_scenario(client):
    for body, says in (
        ({"scenario": "bridgehead-14-65"}, "seats:"),
        ({"scenario": "../x", "seats": SEATS, "claims": {"die": "any", "host-fact": "any", "report": "any"}}, "scenario:"),
        ({"scenario": "bridgehead-14-65", "seats": {"XX": "eve"}}, "seats"),
    ):
        r = client.post("/api/games", json=body)
        assert r.status_code == 400 and says in r.json()["message"], r.text


def test_cors_is_off_unless_one_origin_is_configured(tmp_path):
    origin = {"Origin": "https://other.example"}
    with TestClient(build(Games(tmp_path / "a"))) as c:
        assert "access-control-allow-origin" not in c.get("/api/games", headers=origin).headers
    with TestClient(build(Games(tmp_path / "b"), cors="https://other.example")) as c:
        got = c.get("/api/games", headers=origin).headers
        assert got["access-control-allow-origin"] == "https://other.example"
        assert (
            "access-control-allow-origin"
            not in c.get("/api/games", headers={"Origin": "https://x.y"}).headers
        )


def test_verify_names_a_command_a_rogue_server_let_the_wrong_seat_issue(
    client, tmp_path, monkeypatch
):
    gid, tokens = create(client)
    monkeypatch.setattr(S, "seated", lambda _state: False)  # a server that skipped the seat check
    r = client.post(f"/api/games/{gid}/commands", json=SCRIPT[0][1], headers=bearer(tokens["bob"]))
    assert r.status_code == 200
    seq = r.json()["events"][0]["seq"]
    monkeypatch.undo()
    rep = client.get(f"/api/games/{gid}/verify").json()
    assert not rep["ok"] and rep["stage"] == "seats" and rep["discrepancy"]["seq"] == seq
    assert rep["chain_ok_upto"] == rep["events"]  # the log's own append: the chain is intact


def test_listening_beyond_loopback_needs_public(tmp_path, capsys):
    from turnlog.engine.faces.cli import main
    from turnlog.engine.faces.serve.run import loopback

    assert (
        loopback("127.0.0.1")
        and loopback("::1")
        and loopback("localhost")
        and loopback("127.8.0.1")
    )
    assert not loopback("0.0.0.0") and not loopback("192.168.1.4") and not loopback("example.org")
    assert main(["serve", "--dir", str(tmp_path), "--host", "0.0.0.0"]) == 2
    assert "--public" in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "x")
