"""`turnlog serve`: check where it may listen, then run the application under uvicorn."""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
import sqlite3
import sys
from pathlib import Path

from turnlog.events.logbase import LogError

from ...errors import CommandError


def loopback(host: str) -> bool:
    """True when ``host`` is reachable from this machine only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def address(args) -> str:
    """The address to listen on, without brackets, refused unless loopback or ``--public``."""
    host = args.host[1:-1] if args.host.startswith("[") and args.host.endswith("]") else args.host
    if not loopback(host) and not args.public:
        raise CommandError(
            f"--host: {args.host} is not a loopback address; anyone who can reach it could "
            "play: add --public to listen there (behind TLS: tokens travel in headers)"
        )
    if not 0 < args.port < 65536:
        raise CommandError(f"--port: {args.port} is not a TCP port (1 to 65535)")
    return host


def bounds(args) -> None:
    """Refuse limits that would leave the server unable to answer anyone."""
    for flag, value in (("--max-connections", args.max_connections),
                        ("--max-open-games", args.max_open_games)):
        if value < 1:
            raise CommandError(f"{flag}: at least 1 (got {value})")
    if args.refusals_per_minute < 0:
        raise CommandError(f"--refusals-per-minute: 0 or more (got {args.refusals_per_minute})")
    if args.pg_pool_size < 2:  # a verify reads on one and compares the schema on a second
        raise CommandError(f"--pg-pool-size: at least 2 (got {args.pg_pool_size})")
    if not 0 < args.timeout <= 3600:  # also refuses nan
        raise CommandError(f"--timeout: seconds, more than 0 and at most 3600 (got {args.timeout})")


def folder(path: str) -> Path:
    """The games' folder, made if missing; refused when it is a file or cannot be written."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise CommandError(f"--dir: {path} is not a folder")
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CommandError(f"--dir: cannot make the folder {path} ({err.strerror})") from None
    if not os.access(p, os.W_OK | os.X_OK):
        raise CommandError(f"--dir: {path} cannot be written by this user")
    return p


def listening(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening, or one line saying why not."""
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _name, where = info[0]
        sock = socket.socket(family, kind, proto)
    except (OSError, UnicodeError) as err:
        raise CommandError(f"--host: cannot listen on {host} ({err})") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(where)
        sock.listen(2048)
    except OSError as err:
        sock.close()
        raise CommandError(f"--port: cannot listen on {host}:{port} ({err.strerror})") from None
    sock.set_inheritable(True)
    return sock


#: Descriptors a server needs besides its connections and games: its own files, the verifies'.
BASE_FILES = 64
#: Descriptors one open game holds (its file, -wal and -shm), and one followed game (two readers):
#: in --dir only (with --db a game holds none: it reads on the pool's connections).
GAME_FILES, FOLLOWED_FILES = 3, 6
#: The database connections a server holds beside its pool, and their descriptors: the listener's
#: one connection (events/pglisten.py) and the pipe that wakes its thread.
LISTENERS, LISTENER_FILES = 1, 3


def descriptors(connections: int, games: int, pool: int = 0) -> None:
    """Check (raising the soft bound up to the hard one if it must) that RLIMIT_NOFILE has room
    for ``connections`` connections, and either ``games`` games open and followed (--dir) or a
    pool of ``pool`` database connections and the listener (--db)."""
    import resource

    if pool:
        need = BASE_FILES + connections + pool + LISTENER_FILES
        flags = (f"--max-connections {connections} and --pg-pool-size {pool} (with its "
                 "listener)")
    else:
        need = BASE_FILES + connections + games * (GAME_FILES + FOLLOWED_FILES)
        flags = f"--max-connections {connections} and --max-open-games {games}"
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= need:
        return
    if hard == resource.RLIM_INFINITY or hard >= need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))
        return
    raise CommandError(
        f"{flags} need {need} open files, more than this process may open ({hard}, ulimit -n): "
        "lower them or raise the limit"
    )


def room(pool) -> None:
    """Refuse a pool (and the listener beside it) larger than the connections the database
    takes; warn (one line) when they fit only with fewer of the connections held now (other
    servers', other clients')."""
    with pool.lease() as conn:
        most, kept, held = conn.execute(
            "SELECT current_setting('max_connections')::int, "
            "current_setting('superuser_reserved_connections')::int "
            "+ coalesce(current_setting('reserved_connections', true)::int, 0), "
            "(SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')"
        ).fetchone()
    room = most - kept
    need = pool.size + LISTENERS
    if need > room:
        raise CommandError(
            f"--pg-pool-size {pool.size}: with its listener the server holds {need} connections; "
            f"the database takes at most {room} (max_connections {most}, {kept} reserved): lower "
            "it or raise max_connections"
        )
    if held - 1 + need > room:  # this server's first connection is one of those held
        print(f"turnlog serve: warning: --pg-pool-size {pool.size} and its listener with the "
              f"{held - 1} other connections the database holds now pass its {room}: requests "
              "may be refused 503 store", file=sys.stderr)


def serve(args) -> int:
    """Serve the games of ``args.dir``, or of the database ``args.db``, until interrupted."""
    host = address(args)
    bounds(args)
    try:
        import uvicorn
        from .app import build
    except ImportError as err:
        raise CommandError(
            f"serve: {err.name} is not installed: pip install 'turnlog[serve]'"
        ) from None
    import faulthandler

    from .games import POOL_WAIT, Games
    from .hold import Limits
    from .quota import Quota

    try:
        games = Games(folder(args.dir) if args.dir else None, args.db,
                      synchronous=args.synchronous, keep=args.max_open_games,
                      pool_size=args.pg_pool_size, pool_wait=min(POOL_WAIT, args.timeout))
        games.registry.check()
        if games.pool is not None:
            room(games.pool)
    except ImportError as err:  # psycopg_pool (the postgres extra) missing
        raise CommandError(f"--db: {err.name} is not installed: pip install 'turnlog[postgres]'"
                           ) from None
    except (sqlite3.Error, LogError) as err:  # the database's StoreError, psycopg missing
        raise CommandError(f"--db: {err}") from None
    descriptors(args.max_connections, args.max_open_games, args.pg_pool_size if args.db else 0)
    sock = listening(host, args.port)
    # a server that dies of a fatal signal (a crash in C) leaves every thread's stack in its stderr
    with contextlib.suppress(OSError, ValueError):  # a stderr with no descriptor (a test's)
        faulthandler.enable()
    limits = Limits(read_timeout=args.timeout, refusals=args.refusals_per_minute)
    app = build(games, cors=args.cors, quota=Quota(args.max_games, args.max_games_per_client),
                limits=limits)
    where = "a PostgreSQL database" if args.db else games.dir  # its URL may hold a password
    print(f"turnlog serve: games in {where}, on http://{args.host}:{args.port}/", file=sys.stderr)
    uvicorn.Server(config(args, app)).run(sockets=[sock])
    return 0


def config(args, app):
    """uvicorn's settings: the limits of docs/serve.md "Limits" and whom to take the client from."""
    import uvicorn

    from .deadline import protocol

    trusted = args.forwarded_allow_ips or ""
    return uvicorn.Config(
        app,
        log_level=args.log_level,
        access_log=False,
        timeout_graceful_shutdown=2,
        # the client's address is the connection's unless a named proxy says otherwise
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted,
        limit_concurrency=args.max_connections,
        timeout_keep_alive=5,
        http=protocol(args.timeout, getattr(app.state, "budget", None)),
    )
