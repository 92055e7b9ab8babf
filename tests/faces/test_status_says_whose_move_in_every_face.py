"""Every face says whose move it is from the one answer (Game.due()): `turnlog status` (and --actor,
--json), the lines under `turnlog show`, and the REPL's `status` at the cursor."""
from __future__ import annotations

import io
import json

from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.engine.faces.cli import main
from turnlog.engine.faces.repl import Shell

from fixtures.backbone import ZONE, bridgehead

SEATS = {"factions": {"AX": "alice", "WA": "bob"}}


def rolled(path):
    """The bridgehead seated with no host, A1 begun and rolled from the test seed."""
    g = bridgehead(path, seats=SEATS)
    g.execute(BeginAttrition(attacker="AX", zone=ZONE), actor="alice")
    g.execute(RollAttritionDie(procedure="A1"), actor="alice")
    return g


def _cli(capsys, *args) -> str:
    assert main(list(map(str, args))) == 0
    return capsys.readouterr().out


def test_status_show_and_json_say_the_same(tmp_path, capsys):
    g = rolled(tmp_path / "g.db")
    d = g.due()
    g.close()
    assert d.waiting == ["bob"]
    bob = next(s for s in d.seats if s.actor == "bob")
    losses, rule = bob.line, bob.due[0].rule
    out = _cli(capsys, "status", "--db", tmp_path / "g.db")
    assert out.splitlines()[0] == d.line and f"  bob (WA): {losses}" in out
    out = _cli(capsys, "status", "--db", tmp_path / "g.db", "--actor", "bob")
    assert out.splitlines()[:2] == [losses, f"  due:  TakeAttritionLosses procedure=A1  ({rule})"]
    doc = json.loads(_cli(capsys, "status", "--db", tmp_path / "g.db", "--json"))
    assert doc["waiting"] == ["bob"] and doc["line"] == d.line
    out = _cli(capsys, "show", "--db", tmp_path / "g.db")
    assert f"  whose move: {d.line}" in out and f"    bob (WA): {losses}" in out


def test_the_repl_says_whose_move_at_the_cursor(tmp_path):
    g = rolled(tmp_path / "g.db")
    d = g.due()
    out = io.StringIO()
    Shell(g, stdin=io.StringIO("status\nstatus bob\ngoto 23\nstatus\n"), stdout=out, history=None).cmdloop()
    text = out.getvalue()
    assert d.line in text
    bob = next(s for s in d.seats if s.actor == "bob")
    assert bob.line in text and "due:  TakeAttritionLosses procedure=A1" in text
    assert "(as of seq 23" in text and "Waiting for alice (AX) to start the supply phase (turn)." in text
