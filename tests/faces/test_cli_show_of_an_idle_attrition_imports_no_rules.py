"""`turnlog show` of the played 14.65 demo (its attrition done, no zone left to attrition) lists the
legal commands without importing the attrition rules that would judge them (the losses, occupation,
retreat and winter rules, the 14.41 table and 14.42 modifiers; engine/attrition/choices.py reaches
them through engine/kit/lazy.py): only 14.2's count of the zones left is asked. It decodes the rows
it folds by their types: neither the decoder over every event type nor the command parser is built
by a command that only reads."""

from __future__ import annotations

import subprocess
import sys

from turnlog.engine import scenario
from turnlog.engine.commands import BeginAttrition, parse
from turnlog.engine.faces.cli import main
from turnlog.engine.game import Game

PROBE = """
import sys
from turnlog.engine.faces.cli import console as cli_main
from turnlog.engine import commands
from turnlog.events import codec
try:
    cli_main.main(sys.argv[1:])
except SystemExit:
    pass
rules = "turnlog.engine.attrition."
heavy = ("turnlog.engine.scenario", "tomllib", "turnlog.engine.kit.tables", rules + "why",
         *(rules + m for m in ("r14_5_", "r14_6_", "r14_7_", "r14_521_", "r14_41_", "r14_42_")))
print("HEAVY", sorted({h for h in heavy for m in sys.modules if m.startswith(h)}),
      "UNION", getattr(codec, "_union", True) is not None, "PARSER", commands._decoder is not None)
"""


def _probe(*args) -> tuple[str, str]:
    r = subprocess.run(
        [sys.executable, "-c", PROBE, *map(str, args)], capture_output=True, text=True, timeout=120
    )
    assert "HEAVY" in r.stdout, r.stderr
    return r.stdout, r.stdout.strip().splitlines()[-1]


def test_show_of_the_played_demo_imports_no_rules_and_builds_no_union_decoder(tmp_path, capsys):
    assert main(["demo", "--dir", str(tmp_path), "--scenario", "bridgehead-14-65"]) == 0
    capsys.readouterr()
    out, probe = _probe("show", "--db", tmp_path / "bridgehead-14-65.db")
    assert "no zone left to attrition in this phase" in out  # the legal commands were asked
    assert "result 2C/1H" in out
    assert probe == "HEAVY [] UNION False PARSER False"


def test_show_of_an_attrition_choosing_losses_imports_the_rules_its_choices_ask(tmp_path):
    db = tmp_path / "g.db"
    with Game.create(
        db, scenario.load("bridgehead-14-65"), seed=b"\x07" * 32, public_seed=True
    ) as g:
        g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"))
        g.execute(parse('{"type": "RollAttritionDie", "procedure": "A1"}'))
    out, probe = _probe("show", "--db", db)
    assert "TakeAttritionLosses procedure=A1 units: exactly 2 of us-inf-1" in out
    assert "turnlog.engine.attrition.r14_5_" in probe and "UNION False" in probe
