"""The routes of `turnlog serve`: a JSON API over a directory of games, live push and a page per
game.

No rule is judged here: every write is Game.execute, undo or redo as the actor the bearer token
stands for, and every read is what the CLI's reading commands give (``show --json``, ``log --json``,
``legal()``, ``verify --json``). docs/serve.md lists the routes.
"""

from __future__ import annotations

import contextlib

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
        doc = I.json_object(raw, "body")
        scenario = await run_in_threadpool(I.scenario, doc)
        client = request.client.host if request.client else ""
        await run_in_threadpool(self.quota.take, client, self.games.count)
        try:
            gid, tokens = await run_in_threadpool(
                lambda: self.games.create(
                    scenario, listed=doc.get("listed") is True, joint=I.joint(doc)
                )
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
                **R.takeback(g),
                **R.joint(g.state),
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
        raw = await self._read(request, lambda e: dump(R.state_at(e, at)))
        return B.json(None, raw=raw)

    async def board_svg(self, request: Request) -> Response:
        from ..render import render_svg

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
            return await self._write(request, lambda g, actor: I.signed(g, raw, actor), signed=True)
        cmd = I.command(raw)  # a bad command is refused before the game is locked
        return await self._write(request, lambda g, actor: (actor, g.execute(cmd, actor=actor)))

    async def undo(self, request: Request) -> Response:
        raw = await B.body(request, B.MAX_COMMAND, "undo")
        doc = {
            **(I.json_object(raw, "undo") if raw.strip() else {}),
            "type": "Undo",
        }  # override, referee, reason
        cmd = I.command(msgspec.json.encode(doc))
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
        entry = await self._entry(request)

        def due() -> bytes:  # whose move, after each commit the stream catches up with
            with entry.lock:
                return msgspec.json.encode(R.due(entry.fresh()))

        stream = self.push.stream(gid, self.games.target(gid), after or 0, request.receive, due)
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

        done = await run_in_threadpool(locked)
        self.push.committed(entry.id, done["seq"])
        return B.json(done)


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
        Route(g + "/due", api.due, methods=["GET"]),
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
