"""`turnlog demo --dir D` replaces only a game an earlier demo wrote.

A demo game is one whose log commits to the demo's published seed; a user's game or seed file of a
demo's name is refused (exit 2) before anything is written, and stays byte for byte as it was.
"""
from __future__ import annotations

import hashlib

from fixtures.backbone import cli

NAME = "key-hex-14-62"


def files(folder) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def demo(folder):
    return cli("demo", "--dir", folder, "--scenario", NAME)


def test_a_users_game_of_a_demos_name_is_refused_and_kept(tmp_path):
    r = cli("new", NAME, "--db", tmp_path / f"{NAME}.db")
    assert r.returncode == 0, r.stderr
    before = files(tmp_path)
    r = demo(tmp_path)
    assert r.returncode == 2, r.stdout + r.stderr
    assert f"{NAME}.db already exists" in r.stderr and "not a game an earlier `turnlog demo` wrote" in r.stderr
    assert "Traceback" not in r.stderr and "replacing" not in r.stdout
    after = files(tmp_path)
    assert {k: v for k, v in after.items() if not k.endswith(("-wal", "-shm"))} == \
        {k: v for k, v in before.items() if not k.endswith(("-wal", "-shm"))}
    assert cli("verify", "--db", tmp_path / f"{NAME}.db").returncode == 0


def test_a_users_seed_file_alone_is_refused_and_kept(tmp_path):
    seed = tmp_path / f"{NAME}.db.seed"
    seed.write_text("ab" * 32 + "\n")
    r = demo(tmp_path)
    assert r.returncode == 2 and f"{NAME}.db.seed already exists" in r.stderr and "no game" in r.stderr
    assert files(tmp_path) == {seed.name: hashlib.sha256(("ab" * 32 + "\n").encode()).hexdigest()}


def test_a_plain_file_of_a_demos_name_is_refused(tmp_path):
    (tmp_path / f"{NAME}.db").write_text("my thesis\n")
    r = demo(tmp_path)
    assert r.returncode == 2 and "will not replace it" in r.stderr
    assert (tmp_path / f"{NAME}.db").read_text() == "my thesis\n"


def test_a_game_an_earlier_demo_wrote_is_replaced_saying_so(tmp_path):
    r = demo(tmp_path)
    assert r.returncode == 0, r.stderr
    assert "replacing" not in r.stdout
    r = demo(tmp_path)
    assert r.returncode == 0, r.stderr
    assert f"replacing {tmp_path / NAME}.db" in r.stdout
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left
    assert cli("verify", "--db", tmp_path / f"{NAME}.db").returncode == 0
