"""`turnlog verify` exit codes and `turnlog demo` end to end, in subprocesses."""
from __future__ import annotations

import json
import sqlite3

import pytest

from fixtures.backbone import cli, copy_game, rolled, table, tamper


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    path = tmp_path_factory.mktemp("verify") / "g.db"
    rolled(path).close()
    return path


def test_verify_exit_0_on_an_honest_game(good):
    r = cli("verify", "--db", good)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.rstrip().endswith("VERIFIED") and "NOT VERIFIED" not in r.stdout
    j = cli("verify", "--db", good, "--json")
    rep = json.loads(j.stdout)
    assert j.returncode == 0 and rep["ok"] and rep["first_bad_seq"] is None and rep["rolls_derived"] == 1


def test_verify_exit_1_naming_the_edited_seq(good, tmp_path):
    path = copy_game(good, tmp_path / "t.db")
    tamper(path, "UPDATE events SET data = replace(data, '\"factors\":23', '\"factors\":33') WHERE seq = 25")
    assert '"factors":33' in table(path, "SELECT data FROM events WHERE seq = 25")[0][0]
    r = cli("verify", "--db", path)
    assert r.returncode == 1
    assert "seq 25" in r.stdout and "NOT VERIFIED" in r.stdout
    assert json.loads(cli("verify", "--db", path, "--json").stdout)["first_bad_seq"] == 25


def test_verify_exit_1_when_rolls_cannot_be_checked(good, tmp_path):
    path = tmp_path / "noseed.db"
    import shutil
    shutil.copyfile(good, path)  # without its seed sidecar, the seeded roll is unchecked
    r = cli("verify", "--db", path)
    assert r.returncode == 1 and "not checkable" in r.stdout


def test_verify_refuses_a_file_that_is_not_a_game(tmp_path):
    (tmp_path / "x.db").write_bytes(b"this is not sqlite at all" * 100)
    r = cli("verify", "--db", tmp_path / "x.db")
    assert r.returncode == 1 and "not a turnlog game" in r.stderr
    conn = sqlite3.connect(tmp_path / "y.db")
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    r = cli("verify", "--db", tmp_path / "y.db")
    assert r.returncode == 1 and "missing tables" in r.stderr


def test_demo_plays_and_verifies_every_example(tmp_path):
    r = cli("demo", "--dir", tmp_path / "demo", cwd=tmp_path)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr
    dbs = sorted(p.name for p in (tmp_path / "demo").glob("*.db"))
    assert "bridgehead-14-65.db" in dbs
    assert r.stdout.count("; VERIFIED") == len(dbs) and "NOT VERIFIED" not in r.stdout
    for db in dbs:
        again = cli("verify", "--db", tmp_path / "demo" / db)
        assert again.returncode == 0, db + again.stdout
