"""What a request to `turnlog serve` sends, decoded and checked: a command (or a signed line), a JSON
object, the scenario of a creation. Every failure is a CommandError naming the field (400) or the
rule that refuses it; nothing here writes.

Every body and uploaded scenario has its nesting counted before any parser recurses into it (the
scenario's own bound, engine/inputs.py): a body nested thousands deep is a one-line 400, never a
RecursionError.
"""

from __future__ import annotations

import tomllib
from urllib.parse import urlsplit

import msgspec
from starlette.requests import Request

from ... import commands as c
from ... import scenario as SC
from ...errors import CommandError, RuleViolation
from ...inputs import check_nesting
from ...seats import seat_scenario
from . import bodies as B


def shallow(raw: bytes | str, what: str) -> None:
    """Refuse (400) a body nested deeper than a scenario may nest, before anything parses it."""
    check_nesting(raw, what, CommandError)


def creation_allowed(request: Request, cors: str | None) -> None:
    """A creation is JSON (a form or text/plain POST, which any page may send, is 415) and comes
    from no page, a page of this server, or the --cors origin (403 ``origin`` otherwise)."""
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/json":
        raise B.Refused(415, "input", "Content-Type: a creation is sent as application/json")
    origin = request.headers.get("origin")
    if origin is None or origin == cors:
        return
    if urlsplit(origin).netloc.lower() != request.headers.get("host", "").lower():
        raise B.Refused(403, "origin", f"Origin: pages of {origin[:80]!r} may not create games on "
                        "this server (--cors names the one other origin allowed)")


def signed(g, raw: bytes, actor: str) -> tuple[str, list]:
    """Append the line `turnlog sign` printed, as its signer's (``actor``: the token's, if any)."""
    from ..cli.keys import unwrap

    shallow(raw, "command")
    same_history(g, raw)
    try:
        cmd, who, signer = unwrap(g, raw.decode("utf-8", "replace"), actor)
    except msgspec.DecodeError as err:
        raise CommandError(f"command: not valid JSON ({err})") from None
    except CommandError as err:
        raise CommandError(f"command: {err}") from None
    if signer is None:
        raise RuleViolation(
            "signatures",
            "this game is signed: post the line `turnlog sign` prints for the command "
            '({"signed": ..., "actor": ..., "prev": ..., "sig": ...})',
        )
    return who, g.execute(cmd, actor=who, signer=signer)


def same_history(g, raw: bytes) -> None:
    """Refuse a line signed at this log's seq on another history (another game, or a copy that
    went another way): its ``prev`` names the seq of the head but not its hash."""
    try:
        prev = msgspec.json.decode(raw).get("prev")
    except (msgspec.DecodeError, AttributeError):
        return  # not a signed line: unwrap says what it is
    seq, head = g.log.last()
    if isinstance(prev, str) and prev.partition(":")[0] == str(seq) and prev != f"{seq}:{head}":
        raise RuleViolation(
            "signatures",
            f"the line was signed after another seq {seq} than this game's (its prev names "
            "another history: another game, or a copy that went another way); sign it on a copy "
            "of this game",
        )


def command(raw: bytes) -> c.Command:
    shallow(raw, "command")
    try:
        return c.parse(raw)
    except CommandError as err:
        raise CommandError(f"command: {err}") from None


def json_object(raw: bytes, what: str, counted: bool = False) -> dict:
    """``raw`` decoded as a JSON object, or 400; ``counted``: its nesting was counted already as
    it was read (nesting.py: for a JSON text the same count, so not made twice)."""
    if not counted:
        shallow(raw, what)
    try:
        doc = msgspec.json.decode(raw)
    except msgspec.DecodeError as err:
        raise CommandError(f"{what}: not valid JSON ({err})") from None
    if not isinstance(doc, dict):
        raise CommandError(f"{what}: a JSON object")
    return doc


def scenario(doc: dict):
    """The scenario of a creation request, seated; a bundled name or an uploaded text."""
    given = doc.get("scenario")
    if isinstance(given, str):
        if given not in SC.bundled_names():
            raise CommandError(
                f"scenario: no bundled scenario {given[:80]!r} (bundled: "
                f"{', '.join(SC.bundled_names())})"
            )
        sc = SC.load(given)
    elif (
        isinstance(given, dict)
        and given.get("format") in ("toml", "json")
        and isinstance(given.get("text"), str)
    ):
        shipped_tables_only(given["text"], given["format"])
        sc = SC.parse(given["text"], given["format"], "scenario (uploaded)", base="/nonexistent")
    else:
        raise CommandError('scenario: a bundled name, or {"format": "toml"|"json", "text": "..."}')
    seats = doc.get("seats")
    if seats is not None:
        if not isinstance(seats, dict):
            raise CommandError('seats: {"FACTION": "ACTOR", ...}')
        spec = {
            "factions": seats,
            "referee": doc.get("referee") or "",
            "host": doc.get("host") or "",
            # who may make which claim alone (docs/scenario.md seats.claims); none: the safe defaults
            "claims": doc.get("claims") or {},
            # a signed game: each seated actor's public key (64 hex digits), as `new --key`
            "keys": doc.get("keys") or {},
        }
        sc = seat_scenario(sc, spec)
    if not sc.seats.factions:
        raise CommandError(
            "seats: a hosted game names who holds each side (seats: {FACTION: ACTOR})"
        )
    return sc


def shipped_tables_only(text: str, fmt: str) -> None:
    """An upload may name the shipped tables or give its own inline, never a path on the server."""
    shallow(text, "scenario (uploaded)")
    try:
        raw = tomllib.loads(text) if fmt == "toml" else msgspec.json.decode(text)
    except (tomllib.TOMLDecodeError, msgspec.DecodeError):
        return  # parse() names the syntax error
    tables = raw.get("tables") if isinstance(raw, dict) else None
    for name, given in tables.items() if isinstance(tables, dict) else ():
        if isinstance(given, str) and not given.startswith("turnlog:"):
            raise CommandError(
                f"tables.{name}: an uploaded scenario names a shipped table (turnlog:...) "
                "or gives the table inline, never a file on the server"
            )


def joint(doc: dict) -> dict | None:
    """The joint-dice holders of a creation: holder -> the record its `turnlog secret` .pub holds
    (the game checks each key and its proof when it is created)."""
    given = doc.get("joint")
    if given is None:
        return None
    if not isinstance(given, dict) or len(given) < 2:
        raise CommandError('joint: {"HOLDER": {"rsa": ..., "proof": [...]}, ...}, two holders or more')
    return given
