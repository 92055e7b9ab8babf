"""`break rule N` on a log where no event cites N (or `break actor NAME` nobody is) still sets the
breakpoint, for events to come, but says that nothing logged so far meets it."""
from __future__ import annotations

import io

from turnlog.engine.faces.repl import Shell

from fixtures.backbone import rolled


def run(game, *lines: str) -> str:
    out = io.StringIO()
    Shell(game, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, history=None).cmdloop()
    return out.getvalue()


def test_break_rule_no_event_cites_is_set_with_a_warning(tmp_path):
    g = rolled(tmp_path / "g.db")
    try:
        text = run(g, "break rule 14.73", "break rule 14.41", "break actor nobody")
    finally:
        g.close()
    assert "breakpoint 1: rule 14.73 (no event of the log cites it yet: it stops only at later events)" in text
    assert "breakpoint 2: rule 14.41\n" in text
    assert "breakpoint 3: actor nobody (no event of the log was issued by it yet" in text
