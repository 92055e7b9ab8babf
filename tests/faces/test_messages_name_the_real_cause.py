"""Messages name the real cause. On a full disk (a file-size limit: writes past it fail as on a full disk)
`new`, `fork` and `copy` name the game they were making, never their temporary file and never "not a turnlog
game"; `export --html` names its file; `play` on a healthy game says the disk, not "not a turnlog game". A
`-wal` symlink planted beside a game is named as one. `fork` of a file with a duplicated seq names the
damage in the source and how far a fork can go. A mailed signed line is announced as its signer's."""
from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys

import pytest

from fixtures.backbone import ROOT, bridgehead, cli, rolled
from test_import_is_all_or_nothing_and_export_never_launders import _duplicate_last_row

from turnlog.engine.faces.cli import main


def limited(limit: int, *args, cwd) -> subprocess.CompletedProcess:
    def cap():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "turnlog.engine.faces.cli", *map(str, args)], cwd=cwd, env=env,
                          preexec_fn=cap, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


@pytest.fixture
def db(tmp_path):
    bridgehead(tmp_path / "g.db").close()
    return tmp_path / "g.db"


@pytest.mark.parametrize("argv, target", [
    (["new", "bridgehead-14-65", "--db", "n.db"], "n.db"),
    (["fork", "--db", "g.db", "--at", "23", "--to", "f.db"], "f.db"),
    (["copy", "g.db", "c.db"], "c.db"),
    (["export", "--db", "g.db", "--html", "p.html"], "p.html"),
])
def test_a_full_disk_names_the_file_being_made(tmp_path, db, argv, target):
    r = limited(33_000, *argv, cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert r.stderr.startswith(f"error: {target}: ") and "disk" in r.stderr, r.stderr
    assert "not a turnlog game" not in r.stderr and ".creating" not in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / target).exists()


def test_play_on_a_full_disk_does_not_call_a_healthy_game_broken(tmp_path, db):
    r = limited(3_000, "play", "--db", "g.db", "-", cwd=tmp_path)
    assert r.returncode == 1 and "disk" in r.stderr and "not a turnlog game" not in r.stderr, r.stderr
    assert cli("verify", "--db", db).returncode == 0


def test_a_planted_wal_symlink_is_named(tmp_path, capsys, db):
    for f in ("g.db-wal", "g.db-shm"):
        (tmp_path / f).unlink(missing_ok=True)
    (tmp_path / "g.db-wal").symlink_to(tmp_path / "elsewhere")
    assert main(["log", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "g.db-wal: a symbolic link" in err and "not a turnlog game" not in err, err
    assert not (tmp_path / "elsewhere").exists()


def test_fork_of_a_damaged_file_names_the_damage_and_how_far_to_fork(tmp_path, capsys):
    db = tmp_path / "r.db"
    rolled(db).close()
    _duplicate_last_row(db)  # seq 29 twice
    assert main(["fork", "--db", str(db), "--at", "29", "--to", str(tmp_path / "f.db")]) == 1
    err = capsys.readouterr().err
    assert "r.db: does not verify at seq" in err and "--at 28" in err and "refused the write" not in err, err
    assert not (tmp_path / "f.db").exists()
    assert main(["fork", "--db", str(db), "--at", "28", "--to", str(tmp_path / "f.db")]) == 0


def test_a_mailed_signed_line_is_announced_as_its_signers(tmp_path):
    for name in ("alice", "bob"):
        assert cli("keygen", "-o", tmp_path / f"{name}.key").returncode == 0
    db = tmp_path / "game.db"
    assert cli("new", "bridgehead-14-65", "--db", db, "--seat", "AX=alice", "--seat", "WA=bob",
               "--key", f"alice={tmp_path / 'alice.pub'}", "--key", f"bob={tmp_path / 'bob.pub'}").returncode == 0
    line = cli("sign", "--db", db, "--key", tmp_path / "bob.key", "--actor", "bob",
               '{"type": "AddNote", "text": "from bob"}').stdout
    p = cli("play", "--db", db, "-", stdin=line)
    assert p.returncode == 0, p.stderr
    assert "as bob (WA), by the signed line's own signature" in p.stdout, p.stdout
