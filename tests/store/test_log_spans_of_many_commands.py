"""EventLog.spans of many commands at once (one pass over the command rows) equals a lookup per command."""
from __future__ import annotations

from turnlog.engine import scenario
from turnlog.engine.commands import AddNote
from turnlog.engine.game import Game
from turnlog.events.log import EventLog


def test_spans_of_many_commands_equal_one_lookup_each(tmp_path):
    path = tmp_path / "g.db"
    with Game.create(path, scenario.load("bridgehead-14-65"), seed=b"\x07" * 32, public_seed=True) as g:
        for i in range(40):
            g.execute(AddNote(text=f"note {i}"))
    log = EventLog(path, readonly=True)
    try:
        ids = [r[0] for r in log.commands()] + [999]  # an id no command has is left out, as before
        one_by_one = sorted((row[5], row[6]) for row in map(log.command, ids) if row is not None)
        assert log.spans(ids) == one_by_one and len(one_by_one) == 41
        assert log.spans(ids[3:5]) == one_by_one[3:5]
    finally:
        log.close()
