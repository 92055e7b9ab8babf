"""The creation quota of `turnlog serve`: at most N games per client address in an hour and M in
all, past either 429 with rule `quota` and a one-line reason; a refused or failed creation leaves
nothing and counts nothing."""

from __future__ import annotations

from serve_helpers import OPEN_CLAIMS, SCENARIO, SEATS, needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402
from turnlog.engine.faces.serve.quota import HOUR, Quota  # noqa: E402

GAME = {"scenario": SCENARIO, "seats": SEATS, "claims": OPEN_CLAIMS}


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _clients(app, *addresses: str):
    return [TestClient(app, client=(a, 50000)) for a in addresses]


def _made(folder) -> int:
    return len(list(folder.glob("*.db")))


def test_a_client_past_its_hourly_quota_is_refused_429_until_the_hour_passes(tmp_path):
    clock, folder = Clock(), tmp_path / "games"
    app = build(Games(folder), quota=Quota(total=100, per_client=2, clock=clock))
    one, other = _clients(app, "10.0.0.1", "10.0.0.2")
    with one, other:
        assert [one.post("/api/games", json=GAME).status_code for _ in range(2)] == [201, 201]
        r = one.post("/api/games", json=GAME)
        assert r.status_code == 429 and r.json()["rule"] == "quota"
        assert "\n" not in r.json()["message"] and "--max-games-per-client" in r.json()["message"]
        assert r.json()["retry_after"] == int(HOUR) + 1
        assert _made(folder) == 2  # nothing written for the refusal
        assert other.post("/api/games", json=GAME).status_code == 201  # another address
        clock.now += HOUR
        assert one.post("/api/games", json=GAME).status_code == 201


def test_the_server_past_its_total_refuses_every_client(tmp_path):
    folder = tmp_path / "games"
    app = build(Games(folder), quota=Quota(total=2, per_client=10))
    a, b = _clients(app, "10.0.0.1", "10.0.0.2")
    with a, b:
        assert a.post("/api/games", json=GAME).status_code == 201
        assert b.post("/api/games", json=GAME).status_code == 201
        r = b.post("/api/games", json=GAME)
        assert (r.status_code, r.json()["rule"]) == (429, "quota") and "--max-games" in r.text
    with TestClient(build(Games(folder), quota=Quota(total=2))) as again:  # restarted: still full
        assert again.post("/api/games", json=GAME).status_code == 429
    assert _made(folder) == 2


def test_refused_or_failed_creations_count_nothing(tmp_path, monkeypatch):
    games = Games(tmp_path / "games")
    app = build(games, quota=Quota(total=10, per_client=1))
    with TestClient(app) as c:
        assert c.post("/api/games", json={"scenario": "no-such"}).status_code == 400

        def broken(*_a, **_k):
            raise OSError("disk full")

        monkeypatch.setattr(games, "create", broken)
        r = c.post("/api/games", json=GAME)
        assert (r.status_code, r.json()["rule"]) == (503, "store")
        assert "disk full" not in r.text  # the detail is the server's log's, not the client's
        monkeypatch.undo()
        assert c.post("/api/games", json=GAME).status_code == 201


def test_the_command_line_takes_the_quota_flags():
    from turnlog.engine.faces.cli.args import build_parser

    args = build_parser().parse_args(["serve", "--dir", "g", "--max-games", "5",
                                      "--max-games-per-client", "3"])
    assert (args.max_games, args.max_games_per_client) == (5, 3)
    plain = build_parser().parse_args(["serve", "--dir", "g"])
    assert (plain.max_games, plain.max_games_per_client) == (10_000, 20)
