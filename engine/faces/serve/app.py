"""The routes of `turnlog serve`: a JSON API over a directory of games, live push and a page per
game.

No rule is judged here: every write is Game.execute, undo or redo as the actor the bearer token
stands for, and every read is what the CLI's reading commands give (``show --json``, ``log --json``,
``legal()``, ``verify --json``). docs/serve.md lists the routes.
"""

from __future__ import annotations

import contextlib
import tomllib

import msgspec
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from turnlog.events.log import ConcurrencyError
from turnlog.projections.state import dump

from ... import claims
from ... import commands as c
from ... import scenario as SC
from ...errors import CommandError, RuleViolation
from ...seats import seat_scenario
from ..cli_play import issuers
from . import bodies as B
from . import page
from .games import Entry, Games
from .push import Push
from .quota import Quota

ID = "{gid:str}"


class Api:
    """The routes' handlers over one Games directory and its push hubs."""

    def __init__(self, games: Games, quota: Quota | None = None):
        self.games = games
        self.push = Push()
        self.quota = quota or Quota()

    # -- games ------------------------------------------------------------

    async def create(self, request: Request) -> Response:
        raw = await B.body(request, B.MAX_CREATE, "body")
        doc = _object(raw, "body")
        scenario = await run_in_threadpool(_scenario, doc)
        client = request.client.host if request.client else ""
        await run_in_threadpool(self.quota.take, client, self.games.count)
        try:
            gid, tokens = await run_in_threadpool(
                self.games.create, scenario, listed=doc.get("listed") is True
            )
        except BaseException:
            self.quota.give_back(client)
            raise
        return B.json(
            {"id": gid, "name": scenario.name, "tokens": tokens, "page": f"/games/{gid}"}, 201
        )

    async def list(self, request: Request) -> Response:
        found = await run_in_threadpool(self.games.listed)
        return B.json({"games": [{"id": gid, "name": s.name} for gid, s in found]})

    async def summary(self, request: Request) -> Response:
        def read(entry: Entry):
            g = entry.fresh()
            seq, head = g.log.last()
            return {
                "id": entry.id,
                "name": entry.seats.name,
                "seq": seq,
                "head": f"{seq}:{head}",
                "seats": msgspec.to_builtins(g.state.seats),
                "undo": g.undo_target() is not None,
                "redo": g.redo_target() is not None,
            }

        return B.json(await self._read(request, read))

    async def me(self, request: Request) -> Response:
        """Who the bearer token stands for in this game (the page asks once, when a player sits)."""
        entry = await self._entry(request)
        actor = entry.seats.actor(request.headers.get("authorization"))
        if actor is None:
            raise B.Refused(401, "auth", "Authorization: no seat of this game has that token")
        return B.json({"actor": actor})

    # -- reading ----------------------------------------------------------

    async def board(self, request: Request) -> Response:
        at = B.number(request, "at", least=1)
        raw = await self._read(request, lambda e: dump(_state(e, at)))
        return B.json(None, raw=raw)

    async def board_svg(self, request: Request) -> Response:
        from ..render import render_svg

        at = B.number(request, "at", least=1)
        svg = await self._read(request, lambda e: render_svg(e.game, _state(e, at), at))
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    async def log(self, request: Request) -> Response:
        start = B.number(request, "start", 1, least=1)
        limit = min(B.number(request, "limit", B.MAX_PAGE, least=1), B.MAX_PAGE)
        return B.json(await self._read(request, lambda e: _log_page(e, start, limit)))

    async def legal(self, request: Request) -> Response:
        return B.json(await self._read(request, lambda e: _legal(e.fresh())))

    async def verify(self, request: Request) -> Response:
        from ...verify import verify_path

        gid = (await self._entry(request)).id  # served games only
        rep = await run_in_threadpool(
            verify_path, self.games.target(gid), seed_file=self.games.seed_file(gid)
        )
        return B.json(rep)

    # -- writing ----------------------------------------------------------

    async def command(self, request: Request) -> Response:
        raw = await B.body(request, B.MAX_COMMAND, "command")
        entry = await self._entry(request)
        if entry.game.state.seats.keys:  # signed: the signature names the seat, no token needed
            return await self._write(request, lambda g, actor: _signed(g, raw, actor), signed=True)
        cmd = _command(raw)  # a bad command is refused before the game is locked
        return await self._write(request, lambda g, actor: (actor, g.execute(cmd, actor=actor)))

    async def undo(self, request: Request) -> Response:
        raw = await B.body(request, B.MAX_COMMAND, "undo")
        doc = {
            **(_object(raw, "undo") if raw.strip() else {}),
            "type": "Undo",
        }  # override, referee, reason
        cmd = _command(msgspec.json.encode(doc))
        return await self._write(request, lambda g, actor: (actor, g.execute(cmd, actor=actor)))

    async def redo(self, request: Request) -> Response:
        await B.body(request, B.MAX_COMMAND, "redo")
        return await self._write(request, lambda g, actor: (actor, g.redo(actor=actor)))

    async def events(self, request: Request) -> Response:
        gid = (await self._entry(request)).id
        after = B.number(request, "after")
        last_id = request.headers.get("last-event-id")
        if last_id is not None:  # a reconnecting EventSource: it wins over the URL it first opened
            if not last_id.isdigit() or len(last_id) > 18:
                raise B.Refused(400, "input", "Last-Event-ID: the seq of the last event received")
            after = int(last_id)
        stream = self.push.stream(gid, self.games.target(gid), after or 0, request.receive)
        return StreamingResponse(
            stream,
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    # -- plumbing ---------------------------------------------------------

    async def _entry(self, request: Request) -> Entry:
        """The game of the route (its first open replays the log: off the event loop)."""
        return await run_in_threadpool(self.games.entry, request.path_params["gid"])

    async def _read(self, request: Request, fn):
        entry = await self._entry(request)

        def locked():
            with entry.lock:
                return fn(entry)

        return await run_in_threadpool(locked)

    async def _write(self, request: Request, fn, signed: bool = False) -> Response:
        """Run ``fn(game, actor)`` -> (issuer, events) under the game's lock, as the token's actor
        (``signed``: a token is optional, the signed line names its issuer)."""
        entry = await self._entry(request)
        given = request.headers.get("authorization")
        actor = entry.seats.actor(given)
        if actor is None and (given or not signed):
            raise B.Refused(401, "auth", "Authorization: give the seat's token as 'Bearer TOKEN'")
        expect = B.number(request, "expect")

        def locked():
            with entry.lock:
                g = entry.fresh()
                if expect is not None and expect != g.state.seq:
                    raise B.Refused(
                        409,
                        "concurrency",
                        f"expect: the log is at seq {g.state.seq}, not "
                        f"{expect}; read what came after and send again",
                        seq=g.state.seq,
                    )
                try:
                    actor_, pairs = fn(g, actor or "")
                except (
                    ConcurrencyError
                ) as err:  # another server appended first: the game has reloaded
                    raise B.Refused(
                        409,
                        "concurrency",
                        f"{err}; read what came after and send again",
                        seq=g.state.seq,
                    ) from None
                return {
                    "seq": g.state.seq,
                    "actor": actor_,
                    "events": [{"seq": s, "type": type(ev).__name__} for s, ev in pairs],
                }

        return B.json(await run_in_threadpool(locked))


def _legal(g) -> dict:
    """legal()'s choices, each with the actor whose seat it is; while a claim is pending, only
    what may happen then (claims.WHILE_PENDING) and the answers, one per actor who may give them."""
    state = g.state
    seats, waiting = state.seats, claims.pending(state)
    out = []
    for ch in g.legal():
        if waiting and ch.command not in claims.WHILE_PENDING:
            continue
        actor = seats.host if ch.role == "host" else seats.factions.get(ch.faction, "")
        out.append({**msgspec.to_builtins(ch), "text": str(ch), "actor": actor})
    if waiting:
        claim = state.claims[waiting]
        rule = "claims.answer"
        for actor in sorted(claims.acceptors(state, claim.by)):
            for command in ("AcceptClaim", "DisputeClaim"):
                head = f"{command} claim={waiting}"
                text = f"{head}: {claim.by}'s {claim.cls} claim {claim.command} ({rule})"
                reason = [{"field": "reason", "domain": "text", "optional": True}]
                out.append({"command": command, "head": head, "fixed": {"claim": waiting},
                            "options": reason if command == "DisputeClaim" else [],
                            "rule": rule, "text": text, "actor": actor})
    return {"seq": state.seq, "choices": out}


def _signed(g, raw: bytes, actor: str) -> tuple[str, list]:
    """Append the line `turnlog sign` printed, as its signer's (``actor``: the token's, if any)."""
    from ..cli_keys import unwrap

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


def _command(raw: bytes) -> c.Command:
    try:
        return c.parse(raw)
    except CommandError as err:
        raise CommandError(f"command: {err}") from None


def _object(raw: bytes, what: str) -> dict:
    try:
        doc = msgspec.json.decode(raw)
    except msgspec.DecodeError as err:
        raise CommandError(f"{what}: not valid JSON ({err})") from None
    if not isinstance(doc, dict):
        raise CommandError(f"{what}: a JSON object")
    return doc


def _scenario(doc: dict):
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
        _shipped_tables_only(given["text"], given["format"])
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


def _shipped_tables_only(text: str, fmt: str) -> None:
    """An upload may name the shipped tables or give its own inline, never a path on the server."""
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


def _state(entry: Entry, at: int | None):
    g = entry.fresh()
    if at is None or at == g.state.seq:
        return g.state
    if at > g.state.seq:
        raise B.Refused(400, "input", f"at: seq {at} is past the end of the log ({g.state.seq})")
    return g.at(at)


def _log_page(entry: Entry, start: int, limit: int) -> dict:
    from turnlog.projections import narrative

    g = entry.fresh()
    stop = start + limit - 1
    undone = g.undone()
    by = issuers(g, start, stop)
    rows = []
    for seq, cid, ev, auto in g.rows(start, stop):
        row = {
            "seq": seq,
            "command_id": cid,
            "automatic": auto,
            "undone": cid in undone,
            "event": ev,
            "line": narrative.line(ev),
        }
        if seq in by:
            row["actor"], row["seat"] = by[seq]
        rows.append(row)
    last = g.state.seq
    return {"rows": rows, "last": last, "next": stop + 1 if stop < last else None}


def build(games: Games, cors: str | None = None, quota: Quota | None = None) -> Starlette:
    """The ASGI application over ``games``; ``cors``: the one origin whose pages may call it;
    ``quota``: how many games it creates (default: quota.py's defaults)."""
    api = Api(games, quota)
    g = f"/api/games/{ID}"
    routes = [
        Route("/api/games", api.list, methods=["GET"]),
        Route("/api/games", api.create, methods=["POST"]),
        Route(g, api.summary, methods=["GET"]),
        Route(g + "/me", api.me, methods=["GET"]),
        Route(g + "/board", api.board, methods=["GET"]),
        Route(g + "/board.svg", api.board_svg, methods=["GET"]),
        Route(g + "/log", api.log, methods=["GET"]),
        Route(g + "/legal", api.legal, methods=["GET"]),
        Route(g + "/verify", api.verify, methods=["GET"]),
        Route(g + "/commands", api.command, methods=["POST"]),
        Route(g + "/undo", api.undo, methods=["POST"]),
        Route(g + "/redo", api.redo, methods=["POST"]),
        Route(g + "/events", api.events, methods=["GET"]),
        *page.routes(games),
        Route("/openapi.json", _openapi, methods=["GET"]),
    ]
    middleware = []
    if cors:
        from starlette.middleware.cors import CORSMiddleware

        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=[cors],
                allow_methods=["GET", "POST"],
                allow_headers=["Authorization", "Content-Type", "Last-Event-ID"],
            )
        )
    handlers = {kind: _handler for kind in B.ANSWERED}

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        try:
            yield
        finally:
            api.push.close()
            games.close()

    app = Starlette(
        routes=routes, middleware=middleware, exception_handlers=handlers, lifespan=lifespan
    )
    app.state.api = api
    return app


async def _openapi(_request: Request) -> Response:
    """The OpenAPI description of these routes (openapi.py)."""
    from importlib.metadata import PackageNotFoundError, version

    from .openapi import document

    try:
        mine = version("turnlog")
    except PackageNotFoundError:  # run from a source tree that was never installed
        mine = "0"
    return B.json(document(mine))


async def _handler(request: Request, err: Exception) -> Response:
    return B.failure(err)
