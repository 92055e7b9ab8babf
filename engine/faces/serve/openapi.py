"""The OpenAPI 3.1 description of `turnlog serve`'s routes, served at ``/openapi.json``.

The paths are listed here beside the routes (Starlette generates none without YAML in every
docstring); every body and answer schema is generated from msgspec Structs by
``msgspec.json.schema_components``: the commands' from the command Structs the decoder reads
(engine/commands.py, each installed kind's), the rest from schemas.py and the verify Report. Every
parameter is bounded as the routes bound it, and every status a route answers is listed. Held to
the application by tests/faces/test_serve_openapi.py, and a schemathesis run against a live server.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from . import schemas as S

REF = "#/components/schemas/{name}"
GID = {"name": "gid", "in": "path", "required": True,
       "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{22}$"},
       "description": "the game's id, answered once at creation"}
SEAT: list[dict[str, list[str]]] = [{"bearer": []}]
SAID = {
    400: "bad input: the field named (rule `input`)",
    401: "no token, or one no seat of this game has (rule `auth`)",
    403: "a seat or signature rule refuses it (rule `seats.*`, `signatures`), or a creation "
         "from a page of another origin than --cors (rule `origin`)",
    404: "no such game (rule `game`)",
    408: "a body that stalled past --timeout (rule `input`)",
    409: "another head than `expect`, or another server appended first (rule `concurrency`, "
         "with `seq`)",
    413: "a body over its limit (rule `input`)",
    415: "a creation not sent as application/json (rule `input`)",
    422: "the rules refuse it: `rule` is the rule's number",
    429: "the creation quota (rule `quota`)",
    503: "busy (rule `busy`: the game's queue, the server's verifies, followed games or database "
         "connections are full) "
         "or the store failed (rule `store`); Retry-After says when to retry",
}
GAME_REFUSALS = (404, 503)


def _n(name: str, least: int, what: str) -> dict:
    return {"name": name, "in": "query", "required": False, "description": what,
            "schema": {"type": "integer", "minimum": least, "maximum": S.MAX_NUMBER}}


EXPECT = _n("expect", 0, "the seq the client looked at; another head answers 409")
LAST_EVENT_ID = {"name": "Last-Event-ID", "in": "header", "required": False,
                 "description": "the seq of the last event received (wins over `after`)",
                 "schema": {"type": "string", "pattern": "^[0-9]{1,18}$"}}


def _ref(name: str) -> dict:
    return {"$ref": REF.format(name=name)}


def _json(what: str, schema: dict) -> dict:
    return {"description": what, "content": {"application/json": {"schema": schema}}}


def _op(summary: str, ok: dict, *codes: int, params=(), seat: bool = False,
        body: dict | None = None) -> dict:
    refusals = {str(c): _json(SAID[c], _ref("Refusal")) for c in sorted(set(codes))}
    op: dict[str, Any] = {"summary": summary, "parameters": list(params),
                          "responses": {**ok, **refusals}}
    if seat:
        op["security"] = SEAT
    if body is not None:
        op["requestBody"] = {"required": False, "content": {"application/json": {"schema": body}}}
    return op


def _game(summary: str, answer: str, *codes: int, params=(), **kw) -> dict:
    ok = {"200": _json(summary, _ref(answer) if answer else {"type": "object"})}
    return _op(summary, ok, *GAME_REFUSALS, *codes, params=[GID, *params], **kw)


def _write(summary: str, body: dict) -> dict:
    return _game(summary, "Written", 400, 401, 403, 408, 409, 413, 422, params=[EXPECT],
                 seat=True, body=body)


def _text(summary: str, kind: str, params=(), *codes: int) -> dict:
    ok = {"200": {"description": summary, "content": {kind: {"schema": {"type": "string"}}}}}
    return _op(summary, ok, *codes, params=list(params))


def paths(commands: dict) -> dict[str, dict[str, dict]]:
    """Every route with its operations; ``commands``: the body of a command post."""
    g = "/api/games/{gid}"
    counts = ("steps", "commands", "faces", "strings")
    return {
        "/api/games": {
            "get": _op("the listed games", {"200": _json("the listed games", _ref("Games"))}),
            "post": _op("create a game (bundled or uploaded scenario, seats, optional keys)",
                        {"201": _json("each seat's token, shown this once", _ref("Created"))},
                        400, 403, 408, 413, 415, 429, 503, body=_ref("Creation")),
        },
        "/api/scenarios": {"get": _op(
            "the bundled scenarios a creation may name, with the seats it gives",
            {"200": _json("the bundled scenarios", _ref("Scenarios"))})},
        g: {"get": _game("name, seq, head anchor, seats, undo/redo available and by whom, "
                         "whether over; a joint-dice game's rolls due", "Summary")},
        g + "/me": {"get": _game("the actor the bearer token stands for", "Me", 401, seat=True)},
        g + "/board": {"get": _game("the board now or after seq `at` (show --json)", "", 400,
                                    params=[_n("at", 1, "a seq of the log")])},
        g + "/board.svg": {"get": _text("the board as `show --svg` draws it", "image/svg+xml",
                                        [GID, _n("at", 1, "a seq of the log")],
                                        400, *GAME_REFUSALS)},
        g + "/log": {"get": _game(
            "log rows (log --json plus the narrated line), paged", "LogPage", 400,
            params=[_n("start", 1, "the first seq"), _n("limit", 1, "rows (at most 1000 given)")])},
        g + "/legal": {"get": _game("legal()'s choices with the actor of each, and the answers a "
                                    "pending claim awaits", "Choices")},
        g + "/due": {"get": _game("whose move: who the game waits for, what is due from each seat "
                                  "with its rule, each seat's sentence (Game.due())", "Due")},
        g + "/odds": {"get": _game("the odds each open procedure faces before its roll, in its kind's "
                                   "words (the REPL's `odds`); none for a kind that gives no odds",
                                   "Odds")},
        g + "/verify": {"get": _game("the verify report (verify --json)", "Report")},
        g + "/commands": {"post": _write(
            "issue one command as the token's seat (in a signed game: the line `turnlog sign` "
            "prints, issued by its signer, no token needed)", commands)},
        g + "/undo": {"post": _write("undo as the token's seat", _ref("UndoBody"))},
        g + "/redo": {"post": _write("redo as the token's seat", {"type": "object"})},
        g + "/events": {"get": _text(
            "Server-Sent Events, one per log row", "text/event-stream",
            [GID, _n("after", 0, "start after this seq"), LAST_EVENT_ID], 400, *GAME_REFUSALS)},
        g + "/replay": {"get": _game(
            "what a replay page holding the first N of each lacks", "", 400,
            params=[_n(k, 0, f"how many {k} the page holds") for k in counts])},
        g + "/table": {"get": _game(
            "a seat's table after a commit, read at one seq: what a page holding the first N of "
            "each lacks (as `replay`), whose move, the odds, the summary, the choices", "Table",
            400,
            params=[_n(k, 0, f"how many {k} the page holds") for k in counts])},
        "/games/{gid}": {"get": _text("the game's page: the replay, live, with a command box",
                                      "text/html", [GID], *GAME_REFUSALS)},
        "/static/replay.js": {"get": _text("the replay page's script", "text/javascript")},
        "/static/replay.css": {"get": _text("the replay page's style", "text/css")},
        "/static/serve.js": {"get": _text("the hosted page's script", "text/javascript")},
        "/static/serve.css": {"get": _text("the hosted page's style", "text/css")},
        "/openapi.json": {"get": _op("this description",
                                     {"200": _json("this description", {"type": "object"})})},
    }


def document(version: str) -> dict:
    """The whole description (``version``: turnlog's)."""
    from ...commands import vocabulary
    from ...verify.report import Report

    kinds = list(vocabulary().values())
    named, components = msgspec.json.schema_components(
        [*S.SHAPES, Report, *kinds], ref_template=REF)
    commands = {"oneOf": [*named[len(S.SHAPES) + 1:], _ref("Signed")]}
    _bundled_names(components["Creation"])
    return {
        "openapi": "3.1.0",
        "info": {"title": "turnlog serve", "version": version,
                 "description": "Hosted turnlog games: docs/serve.md."},
        "paths": _linked(paths(commands)),
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer",
                                           "description": "a seat's token"}},
            "schemas": _typed_arrays(components),
        },
    }


