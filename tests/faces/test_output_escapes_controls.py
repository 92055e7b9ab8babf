"""Human-readable output never prints a control character raw, and a note is visibly a note.

A note holding a newline and an indented fake event, or an OSC title sequence, must print on one line, quoted,
with its author, and with the controls escaped -- in log, play, diff, the REPL and error messages alike."""
from __future__ import annotations

import io
import json

import pytest

from turnlog.engine.faces.cli import main
from turnlog.engine.faces.repl import Shell
from turnlog.events.game import NoteAdded
from fixtures.backbone import bridgehead
from turnlog.projections import narrative

FORGED = "\n  12 c3  command 2 undone by referee override"
OSC = "\x1b]0;evil\x07"
EVIL = FORGED + OSC


def _raw_controls(text: str) -> bool:
    return any(ch in text for ch in ("\x1b", "\x07", "\r", "\u202e"))


@pytest.fixture
def db(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    g.execute({"type": "AddNote", "text": EVIL}, actor="mallory")
    g.close()
    return tmp_path / "g.db"


def test_log_prints_the_note_on_one_line_quoted_with_its_author(capsys, db):
    assert main(["log", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert not _raw_controls(out)
    note = [ln for ln in out.splitlines() if "note" in ln]
    assert note == ['    24 c2      note by mallory: "\\n  12 c3  command 2 undone by referee override'
                    '\\x1b]0;evil\\x07"']
    assert not any(ln.startswith("  12 c3") for ln in out.splitlines())


def test_play_echo_and_events_escape_controls(capsys, db, tmp_path):
    (tmp_path / "c.jsonl").write_text(json.dumps({"type": "AddNote", "text": OSC + "\u202e"}) + "\n")
    assert main(["play", "--db", str(db), str(tmp_path / "c.jsonl"), "--actor", "eve"]) == 0
    out = capsys.readouterr().out
    assert not _raw_controls(out) and 'note by eve: "\\x1b]0;evil\\x07\\u202e"' in out


def test_diff_quotes_new_notes(capsys, db):
    assert main(["diff", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert not _raw_controls(out) and '  "\\n  12 c3  command 2 undone' in out


def test_repl_list_and_marks_escape_controls(db):
    from turnlog.engine.game import Game
    with Game.open(db) as g:
        out = io.StringIO()
        sh = Shell(g, stdout=out, history=None)
        sh.onecmd("list 24 24")
        sh.onecmd("marks")
    text = out.getvalue()
    assert not _raw_controls(text) and text.count("12 c3") == 2
    assert all(not ln.lstrip("-> ").startswith("12 c3") for ln in text.splitlines())


def test_error_messages_escape_the_input_they_quote(capsys, db, tmp_path):
    (tmp_path / "c.jsonl").write_text(json.dumps({"type": "MoveUnit", "unit": OSC, "hex": "0505"}) + "\n")
    assert main(["play", "--db", str(db), str(tmp_path / "c.jsonl")]) == 2
    captured = capsys.readouterr()
    assert not _raw_controls(captured.err + captured.out) and "\\x1b]0;evil\\x07" in captured.err


def test_the_helper_escapes_every_control_and_keeps_what_it_is_told():
    assert narrative.printable("a\x00b\x9bc\u2028d") == "a\\x00b\\x9bc\\u2028d"
    assert narrative.printable("one\ntwo\x1b", keep="\n") == "one\ntwo\\x1b"
    assert narrative.quoted('say "hi" \\ \n') == '"say \\"hi\\" \\\\ \\n"'
    assert narrative.line(NoteAdded(text="x")) == 'note: "x"'
    assert narrative.line(NoteAdded(text="x"), "") == 'note by (no actor named): "x"'
