"""A kind installed as a distribution plugs in through its entry point alone (INVENTED toy rules).

The toy kind's folder (tests/support/skirmish/) and a ``*.dist-info`` naming it under the group ``turnlog.kinds``
are all that is put on the path: the `turnlog` command line then creates a game whose scenario names
the kind, plays its commands, prints its log and verifies it, with no file of turnlog edited for it.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from helpers import FACTIONS, NATIONALITIES, hexes, unit

ROOT = Path(__file__).resolve().parents[2]
TOY = Path(__file__).resolve().parents[1] / "support" / "skirmish"
LINES = ('{"type": "BeginSkirmish", "attacker": "AX", "target": "us-1"}\n'
         '{"type": "RollSkirmish", "procedure": "S1", "value": 5}\n')


def _distribution(site: Path, *, entry_point: bool = True) -> None:
    """The toy package and its dist-info, as pip would install them (only what the kind itself brings)."""
    shutil.copytree(TOY, site / "skirmish", ignore=shutil.ignore_patterns("__pycache__"))
    info = site / "toykind-0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toykind\nVersion: 0.0\n")
    if entry_point:
        (info / "entry_points.txt").write_text("[turnlog.kinds]\nskirmish = skirmish.procedure:KIND\n")


def _scenario(path: Path) -> Path:
    doc = {"name": "skirmish-toy", "factions": FACTIONS, "nationalities": NATIONALITIES,
           "hexes": hexes("0404:AX 0405:WA"), "units": [unit("it-1", "IT", "0404", 4), unit("us-1", "US", "0405")],
           "turn": {"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": "movement"},
           "dice": {"hit": {"sides": 6}}, "rules": {"procedures": ["attrition", "skirmish"]}}
    path.write_text(json.dumps(doc))
    return path


def _turnlog(site: Path, *args, stdin: str = "") -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(ROOT)])
    return subprocess.run([sys.executable, "-m", "turnlog", *map(str, args)], cwd=ROOT, env=env, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_a_kind_installed_with_its_entry_point_is_played_logged_and_verified(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    _distribution(site)
    db, sc = tmp_path / "g.db", _scenario(tmp_path / "toy.json")
    for args, stdin in ((("new", sc, "--db", db), ""), (("play", "--db", db, "-"), LINES),
                        (("log", "--db", db), ""), (("verify", "--db", db), "")):
        r = _turnlog(site, *args, stdin=stdin)
        assert r.returncode == 0, (args, r.stdout, r.stderr)
        if args[0] == "log":
            assert "skirmish S1: SkirmishRolled" in r.stdout and "us-1" in r.stdout
        if args[0] == "verify":
            assert "VERIFIED" in r.stdout
    assert sorted(p.name for p in site.iterdir()) == ["skirmish", "toykind-0.0.dist-info"]


def test_without_the_entry_point_the_scenario_naming_the_kind_is_refused(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    _distribution(site, entry_point=False)
    r = _turnlog(site, "new", _scenario(tmp_path / "toy.json"), "--db", tmp_path / "g.db")
    assert r.returncode == 2 and "rules.procedures[1]: no procedure kind 'skirmish'" in r.stderr, r.stderr
    assert not (tmp_path / "g.db").exists()


def test_a_broken_plugin_is_named_where_a_game_asks_for_it_and_the_others_still_run(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    _distribution(site)
    (site / "broken.py").write_text("raise ImportError('a dependency is missing')\n")
    info = site / "broken-0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 0.0\n")
    (info / "entry_points.txt").write_text("[turnlog.kinds]\nbroken = broken:KIND\n")
    r = _turnlog(site, "new", _scenario(tmp_path / "toy.json"), "--db", tmp_path / "g.db")
    assert r.returncode == 0, r.stderr
    doc = json.loads((tmp_path / "toy.json").read_text())
    doc["rules"]["procedures"] = ["attrition", "broken"]
    (tmp_path / "broken.json").write_text(json.dumps(doc))
    r = _turnlog(site, "new", tmp_path / "broken.json", "--db", tmp_path / "b.db")
    assert r.returncode == 2 and "'broken' is installed but failed to load" in r.stderr, r.stderr
    assert "a dependency is missing" in r.stderr and not (tmp_path / "b.db").exists()


TOY_NAMES = ("import skirmish", "from skirmish", "BeginSkirmish", "RollSkirmish", "SkirmishKind", "toykind")


def test_turnlog_itself_names_no_plugged_in_kind():
    """The files a new kind touches are its own: turnlog's code and pyproject.toml never use the toy."""
    named = [p for folder in ("engine", "events", "projections", "turnlog")
             for p in (ROOT / folder).rglob("*.py")
             if any(n in p.read_text(encoding="utf-8") for n in TOY_NAMES)]
    assert named == [] and "skirmish" not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
