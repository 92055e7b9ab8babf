"""`turnlog show --at SEQ` on an event in the middle of a command (the die rolled, its result not yet
written) says that the board is between the command's events, instead of listing the roll as still due."""
from __future__ import annotations

from turnlog.events.game import DieRolled

from fixtures.backbone import cli, rolled


def test_show_at_the_die_roll_says_it_is_inside_the_roll_command(tmp_path):
    db = tmp_path / "g.db"
    g = rolled(db, value=3)
    seq = next(s for s, _c, e, _a in g.rows(1) if isinstance(e, DieRolled))
    last = g.state.seq
    g.close()
    mid = cli("show", "--db", db, "--at", str(seq))
    assert mid.returncode == 0, mid.stderr
    assert f"seq {seq} is inside command" in mid.stdout and f"show --at {last}" in mid.stdout
    assert "waits for" not in mid.stdout
    end = cli("show", "--db", db, "--at", str(last))
    assert "inside command" not in end.stdout and "A1 waits for" in end.stdout
