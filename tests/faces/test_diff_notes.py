"""Notes are read from the log, not the board: diff lists the notes added between two points,
and the board's snapshots do not grow with them."""
from __future__ import annotations

from turnlog.engine.faces import diff as D
from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.projections.state import dump

from fixtures.backbone import bridgehead, cli


def test_new_notes_between_two_seqs(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    start = g.state.seq
    g.execute(AddNote(text="first"))
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    g.undo()                                          # undo skips the note and takes back the move
    g.execute(AddNote(text="second", at=start))
    assert D.new_notes(g, start, g, g.state.seq) == ["first", "second"]
    assert D.new_notes(g, start + 1, g, g.state.seq) == ["second"]
    assert [(at, t) for _s, at, t in D.notes_of(g, g.state.seq)] == [(start, "first"), (start, "second")]
    assert D.notes_of(g, start) == []
    g.close()


def test_notes_do_not_enter_the_board(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    before = dump(g.state)
    g.execute(AddNote(text="x" * 5000))
    assert len(dump(g.state)) - len(before) < 20      # the seq moved, nothing else
    assert g.at() == g.state
    g.close()


def test_cli_diff_shows_a_note_added_in_a_fork(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    cut = g.state.seq
    fork = g.fork(cut, tmp_path / "f.db")
    fork.execute(AddNote(text="what if we wait"))
    fork.close()
    g.close()
    r = cli("diff", "--db", tmp_path / "g.db", "--other", tmp_path / "f.db")
    assert r.returncode == 0, r.stderr
    assert "notes:" in r.stdout and "what if we wait" in r.stdout
