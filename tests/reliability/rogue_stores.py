"""Where the rogue harness writes: SQLite files, or PostgreSQL games under the writer role.

Both give a case's game (the honest prefix of a target, copied, not replayed), an honest game, a
reopen and a verify, so tests/reliability/rogue.py runs every case the same way on either store.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.events.store import open_log

from . import rogue_games as RG


class SqliteStore:
    """Game files in the harness's work folder; a case copies its target's prefix file."""

    name = "sqlite"

    def __init__(self, work: Path):
        self.work, self.templates = work, RG.Templates(work)

    def open_case(self, n: int, target: RG.Target, signed: bool):
        path = self.work / f"case-{n}.db"
        return self.templates.copy(target, signed, path), path

    def honest_game(self, n: int, name: str, signed: bool):
        path = self.work / f"honest-{n}.db"
        return RG.create(path, name, signed), path

    def verify(self, where) -> object:
        return verify_path(where)

    def reopen(self, where, signed: bool) -> Game:
        return RG.arm(Game.open(where), signed)


WRITER = (
    "turnlog_rogue_writer"  # a role with only the writer's grants (events/pgschema.py grant_writer)
)


class PgStore:
    """Games in a throwaway cluster, written by a role with only the writer's grants (pgschema)."""

    name = "postgres"

    def __init__(self, work: Path, cluster=None):
        import psycopg
        from turnlog.events.pgschema import ensure_schema, grant_writer

        try:
            import pg_cluster  # tests/support/ on the path (pytest)
        except ImportError:
            from tests.support import pg_cluster  # python -m tests.reliability.run
        self.own, self.templates = cluster is None, {}
        self.work, self.cluster = work, cluster or pg_cluster.Cluster()
        self.db = f"rogue{int(time.time() * 1000) % 10**9}"
        self.cluster.createdb(self.db)
        with psycopg.connect(self.cluster.dsn(self.db), autocommit=True) as conn:
            ensure_schema(conn)
            if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (WRITER,)).fetchone():
                conn.execute(f"CREATE ROLE {WRITER} LOGIN")
            grant_writer(conn, WRITER)

    def url(self, game: str) -> str:
        return self.cluster.url(self.db, game, user=WRITER)

    def open_case(self, n: int, target: RG.Target, signed: bool):
        """A new game holding the rows of the target's honest prefix, copied verbatim (each prefix
        is played once), opened by the writer role."""
        t, url = target, self.url(f"c{n}")
        key = (t.scenario, t.at, signed)
        if key not in self.templates:
            tpl = self.url(f"t{len(self.templates)}")
            g = RG.create(tpl, t.scenario, signed, seed_file=self.seed(tpl))
            RG.play(g, t.prefix())
            g.close()
            self.templates[key] = tpl
        tpl = self.templates[key]
        with open_log(tpl) as src, open_log(url, create=True, log_format=src.format) as dst:
            dst.copy_from(src, src.last()[0])
        shutil.copyfile(self.seed(tpl), self.seed(url))
        return self.reopen(url, signed), url

    def honest_game(self, n: int, name: str, signed: bool):
        url = self.url(f"h{n}")
        return RG.create(url, name, signed, seed_file=self.seed(url)), url

    def seed(self, url: str) -> Path:
        return self.work / (url.rsplit("game=", 1)[1] + ".seed")

    def verify(self, where) -> object:
        return verify_path(where, seed_file=self.seed(where))

    def reopen(self, where, signed: bool) -> Game:
        return RG.arm(Game.open(where, seed_file=self.seed(where)), signed)

    def stop(self) -> None:
        if self.own:
            self.cluster.stop()
