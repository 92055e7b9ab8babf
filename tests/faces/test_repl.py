"""`turnlog repl`: browsing prints the log, the board and the rules at the cursor and never writes;
`do`, `undo` and `note` append at the live end; a refusal prints its rule and the shell carries on."""
from __future__ import annotations

import io

import pytest

from turnlog.engine.commands import TakeAttritionLosses
from turnlog.engine.game import Game
from turnlog.engine.faces.repl import Shell

from fixtures.backbone import cli, rolled


def run(game: Game, *lines: str) -> str:
    """Feed ``lines`` to a shell over ``game``; return the transcript (each command echoed after its prompt)."""
    out = io.StringIO()
    Shell(game, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, history=None).cmdloop()
    return out.getvalue()


def section(transcript: str, command: str) -> str:
    """The output of one command in a transcript (up to the next prompt)."""
    start = transcript.index(f") {command}\n") + len(command) + 3
    end = transcript.find("\n(turnlog ", start)
    return transcript[start:] if end < 0 else transcript[start:end + 1]


@pytest.fixture
def game(tmp_path):
    g = rolled(tmp_path / "r.db", value=3)   # bridgehead: A1 begun (seq 24-26), rolled 3 -> 2C/1H (27-29)
    yield g
    g.close()


def test_starts_at_the_live_end_and_where_names_the_command(game):
    out = run(game, "where")
    assert out.startswith("(turnlog 29) where\n")
    assert "seq 29 of 29 (the live end)" in out
    assert "command: c3 RollAttritionDie" in out and '"value":3' in out
    assert "A1: AX vs WA in WA/western/0505, phase losses" in out


def test_list_marks_the_cursor_with_seq_command_and_narrative(game):
    out = section(run(game, "goto 27", "list"), "list")
    lines = out.splitlines()
    assert [ln[:8] for ln in lines] == ["      22", "      23", "      24", "      25", "      26", "->    27",
                                        "      28", "      29"]
    assert "c3" in lines[5] and "die rolled for attrition/t2/AX/WA/western/0505: 3 (entered by hand)" in lines[5]


def test_step_next_back_goto_move_the_cursor(game):
    out = run(game, "goto 24", "step", "back 2", "next", "goto end", "goto 0", "goto 99")
    assert section(out, "step").startswith("->    25 c2")
    assert section(out, "back 2").startswith("->    23 ")
    nxt = section(out, "next")
    assert nxt.startswith("command c2 BeginAttrition")  # the rest of the command the cursor is in
    assert "->    26 c2" in nxt and "      24 c2" in nxt
    assert "(turnlog 26/29) goto end" in out and section(out, "goto end").startswith("->    29")
    assert "before the first event" in section(out, "goto 0")
    assert "error: seq 99 is outside the log (1..29)" in section(out, "goto 99")


def test_empty_line_repeats_step_but_never_an_action(game):
    out = run(game, "goto 24", "step", "", "")
    assert "->    26 c2" in out and "->    27 c3" in out
    seq = game.log.last()[0]
    run(game, "note hello", "", "")
    assert game.log.last()[0] == seq + 1  # one note, not three


def test_board_hex_unit_are_shown_at_the_cursor(game):
    out = run(game, "goto 23", "board", "hex 0505", "unit us-inf-1")
    board = section(out, "board")
    assert "seq 23" in board and "0505 clear    WA   {bridgehead} us-inf-1[US infantry 4] us-inf-2[US infantry 4]" in board
    h = section(out, "hex 0505")
    assert "controlled by WA" in h and "feature: bridgehead (owner WA, origin seaborne" in h
    assert "unit: us-inf-1: US infantry 4 at 0505" in h and "neighbours: 0605, 0504, 0405" in h
    u = section(out, "unit us-inf-1")
    assert u.startswith("us-inf-1: US infantry 4 at 0505; faction WA, CTL 1")


def test_unit_after_its_loss_is_in_the_force_pool_with_the_event_that_put_it_there(game):
    game.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
    u = section(run(game, "unit us-inf-1"), "unit us-inf-1")
    assert u.startswith("us-inf-1: US infantry 4 eliminated, in the force pool")
    assert "us-inf-1 eliminated, to the force pool (14.51: attrition loss)" in u


