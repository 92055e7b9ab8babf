"""A hostile client against `turnlog serve`: every attack answers JSON with a 4xx or 503 naming the
parameter, the rule or the route, never a 500 and never a detail of the server's (a path, a URL);
nothing is written on any of them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from serve_helpers import OPEN_CLAIMS, SCENARIO, SCRIPT, SEATS, bearer, create, needs_starlette

needs_starlette()

from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine.faces.serve import games as G  # noqa: E402
from turnlog.events.log import LogError  # noqa: E402
from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402

JSON = {"Content-Type": "application/json"}
DEEP = 50_000
#: Digits str.isdigit() takes but int() or a seq cannot: superscript, circled, Arabic-Indic, bold.
NOT_ASCII = ["²", "①", "١٢", "𝟙"]


@pytest.fixture
def served(tmp_path):
    with TestClient(build(Games(tmp_path / "games")), raise_server_exceptions=False) as c:
        gid, tokens = create(c)
        yield c, gid, tokens


def _refused(r, status: int, rule: str) -> dict:
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/json"
    body = r.json()
    assert body["rule"] == rule and "\n" not in body["message"]
    return body


def _head(c, gid) -> int:
    return c.get(f"/api/games/{gid}").json()["seq"]


READS = [("board", "at"), ("board.svg", "at"), ("log", "start"), ("log", "limit"),
         ("replay", "steps"), ("replay", "commands"), ("replay", "faces"), ("replay", "strings"),
         ("table", "steps"), ("table", "commands"), ("table", "faces"), ("table", "strings"),
         ("events", "after")]


@pytest.mark.parametrize("digit", NOT_ASCII)
@pytest.mark.parametrize("route,name", READS)
def test_a_query_number_in_digits_other_than_ascii_is_400_naming_it(served, route, name, digit):
    c, gid, _tokens = served
    r = c.get(f"/api/games/{gid}/{route}", params={name: digit})
    assert _refused(r, 400, "input")["message"].startswith(f"{name}:")


@pytest.mark.parametrize("digit", NOT_ASCII)
@pytest.mark.parametrize("route", ["commands", "undo", "redo"])
def test_an_expect_in_digits_other_than_ascii_is_400_and_writes_nothing(served, route, digit):
    c, gid, tokens = served
    before = _head(c, gid)
    body = SCRIPT[0][1] if route == "commands" else {}
    r = c.post(f"/api/games/{gid}/{route}", params={"expect": digit}, json=body,
               headers=bearer(tokens["alice"]))
    assert _refused(r, 400, "input")["message"].startswith("expect:")
    assert _head(c, gid) == before


@pytest.mark.parametrize("digit", NOT_ASCII + ["-1", "1e3", "9" * 19])
def test_a_last_event_id_in_digits_other_than_ascii_is_400_naming_it(served, digit):
    c, gid, _tokens = served
    try:  # a header is read as Latin-1: '²' arrives as itself, others as their UTF-8 bytes
        raw = digit.encode("latin-1")
    except UnicodeEncodeError:
        raw = digit.encode()
    r = c.get(f"/api/games/{gid}/events", headers={"Last-Event-ID": raw})
    assert _refused(r, 400, "input")["message"].startswith("Last-Event-ID:")


def _nested(depth: int = DEEP) -> str:
    return "[" * depth + "1" + "]" * depth


def _hidden(depth: int = DEEP) -> str:
    """As deep, but each opener followed by a string holding a closer: flat if strings counted."""
    return '["]",' * depth + '["x"]' + ',"["]' * depth


NESTED = {
    "creation": ("/api/games", '{"scenario": ' + _nested() + "}"),
    "upload-json": ("/api/games", None),
    "upload-toml": ("/api/games", None),
    # within a command's 64 KiB, and far past the depth the parsers recurse to
    "command": ("/commands", '{"type": "AddNote", "text": ' + _nested(30_000) + "}"),
    "undo": ("/undo", '{"reason": ' + _nested(30_000) + "}"),
    "command-strings": ("/commands", '{"type": "AddNote", "text": ' + _hidden(5_000) + "}"),
    "upload-toml-strings": ("/api/games", None),
}


def _upload(fmt: str, nested=_nested) -> str:
    text = "a = " + nested() if fmt.startswith("toml") else '{"a": ' + nested() + "}"
    import json

    return json.dumps({"scenario": {"format": fmt, "text": text}, "seats": SEATS})


@pytest.mark.parametrize("attack", sorted(NESTED))
def test_a_body_nested_thousands_deep_is_400_before_any_parser_recurses(served, attack):
    c, gid, tokens = served
    route, body = NESTED[attack]
    if body is None:
        body = _upload(attack.split("-")[1], _hidden if attack.endswith("strings") else _nested)
    url = route if route.startswith("/api") else f"/api/games/{gid}{route}"
    before = _head(c, gid)
    r = c.post(url, content=body.encode(), headers={**JSON, **bearer(tokens["alice"])})
    assert "nested" in _refused(r, 400, "input")["message"]
    assert _head(c, gid) == before


def many_factions(n: int) -> str:
    """The bundled bridgehead with ``n`` factions in all, each with a nationality."""
    text = (Path(__file__).resolve().parents[2] / "engine/scenarios/bridgehead-14-65.toml")
    extra = "".join(
        f'\n[[factions]]\nid = "F{i:02d}"\nname = "Faction {i}"\n'
        f'side = "{"axis" if i % 2 else "allies"}"\n'
        f'\n[[nationalities]]\nid = "N{i:02d}"\nfaction = "F{i:02d}"\nctl = 1\n'
        for i in range(n - 2)
    )
    return text.read_text() + extra


def test_a_scenario_of_35_factions_is_drawn_each_in_its_own_colour(served):
    from turnlog.engine.faces.svg.style import Colours
    from turnlog.engine.game import Game

    c, _gid, _tokens = served
    r = c.post("/api/games", json={"scenario": {"format": "toml", "text": many_factions(35)},
                                   "seats": SEATS})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    api = f"/api/games/{gid}"
    for path in (f"{api}/board.svg", f"{api}/replay", f"{api}/table", f"/games/{gid}"):
        assert c.get(path).status_code == 200, path
    folder = c.app.state.api.games.dir
    with Game.open(folder / f"{gid}.db") as g:
        colours = Colours(g.state)
        made = {colours.faction(f) for f in g.state.factions}
        assert len(made) == len(g.state.factions) == 35
        assert {Colours(g.state).faction(f) for f in g.state.factions} == made  # the same again


@pytest.mark.parametrize("path", ["/nope", "/api/games/x/y/z", "/api/nothing", "/games/"])
def test_an_unknown_route_is_404_json(served, path):
    c, gid, _tokens = served
    _refused(c.get(path), 404, "route")


@pytest.mark.parametrize("method,path,allowed", [
    ("DELETE", "/api/games", {"GET", "POST"}),
    ("PUT", "/api/games/{gid}/commands", {"POST"}),
    ("POST", "/api/games/{gid}", {"GET"}),
    ("PATCH", "/openapi.json", {"GET"}),
])
def test_a_method_a_route_does_not_take_is_405_allowing_every_method_it_takes(
        served, method, path, allowed):
    c, gid, _tokens = served
    r = c.request(method, path.format(gid=gid))
    _refused(r, 405, "method")
    assert allowed <= {m.strip() for m in r.headers["allow"].split(",")}


@pytest.mark.parametrize("route", ["commands", "undo", "redo"])
def test_the_token_is_checked_before_the_body_401_not_400(served, route):
    c, gid, _tokens = served
    r = c.post(f"/api/games/{gid}/{route}", content=b"{not json", headers=JSON)
    _refused(r, 401, "auth")


def test_a_body_over_its_limit_is_413_json(served):
    c, gid, tokens = served
    r = c.post(f"/api/games/{gid}/commands", content=b" " * (64 * 1024 + 1),
               headers=bearer(tokens["alice"]))
    _refused(r, 413, "input")


SECRET = "/srv/secret-folder/games"
URL = "postgresql://turnlog:hunter2@db.internal/turnlog"


@pytest.mark.parametrize("err", [
    sqlite3.OperationalError(f"unable to open database file {SECRET}/x.db"),
    OSError(28, "No space left on device", f"{SECRET}/x.db"),
    LogError(f"{SECRET}/x.db: cannot open"),
], ids=["sqlite", "oserror", "logerror"])
@pytest.mark.parametrize("path", ["", "/board", "/legal", "/log"])
def test_a_store_failure_is_503_json_without_the_servers_path(served, monkeypatch, err, path):
    c, gid, _tokens = served

    def failing(*_a, **_k):
        raise err

    monkeypatch.setattr(c.app.state.api.games, "take", failing)
    r = c.get(f"/api/games/{gid}{path}")
    body = _refused(r, 503, "store")
    assert SECRET not in r.text and "x.db" not in r.text and r.headers["retry-after"]
    assert body["message"]


def test_a_database_failure_is_503_json_without_its_url(served, monkeypatch):
    psycopg = pytest.importorskip("psycopg")
    c, gid, _tokens = served

    def failing(*_a, **_k):
        raise psycopg.OperationalError(f"connection to {URL} failed")

    monkeypatch.setattr(c.app.state.api.games, "take", failing)
    r = c.get(f"/api/games/{gid}/legal")
    _refused(r, 503, "store")
    assert "hunter2" not in r.text and "db.internal" not in r.text


def test_a_bug_is_500_json_without_its_detail(served, monkeypatch):
    from turnlog.engine.faces.serve import reads

    c, gid, _tokens = served

    def broken(_g):
        raise ValueError(f"{SECRET}: a bug")

    monkeypatch.setattr(reads, "legal", broken)
    r = c.get(f"/api/games/{gid}/legal")
    _refused(r, 500, "server")
    assert SECRET not in r.text


def test_creation_as_text_plain_is_415_and_writes_nothing(served, tmp_path):
    import json

    c, _gid, _tokens = served
    body = json.dumps({"scenario": SCENARIO, "seats": SEATS, "claims": OPEN_CLAIMS})
    before = sorted((tmp_path / "games").iterdir())
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        r = c.post("/api/games", content=body, headers={"Content-Type": kind})
        _refused(r, 415, "input")
    assert sorted((tmp_path / "games").iterdir()) == before


def test_creation_from_another_sites_page_is_403_unless_it_is_the_cors_origin(tmp_path):
    game = {"scenario": SCENARIO, "seats": SEATS, "claims": OPEN_CLAIMS}
    app = build(Games(tmp_path / "games"), cors="https://tables.example")
    with TestClient(app) as c:
        r = c.post("/api/games", json=game, headers={"Origin": "https://evil.example"})
        _refused(r, 403, "origin")
        assert not list((tmp_path / "games").glob("*.db"))
        r = c.post("/api/games", json=game, headers={"Origin": "https://tables.example"})
        assert r.status_code == 201
        r = c.post("/api/games", json=game, headers={"Origin": "http://testserver"})
        assert r.status_code == 201  # a page of this server


def test_a_game_id_never_begins_with_a_dash(monkeypatch):
    given = iter(["-" + "a" * 21, "-" + "b" * 21, "c" * 22])
    monkeypatch.setattr(G.secrets, "token_urlsafe", lambda _n: next(given))
    assert G.new_id() == "c" * 22
