"""Clear messages instead of tracebacks: exit 2 for bad input, 1 for the environment, as README says.

Read-only files are made with a read-only bind mount when the tests run as root (root ignores file modes), or
with file modes otherwise; a full disk is SQLite's max_page_count, as tests/reliability/iofaults.py does."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest

from turnlog.engine.faces.cli import main
from turnlog.engine.game import Game
from fixtures.backbone import bridgehead, rolled, table

NOTE = json.dumps({"type": "AddNote", "text": "x"})


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


@pytest.fixture
def db(tmp_path):
    bridgehead(tmp_path / "g.db").close()
    return tmp_path / "g.db"


def events(db) -> int:
    return table(db, "SELECT count(*) FROM events")[0][0]


@contextmanager
def read_only(path: Path):
    """Make ``path`` (a file or a directory) read-only for this process, then writable again."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(mode & 0o555)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    if shutil.which("mount") is None:
        pytest.skip("root without mount: cannot make a file read-only")
    ok = subprocess.run(["mount", "--bind", str(path), str(path)], capture_output=True).returncode == 0
    if not ok:
        pytest.skip("cannot bind-mount here")
    try:
        if subprocess.run(["mount", "-o", "remount,ro,bind", str(path)], capture_output=True).returncode:
            pytest.skip("cannot remount read-only here")
        yield
    finally:
        subprocess.run(["umount", str(path)], capture_output=True)


def test_a_scenario_path_that_is_a_directory(capsys, tmp_path):
    code, _o, err = run(capsys, "new", tmp_path, "--db", tmp_path / "n.db")
    assert code == 2 and "a directory, not a scenario file" in err


def test_a_read_only_game_reads_but_refuses_writes(capsys, db, tmp_path):
    (tmp_path / "c.jsonl").write_text(NOTE + "\n")
    before = events(db)
    with read_only(db):
        for verb in ("log", "show", "verify"):
            assert run(capsys, verb, "--db", db)[0] == 0, verb
        code, _o, err = run(capsys, "play", "--db", db, tmp_path / "c.jsonl")
        assert code == 1 and "cannot write this game" in err and "read-only" in err and "nothing was written" in err
        code, _o, err = run(capsys, "undo", "--db", db)
        assert code in (1, 2) and ("read-only" in err or "nothing to undo" in err)
    assert events(db) == before


def test_a_read_only_directory_is_not_called_not_a_game(capsys, db, tmp_path):
    (tmp_path / "c.jsonl").write_text(NOTE + "\n")
    cmds = tmp_path / "c.jsonl"
    with read_only(tmp_path):
        code, out, err = run(capsys, "log", "--db", db)
        assert code == 0 and "not a turnlog game" not in err and "attrition phase" in out
        code, _o, err = run(capsys, "play", "--db", db, cmds)
        assert code == 1 and "its directory is read-only" in err or "the file is read-only" in err, err
        code, _o, err = run(capsys, "new", "bridgehead-14-65", "--db", tmp_path / "other.db")
        assert code == 1 and "the directory is read-only" in err


def test_stale_read_only_wal_and_shm_left_by_another_user(capsys, db, tmp_path):
    child = ("import os, sys\nfrom turnlog.engine.game import Game\n"
             "g = Game.open(sys.argv[1]); g.execute({'type': 'AddNote', 'text': 'in the wal'}); os._exit(0)\n")
    subprocess.run([os.sys.executable, "-c", child, str(db)], check=True, env=dict(os.environ))
    wal, shm = Path(f"{db}-wal"), Path(f"{db}-shm")
    assert wal.exists() and shm.exists()
    with read_only(wal), read_only(shm):
        code, out, _e = run(capsys, "log", "--db", db)
        assert code == 0 and '"in the wal"' in out
        (tmp_path / "c.jsonl").write_text(NOTE + "\n")
        code, _o, err = run(capsys, "play", "--db", db, tmp_path / "c.jsonl")
        assert code == 1 and "g.db-wal (left by another user or process) is read-only" in err


def test_a_full_disk_during_play_says_so_and_writes_nothing(capsys, db, tmp_path, monkeypatch):
    import turnlog.engine.faces.cli as cli
    real = Game.open

    def tight(*a, **k):  # the file may not grow by one more page: SQLite reports a full disk
        g = real(*a, **k)
        pages = g.log.conn.execute("PRAGMA page_count").fetchone()[0]
        g.log.conn.execute(f"PRAGMA max_page_count = {pages}")
        return g
    monkeypatch.setattr(cli.Game, "open", tight)
    (tmp_path / "c.jsonl").write_text("\n".join(json.dumps({"type": "AddNote", "text": "y" * 5000})
                                                for _ in range(3)) + "\n")
    before = events(db)
    code, _o, err = run(capsys, "play", "--db", db, tmp_path / "c.jsonl")
    assert code == 1 and "line 1: error: the disk is full" in err and "nothing of it is written" in err
    assert events(db) == before
    assert sqlite3.connect(db).execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_full_disk_during_reveal_says_so_and_writes_nothing(capsys, db, monkeypatch):
    # SQLite reports the full disk at COMMIT (a fault at the sqlite3 layer, as the I/O-fault harness injects).
    import turnlog.engine.faces.cli as cli
    from reliability.iofaults import FaultyConn, Injected
    real = Game.open

    def full(*a, **k):
        g = real(*a, **k)
        g.log.conn = FaultyConn(g.log.conn, "commit", Injected("database or disk is full"))
        return g
    monkeypatch.setattr(cli.Game, "open", full)
    before = events(db)
    code, _o, err = run(capsys, "reveal", "--db", db)
    assert code == 1 and "the disk is full" in err and "nothing of it is written" in err
    assert events(db) == before