def test_why_a_roll_lists_die_each_modifier_column_and_row(game):
    out = section(run(game, "goto 28", "why"), "why")
    assert "written by command c3 RollAttritionDie" in out
    assert "die: 3 (entered by hand; d10 read 0-9)" in out
    assert "modifier 14.42B +1: attacker CTL 2 (23 factors) vs defender CTL 1 (8 factors)" in out
    assert "modified roll: 3 +1 = 4" in out
    assert "column: 21-30 (23 attritioning factors, 14.41)" in out
    assert "row 4 of the Attrition Table: -  2C  [2C/1H]  3C/2H" in out
    assert "result: 2C/1H" in out


def test_why_an_elimination_names_its_rule(game):
    game.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
    out = section(run(game, "goto 30", "why"), "why")
    assert "us-inf-1 eliminated" in out and "rule 14.51: attrition loss (procedure A1)" in out


def test_why_a_count_and_a_phase_change(game):
    out = run(game, "goto 25", "why", "goto 26", "why")
    first, second = out.split("(turnlog 26/29) why\n")
    assert "counted (14.21): ge-inf-1 (8), ge-inf-2 (7), ge-pz-1 (8) = 23 factors, column 21-30" in first
    assert "defending units in contact: us-inf-1, us-inf-2" in first
    assert "phase table: count --counted--> roll" in second


def test_why_a_setup_fact_says_no_rule_judged_it(game):
    out = section(run(game, "goto 10", "why"), "why")
    assert "no rule judged it" in out


def _cond(trigger: str, dest: str) -> str:
    """The condition the phase table names for a transition (its names are the machine's, not ours)."""
    from turnlog.engine.attrition.machine import TRANSITIONS
    return next(t["conditions"] for t in TRANSITIONS if t["trigger"] == trigger and t["dest"] == dest)


def test_legal_lists_the_rules_and_the_phase_table(game):
    out = section(run(game, "legal"), "legal")
    assert "A1 (attrition) is in phase 'losses'; the table allows:" in out
    assert "TakeAttritionLosses    -> select  if " + _cond("take_losses", "select") in out
    assert "TakeTwoCounters        -> losses  if " + _cond("take_two", "losses") in out
    assert "legal now (attrition):\n  TakeAttritionLosses procedure=A1 units: exactly 2 of us-inf-1, us-inf-2, us-inf-3, "\
           "us-inf-4 (14.51)" in out
    assert "TakeTwoCounters procedure=A1" not in out  # 2C/1H is not 1C/1H (14.44)


def test_odds_before_the_roll_are_exact(game):
    out = section(run(game, "goto 26", "odds"), "odds")
    assert "A1: 23 factors, column 21-30 (14.41); modifiers 14.42B +1" in out
    assert "    3         4    4  2C/1H" in out
    assert "2C 1/5 (20%)" in out and "2C/1H 1/10 (10%)" in out
    assert "chance of at least one hex (H): 4/5 (80%)" in out


def test_odds_after_the_roll_show_what_it_faced_and_mark_the_die(game):
    out = section(run(game, "odds A1"), "odds A1")
    assert "A1 rolled at seq 27; the odds just before that roll:" in out
    assert "    3         4    4  2C/1H   <- rolled" in out


def test_diagram_marks_the_current_phase(game):
    out = section(run(game, "diagram"), "diagram")
    assert "%% A1 is in phase 'losses'" in out and "stateDiagram-v2" in out
    assert out.rstrip().endswith("class losses current")
    assert "class roll current" in section(run(game, "goto 26", "diagram A1"), "diagram A1")


def test_browsing_never_writes(game):
    before = (game.log.last(), len(game.log.commands()))
    run(game, "list", "step", "back", "goto 25", "where", "board", "hex 0505", "unit ge-pz-1", "why", "legal",
        "odds", "diagram", "marks", "diff", "help", "help why")
    assert (game.log.last(), len(game.log.commands())) == before


def test_do_short_form_appends_and_moves_the_cursor_to_the_end(game):
    out = run(game, "goto 20", "do TakeAttritionLosses A1 units=us-inf-1,us-inf-2", "where")
    did = section(out, "do TakeAttritionLosses A1 units=us-inf-1,us-inf-2")
    assert did.startswith('> {"type":"TakeAttritionLosses","procedure":"A1","units":["us-inf-1","us-inf-2"]}')
    assert "us-inf-1 eliminated, to the force pool (14.51: attrition loss)" in did
    assert "(cursor moved to the live end, seq 34)" in did
    assert game.state.units["us-inf-1"].eliminated and "seq 34 of 34" in out


def test_do_json_form(game):
    out = run(game, 'do {"type": "TakeAttritionLosses", "procedure": "A1", "units": ["us-inf-3", "us-inf-4"]}')
    assert "us-inf-3 eliminated" in out and game.log.last()[0] > 29


