"""`turnlog copy SRC DST`: every demo game goes SQLite -> PostgreSQL -> SQLite with identical hashes; all verify."""
from __future__ import annotations

import pytest

from turnlog.engine.faces.cli import DEMOS, main
from turnlog.engine.verify import verify_path
from turnlog.events.store import open_log



def hashes(target) -> list:
    with open_log(target, readonly=True) as log:
        return list(log.hashes())


def test_demo_games_round_trip(pg_store, tmp_path, capsys):
    assert main(["demo", "--dir", str(tmp_path / "d")]) == 0
    for name in DEMOS:
        src, url, back = tmp_path / "d" / f"{name}.db", pg_store.new(name), tmp_path / f"{name}.back.db"
        assert main(["copy", "--with-seed", str(src), url]) == 0
        assert main(["copy", "--with-seed", url, str(back)]) == 0
        assert hashes(src) == hashes(url) == hashes(back)
        for target in (src, url, back):
            rep = verify_path(target)
            assert rep.ok, (target, rep.problem)
        assert back.with_name(back.name + ".seed").read_bytes() == src.with_name(src.name + ".seed").read_bytes()
    out = capsys.readouterr().out
    assert out.count("both verify") == 2 * len(DEMOS)


def test_copy_refuses_an_existing_target(pg_store, tmp_path, capsys):
    assert main(["demo", "--dir", str(tmp_path / "d"), "--scenario", "ridge-line-9"]) == 0
    src = tmp_path / "d" / "ridge-line-9.db"
    url = pg_store.new("ridge")
    assert main(["copy", str(src), url]) == 0
    assert main(["copy", str(src), url]) == 1
    assert "already exists" in capsys.readouterr().err
    assert main(["copy", url, str(src)]) == 2  # a file that is there is never replaced
