"""The OpenAPI 3.1 description of `turnlog serve`'s routes, served at ``/openapi.json``.

Written by hand beside the routes (Starlette generates none without YAML in every docstring), and
held to them by a test: every route of the application is described with its methods, and nothing
else is (tests/faces/test_serve_openapi.py). The commands themselves are the JSON lines of
`turnlog play` (docs/commands.md): the description names them, it does not restate each Struct.
"""

from __future__ import annotations

from typing import Any

GID = {"name": "gid", "in": "path", "required": True,
       "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{22}$"},
       "description": "the game's id, answered once at creation"}
EXPECT = {"name": "expect", "in": "query", "required": False, "schema": {"type": "integer"},
          "description": "the seq the client looked at; another head answers 409"}
SEAT: list[dict[str, list[str]]] = [{"bearer": []}]


def _q(name: str, what: str) -> dict:
    return {"name": name, "in": "query", "required": False, "schema": {"type": "integer"},
            "description": what}


def _json(what: str, schema: dict | None = None) -> dict:
    return {"description": what,
            "content": {"application/json": {"schema": schema or {"type": "object"}}}}


def _refusals(*codes: int) -> dict:
    said = {400: "bad input: the field named (rule `input`)",
            401: "no token, or one no seat of this game has (rule `auth`)",
            403: "a seat or signature rule refuses it (rule `seats.*`, `signatures`), or a "
                 "creation from a page of another origin than --cors (rule `origin`)",
            404: "no such game (rule `game`)",
            409: "another head than `expect`, or another server appended first (rule "
                 "`concurrency`, with `seq`)",
            408: "a body that stalled past --timeout (rule `input`)",
            413: "a body over its limit (rule `input`)",
            415: "a creation not sent as application/json (rule `input`)",
            422: "the rules refuse it: `rule` is the rule's number",
            429: "the creation quota (rule `quota`)",
            503: "busy (rule `busy`: the game's queue, the server's verifies or followed games "
                 "are full) or the store failed (rule `store`); Retry-After says when to retry"}
    ref = {"$ref": "#/components/schemas/Refusal"}
    return {str(code): _json(said[code], ref) for code in codes}


def _op(summary: str, ok: dict, *codes: int, params=(), seat: bool = False,
        body: str = "") -> dict:
    op: dict[str, Any] = {"summary": summary, "parameters": list(params),
                          "responses": {**ok, **_refusals(*codes)}}
    if seat:
        op["security"] = SEAT
    if body:
        op["requestBody"] = {"required": False, "content": {
            "application/json": {"schema": {"type": "object", "description": body}}}}
    return op


def _game(summary: str, ok: str = "", *codes: int, params=(), **kw) -> dict:
    return _op(summary, {"200": _json(ok or summary)}, 404, *codes, 503, params=[GID, *params],
               **kw)


def _text(summary: str, kind: str, params=()) -> dict:
    return {"summary": summary, "parameters": list(params),
            "responses": {"200": {"description": summary, "content": {kind: {}}}}}


def _write(summary: str, body: str, *extra: int) -> dict:
    return _game(summary, "`{seq, actor, events: [{seq, type}]}`", 400, 401, 403, 408, 409, 413,
                 422, *extra, params=[EXPECT], seat=True, body=body)


PATHS: dict[str, dict[str, dict]] = {
    "/api/games": {
        "get": _op("the listed games", {"200": _json("`{games: [{id, name}]}`")}),
        "post": _op("create a game (bundled or uploaded scenario, seats, optional signing keys)",
                    {"201": _json("`{id, name, tokens, page}`: each token shown this once")},
                    400, 403, 408, 413, 415, 429, 503, body="`{scenario, seats, referee, host, "
                    "claims, keys, joint, listed}` (docs/serve.md)"),
    },
    "/api/games/{gid}": {"get": _game(
        "name, seq, head anchor, seats, undo/redo available; a joint-dice game's rolls due")},
    "/api/games/{gid}/me": {"get": _game("the actor the bearer token stands for", "", 401,
                                         seat=True)},
    "/api/games/{gid}/board": {"get": _game("the board now or after seq `at` (show --json)", "",
                                            400, params=[_q("at", "a seq of the log")])},
    "/api/games/{gid}/board.svg": {"get": {
        **_text("the board as `show --svg` draws it", "image/svg+xml",
                [GID, _q("at", "a seq of the log")])}},
    "/api/games/{gid}/log": {"get": _game(
        "log rows (log --json plus the narrated line), paged", "`{rows, last, next}`", 400,
        params=[_q("start", "the first seq"), _q("limit", "rows, at most 1000")])},
    "/api/games/{gid}/legal": {"get": _game(
        "legal()'s choices with the actor of each, and the answers a pending claim awaits",
        "`{seq, choices}`")},
    "/api/games/{gid}/verify": {"get": _game("the verify report (verify --json)")},
    "/api/games/{gid}/commands": {"post": _write(
        "issue one command as the token's seat", "a `turnlog play` line; in a signed game the "
        "line `turnlog sign` prints (its signer issues it, no token needed)")},
    "/api/games/{gid}/undo": {"post": _write(
        "undo as the token's seat", "optional `{override, referee, reason}`")},
    "/api/games/{gid}/redo": {"post": _write("redo as the token's seat", "empty")},
    "/api/games/{gid}/events": {"get": {
        **_text("Server-Sent Events, one per log row", "text/event-stream",
                [GID, _q("after", "start after this seq (Last-Event-ID wins)")])}},
    "/api/games/{gid}/replay": {"get": _game(
        "what a replay page holding the first N of each lacks", "", 400,
        params=[_q(k, f"how many {k} the page holds")
                for k in ("steps", "commands", "faces", "strings")])},
    "/games/{gid}": {"get": _text("the game's page: the replay, live, with a command box",
                                  "text/html", [GID])},
    "/static/replay.js": {"get": _text("the replay page's script", "text/javascript")},
    "/static/replay.css": {"get": _text("the replay page's style", "text/css")},
    "/static/serve.js": {"get": _text("the hosted page's script", "text/javascript")},
    "/static/serve.css": {"get": _text("the hosted page's style", "text/css")},
    "/openapi.json": {"get": _text("this description", "application/json")},
}


def document(version: str) -> dict:
    """The whole description (``version``: turnlog's)."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "turnlog serve", "version": version,
                 "description": "Hosted turnlog games: docs/serve.md."},
        "paths": PATHS,
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer",
                                           "description": "a seat's token"}},
            "schemas": {"Refusal": {
                "type": "object", "required": ["rule", "message"],
                "properties": {"rule": {"type": "string"}, "message": {"type": "string"},
                               "seq": {"type": "integer"}}}},
        },
    }
