"""A command whose rules give no event is refused by name and writes nothing (the log keeps a command
on its first event row)."""
from __future__ import annotations

import pytest

from turnlog.engine.commands import MoveUnit
from turnlog.engine.errors import CommandError
from turnlog.engine.kinds import KINDS

from fixtures.backbone import bridgehead


def test_a_command_with_no_events_is_refused_and_nothing_is_written(tmp_path, monkeypatch):
    g = bridgehead(tmp_path / "g.db")
    before, commands = g.log.last(), len(g.log.commands())
    for kind in KINDS:
        monkeypatch.setattr(kind, "decide", lambda state, cmd, dice: [])
    with pytest.raises(CommandError, match="MoveUnit: changes nothing"):
        g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    assert g.log.last() == before and len(g.log.commands()) == commands
    assert g.state == g.at()
    g.close()
