"""The routes of `turnlog serve`: a JSON API over a directory of games, live push and a page per
game.

No rule is judged here: every write is Game.execute, undo or redo as the actor the bearer token
stands for, and every read is what the CLI's reading commands give (``show --json``, ``log --json``,
``legal()``, ``verify --json``). docs/serve.md lists the routes.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Awaitable, Callable

import msgspec
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from turnlog.events.log import ConcurrencyError
from turnlog.projections.state import dump

from . import bodies as B
from . import inputs as I
from . import reads as R
from . import page
from . import scenarios
from .front import Budget, Front
from .games import Entry, Games
from .hold import Hold, Limits
from .nesting import JsonDepth
from .push import Push
from .quota import Quota

ID = "{gid:str}"


class Api:
    """The routes' handlers over one Games directory and its push hubs."""

    def __init__(self, games: Games, quota: Quota | None = None, cors: str | None = None,
                 limits: Limits | None = None):
        self.games = games
        self.limits = limits or Limits()
        self.hold = Hold(games, self.limits)
        self.push = Push(games.keep, games.pool)
        self.quota = quota or Quota()
        self.cors = cors
        self._creating: asyncio.Lock | None = None

    # -- games ------------------------------------------------------------

    async def create(self, request: Request) -> Response:
        I.creation_allowed(request, self.cors)
        raw = await B.body(request, B.MAX_CREATE, "body", self.limits.read_timeout,
                           JsonDepth("body"))
        doc = I.json_object(raw, "body", counted=True)
        scenario = await run_in_threadpool(I.scenario, doc)
        client = request.client.host if request.client else ""
        joint = I.joint(doc)

        def counted():  # the count and the creation as one step: no two creations pass one count
            return self.games.create(scenario, listed=doc.get("listed") is True, joint=joint,
                                     client=client, quota=self.quota)

        if self._creating is None:
            self._creating = asyncio.Lock()
        async with self._creating:  # on the event loop: no pool thread waits for another's turn
            gid, tokens = await run_in_threadpool(counted)
        return B.json(
            {"id": gid, "name": scenario.name, "tokens": tokens, "page": f"/games/{gid}"}, 201
        )

    async def list(self, request: Request) -> Response:
        found = await run_in_threadpool(self.games.listed)
        return B.json({"games": [{"id": gid, "name": s.name} for gid, s in found]})

    async def summary(self, request: Request) -> Response:
        return B.json(await self._read(request, R.summary))

    async def me(self, request: Request) -> Response:
        """Who the bearer token stands for in this game (the page asks once, when a player sits)."""
        async with self.hold.entry(request.path_params["gid"]) as entry:
            actor = entry.seats.actor(request.headers.get("authorization"))
        if actor is None:
            raise B.Refused(401, "auth", "Authorization: no seat of this game has that token")
        return B.json({"actor": actor})

    # -- reading ----------------------------------------------------------

    async def board(self, request: Request) -> Response:
        at = B.number(request, "at", least=1)
        raw = await self._read(request, lambda e: dump(R.state_at(e, at)))
        return B.json(None, raw=raw)

    async def board_svg(self, request: Request) -> Response:
        from ..svg.render import render_svg

        at = B.number(request, "at", least=1)
        svg = await self._read(request, lambda e: render_svg(e.game, R.state_at(e, at), at))
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    async def log(self, request: Request) -> Response:
        start = B.number(request, "start", least=1) or 1
        limit = min(B.number(request, "limit", least=1) or B.MAX_PAGE, B.MAX_PAGE)
        return B.json(await self._read(request, lambda e: R.log_page(e, start, limit)))

    async def legal(self, request: Request) -> Response:
        return B.json(await self._read(request, lambda e: R.legal(e.fresh())))

    async def due(self, request: Request) -> Response:
        return B.json(await self._read(request, lambda e: R.due(e.fresh())))

    async def odds(self, request: Request) -> Response:
        return B.json(await self._read(request, lambda e: R.odds(e.fresh())))

    async def verify(self, request: Request) -> Response:
        async with self.hold.entry(request.path_params["gid"]) as entry:
            return B.json(await self.hold.verify(entry))

    # -- writing ----------------------------------------------------------

    async def command(self, request: Request) -> Response:
        async with self.hold.entry(request.path_params["gid"]) as entry:
            # a token no seat has is refused before the game's turn: it queues behind no one
            _actor(request, entry, True)
            # signed: the signature names the seat (read in the game's turn: it may open the log)
            signed = entry.signed
            if signed is None:
                signed = entry.signed = await self.hold.run(
                    entry, lambda e: bool(e.game.state.seats.keys))
            actor = _actor(request, entry, signed)  # 401 before the body is read
            raw = await B.body(request, B.MAX_COMMAND, "command", self.limits.read_timeout)
            if signed:
                return await self._write(
                    request, entry, lambda g: I.signed(g, raw, actor or "")
                )
            cmd = I.command(raw)  # a bad command is refused before the game's turn
            return await self._write(
                request, entry, lambda g: (actor, g.execute(cmd, actor=actor))
            )

    async def undo(self, request: Request) -> Response:
        async with self.hold.entry(request.path_params["gid"]) as entry:
            actor = _actor(request, entry, False)
            raw = await B.body(request, B.MAX_COMMAND, "undo", self.limits.read_timeout)
            doc = {
                **(I.json_object(raw, "undo") if raw.strip() else {}),
                "type": "Undo",
            }  # override, referee, reason
            cmd = I.command(msgspec.json.encode(doc))
            return await self._write(
                request, entry, lambda g: (actor, g.execute(cmd, actor=actor))
            )

    async def redo(self, request: Request) -> Response:
        async with self.hold.entry(request.path_params["gid"]) as entry:
            actor = _actor(request, entry, False)
            await B.body(request, B.MAX_COMMAND, "redo", self.limits.read_timeout)
            return await self._write(request, entry, lambda g: (actor, g.redo(actor=actor)))

    async def events(self, request: Request) -> Response:
        after = B.number(request, "after")
        last_id = request.headers.get("last-event-id")
        if last_id is not None:  # a reconnecting EventSource: it wins over the URL it first opened
            after = B.whole(last_id, "Last-Event-ID")
        async with self.hold.entry(request.path_params["gid"]) as entry:
            gid = entry.id  # served games only; the stream leases its reads one at a time
        self.push.admit(gid)

        async def due() -> bytes | None:  # whose move, each time the stream catches up with the log
            try:
                async with self.hold.entry(gid) as held:
                    return msgspec.json.encode(await self.hold.run(held, lambda e: R.due(e.fresh())))
            except B.Refused:  # the game is busy: the next catch-up tells it
                return None

        stream = self.push.stream(gid, self.games.target(gid), after or 0, request.receive, due)
        return StreamingResponse(
            stream,
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    # -- plumbing ---------------------------------------------------------

    async def _read(self, request: Request, fn):
        async with self.hold.entry(request.path_params["gid"]) as entry:
            return await self.hold.run(entry, fn)

    async def _write(self, request: Request, entry: Entry, fn) -> Response:
        """Run ``fn(game)`` -> (issuer, events) in the game's turn, at ``?expect=`` if given."""
        expect = B.number(request, "expect")

        def locked(entry: Entry):
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
                actor_, pairs = fn(g)
            except ConcurrencyError as err:  # another server appended first: the game reloaded
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

        done = await self.hold.run(entry, locked)
        self.push.committed(entry.id, done["seq"])
        return B.json(done)


def _actor(request: Request, entry: Entry, signed: bool) -> str | None:
    """The seat's actor of the bearer token, or 401 (``signed``: a token is optional, the signed
    line names its issuer, but one that is given must be a seat's)."""
    given = request.headers.get("authorization")
    actor = entry.seats.actor(given)
    if actor is None and (given or not signed):
        raise B.Refused(401, "auth", "Authorization: give the seat's token as 'Bearer TOKEN'")
    return actor


def _routes(api: Api) -> list[Route]:
    """One Route per path, so a wrong method is answered 405 with every method the path takes."""
    g = f"/api/games/{ID}"
    table: dict[str, dict[str, Callable[[Request], Awaitable[Response]]]] = {
        "/api/games": {"GET": api.list, "POST": api.create},
        "/api/scenarios": {"GET": scenarios.route},
        g: {"GET": api.summary},
        g + "/me": {"GET": api.me},
        g + "/board": {"GET": api.board},
        g + "/board.svg": {"GET": api.board_svg},
        g + "/log": {"GET": api.log},
        g + "/legal": {"GET": api.legal},
        g + "/due": {"GET": api.due},
        g + "/odds": {"GET": api.odds},
        g + "/verify": {"GET": api.verify},
        g + "/commands": {"POST": api.command},
        g + "/undo": {"POST": api.undo},
        g + "/redo": {"POST": api.redo},
        g + "/events": {"GET": api.events},
        "/openapi.json": {"GET": _openapi},
    }
    return [_route(path, by) for path, by in table.items()] + page.routes(api.hold)


def _route(path: str, by: dict[str, Callable[[Request], Awaitable[Response]]]) -> Route:
    if len(by) == 1:
        ((method, fn),) = by.items()
        return Route(path, fn, methods=[method])

    async def dispatch(request: Request) -> Response:
        method = "GET" if request.method == "HEAD" else request.method
        return await by[method](request)

    return Route(path, dispatch, methods=list(by))


def build(games: Games, cors: str | None = None, quota: Quota | None = None,
          limits: Limits | None = None) -> Starlette:
    """The ASGI application over ``games``; ``cors``: the one origin whose pages may call it;
    ``quota``: how many games it creates (default: quota.py's defaults); ``limits``: the bounds on
    each request's work (hold.py)."""
    api = Api(games, quota, cors, limits)
    # outermost: it counts every request (pushes give way to them) and times every refusal
    budget = Budget(api.limits.refusals)
    middleware = [Middleware(Front, budget=budget)]
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
    handlers: dict = {kind: _handler for kind in B.ANSWERED}
    handlers[Exception] = B.crashed

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        try:
            yield
        finally:
            api.push.close()
            games.close()

    app = Starlette(
        routes=_routes(api), middleware=middleware, exception_handlers=handlers,
        lifespan=lifespan,
    )
    app.state.api = api
    app.state.budget = budget  # the protocol's own refusals spend it too (deadline.py)
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
