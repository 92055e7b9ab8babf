"""The REPL's breakpoints (`break roll | rule N | type T | actor NAME`, listed by `break`, removed
by `clear`) stop `continue` and `reverse-continue` at the next / previous matching event, naming the breakpoint;
with no hit the cursor reaches the end of the log and the shell says so."""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, TakeAttritionLosses

from fixtures.backbone import ZONE, bridgehead, finished
from test_repl import run, section

# finished(): die rolled at 27 (c3), us-inf-1/2 eliminated at 30-31 (c4, 14.51), occupation selected at 35
# citing 14.61 and 14.64, ge-pz-1 advances at 37 (14.64), control changes at 38 (14.61); 39 events.


@pytest.fixture
def game(tmp_path):
    g = finished(tmp_path / "f.db")
    yield g
    g.close()


def test_continue_stops_at_each_breakpoint_in_turn_and_names_it(game):
    out = run(game, "break roll", "break type UnitEliminated", "break rule 14.64", "goto 1",
              "continue", "continue", "continue", "continue", "continue", "continue")
    stops = [ln for ln in out.splitlines() if ln.startswith(("breakpoint", "no breakpoint"))]
    assert stops[:3] == ["breakpoint 1: roll", "breakpoint 2: type UnitEliminated", "breakpoint 3: rule 14.64"]
    assert stops[3:] == ["breakpoint 1 (roll) at seq 27:", "breakpoint 2 (type UnitEliminated) at seq 30:",
                         "breakpoint 2 (type UnitEliminated) at seq 31:", "breakpoint 3 (rule 14.64) at seq 35:",
                         "breakpoint 3 (rule 14.64) at seq 37:",
                         "no breakpoint hit; at the live end of the log, seq 39"]
    assert "->    27 c3      die rolled for attrition/t2/AX/WA/western/0505: 3 (entered by hand)" in out
    assert out.rstrip().endswith("(turnlog 37/39) continue\nno breakpoint hit; at the live end of the log, seq 39")


def test_reverse_continue_walks_back_and_stops_at_the_first_event(game):
    out = run(game, "break rule 14.6", "reverse-continue", "rc", "reverse-continue", "reverse-continue")
    stops = [ln for ln in out.splitlines() if " at seq " in ln or "first event" in ln]
    # 14.6 covers 14.61, 14.64 and 14.65 (a part of a rule is the rule): 38, 37, 35, then 33.
    assert stops == ["breakpoint 1 (rule 14.6) at seq 38:", "breakpoint 1 (rule 14.6) at seq 37:",
                     "breakpoint 1 (rule 14.6) at seq 35:", "breakpoint 1 (rule 14.6) at seq 33:"]
    out = run(game, "break roll", "goto 20", "reverse-continue")
    assert section(out, "reverse-continue") == "no breakpoint hit; at the first event of the log, seq 1\n"


def test_several_breakpoints_on_one_event_are_all_named(game):
    out = run(game, "break type UnitEliminated", "break rule 14.51", "goto 29", "continue")
    assert section(out, "continue").startswith("breakpoints 1 (type UnitEliminated), 2 (rule 14.51) at seq 30:")


def test_a_rule_covers_its_parts_but_not_another_number(game):
    out = run(game, "break rule 14.42b", "goto 1", "continue")
    assert "breakpoint 1 (rule 14.42b) at seq 28:" in out  # cited as a modifier of the roll, any case
    out = run(game, "break rule 1", "goto 1", "continue")
    assert out.rstrip().endswith("no breakpoint hit; at the live end of the log, seq 39")  # 1 is not 14.x


def test_break_actor_stops_at_the_commands_that_actor_issued(tmp_path):
    g = bridgehead(tmp_path / "a.db")
    g.execute(BeginAttrition(attacker="AX", zone=ZONE), actor="alice")
    g.execute(RollAttritionDie(procedure="A1", value=3), actor="bob")
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]), actor="bob")
    out = run(g, "break actor bob", "goto 1", "continue", "goto 29", "continue")
    assert "breakpoint 1 (actor bob) at seq 27:" in out and "breakpoint 1 (actor bob) at seq 30:" in out
    g.close()


def test_an_undone_event_is_still_a_stop_and_is_marked(game):
    game.undo()  # the occupation (c5), not a roll: no referee needed
    out = run(game, "break type UnitAdvanced", "goto 1", "continue")
    assert "breakpoint 1 (type UnitAdvanced) at seq 37:" in out
    assert "->    37 c5   ~* ge-pz-1 advances 0504 -> 0505 (14.64)" in out


def test_break_lists_clear_removes_and_bad_input_is_refused(game):
    out = run(game, "break", "break roll", "break roll", "break actor bob", "break", "clear 1", "break",
              "clear 7", "clear x", "clear", "break", "break type UnitEliminatd", "break sideways", "break rule",
              "continue")
    assert section(out, "break").startswith("no breakpoints (usage: break [roll | rule NUMBER")
    assert "breakpoint 1 already stops at roll" in out
    listings = out.split("(turnlog 39) break\n")[2:]
    assert listings[0].startswith("    1  roll\n    2  actor bob\n")
    assert listings[1].startswith("    2  actor bob\n(turnlog")
    assert "error: no breakpoint 7 (break lists them: 2)" in out and "error: no breakpoint x" in out
    assert "cleared 1 breakpoint\n" in out and listings[2].startswith("no breakpoints")
    assert "error: no event type 'UnitEliminatd'; did you mean UnitEliminated" in out
    assert "error: usage: break [roll" in section(out, "break sideways")
    assert "error: break rule needs a rule number" in out
    assert "no breakpoint set; at the live end of the log, seq 39" in out


def test_help_and_completion_know_the_new_commands(game):
    import io
    from turnlog.engine.faces.repl import Shell
    out = run(game, "help", "help reverse-continue")
    for name in ("break", "clear", "continue", "reverse-continue", "search"):
        assert f" {name} " in f" {section(out, 'help').replace(chr(10), ' ')} ", name
    assert "moves the cursor backwards" in section(out, "help reverse-continue").replace("move ", "moves ")
    sh = Shell(game, stdin=io.StringIO(""), stdout=io.StringIO(), history=None)
    assert sh.completenames("rev") == ["reverse-continue"]
    assert sh.complete_break("ro", "break ro", 6, 8) == ["roll "]
    assert sh.complete_break("UnitEl", "break type UnitEl", 11, 17) == ["UnitEliminated"]
