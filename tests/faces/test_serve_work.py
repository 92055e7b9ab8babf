"""The work one request to `turnlog serve` costs, counted (not timed): the page's data folds only
the rows appended since the last ask, a verify report is made once per head, a game's queue and the
server's verifies are bounded (503 ``busy`` with Retry-After), at most --max-open-games games stay
open, and a creation that fails part way leaves no file behind."""

from __future__ import annotations

import pytest

from serve_helpers import bearer, create, needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine.faces.html import replay as html  # noqa: E402
from turnlog.engine.faces.serve import auth, page  # noqa: E402
from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402
from turnlog.engine.faces.serve.hold import Limits  # noqa: E402

NOTE = {"type": "AddNote", "text": "a note"}
COUNTS = {"steps": 0, "commands": 0, "faces": 0, "strings": 0}


class Spy:
    """Counts the calls of a function, and calls it."""

    def __init__(self, fn):
        self.fn, self.calls = fn, 0

    def __call__(self, *a, **k):
        self.calls += 1
        return self.fn(*a, **k)


@pytest.fixture
def client(tmp_path):
    with TestClient(build(Games(tmp_path / "games", keep=2))) as c:
        yield c


def test_replay_folds_only_the_rows_appended_since_it_last_folded(client, monkeypatch):
    gid, tokens = create(client)
    steps, rolls = Spy(html.Replay.step), Spy(page.rolls_checked)
    monkeypatch.setattr(html.Replay, "step", lambda self, *a: steps(self, *a))
    monkeypatch.setattr(page, "rolls_checked", rolls)
    first = client.get(f"/api/games/{gid}/replay", params=COUNTS).json()
    assert steps.calls == first["events"] and rolls.calls == 1
    for _ in range(5):  # nothing appended: nothing read again
        client.get(f"/api/games/{gid}/replay", params=COUNTS)
    assert steps.calls == first["events"] and rolls.calls == 1
    r = client.post(f"/api/games/{gid}/commands", json=NOTE, headers=bearer(tokens["alice"]))
    appended = len(r.json()["events"])
    grown = client.get(f"/api/games/{gid}/replay", params={**COUNTS, "steps": first["events"]})
    assert steps.calls == first["events"] + appended and rolls.calls == 2
    assert len(grown.json()["steps"]) == appended


def test_a_verify_report_is_made_once_per_head_and_reused_by_the_page(client):
    gid, tokens = create(client)
    hold = client.app.state.api.hold
    for _ in range(3):
        assert client.get(f"/api/games/{gid}/verify").json()["ok"]
    assert client.get(f"/games/{gid}").status_code == 200
    assert hold.verified == 1
    client.post(f"/api/games/{gid}/commands", json=NOTE, headers=bearer(tokens["alice"]))
    assert client.get(f"/api/games/{gid}/verify").json()["ok"] and hold.verified == 2


def test_past_the_servers_verifies_a_verify_is_503_busy(client):
    gid, _tokens = create(client)
    hold = client.app.state.api.hold
    hold.verifying = hold.limits.verifies  # as many as allowed are running
    r = client.get(f"/api/games/{gid}/verify")
    assert (r.status_code, r.json()["rule"]) == (503, "busy") and r.headers["retry-after"]
    hold.verifying = 0
    assert client.get(f"/api/games/{gid}/verify").status_code == 200


def test_a_game_whose_queue_is_full_answers_503_busy_and_other_games_answer(client):
    gid, tokens = create(client)
    other, _ = create(client)
    games = client.app.state.api.games
    entry = games.take(gid)
    try:
        entry.queued = Limits().queue  # as many requests as allowed wait for this game
        for r in (client.get(f"/api/games/{gid}/legal"),
                  client.post(f"/api/games/{gid}/commands", json=NOTE,
                              headers=bearer(tokens["alice"]))):
            assert (r.status_code, r.json()["rule"]) == (503, "busy") and r.headers["retry-after"]
        assert client.get(f"/api/games/{other}/legal").status_code == 200
    finally:
        entry.queued = 0
        games.give(entry)
    assert client.get(f"/api/games/{gid}/legal").status_code == 200


def test_a_command_with_a_token_no_seat_has_is_401_before_it_takes_a_place_in_the_queue(client):
    # else anonymous clients posting with made-up tokens keep the game's queue full: its seats 503
    gid, tokens = create(client)
    games = client.app.state.api.games
    entry = games.take(gid)
    try:
        entry.queued = Limits().queue
        r = client.post(f"/api/games/{gid}/commands", json=NOTE, headers=bearer("not-a-seat"))
        assert (r.status_code, r.json()["rule"]) == (401, "auth")
        r = client.post(f"/api/games/{gid}/commands", json=NOTE, headers=bearer(tokens["alice"]))
        assert r.status_code == 503  # a seat's command still waits its turn
    finally:
        entry.queued = 0
        games.give(entry)


