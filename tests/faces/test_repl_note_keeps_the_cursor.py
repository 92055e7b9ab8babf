"""`note` is a bookmark, not a move: written at the live end, it leaves the cursor on the event it
marks; at the live end the cursor stays at the (new) live end."""
from __future__ import annotations

from fixtures.backbone import rolled
from test_repl import run, section


def test_a_note_leaves_the_cursor_where_it_was(tmp_path):
    g = rolled(tmp_path / "r.db", value=3)
    out = run(g, "goto 25", "note the count looks right", "where", "step")
    assert "cursor moved" not in out
    assert "(turnlog 25/30) where" in out and "seq 25 of 30" in section(out, "where")
    assert section(out, "step").startswith("->    26 c2")
    assert g.events(30)[0][1].at_seq == 25  # it marks the cursor's seq
    g.close()


def test_a_note_at_the_live_end_stays_at_the_live_end(tmp_path):
    g = rolled(tmp_path / "r.db", value=3)
    out = run(g, "note at the end", "where")
    assert "(turnlog 30) where" in out and "seq 30 of 30 (the live end)" in section(out, "where")
    g.close()