def _bundled_names(creation: dict) -> None:
    """Name the bundled scenarios as the only strings a creation's ``scenario`` takes (any other name
    is a 400), so that a client, or a fuzzer, can make a game without reading another route."""
    from ...scenario import bundled_names

    name = creation["properties"]["scenario"]["anyOf"][0]
    name.update(title="BundledScenario", enum=bundled_names())
    creation["examples"] = [{"scenario": "bridgehead-14-65", "seats": {"AX": "alice", "WA": "bob"}}]


def operation_id(method: str, path: str) -> str:
    """A stable name for an operation, as a generated client names its function: ``get_game_due`` for
    ``GET /api/games/{gid}/due``, ``get_page`` for the game's page, ``post_games`` for a creation."""
    words = path.replace("/api/games/{gid}", "/game").replace("/games/{gid}", "/page")
    return method + "_" + re.sub(r"[^A-Za-z0-9]+", "_", words.removeprefix("/api")).strip("_")


def _linked(by_path: dict[str, dict[str, dict]]) -> dict[str, dict[str, dict]]:
    """``by_path`` with an operationId on each operation, and a link from a creation's answer to every
    operation on the game it made (its ``id`` is their ``gid``): what a stateful client (schemathesis's
    stateful phase) follows to play on a game it created."""
    links = {}
    for path, ops in by_path.items():
        for method, op in ops.items():
            op["operationId"] = operation_id(method, path)
            streams = "text/event-stream" in op["responses"].get("200", {}).get("content", {})
            if "{gid}" in path and not streams:  # a stream never ends: no client follows it blind
                links[op["operationId"]] = {"operationId": op["operationId"],
                                            "parameters": {"gid": "$response.body#/id"}}
    by_path["/api/games"]["post"]["responses"]["201"]["links"] = links
    return by_path


def _typed_arrays(schema: Any) -> Any:
    """``schema`` with ``"items": {}`` (any value) on every array that names no items.

    msgspec describes a ``list[Any]`` as a bare array, which JSON Schema allows; generators of
    typed clients (openapi-python-client) refuse such an array and drop the schema holding it."""
    if isinstance(schema, list):
        return [_typed_arrays(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _typed_arrays(v) for k, v in schema.items()}
    if out.get("type") == "array" and "items" not in out and "prefixItems" not in out:
        out["items"] = {}
    return out