def test_at_most_keep_games_stay_open_and_a_closed_one_reopens_on_demand(client):
    made = [create(client) for _ in range(5)]
    games = client.app.state.api.games
    for gid, tokens in made:
        r = client.post(f"/api/games/{gid}/commands", json=NOTE, headers=bearer(tokens["alice"]))
        assert r.status_code == 200
    assert sum(games.is_open(gid) for gid, _ in made) == 2
    opened = games.opened
    first = made[0][0]
    assert not games.is_open(first)
    log = client.get(f"/api/games/{first}/log", params={"start": 1}).json()
    assert log["rows"][-1]["event"]["type"] == "NoteAdded" and games.opened == opened + 1


def test_a_request_of_an_open_game_takes_and_gives_it_back_with_no_thread(client, monkeypatch):
    # the registry is read, and a game past the bound closed, in a pool thread: only then
    made = [create(client) for _ in range(3)]
    games = client.app.state.api.games
    take, give = Spy(games.take), Spy(games.give)
    monkeypatch.setattr(games, "take", take)
    monkeypatch.setattr(games, "give", give)
    gid = made[-1][0]
    assert client.get(f"/api/games/{gid}/legal").status_code == 200  # opened by its turn
    assert (take.calls, give.calls) == (1, 0)
    for _ in range(3):
        assert client.get(f"/api/games/{gid}/legal").status_code == 200
    assert (take.calls, give.calls) == (1, 0) and games._open[gid].users == 0
    first = made[0][0]
    assert not games.is_open(first)
    assert client.get(f"/api/games/{first}/legal").status_code == 200
    assert take.calls == 2 and sum(games.is_open(g) for g, _ in made) == 2


def test_a_seats_command_after_its_games_first_takes_one_turn(client, monkeypatch):
    # whether the game is signed is read in the first command's turn, then known (keys are
    # declared when the game is made): a later command's one turn is its write
    gid, tokens = create(client)
    hold = client.app.state.api.hold
    turns: list[str] = []
    run = hold.run

    async def counted(entry, fn):
        turns.append(entry.id)
        return await run(entry, fn)

    monkeypatch.setattr(hold, "run", counted)
    for n in (2, 3, 4):
        r = client.post(f"/api/games/{gid}/commands", json=NOTE, headers=bearer(tokens["alice"]))
        assert r.status_code == 200 and len(turns) == n
    r = client.post(f"/api/games/{gid}/commands", json=NOTE, headers=bearer("not-a-seat"))
    assert r.status_code == 401 and len(turns) == 4


def test_a_creation_that_fails_part_way_leaves_no_file(client, tmp_path, monkeypatch):
    folder = tmp_path / "games"
    create(client)
    before = sorted(p.name for p in folder.iterdir())

    def broken(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(auth, "write", broken)
    r = client.post("/api/games", json={"scenario": "bridgehead-14-65",
                                        "seats": {"AX": "alice", "WA": "bob"}})
    assert (r.status_code, r.json()["rule"]) == (503, "store")
    assert sorted(p.name for p in folder.iterdir()) == before


class Reads:
    """Counts the log rows a request reads, the whole-command-list reads and the replays."""

    def __init__(self, monkeypatch):
        from turnlog.engine.game import Game
        from turnlog.events import logread

        self.rows = self.command_lists = self.replays = 0
        rows, commands, at = logread.LogReads.rows, logread.LogReads.commands, Game.at

        def counted_rows(log, *a, **k):
            for row in rows(log, *a, **k):
                self.rows += 1
                yield row

        def counted_commands(log):
            self.command_lists += 1
            return commands(log)

        def counted_at(game, *a, **k):
            self.replays += 1
            return at(game, *a, **k)

        monkeypatch.setattr(logread.LogReads, "rows", counted_rows)
        monkeypatch.setattr(logread.LogReads, "commands", counted_commands)
        monkeypatch.setattr(Game, "at", counted_at)

    def of(self, client, url: str, headers: dict) -> tuple[int, int, int]:
        self.rows = self.command_lists = self.replays = 0
        assert client.get(url, headers=headers).status_code == 200
        return self.rows, self.command_lists, self.replays


@pytest.mark.parametrize("path,most_rows,replays", [
    ("", 0, 0), ("/board", 0, 0), ("/legal", 0, 0), ("/replay", 0, 0), ("/me", 0, 0),
    ("/verify", 0, 0), ("/log?start=1&limit=10", 10, 0), ("/log?start=40&limit=5", 5, 0),
    ("/board?at=5", 0, 1),
])
def test_a_read_costs_what_it_answers_not_the_whole_log(client, monkeypatch, path, most_rows,
                                                          replays):
    gid, tokens = create(client)
    for _ in range(40):
        client.post(f"/api/games/{gid}/commands", json=NOTE, headers=bearer(tokens["alice"]))
    url, seat = f"/api/games/{gid}{path}", bearer(tokens["alice"])
    client.get(url, headers=seat)  # the first read may fold what the game's cache lacks
    reads = Reads(monkeypatch)
    rows, lists, replayed = reads.of(client, url, seat)
    assert rows <= most_rows and lists == 0 and replayed <= replays