@pytest.mark.parametrize("make, why", [
    (lambda p: p.write_text("not hex at all\n"), "not a hex seed"),
    (lambda p: p.mkdir(), "a directory"),
])
def test_a_broken_seed_sidecar_leaves_reading_commands_working(capsys, tmp_path, make, why):
    g = rolled(tmp_path / "g.db")
    g.close()
    seed = tmp_path / "g.db.seed"
    seed.unlink()
    make(seed)
    for verb in ("log", "show"):
        code, _o, err = run(capsys, verb, "--db", tmp_path / "g.db")
        assert code == 0 and f"the dice seed cannot be read ({why})" in err and "rolls from the seed" in err
    code, _o, err = run(capsys, "reveal", "--db", tmp_path / "g.db")
    assert code == 2 and "refused by rule" in err and f"({why})" in err


def test_an_unreadable_seed_sidecar(capsys, db, monkeypatch):
    import turnlog.engine.dice as D

    def denied(path):
        raise PermissionError(13, "Permission denied", str(path))
    monkeypatch.setattr(D, "read_seed", denied)
    code, _o, err = run(capsys, "log", "--db", db)
    assert code == 0 and "the dice seed cannot be read (Permission denied)" in err


def test_a_wrong_but_valid_seed_says_it_does_not_match_the_commitment(capsys, db):
    Path(f"{db}.seed").write_text("ab" * 32 + "\n")
    code, _o, err = run(capsys, "log", "--db", db)
    assert code == 0 and "does not match the commitment" in err
    code, _o, err = run(capsys, "reveal", "--db", db)
    assert code == 2 and "does not match the commitment" in err


def test_log_start_beyond_sqlite_integers_is_bad_input(capsys, db):
    with pytest.raises(SystemExit) as exc:
        main(["log", "--db", str(db), "--start", "99999999999999999999"])
    assert exc.value.code == 2 and "too large for a seq" in capsys.readouterr().err


def test_a_lone_surrogate_names_the_line_and_the_problem(capsys, db, tmp_path):
    (tmp_path / "c.jsonl").write_text(NOTE + "\n" + '{"type": "AddNote", "text": "\\ud800"}\n')
    code, _o, err = run(capsys, "play", "--db", db, tmp_path / "c.jsonl")
    assert code == 2 and "line 2: bad command: a string holds the lone surrogate \\ud800" in err
    assert "truncated" not in err


def test_missing_db_is_bad_input(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["log"])
    assert exc.value.code == 2


@pytest.mark.parametrize("verb", ["new", "import", "fork"])
def test_an_existing_target_is_bad_input(capsys, db, tmp_path, verb):
    other = tmp_path / "other.txt"
    other.write_text("mine")
    argv = {"new": ["new", "bridgehead-14-65", "--db", other],
            "import": ["import", tmp_path / "x.jsonl", "--db", other],
            "fork": ["fork", "--db", db, "--at", "23", "--to", other]}[verb]
    (tmp_path / "x.jsonl").write_text("{}\n")
    code, _o, err = run(capsys, *argv)
    assert code == 2 and "already exists" in err
    assert other.read_text() == "mine"


def test_a_writer_conflict_is_an_environment_failure_naming_the_line(capsys, db, tmp_path, monkeypatch):
    import turnlog.engine.faces.cli as cli
    real = Game.open

    def raced(*a, **k):  # another writer appends right after this process opened the game
        g = real(*a, **k)
        with real(db) as other:
            other.execute({"type": "AddNote", "text": "the other writer"})
        return g
    monkeypatch.setattr(cli.Game, "open", raced)
    (tmp_path / "c.jsonl").write_text(NOTE + "\n")
    code, _o, err = run(capsys, "play", "--db", db, tmp_path / "c.jsonl")
    assert code == 1 and "line 1:" in err and "another writer appended" in err and "this one is not" in err


def test_an_accepted_bang_line_is_not_written(capsys, db, tmp_path):
    (tmp_path / "c.jsonl").write_text("!" + NOTE + "\n")
    before = events(db)
    code, _o, err = run(capsys, "play", "--db", db, tmp_path / "c.jsonl")
    assert code == 2 and "expected a refusal, but the rules accept this command; it was not written" in err
    assert events(db) == before


def test_a_bang_undo_and_redo_are_judged_without_writing(capsys, db, tmp_path):
    begin = json.dumps({"type": "BeginAttrition", "attacker": "AX", "zone": "WA/western/0505"})
    (tmp_path / "c.jsonl").write_text(begin + "\n" + '!{"type": "Undo"}\n')
    before = events(db)
    code, _o, err = run(capsys, "play", "--db", db, tmp_path / "c.jsonl")
    assert code == 2 and "it was not written" in err, err
    after = events(db)
    assert after > before and table(db, "SELECT count(*) FROM events WHERE type = 'CommandUndone'") == [(0,)]
    (tmp_path / "d.jsonl").write_text('!{"type": "Redo"}\n')
    code, out, _e = run(capsys, "play", "--db", db, tmp_path / "d.jsonl")
    assert code == 0 and "refused, as expected, by rule redo" in out


def test_the_repl_browses_a_read_only_game_and_says_why_it_cannot_write(db):
    import io

    from turnlog.engine.faces.repl import Shell
    with read_only(db), Game.open(db) as g:
        out = io.StringIO()
        sh = Shell(g, stdout=out, history=None)
        sh.onecmd("list 1 2")
        sh.onecmd("note hi")
    text = out.getvalue()
    assert "game 'The invasion bridgehead" in text
    assert "error: " in text and "the file is read-only" in text and "internal error" not in text
