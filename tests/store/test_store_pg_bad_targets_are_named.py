"""A PostgreSQL --db that names no game (empty database, no such database, no server, no game id) exits 1, by name."""
from __future__ import annotations

import uuid

import pytest

from turnlog.engine.faces.cli import main



@pytest.mark.parametrize("case, why", [("empty", "holds no turnlog games"), ("nodb", 'database "nosuchdb'),
                                       ("noserver", "cannot open"), ("noid", "game=ID")])
def test_refused_with_a_reason(pg_store, capsys, case, why):
    empty = f"empty_{uuid.uuid4().hex[:8]}"
    pg_store.pg.createdb(empty)
    url = pg_store.pg.url(empty, "x")
    url = {"empty": url, "nodb": url.replace(f"/{empty}", "/nosuchdb"),
           "noserver": url.replace(str(pg_store.pg.socket), "/nonexistent"), "noid": url.split("&game=")[0]}[case]
    assert main(["log", "--db", url]) == 1
    err = capsys.readouterr().err
    assert why in err and "Traceback" not in err
