"""Outputs never replace, and inputs never read, anything but a regular file or a standard stream.

A device node (a copy of /dev/null made for the test, never the real one), a FIFO or a dangling link as an
output is refused by name, exit 2, and is still what it was afterwards; nothing blocks on a FIFO. ``-`` is
standard output for every output option and standard input for every input. Every input (seed, keys,
secrets, tables, scenarios, commands, exports, sign's stdin) is refused by name when it is a FIFO or a
device, and is bounded when it is a stream. Each run is a real process with a timeout, so a hang fails.
"""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from fixtures.backbone import ROOT, bridgehead

TIMEOUT = 60


def turnlog(*args, stdin: bytes | None = None, cwd=None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "turnlog.engine.faces.cli", *map(str, args)], input=stdin,
                          capture_output=True, timeout=TIMEOUT, env=env, cwd=cwd,
                          stdin=None if stdin is not None else subprocess.DEVNULL)


def null_device(d: Path) -> Path:
    """A character device like /dev/null (1, 3), made in the test's folder; skipped where mknod is refused."""
    p = d / "null"
    try:
        os.mknod(p, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, OSError) as err:
        pytest.skip(f"cannot make a device node here ({err})")
    return p


def fifo(d: Path, name: str = "pipe") -> Path:
    p = d / name
    os.mkfifo(p)
    return p


@pytest.fixture
def db(tmp_path):
    bridgehead(tmp_path / "g.db").close()
    return tmp_path / "g.db"


@pytest.mark.parametrize("argv", [
    ["export", "-o", "{out}", "--force"], ["export", "--html", "{out}", "--force"],
    ["show", "--svg", "{out}", "--force"],
])
def test_a_device_node_as_an_output_is_refused_and_kept(tmp_path, db, argv):
    dev = null_device(tmp_path)
    r = turnlog(*[a.replace("{out}", str(dev)) for a in argv], "--db", db)
    assert r.returncode == 2, r.stderr
    assert b"character device, not a regular file" in r.stderr and b"never overwrites it" in r.stderr
    assert stat.S_ISCHR(os.lstat(dev).st_mode)


@pytest.mark.parametrize("argv", [["export", "-o", "{out}"], ["export", "-o", "{out}", "--force"],
                                  ["show", "--svg", "{out}"], ["export", "--html", "{out}", "--force"]])
def test_a_fifo_as_an_output_is_refused_without_blocking(tmp_path, db, argv):
    pipe = fifo(tmp_path)
    r = turnlog(*[a.replace("{out}", str(pipe)) for a in argv], "--db", db)
    assert r.returncode == 2 and b"named pipe (FIFO), not a regular file" in r.stderr, r.stderr
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


def test_a_dangling_link_as_an_output_is_named_as_one(tmp_path, db):
    link = tmp_path / "out.jsonl"
    link.symlink_to(tmp_path / "nowhere" / "x")
    r = turnlog("export", "--db", db, "-o", link, "--force")
    assert r.returncode == 2 and b"is a symbolic link to" in r.stderr and b"does not exist" in r.stderr, r.stderr
    assert b"appeared while" not in r.stderr and link.is_symlink()


def test_dash_is_standard_output_for_every_output_option(tmp_path, db):
    r = turnlog("export", "--db", db, "-o", "-", cwd=tmp_path)
    assert r.returncode == 0 and json.loads(r.stdout.splitlines()[0])["turnlog"] == "export"
    s = turnlog("show", "--db", db, "--svg", "-", cwd=tmp_path)
    assert s.returncode == 0 and b"<svg" in s.stdout[:400] and b"board at seq" in s.stderr
    h = turnlog("export", "--db", db, "--html", "-", cwd=tmp_path)
    assert h.returncode == 0 and h.stdout.lstrip().lower().startswith(b"<!doctype html")
    assert not (tmp_path / "-").exists()


def test_dash_is_standard_input_for_import(tmp_path, db):
    exported = turnlog("export", "--db", db).stdout
    r = turnlog("import", "-", "--db", tmp_path / "i.db", stdin=exported, cwd=tmp_path)
    assert r.returncode == 0 and b"events imported" in r.stdout, r.stderr
    assert turnlog("verify", "--db", tmp_path / "i.db").returncode == 0


