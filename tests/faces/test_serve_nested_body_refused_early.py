"""A creation nested too deep is refused after the part that shows it, not after its whole mebibyte
is read, and the connection is not kept for the rest; a creation whose strings hold brackets, sent
in parts that cut its strings anywhere, is counted as one text (engine/faces/serve/nesting.py)."""

from __future__ import annotations

import asyncio
import json

import pytest

from serve_helpers import OPEN_CLAIMS, SCENARIO, SEATS, needs_starlette

needs_starlette()

from turnlog.engine.errors import CommandError  # noqa: E402
from turnlog.engine.faces.serve import bodies as B  # noqa: E402
from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402
from turnlog.engine.faces.serve.nesting import JsonDepth  # noqa: E402

PART = 64 * 1024  # what uvicorn hands the application at once


def _post(app, body: bytes, part: int) -> tuple[int, dict, int, int]:
    """POST ``body`` to /api/games in parts of ``part`` bytes: (status, headers, parts the
    application took, parts it did not)."""
    parts = [body[i:i + part] for i in range(0, len(body), part)]
    taken = 0
    sent: list[dict] = []

    async def receive() -> dict:
        nonlocal taken
        if taken < len(parts):
            taken += 1
            return {"type": "http.request", "body": parts[taken - 1],
                    "more_body": taken < len(parts)}
        await asyncio.sleep(3600)  # the client waits for the answer
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/api/games", "raw_path": b"/api/games", "root_path": "",
             "query_string": b"", "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 80),
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
                         (b"content-length", str(len(body)).encode())]}
    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    return start["status"], headers, taken, len(parts) - taken


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return build(Games(tmp_path_factory.mktemp("games")))


def test_a_creation_of_a_mebibyte_of_brackets_is_refused_after_its_first_part(app):
    half = B.MAX_CREATE // 2 - 1
    status, headers, taken, left = _post(app, b"[" * half + b"]" * half, PART)
    assert status == 400
    assert taken == 1 and left == 15  # 64 KiB read of the 1 MiB, not the whole
    assert headers["connection"] == "close"  # nor read by the server after the answer


def test_brackets_after_a_string_are_counted_from_the_part_that_passes_the_limit(app):
    body = b'{"scenario": "x", "seats": ' + b"[" * (B.MAX_CREATE // 2 - 40)
    status, _headers, taken, left = _post(app, body, PART)
    assert (status, taken) == (400, 1) and left > 0


def test_a_creation_whose_strings_hold_brackets_is_created_in_parts_of_any_size(app):
    text = json.dumps({"scenario": SCENARIO, "seats": SEATS, "claims": OPEN_CLAIMS,
                       "note": "[" * 300 + '\\"{' * 200})
    for part in (1, 3, 7):
        status, _headers, _taken, left = _post(app, text.encode(), part)
        assert (status, left) == (201, 0)


@pytest.mark.parametrize("cut", range(1, 12))
def test_the_count_over_parts_is_the_count_over_the_whole(cut):
    text = b'[{"a\\"[[": "\\\\", "b": [["]]\\\\\\"[["]]}]'  # nests 4, strings full of brackets
    for limit, refused in ((4, False), (3, True)):
        depth = JsonDepth("body", limit)
        try:
            for i in range(0, len(text), cut):
                depth.feed(text[i:i + cut])
        except CommandError:
            assert refused, (cut, limit)
        else:
            assert not refused, (cut, limit)


def test_a_creation_counted_as_it_was_read_is_not_counted_again_whole(app, monkeypatch):
    from turnlog.engine.faces.serve import inputs as I

    counted: list = []
    monkeypatch.setattr(I, "check_nesting", lambda raw, what, error: counted.append(what))
    body = json.dumps({"scenario": SCENARIO, "seats": SEATS, "claims": OPEN_CLAIMS,
                       "note": "[]" * 1000}).encode()
    status, _headers, _taken, _left = _post(app, body, PART)
    assert status == 201 and "body" not in counted
