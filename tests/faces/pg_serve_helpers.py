"""What the tests of `turnlog serve --db` share: a database of a module's own, games served in it
without the API (one created, the others its rows copied), and the most connections seen at once."""

from __future__ import annotations

import contextlib
import threading
import uuid

import psycopg

from serve_helpers import OPEN_CLAIMS, SEATS

#: The seat tokens of every game ``served_games`` registers.
TOKENS = {"alice": "tok-alice-" + "a" * 32, "bob": "tok-bob-" + "b" * 32}
#: The application_name of a server's connections, its pool's and its listener's (events/pgpool.py).
APP = "turnlog serve"


def own_database(prefix: str) -> tuple[str, str, str]:
    """A new database in the tests' cluster (its connections are counted): DSN, URL and name."""
    from store_backends import cluster

    pg = cluster()
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    pg.createdb(name)
    return pg.dsn(name), f"postgresql:///{name}?host={pg.socket}&user=postgres", name


def served_games(db, n: int, tmp) -> list[str]:
    """``n`` served games: one created by the engine, the others its rows copied verbatim (the
    hashes do not name the game), registered with TOKENS' digests and its seed."""
    from turnlog.engine import scenario as SC
    from turnlog.engine.faces.serve import auth
    from turnlog.engine.game import Game
    from turnlog.events.pgschema import ensure_registry

    dsn, url, _name = db
    ids = [uuid.uuid4().hex[:22] for _ in range(n)]
    seed = bytes(range(32))
    Game.create(f"{url}&game={ids[0]}", SC.load("bridgehead-14-65"), seed=seed,
                seed_file=tmp / "seed", seats={"factions": SEATS, "claims": OPEN_CLAIMS}).close()
    digests = auth.Seats.of(TOKENS, listed=False, name="pool").tokens
    with psycopg.connect(dsn, autocommit=True) as conn:
        ensure_registry(conn)
        with conn.transaction(), conn.cursor() as cur:
            fmt, created = conn.execute("SELECT format, created FROM turnlog.games WHERE game = %s",
                                        (ids[0],)).fetchone()
            rows = conn.execute("SELECT * FROM turnlog.events WHERE game = %s ORDER BY seq",
                                (ids[0],)).fetchall()
            marks = ", ".join(["%s"] * len(rows[0]))
            cur.executemany("INSERT INTO turnlog.games (game, format, created) VALUES (%s, %s, %s)",
                            [(gid, fmt, created) for gid in ids[1:]])
            cur.executemany(f"INSERT INTO turnlog.events VALUES ({marks})",
                            [(gid, *row[1:]) for gid in ids[1:] for row in rows])
            cur.executemany("INSERT INTO turnlog.served (game, name, listed) VALUES (%s, 'pool', "
                            "false)", [(gid,) for gid in ids])
            cur.executemany("INSERT INTO turnlog.seat_tokens (game, digest, actor) VALUES (%s, %s, "
                            "%s)", [(gid, d, a) for gid in ids for d, a in digests.items()])
            cur.executemany("INSERT INTO turnlog.seeds (game, seed) VALUES (%s, %s)",
                            [(gid, seed.hex()) for gid in ids])
    return ids


@contextlib.contextmanager
def counting(dsn: str, name: str, app: str = APP):
    """The most connections named ``app`` in database ``name`` seen at once while the block runs
    (``most[0]``), sampled every 10 ms."""
    most = [0]
    stop = threading.Event()

    def sample():
        with psycopg.connect(dsn, autocommit=True) as conn:
            while not stop.is_set():
                got = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND "
                                   "application_name = %s", (name, app)).fetchone()[0]
                most[0] = max(most[0], got)
                stop.wait(0.01)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    try:
        yield most
    finally:
        stop.set()
        t.join(10)
