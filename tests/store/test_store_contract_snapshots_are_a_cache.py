"""Storage contract: snapshots are a cache: removing them changes nothing but speed."""
from __future__ import annotations

from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.game import Game

from fixtures.backbone import bridgehead
from store_backends import raw


def test_a_game_opens_to_the_same_board_with_or_without_snapshots(store):
    target = store.new()
    with bridgehead(target) as g:
        g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
        g.snapshot()
        mid = g.state.seq
        g.execute(AddNote(text="after the snapshot"))
        live, at_mid = g.state, g.at(mid)
        assert [s for s, _u in g.log.snapshot_headers(mid)][0] == mid
    with Game.open(target) as g:
        assert g.state == live and g.at(mid) == at_mid
    raw(target, "DELETE FROM snapshots", "DELETE FROM turnlog.snapshots WHERE game = %s")
    with Game.open(target) as g:
        assert list(g.log.snapshot_headers(mid)) == []
        assert g.state == live and g.at(mid) == at_mid


def test_a_snapshot_after_an_undone_command_is_not_used(store):
    target = store.new()
    with bridgehead(target) as g:
        g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
        g.snapshot()
        g.undo()
        live = g.state
        assert live.units["us-inf-3"].hex != "0502"
    with Game.open(target) as g:
        assert g.state == live
