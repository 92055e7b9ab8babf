"""Reading a request: bounded bodies, query numbers, and the JSON answer of every failure.

Every failure answers JSON ``{"rule": ..., "message": ...}``: a rule refusal names its rule (403 for
the seat and signature rules, 422 for the others), bad input the rule ``input`` and the field (400,
or 413 for a body over its limit), a missing or unknown token ``auth`` (401), a lost race between
two writers ``concurrency`` with the ``seq`` to retry from (409), a game whose kind this server lacks
``kind`` (501: the server's installation, not the request). Nothing is written on any of them:
the engine refuses before its append, and the append is one transaction.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3

import msgspec
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from turnlog.events.log import ConcurrencyError, LogError
from turnlog.events.pgpool import PoolBusy

from ...errors import CommandError, RuleViolation, ScenarioError
from ...errors import sqlite_failure
from ...installed import KindNotInstalled
from .games import NoSuchGame
from .nesting import JsonDepth

KiB = 1 << 10
MAX_COMMAND = 64 * KiB
MAX_CREATE = 1024 * KiB
MAX_PAGE = 1000  # log rows per request
#: Seconds a client may take to send each part of a body (a stalled upload is answered 408).
READ_TIMEOUT = 10.0
#: A number a client sends: ASCII digits only (str.isdigit also takes '²' and '①', which int refuses).
DIGITS = re.compile(r"[0-9]{1,18}")

LOG = logging.getLogger("turnlog.serve")
_CLOSE = {"Connection": "close"}


class Refused(Exception):
    """An answer other than 200, decided by the server itself (input, auth, concurrency)."""

    def __init__(self, status: int, rule: str, message: str, headers: dict | None = None,
                 **extra):
        super().__init__(message)
        self.status, self.rule, self.message, self.extra = status, rule, message, extra
        self.headers = headers or {}


def json(data, status: int = 200, raw: bytes | None = None) -> Response:
    body = raw if raw is not None else msgspec.json.encode(data)
    return Response(
        body,
        status,
        media_type="application/json",
        headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"},
    )


async def body(request: Request, limit: int, what: str, timeout: float = READ_TIMEOUT,
               depth: JsonDepth | None = None) -> bytes:
    """The body, refused (413) as soon as it passes ``limit`` bytes, before all of it is read, and
    408 when a part of it takes more than ``timeout`` seconds to come; with ``depth``, 400 as soon
    as the parts read so far nest too deep (nesting.py).

    A body refused before its end is answered ``Connection: close``: the server reads no more of
    what it has refused (the connection would otherwise be kept by reading the rest)."""
    declared = request.headers.get("content-length")
    if declared is not None and not DIGITS.fullmatch(declared):
        raise Refused(400, "input", "Content-Length: a whole number of bytes")
    if declared is not None and int(declared) > limit:
        raise Refused(
            413, "input", f"{what}: more than the {limit // KiB} KiB limit for one request",
            headers=_CLOSE)
    got = bytearray()
    parts = request.stream().__aiter__()
    while True:
        try:
            chunk = await asyncio.wait_for(parts.__anext__(), timeout)
        except StopAsyncIteration:
            return bytes(got)
        except asyncio.TimeoutError:
            raise Refused(408, "input", f"{what}: no part of the body came in {timeout:g} s",
                          headers={"Connection": "close"}) from None
        got += chunk
        if len(got) > limit:
            raise Refused(
                413, "input", f"{what}: more than the {limit // KiB} KiB limit for one request",
                headers=_CLOSE)
        if depth is not None:
            try:
                depth.feed(chunk)
            except CommandError as err:
                raise Refused(400, "input", str(err), headers=_CLOSE) from None


def number(request: Request, name: str, default: int | None = None, least: int = 0) -> int | None:
    """A whole-number query parameter, or 400 naming it."""
    text = request.query_params.get(name)
    if text is None or text == "":
        return default
    return whole(text, name, least)


def whole(text: str, name: str, least: int = 0) -> int:
    """``text`` as a whole number of ASCII digits, at least ``least``, or 400 naming ``name``."""
    if not DIGITS.fullmatch(text) or int(text) < least:
        raise Refused(
            400, "input", f"{name}: a whole number of at least {least} in ASCII digits "
            f"(got {text[:40]!r})"
        )
    return int(text)


#: Failures of the store itself (the disk, the database): answered 503 without their detail.
STORE_FAILURES: tuple[type[BaseException], ...] = (sqlite3.Error, OSError)
try:
    import psycopg

    STORE_FAILURES += (psycopg.Error,)
except ImportError:  # no PostgreSQL driver: no PostgreSQL store either
    pass

#: The failures answered as JSON; anything else is a bug, answered 500 JSON and logged.
ANSWERED = (
    Refused,
    HTTPException,
    NoSuchGame,
    RuleViolation,
    CommandError,
    ScenarioError,
    LogError,
    *STORE_FAILURES,
    KindNotInstalled,
)


def failure(err: BaseException) -> Response:
    """The JSON answer of a failed request (see the module's docstring)."""
    if isinstance(err, Refused):
        answer = json({"rule": err.rule, "message": err.message, **err.extra}, err.status)
        answer.headers.update(err.headers)
        return answer
    if isinstance(err, HTTPException):
        return _http(err)
    if isinstance(err, NoSuchGame):
        return json({"rule": "game", "message": "no such game"}, 404)
    if isinstance(err, RuleViolation):
        status = 403 if err.rule.split(".")[0] in ("seats", "signatures") else 422
        return json({"rule": err.rule, "message": err.message}, status)
    if isinstance(err, PoolBusy):  # every database connection in use: the client tries again
        answer = json({"rule": "busy", "message": f"{err}; try again in a second"}, 503)
        answer.headers["Retry-After"] = "1"
        return answer
    if isinstance(err, (CommandError, ScenarioError)):
        return json({"rule": "input", "message": str(err)}, 400)
    if isinstance(err, ConcurrencyError):  # the routes add the seq to retry from (Refused)
        return json({"rule": "concurrency", "message": str(err)}, 409)
    if isinstance(err, KindNotInstalled):
        return json({"rule": "kind", "message": str(err)}, 501)
    # the store failed: its words name the server's files or database, so they go to the log only
    LOG.error("store failure: %s: %s", type(err).__name__, sqlite_failure(err)
              if isinstance(err, sqlite3.Error) else err)
    answer = json({"rule": "store", "message": "the game store failed; nothing was written by "
                   "this request: try again later"}, 503)
    answer.headers["Retry-After"] = "5"
    return answer


#: What each HTTP status Starlette raises by itself means, in the API's words.
_SAID = {404: ("route", "no such route"), 405: ("method", "this route does not take that method")}


def _http(err: HTTPException) -> Response:
    rule, message = _SAID.get(err.status_code, ("http", str(err.detail)[:200]))
    answer = json({"rule": rule, "message": message}, err.status_code)
    answer.headers.update(err.headers or {})
    return answer


async def crashed(request: Request, err: Exception) -> Response:
    """A bug: logged whole on the server, answered 500 JSON without its detail."""
    LOG.error("unexpected failure on %s %s", request.method, request.url.path, exc_info=err)
    return json({"rule": "server", "message": "the server failed on this request (a bug, "
                 "logged on the server)"}, 500)
