"""A game whose GameCreated names a kind this installation lacks is named as such by every command that
opens it, one line, exit 1 (the environment), and by the server as a JSON reason (INVENTED toy rules).

The game is written in a child process where a toy kind ``crt`` is installed (the skirmish folder of
tests/support and a ``*.dist-info`` naming it); this process has no ``crt`` at all, as someone the game
was mailed to.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import FACTIONS, NATIONALITIES, hexes, unit

from turnlog.engine.faces import cli

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "support" / "skirmish"
CRT = ("from skirmish.procedure import SkirmishKind\n\n\n"
       "class Crt(SkirmishKind):\n    name = 'crt'\n\n\nKIND = Crt()\n")
NAMED = ("this game uses kind 'crt', which is not installed (pip install the distribution that provides "
         "the turnlog.kinds entry point 'crt')")


@pytest.fixture(scope="module")
def mailed(tmp_path_factory) -> Path:
    """A game of the kind ``crt``, created and played where it was installed."""
    tmp = tmp_path_factory.mktemp("mailed")
    site = tmp / "site"
    site.mkdir()
    shutil.copytree(TOY, site / "skirmish", ignore=shutil.ignore_patterns("__pycache__"))
    (site / "crt.py").write_text(CRT)
    info = site / "crt-0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: crt\nVersion: 0.0\n")
    (info / "entry_points.txt").write_text("[turnlog.kinds]\ncrt = crt:KIND\n")
    doc = {"name": "crt-toy", "factions": FACTIONS, "nationalities": NATIONALITIES,
           "hexes": hexes("0404:AX 0405:WA"), "units": [unit("it-1", "IT", "0404", 4), unit("us-1", "US", "0405")],
           "turn": {"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": "movement"},
           "dice": {"hit": {"sides": 6}}, "rules": {"procedures": ["attrition", "crt"]}}
    (tmp / "toy.json").write_text(json.dumps(doc))
    db = tmp / "g.db"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(ROOT)])
    lines = '{"type": "BeginSkirmish", "attacker": "AX", "target": "us-1"}\n'
    for args, stdin in ((("new", tmp / "toy.json", "--db", db), ""), (("play", "--db", db, "-"), lines)):
        r = subprocess.run([sys.executable, "-m", "turnlog", *map(str, args)], cwd=ROOT, env=env, input=stdin,
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, (args, r.stderr)
    return db


@pytest.mark.parametrize("command", ["show", "log", "verify", "play"])
def test_every_command_that_opens_the_game_names_the_missing_kind(mailed, tmp_path, capsys, command):
    db = tmp_path / "g.db"
    shutil.copy(mailed, db)
    before = db.read_bytes()
    args = [command, "--db", str(db)]
    if command == "play":
        (tmp_path / "c.jsonl").write_text('{"type": "AddNote", "text": "hello"}\n')
        args.append(str(tmp_path / "c.jsonl"))
    assert cli.main(args) == 1
    out = capsys.readouterr()
    assert out.err.strip() == f"error: {NAMED}", out.err
    assert "BattleDeclared" not in out.out + out.err and "unknown event type" not in out.err
    assert "BROKEN" not in out.out and db.read_bytes() == before


def test_the_server_answers_the_missing_kind_as_a_json_reason(mailed, tmp_path):
    from serve_helpers import needs_starlette
    needs_starlette()
    from starlette.testclient import TestClient

    from turnlog.engine.faces.serve import auth
    from turnlog.engine.faces.serve.app import build
    from turnlog.engine.faces.serve.games import Games

    gid = "a" * 22
    shutil.copy(mailed, tmp_path / f"{gid}.db")
    auth.write(tmp_path, gid, auth.Seats(tokens={}, listed=True))
    games = Games(tmp_path)
    with TestClient(build(games)) as client:
        for path in ("", "/board", "/log", "/verify"):
            r = client.get(f"/api/games/{gid}{path}")
            assert r.status_code == 501 and r.json() == {"rule": "kind", "message": NAMED}, (path, r.text)
