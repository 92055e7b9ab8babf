"""Reading a request: bounded bodies, query numbers, and the JSON answer of every failure.

Every failure answers JSON ``{"rule": ..., "message": ...}``: a rule refusal names its rule (403 for
the seat and signature rules, 422 for the others), bad input the rule ``input`` and the field (400,
or 413 for a body over its limit), a missing or unknown token ``auth`` (401), a lost race between
two writers ``concurrency`` with the ``seq`` to retry from (409), a game whose kind this server lacks
``kind`` (501: the server's installation, not the request). Nothing is written on any of them:
the engine refuses before its append, and the append is one transaction.
"""

from __future__ import annotations

import sqlite3

import msgspec
from starlette.requests import Request
from starlette.responses import Response

from turnlog.events.log import ConcurrencyError, LogError

from ...errors import CommandError, RuleViolation, ScenarioError
from ...errors import sqlite_failure
from ...installed import KindNotInstalled
from .games import NoSuchGame

KiB = 1 << 10
MAX_COMMAND = 64 * KiB
MAX_CREATE = 1024 * KiB
MAX_PAGE = 1000  # log rows per request


class Refused(Exception):
    """An answer other than 200, decided by the server itself (input, auth, concurrency)."""

    def __init__(self, status: int, rule: str, message: str, **extra):
        super().__init__(message)
        self.status, self.rule, self.message, self.extra = status, rule, message, extra


def json(data, status: int = 200, raw: bytes | None = None) -> Response:
    body = raw if raw is not None else msgspec.json.encode(data)
    return Response(
        body,
        status,
        media_type="application/json",
        headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"},
    )


async def body(request: Request, limit: int, what: str) -> bytes:
    """The body, refused (413) as soon as it passes ``limit`` bytes, before all of it is read."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise Refused(
            413, "input", f"{what}: more than the {limit // KiB} KiB limit for one request"
        )
    got = bytearray()
    async for chunk in request.stream():
        got += chunk
        if len(got) > limit:
            raise Refused(
                413, "input", f"{what}: more than the {limit // KiB} KiB limit for one request"
            )
    return bytes(got)


def number(request: Request, name: str, default: int | None = None, least: int = 0) -> int | None:
    """A whole-number query parameter, or 400 naming it."""
    text = request.query_params.get(name)
    if text is None or text == "":
        return default
    if not text.isdigit() or len(text) > 18 or int(text) < least:
        raise Refused(
            400, "input", f"{name}: a whole number of at least {least} (got {text[:40]!r})"
        )
    return int(text)


#: The failures answered as JSON; anything else is a bug, answered 500 by the server and logged.
ANSWERED = (
    Refused,
    NoSuchGame,
    RuleViolation,
    CommandError,
    ScenarioError,
    LogError,
    sqlite3.Error,
    KindNotInstalled,
)


def failure(err: BaseException) -> Response:
    """The JSON answer of a failed request (see the module's docstring)."""
    if isinstance(err, Refused):
        return json({"rule": err.rule, "message": err.message, **err.extra}, err.status)
    if isinstance(err, NoSuchGame):
        return json({"rule": "game", "message": "no such game"}, 404)
    if isinstance(err, RuleViolation):
        status = 403 if err.rule.split(".")[0] in ("seats", "signatures") else 422
        return json({"rule": err.rule, "message": err.message}, status)
    if isinstance(err, (CommandError, ScenarioError)):
        return json({"rule": "input", "message": str(err)}, 400)
    if isinstance(
        err, ConcurrencyError
    ):  # the route adds the seq to retry from (Refused); this is a fallback
        return json({"rule": "concurrency", "message": str(err)}, 409)
    if isinstance(err, KindNotInstalled):
        return json({"rule": "kind", "message": str(err)}, 501)
    if isinstance(err, LogError):
        return json({"rule": "log", "message": str(err)}, 500)
    if isinstance(err, sqlite3.Error):
        return json({"rule": "store", "message": sqlite_failure(err)}, 503)
    raise err  # pragma: no cover - only ANSWERED reach here
