"""Undo appends CommandUndone and deletes nothing; the state goes back exactly; a die roll is a barrier."""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine.commands import (AddNote, BeginAttrition, MarkAirdropped, MarkOffensive, MoveUnit, RollAttritionDie,
                             SelectOccupation, SetControl, SetSupply, TakeAttritionLosses, Undo)
from turnlog.engine.faces.diff import notes_of
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.attrition import Selection
from turnlog.events.game import CommandUndone, DieRolled
from turnlog.projections.state import GameState, dump, load

from fixtures.backbone import ZONE, bridgehead, rolled, table


def same_board(a: GameState, b: GameState) -> bool:
    """Equal apart from ``seq`` (the undo itself is one more event)."""
    a2, b2 = load(dump(a)), load(dump(b))
    a2.seq = b2.seq = 0
    return a2 == b2


@pytest.fixture
def game(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    yield g
    g.close()


def test_undo_appends_and_deletes_nothing(game):
    game.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    rows = table(game.log.path, "SELECT * FROM events ORDER BY seq")
    cmds = table(game.log.path, "SELECT * FROM commands ORDER BY id")
    (seq, ev), = game.undo()
    assert ev == CommandUndone(command_id=2) and seq == rows[-1][0] + 1
    after = table(game.log.path, "SELECT * FROM events ORDER BY seq")
    assert after[:-1] == rows and after[-1][2] == "CommandUndone"
    cmds_after = table(game.log.path, "SELECT * FROM commands ORDER BY id")
    assert cmds_after[:-1] == cmds and cmds_after[-1][2] == "Undo"
    assert game.state.units["us-inf-3"].hex == "0501"


@pytest.mark.parametrize("command", [
    MoveUnit(unit="us-inf-3", hex="0502"),
    SetControl(hex="0504", faction="WA"),
    SetSupply(unit="ge-pz-1", supply="partial"),
    MarkOffensive(units=["ge-pz-1", "ge-inf-1"]),
    BeginAttrition(attacker="AX", zone=ZONE),
])
def test_undo_then_replay_equals_the_state_before(game, command):
    before = load(dump(game.state))
    game.execute(command)
    assert not same_board(game.state, before)
    game.undo()
    assert same_board(game.state, before)
    assert game.state == game.at(use_snapshots=False)
    with Game.open(game.log.path) as again:
        assert same_board(again.state, before)


def test_undo_walks_back_command_by_command_skipping_notes(game):
    s0 = load(dump(game.state))
    game.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    s1 = load(dump(game.state))
    game.execute(SetControl(hex="0504", faction="WA"))
    game.execute(AddNote(text="notes are not undone"))
    game.undo()
    assert same_board(game.state, s1)
    game.undo()
    assert same_board(game.state, s0)
    assert [t for _s, _at, t in notes_of(game, game.state.seq)] == ["notes are not undone"]
    with pytest.raises(RuleViolation) as err:
        game.undo()  # the scenario's setup is never undone
    assert err.value.rule == "undo"


def test_undo_reverts_automatic_consequences(tmp_path):
    g = rolled(tmp_path / "g.db", value=3)
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
    before = load(dump(g.state))
    events = [e for _s, e in g.execute(SelectOccupation(procedure="A1", selections=[
        Selection(hex="0505", units=["ge-pz-1"])]))]
    assert len(events) > 2 and g.state.control["0505"] == "AX"
    g.undo()
    assert same_board(g.state, before) and g.state.control["0505"] == "WA"
    assert verify(g).ok
    g.close()


def test_die_roll_is_an_undo_barrier(tmp_path):
    g = rolled(tmp_path / "g.db")
    last, n = g.log.last(), len(g.log.commands())
    with pytest.raises(RuleViolation) as err:
        g.undo()
    assert err.value.rule == "undo.dice-barrier" and "rolled a die" in err.value.message
    with pytest.raises(RuleViolation) as err:
        g.execute(Undo(override=True))  # an override must name its referee
    assert err.value.rule == "undo.dice-barrier" and "referee" in err.value.message
    assert g.log.last() == last and len(g.log.commands()) == n
    g.close()


def test_barrier_holds_behind_later_commands(tmp_path):
    g = rolled(tmp_path / "g.db")
    g.execute(MarkAirdropped(unit="us-inf-3", from_hex="0502"))  # A1 is open: no board fact it reads (14.22A)
    g.undo()  # the command after the roll may be undone ...
    with pytest.raises(RuleViolation) as err:
        g.undo()  # ... but not the roll before it
    assert err.value.rule == "undo.dice-barrier"
    g.close()


def test_referee_override_is_logged(tmp_path):
    g = rolled(tmp_path / "g.db", value=3)
    (seq, ev), = g.undo(override=True, referee="Alice", reason="die fell off the table", actor="bob")
    assert ev == CommandUndone(command_id=3, override=True, referee="Alice", reason="die fell off the table")
    cid, actor, ctype, payload, *_ = g.log.commands()[-1]
    assert (actor, ctype) == ("bob", "Undo")
    assert msgspec.json.decode(payload) == {"type": "Undo", "override": True, "referee": "Alice",
                                            "reason": "die fell off the table"}
    assert g.state.attritions["A1"].die is None
    rolls = [e for _s, e in g.events() if isinstance(e, DieRolled)]
    assert len(rolls) == 1  # the overridden roll stays in the log for everyone to see
    assert verify(g).ok
    g.close()


def test_no_dice_fishing_after_an_overridden_undo(tmp_path):
    g = rolled(tmp_path / "g.db")
    first = g.state.attritions["A1"].die
    for _ in range(3):
        g.undo(override=True, referee="Alice")
        (_seq, again), *_ = g.execute(RollAttritionDie(procedure="A1"))
        assert isinstance(again, DieRolled) and again.value == first and not again.entered
    assert verify(g).ok
    g.close()
