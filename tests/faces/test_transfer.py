"""`turnlog export` / `import`: a game travels as text and comes back with the same hash chain."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from turnlog.engine import scenario
from turnlog.engine.faces.cli import DEMO_SEED, play_lines
from turnlog.engine.errors import CommandError
from turnlog.engine.game import Game
from turnlog.engine.progress import Progress
from turnlog.engine.faces.transfer import export, import_file
from turnlog.engine.verify import verify_path
from importlib import resources


@pytest.fixture
def played(tmp_path) -> Path:
    db = tmp_path / "ef.db"
    with Game.create(db, scenario.load("eastern-front-winter"), seed=bytes.fromhex(DEMO_SEED)) as g:
        script = resources.files("turnlog.engine.scenarios").joinpath("eastern-front-winter.jsonl").read_text()
        assert play_lines(g, script.splitlines(), out=io.StringIO()) == 0
    return db


def _export(db: Path, to: Path) -> Path:
    with Game.open(db) as g, to.open("w") as out:
        export(g.log, out)
    return to


def test_round_trip_keeps_every_row_and_verifies(played, tmp_path):
    exp = _export(played, tmp_path / "ef.jsonl")
    n = import_file(exp, tmp_path / "copy.db")
    with Game.open(played) as a, Game.open(tmp_path / "copy.db") as b:
        assert n == a.log.last()[0] == b.log.last()[0]
        assert list(a.log.full_rows()) == list(b.log.full_rows())   # hashes and timestamps verbatim
        assert a.log.commands() == b.log.commands()
        assert a.state == b.state
    rep = verify_path(tmp_path / "copy.db")   # no sidecar: the seed was revealed in the log
    assert rep.ok and rep.seed == "revealed"


def test_edited_export_refused_naming_the_seq_and_nothing_written(played, tmp_path):
    exp = _export(played, tmp_path / "ef.jsonl")
    lines = exp.read_text().splitlines()
    i = next(i for i, line in enumerate(lines) if '"DieRolled"' in line)
    row = json.loads(lines[i])
    row["event"][4] = row["event"][4].replace('"value":1', '"value":9')
    lines[i] = json.dumps(row)
    exp.write_text("\n".join(lines) + "\n")
    with pytest.raises(CommandError, match=f"breaks at seq {row['event'][0]}"):
        import_file(exp, tmp_path / "copy.db")
    assert not (tmp_path / "copy.db").exists()


@pytest.mark.parametrize("damage, message", [
    (lambda ls: ["{}"] + ls[1:], "line 1"),
    (lambda ls: ls[:-1], "announces"),
    (lambda ls: ls[:3] + ['{"event": [1, "x"]}'] + ls[3:], "line 4"),
    (lambda ls: ls + ['{"note": 1}'], "unknown field"),
])
def test_malformed_export_refused(played, tmp_path, damage, message):
    exp = _export(played, tmp_path / "ef.jsonl")
    exp.write_text("\n".join(damage(exp.read_text().splitlines())) + "\n")
    with pytest.raises(CommandError, match=message):
        import_file(exp, tmp_path / "copy.db")
    assert not (tmp_path / "copy.db").exists()


def test_import_shows_progress_on_a_terminal_only(played, tmp_path):
    exp = _export(played, tmp_path / "ef.jsonl")
    tty = io.StringIO()
    with Progress("import", tty, enabled=True) as p:
        import_file(exp, tmp_path / "a.db", p)
    assert "import: " in tty.getvalue()
    piped = io.StringIO()
    with Progress("import", piped) as p:   # a StringIO is not a terminal
        import_file(exp, tmp_path / "b.db", p)
    assert piped.getvalue() == ""


def test_cli_export_import_verify(played, tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "turnlog.engine.faces.cli", *map(str, args)], capture_output=True, text=True)
    r = run("export", "--db", played, "-o", tmp_path / "x.jsonl")
    assert r.returncode == 0 and "events exported" in r.stderr and r.stdout == ""
    r = run("import", tmp_path / "x.jsonl", "--db", tmp_path / "y.db")
    assert r.returncode == 0, r.stderr
    assert run("verify", "--db", tmp_path / "y.db").returncode == 0
    r = run("import", tmp_path / "x.jsonl", "--db", tmp_path / "y.db")
    assert r.returncode == 2 and "already exists" in r.stderr