def test_refused_command_prints_its_rule_writes_nothing_and_the_shell_goes_on(game):
    seq = game.log.last()[0]
    out = run(game, "do TakeAttritionLosses A1 units=us-inf-1,us-inf-2,us-inf-3", "do RollAttritionDie A1 value=4",
              "do Bogus x=1", "do RollAttritionDie A1 value=x", "where")
    assert "refused by rule 14.51:" in out
    assert "refused by rule 14.11: RollAttritionDie is not possible while A1 is in phase 'losses'" in out
    assert "error: unknown command 'Bogus'" in out
    assert "error: value: expected a whole number, got 'x'" in out
    assert "seq 29 of 29" in section(out, "where")
    assert game.log.last()[0] == seq


def test_undo_refused_at_a_die_roll_then_overridden_by_a_referee(game):
    out = run(game, "undo", "undo override Alice the die fell off the table")
    assert "refused by rule undo.dice-barrier: command 3 (RollAttritionDie) rolled a die" in out
    assert 'command 3 undone by referee override (Alice: "the die fell off the table")' in out
    assert game.state.attritions["A1"].phase == "roll"


def test_note_and_marks(game):
    out = run(game, "note first look", "goto 25", "note the count is right", "marks")
    marks = section(out, "marks").splitlines()
    assert marks[0].split() == ["30", "marks", "seq", "29", '"first', 'look"']  # a note is quoted
    assert marks[1].split()[:4] == ["31", "marks", "seq", "25"] and marks[1].endswith('"the count is right"')


def test_unknown_command_and_help(game):
    out = run(game, "frobnicate", "help why", "help")
    assert "unknown command 'frobnicate'; type help" in out
    assert "the rules behind the event at the cursor" in section(out, "help why")
    listing = section(out, "help")
    for name in ("list", "step", "next", "back", "goto", "where", "board", "hex", "unit", "why", "legal", "odds",
                 "diagram", "do", "undo", "note", "marks"):
        assert f" {name} " in f" {listing.replace(chr(10), ' ')} ", name


def test_completion_of_commands_units_hexes_and_fields(game):
    sh = Shell(game, stdin=io.StringIO(""), stdout=io.StringIO(), history=None)
    assert sh.completenames("od") == ["odds"]
    assert sh.complete_unit("us-inf-", "unit us-inf-", 5, 12) == ["us-inf-1", "us-inf-2", "us-inf-3", "us-inf-4"]
    assert sh.complete_hex("050", "hex 050", 4, 7) == ["0501", "0502", "0504", "0505"]
    assert sh.complete_odds("", "odds ", 5, 5) == ["A1"]
    assert sh.complete_do("TakeA", "do TakeA", 3, 8) == ["TakeAttritionLosses "]
    line = "do TakeAttritionLosses "
    assert sh.complete_do("", line, len(line), len(line)) == ["procedure=", "units="]
    line = "do TakeAttritionLosses procedure=A1 units=us-inf-1,us-inf-"
    assert sh.complete_do("us-inf-", line, len(line) - 7, len(line)) == [
        "us-inf-1", "us-inf-2", "us-inf-3", "us-inf-4"]
    line = "do BeginAttrition attacker=AX zone="
    assert sh.complete_do("", line, len(line), len(line)) == ["AX/western/0405", "WA/western/0501",
                                                              "WA/western/0505"]


def test_the_console_script_reads_commands_from_a_pipe(game, tmp_path):
    game.close()
    r = cli("repl", "--db", tmp_path / "r.db", stdin="goto 28\nwhy\ndo RollAttritionDie A1\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "(turnlog 28/29) why\n" in r.stdout and "modifier 14.42B +1" in r.stdout
    assert "refused by rule 14.11" in r.stdout



def test_another_writer_is_reported_and_the_shell_catches_up(game, tmp_path):
    from turnlog.engine.commands import AddNote
    with Game.open(tmp_path / "r.db") as other:
        other.execute(AddNote(text="written by the other player"))
    out = run(game, "note mine", "marks", "note mine again", "marks")
    assert "another writer appended (log is at seq 30, this writer expected 29)" in out
    assert "(reloaded: the log now ends at seq 30; nothing of yours was written)" in out
    first, second = out.split("(turnlog 31) marks\n")
    assert "mine" not in section(first + "\n(turnlog ", "marks")
    assert second.splitlines()[:2] == ['    30  marks seq 29     "written by the other player"',
                                       '    31  marks seq 30     "mine again"']
