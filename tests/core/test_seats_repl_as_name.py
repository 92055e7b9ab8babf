"""The REPL's ``as NAME`` sets who issues the commands that follow (do, undo, redo, note); the
prompt and ``where`` show the actor and its seat; a command out of turn prints its rule and writes nothing."""
from __future__ import annotations

import io

from turnlog.engine.faces.repl import Shell

from turnlog.engine.commands import BeginAttrition, RollAttritionDie

from fixtures.backbone import ZONE, bridgehead

SEATS = {"factions": {"AX": "alice", "WA": "bob"}, "referee": "carol", "claims": {"die": "any", "host-fact": "any", "report": "any"}}


def rolled(path):
    """The bridgehead game seated, A1 begun and rolled 3 by alice (2C/1H, seq 27-29)."""
    g = bridgehead(path, seats=SEATS)
    g.execute(BeginAttrition(attacker="AX", zone=ZONE), actor="alice")
    g.execute(RollAttritionDie(procedure="A1", value=3), actor="alice")
    return g


def run(game, *lines: str) -> str:
    out = io.StringIO()
    Shell(game, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, history=None).cmdloop()
    return out.getvalue()


def test_as_name_issues_the_commands_that_follow(tmp_path):
    g = rolled(tmp_path / "r.db")
    out = run(g, "as", "do TakeAttritionLosses A1 units=us-inf-1,us-inf-2", "as alice",
              "do TakeAttritionLosses A1 units=us-inf-1,us-inf-2", "as bob",
              "do TakeAttritionLosses A1 units=us-inf-1,us-inf-2", "where", "note losses taken")
    assert "acting as (no actor named)" in out
    assert "refused by rule 14.51: TakeAttritionLosses is for the defender, WA (seat bob); the command names no actor" in out
    assert "acting as alice (AX)" in out
    assert "14.51: TakeAttritionLosses is for the defender, WA (seat bob); alice holds the seat of AX" in out
    assert "acting as bob (WA)" in out and "(turnlog 34 as bob) where" in out
    assert "command: c4 TakeAttritionLosses by bob (WA)" in out
    assert g.log.command(4)[1] == "bob" and g.log.command(5)[1] == "bob"   # the note is bob's too


def test_undo_and_redo_go_as_the_actor(tmp_path):
    g = rolled(tmp_path / "r.db")
    run(g, "as bob", "do TakeAttritionLosses A1 units=us-inf-1,us-inf-2")
    out = run(g, "as alice", "undo", "as bob", "undo", "as alice", "redo", "as carol", "redo")
    assert "refused by rule seats.undo" in out and "refused by rule seats.redo" in out
    assert [r[1:3] for r in g.log.commands()[-3:]] == [("bob", "TakeAttritionLosses"), ("bob", "Undo"),
                                                       ("carol", "Redo")]
