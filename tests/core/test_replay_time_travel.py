"""Game.at(seq) is the board at any point; snapshots are a cache that never changes an answer."""
from __future__ import annotations

import pytest

from turnlog.engine import game as game_module
from turnlog.engine.commands import (AddNote, BeginAttrition, MarkOffensive, MoveUnit, RollAttritionDie, SelectOccupation,
                             SetControl, SetSupply, TakeAttritionLosses)
from turnlog.engine.errors import CommandError
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.attrition import Selection
from turnlog.events.codec import VERSIONS, decode
from turnlog.projections import fold as F
from turnlog.projections.state import GameState

from fixtures.backbone import ZONE, bridgehead, table


def independent_replay(path, seq: int) -> GameState:
    """Fold rows 1..seq from a fresh connection, skipping commands undone by then."""
    undone = {decode("CommandUndone", VERSIONS["CommandUndone"], d).command_id
              for (d,) in table(path, "SELECT data FROM events WHERE type='CommandUndone' AND seq <= ?", (seq,))}
    rows = table(path, "SELECT seq, command_id, type, version, data, automatic FROM events WHERE seq <= ? "
                       "ORDER BY seq", (seq,))
    state = F.fold(GameState(), rows, undone)
    state.seq = seq
    return state


@pytest.fixture
def played(tmp_path, monkeypatch):
    """A game with undo, redo, an overridden roll and automatic events, snapshotting every few events."""
    monkeypatch.setattr(game_module, "SNAPSHOT_EVERY", 4)
    g = bridgehead(tmp_path / "g.db")
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    g.execute(SetSupply(unit="us-inf-4", supply="partial"))
    g.undo()
    g.execute(MarkOffensive(units=["ge-inf-2"]))
    g.undo()
    g.redo()
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    g.execute(RollAttritionDie(procedure="A1", value=3))
    g.undo(override=True, referee="ref")
    g.execute(RollAttritionDie(procedure="A1"))
    g.execute(AddNote(text="the seeded roll stands"))
    g.undo(override=True, referee="ref")
    g.execute(RollAttritionDie(procedure="A1", value=3))
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
    g.execute(SelectOccupation(procedure="A1", selections=[Selection(hex="0505", units=["ge-pz-1"])]))
    g.undo()
    g.redo()
    g.execute(SetControl(hex="0502", faction="AX"))
    yield g
    g.close()


def test_snapshots_were_taken(played):
    assert table(played.log.path, "SELECT count(*) FROM snapshots")[0][0] >= 3


def test_at_every_seq_equals_a_replay_without_snapshots(played):
    last = played.log.last()[0]
    for seq in range(0, last + 1):
        cached = played.at(seq)
        assert cached == played.at(seq, use_snapshots=False), seq
        assert cached == independent_replay(played.log.path, seq), seq
    assert played.at() == played.state


def test_deleting_snapshots_changes_nothing(played):
    last = played.log.last()[0]
    before = [played.at(seq) for seq in range(last + 1)]
    played.log.conn.execute("DELETE FROM snapshots")
    assert table(played.log.path, "SELECT count(*) FROM snapshots") == [(0,)]
    assert [played.at(seq) for seq in range(last + 1)] == before
    path = played.log.path
    with Game.open(path) as again:
        assert again.state == before[-1]
        assert verify(again).ok


def test_stale_snapshot_not_used_after_undo(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    g.execute(AddNote(text="x"))
    g.snapshot()  # caches the move
    g.undo()  # undoes the move, which is inside the snapshot
    assert g.state.units["us-inf-3"].hex == "0501"
    assert g.at() == g.at(use_snapshots=False) == independent_replay(g.log.path, g.log.last()[0])
    g.close()
    with Game.open(tmp_path / "g.db") as again:
        assert again.state.units["us-inf-3"].hex == "0501"


def test_at_reads_the_past_as_it_was(played):
    # Before the undo of the first move's neighbour the unit had moved; the board at each point says so.
    moves = [s for s, _c, e, _a in played.rows() if type(e).__name__ == "UnitMoved"]
    assert played.at(moves[0] - 1).units["us-inf-3"].hex == "0501"
    assert played.at(moves[0]).units["us-inf-3"].hex == "0502"
    undo_seqs = [s for s, _c, e, _a in played.rows() if type(e).__name__ == "CommandUndone"]
    # at the first undo, the SetSupply command was taken back
    assert played.at(undo_seqs[0] - 1).units["us-inf-4"].supply == "partial"
    assert played.at(undo_seqs[0]).units["us-inf-4"].supply == "full"


@pytest.mark.parametrize("seq", [-1, 10_000])
def test_at_outside_the_log_refused(played, seq):
    with pytest.raises(CommandError, match="outside the log"):
        played.at(seq)
