"""A draw is a die roll to the undo barrier: a command that only drew is not undone without a referee.

Given a game whose toy kind (tests/fixtures/toy_dice.py) drew a number and rolled nothing else, when the
command is undone, then the undo is refused under undo.dice-barrier; with a referee's override it is undone,
and redoing it draws the same number again (the key is the same: nothing to fish for).
"""
from __future__ import annotations

import pytest

from turnlog.engine.errors import RuleViolation
from turnlog.engine.faces.verify_report import text
from turnlog.engine.verify import verify
from turnlog.events.game import DieRolled

from fixtures.toy_dice import toy_game


def test_undoing_a_draw_needs_a_referee(tmp_path, toy):
    with toy_game(tmp_path / "g.db") as g:
        (_s, drawn), = g.execute(toy(draw_only=True))
        assert isinstance(drawn, DieRolled) and drawn.of == 1000
        before = g.log.last()
        with pytest.raises(RuleViolation) as err:
            g.undo()
        assert err.value.rule == "undo.dice-barrier" and f"toy/1/k = {drawn.value}" in err.value.message
        assert g.log.last() == before
        g.undo(override=True, referee="umpire", reason="wrong tag")
        (_s, again), = g.redo()
        assert again == drawn
        rep = verify(g)
        assert rep.ok, text(rep)