def test_keys_and_secrets_are_never_written_to_standard_output(tmp_path):
    for argv in (["keygen", "-o", "-"], ["secret", "-o", "-"]):
        r = turnlog(*argv, cwd=tmp_path)
        assert r.returncode == 2 and b"never to standard output" in r.stderr, r.stderr
        assert not (tmp_path / "-").exists() and not (tmp_path / "-.pub").exists()


def _signed(tmp_path) -> Path:
    assert turnlog("keygen", "-o", tmp_path / "alice.key").returncode == 0
    db = tmp_path / "s.db"
    r = turnlog("new", "bridgehead-14-65", "--db", db, "--seat", "AX=alice", "--seat", "WA=alice",
                "--key", f"alice={tmp_path / 'alice.pub'}")
    assert r.returncode == 0, r.stderr
    return db


@pytest.mark.parametrize("special", ["fifo", "device"])
def test_every_input_refuses_a_fifo_or_a_device_by_name(tmp_path, db, special):
    src = fifo(tmp_path, "in") if special == "fifo" else null_device(tmp_path)
    said = b"named pipe (FIFO)" if special == "fifo" else b"character device"
    signed = _signed(tmp_path)
    note = b'{"type": "AddNote", "text": "x"}\n'
    cases = [
        (["play", "--db", signed, "-", "--actor", "alice", "--key", src], note, 2),
        (["new", "bridgehead-14-65", "--db", tmp_path / "n.db", "--seat", "AX=a", "--seat", "WA=a",
          "--key", f"a={src}"], None, 2),
        (["new", src, "--db", tmp_path / "n2.db"], None, 2),
        (["import", src, "--db", tmp_path / "i.db"], None, 2),
        (["play", "--db", db, src], None, 2),
        (["sign", "--db", signed, "--actor", "alice", "--key", src, note.decode()], None, 2),
    ]
    for argv, stdin, code in cases:
        r = turnlog(*argv, stdin=stdin)
        assert r.returncode == code and said in r.stderr, (argv, r.stderr)
        assert b"Traceback" not in r.stderr
    assert not (tmp_path / "n.db").exists() and not (tmp_path / "i.db").exists()
    # a seed sidecar that is a FIFO: reading the game still works, the seed is named as unreadable
    r = turnlog("log", "--db", db, "--seed-file", src)
    assert r.returncode == 0 and b"the dice seed cannot be read (a " + said.split(b" (")[0] in r.stderr, r.stderr


def test_a_fifo_secret_file_and_table_file_are_refused(tmp_path):
    from turnlog.engine import scenario as S
    from turnlog.engine.faces.cli.dice import create_joint_game
    create_joint_game(tmp_path / "j.db", S.load("bridgehead-14-65"), ["AX", "AL"])[0].close()
    pipe = fifo(tmp_path)
    r = turnlog("share", "--db", tmp_path / "j.db", "--secret-file", pipe, "--key", "k")
    assert r.returncode == 2 and b"named pipe (FIFO)" in r.stderr, r.stderr
    sc = tmp_path / "sc.toml"
    bundled = (ROOT / "engine" / "scenarios" / "bridgehead-14-65.toml").read_text()
    sc.write_text(bundled + f'\n[tables]\nmine = "{pipe.name}"\n')
    r = turnlog("new", sc, "--db", tmp_path / "t.db")
    assert r.returncode == 2 and b"named pipe (FIFO), not a table file" in r.stderr, r.stderr


def test_sign_reads_one_bounded_line_from_standard_input(tmp_path):
    signed = _signed(tmp_path)
    with open("/dev/zero", "rb") as zero:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        r = subprocess.run([sys.executable, "-m", "turnlog.engine.faces.cli", "sign", "--db", str(signed),
                            "--actor", "alice", "--key", str(tmp_path / "alice.key"), "-"], stdin=zero,
                           capture_output=True, timeout=TIMEOUT, env=env)
    assert r.returncode == 2 and b"longer than the 1 MiB limit for one line" in r.stderr, r.stderr


def test_the_repl_key_and_svg_refuse_a_fifo(tmp_path):
    signed = _signed(tmp_path)
    pipe = fifo(tmp_path)
    r = turnlog("repl", "--db", signed, "--actor", "alice",
                stdin=f"key {pipe}\nsvg {pipe} force\nquit\n".encode())
    assert r.returncode == 0, r.stderr
    assert r.stdout.count(b"named pipe (FIFO)") == 2, r.stdout
