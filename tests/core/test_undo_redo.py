"""Redo re-issues the most recently undone command through the rules, as a new command."""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine.commands import AddNote, MoveUnit, Redo, RollAttritionDie, SetControl
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.game import DieRolled, UnitMoved
from turnlog.projections.state import dump, load

from fixtures.backbone import bridgehead, rolled


def board(state):
    s = load(dump(state))
    s.seq = 0
    return s


@pytest.fixture
def game(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    yield g
    g.close()


def test_redo_reissues_and_restores(game):
    (s1, moved), = game.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    after = board(game.state)
    game.undo()
    (s2, again), = game.execute(Redo())
    assert again == moved == UnitMoved(unit="us-inf-3", to_hex="0502", from_hex="0501")
    assert s2 > s1  # new events, appended: the original ones stay undone
    assert board(game.state) == after
    cid, _actor, ctype, payload, _ts, first, last = game.log.commands()[-1]
    assert ctype == "Redo" and (first, last) == (s2, s2)
    assert msgspec.json.decode(payload) == {"type": "Redo", "of": 2,
                                            "command": {"type": "MoveUnit", "unit": "us-inf-3", "hex": "0502"}}
    assert verify(game).ok


def test_redo_chain_follows_the_undos(game):
    game.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    s1 = board(game.state)
    game.execute(SetControl(hex="0504", faction="WA"))
    s2 = board(game.state)
    game.undo()
    game.undo()
    game.redo()
    assert board(game.state) == s1
    game.redo()
    assert board(game.state) == s2
    with pytest.raises(RuleViolation) as err:
        game.redo()
    assert err.value.rule == "redo"
    game.undo()  # a redone command can be undone and redone again
    game.redo()
    assert board(game.state) == s2 and verify(game).ok


def test_nothing_to_redo(game):
    last = game.log.last()
    with pytest.raises(RuleViolation) as err:
        game.redo()
    assert err.value.rule == "redo" and game.log.last() == last


def test_new_command_after_undo_ends_redo(game):
    game.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    game.undo()
    game.execute(AddNote(text="notes do not end it"))
    game.execute(SetControl(hex="0504", faction="WA"))
    last = game.log.last()
    with pytest.raises(RuleViolation) as err:
        game.redo()
    assert err.value.rule == "redo" and game.log.last() == last


def test_redo_of_a_roll_rolls_through_the_dice_again(tmp_path):
    g = rolled(tmp_path / "g.db")
    first = g.state.attritions["A1"].die
    g.undo(override=True, referee="Alice")
    events = [e for _s, e in g.redo()]
    assert events[0] == DieRolled(key="attrition/t2/AX/WA/western/0505", value=first, procedure="A1")
    assert g.state.attritions["A1"].phase != "roll"
    assert verify(g).ok
    g.close()


def test_redo_is_judged_now_not_copied(tmp_path):
    # The redo is decided afresh: a process without the seed cannot redo a seeded roll.
    g = rolled(tmp_path / "g.db")
    g.undo(override=True, referee="Alice")
    g.close()
    (tmp_path / "g.db.seed").unlink()
    with Game.open(tmp_path / "g.db") as g:
        last = g.log.last()
        with pytest.raises(RuleViolation, match="seed is not available"):
            g.redo()
        assert g.log.last() == last
        g.execute(RollAttritionDie(procedure="A1", value=2))  # a physical die may still be entered
        assert g.state.attritions["A1"].die == 2
