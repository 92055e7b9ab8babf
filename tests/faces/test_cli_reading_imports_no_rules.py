"""Reading a game's log (`turnlog log`) and playing a host command (`play` of a note) import neither
the scenario parser (with TOML's) nor the attrition rules that decide its commands: a kind's rule
modules are imported when one of its commands is decided or a legal command listed asks them
(`show`; engine/kit/lazy.py), the parser when a game is created. A source checkout reads its table
of kinds without TOML's parser."""

from __future__ import annotations

import subprocess
import sys

from turnlog.engine import scenario
from turnlog.engine.commands import BeginAttrition
from turnlog.engine.game import Game

PROBE = """
import sys
from turnlog.engine.faces.cli import console as cli_main
try:
    cli_main.main(sys.argv[1:])
except SystemExit:
    pass
heavy = ("turnlog.engine.scenario", "tomllib", "turnlog.engine.attrition.r14_",
         "turnlog.engine.attrition.why")
print("HEAVY", sorted({h for h in heavy for m in sys.modules if m.startswith(h)}))
"""


def _heavy(*args) -> str:
    r = subprocess.run(
        [sys.executable, "-c", PROBE, *map(str, args)], capture_output=True, text=True, timeout=120
    )
    assert "HEAVY" in r.stdout, r.stderr
    return r.stdout.strip().splitlines()[-1]


def _demo(path):
    with Game.create(
        path, scenario.load("bridgehead-14-65"), seed=b"\x07" * 32, public_seed=True
    ) as g:
        g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"))


def test_log_and_a_played_note_import_no_parser_and_no_rules(tmp_path):
    db = tmp_path / "g.db"
    _demo(db)
    assert _heavy("log", "--db", db) == "HEAVY []"
    move = tmp_path / "move.jsonl"
    move.write_text('{"type": "AddNote", "text": "a note"}\n')
    assert _heavy("play", "--db", db, move) == "HEAVY []"


def test_a_decided_attrition_command_imports_its_rules(tmp_path):
    db = tmp_path / "g.db"
    _demo(db)
    roll = tmp_path / "roll.jsonl"
    roll.write_text('{"type": "RollAttritionDie", "procedure": "A1"}\n')
    out = _heavy("play", "--db", db, roll)
    assert "turnlog.engine.attrition.r14_" in out and "turnlog.engine.scenario" not in out
