"""A throwaway PostgreSQL cluster for the tests: initdb + pg_ctl on a Unix socket in a temporary directory.

No system service and no TCP port: the cluster lives in its directory and is stopped (and the directory
removed) at the end of the session. initdb refuses to run as root, so as root the server runs as the
``postgres`` user (Debian's package creates it) through runuser, in a directory that user owns.
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

SUPERUSER = "postgres"


def bindir() -> Path | None:
    """The directory of initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/N/bin (newest), or None."""
    found = shutil.which("initdb")
    if found:
        return Path(os.path.realpath(found)).parent
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(dirs[-1]).parent if dirs else None


class Cluster:
    """One running server; ``url(dbname, game)`` names a game in it, ``stop()`` removes it all."""

    def __init__(self) -> None:
        bins = bindir()
        if bins is None:
            raise RuntimeError("no PostgreSQL server binaries (initdb) found; .ci/run installs Debian's postgresql")
        self.bin = bins
        self.root = Path(tempfile.mkdtemp(prefix="turnlog-pg-"))
        self.data, self.socket = self.root / "data", self.root
        self._as = []
        if os.geteuid() == 0:  # the server may not run as root
            pw = pwd.getpwnam("postgres")
            os.chown(self.root, pw.pw_uid, pw.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        try:
            self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", SUPERUSER, "-E", "UTF8",
                      "--locale=C.UTF-8", "--no-sync")
            self.start()
        except BaseException:
            shutil.rmtree(self.root, ignore_errors=True)
            raise

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run([*self._as, str(self.bin / tool), *args], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        opts = f"-k {self.socket} -c listen_addresses='' -c fsync=on -c max_connections=300"
        self._run("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.root / "server.log"), "-w", "start")

    def restart(self) -> None:
        """`pg_ctl restart` (fast shutdown: open connections are cut, as an operator's restart does)."""
        opts = f"-k {self.socket} -c listen_addresses='' -c fsync=on -c max_connections=300"
        self._run("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.root / "server.log"), "-m", "fast",
                  "-w", "restart")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def dsn(self, dbname: str = "postgres", user: str = SUPERUSER) -> str:
        return f"host={self.socket} dbname={dbname} user={user}"

    def url(self, dbname: str, game: str, user: str = SUPERUSER) -> str:
        return f"postgresql:///{dbname}?host={self.socket}&user={user}&game={game}"

    def createdb(self, name: str) -> None:
        import psycopg
        with psycopg.connect(self.dsn(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
