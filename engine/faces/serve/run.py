"""`turnlog serve`: check where it may listen, then run the application under uvicorn."""

from __future__ import annotations

import ipaddress
import sys

from ...errors import CommandError


def loopback(host: str) -> bool:
    """True when ``host`` is reachable from this machine only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def serve(args) -> int:
    """Serve the games of ``args.dir`` (logs in ``args.db`` when given) until interrupted."""
    if not loopback(args.host) and not args.public:
        raise CommandError(
            f"--host: {args.host} is not a loopback address; anyone who can reach it could "
            "play: add --public to listen there (behind TLS: tokens travel in headers)"
        )
    try:
        import uvicorn
        from .app import build
    except ImportError as err:
        raise CommandError(
            f"serve: {err.name} is not installed: pip install 'turnlog[serve]'"
        ) from None
    import faulthandler

    from .games import Games

    # a server that dies of a fatal signal (a crash in C) leaves every thread's stack in its stderr
    faulthandler.enable()

    from .quota import Quota

    games = Games(args.dir, args.db, synchronous=args.synchronous)
    app = build(games, cors=args.cors, quota=Quota(args.max_games, args.max_games_per_client))
    print(
        f"turnlog serve: games in {games.dir}{' (logs in PostgreSQL)' if args.db else ''}, "
        f"on http://{args.host}:{args.port}/",
        file=sys.stderr,
    )
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        access_log=False,
        timeout_graceful_shutdown=2,
    )
    return 0
