"""Storage contract: snapshots are a cache: removing them changes nothing but speed."""
from __future__ import annotations

from turnlog.engine import game as game_module
from turnlog.engine import scenario as SC
from turnlog.engine.commands import AddNote, MoveUnit, RetreatUnits
from turnlog.engine.faces.cli.demo import DEMO_SEED
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path

from fixtures.backbone import bridgehead
from reliability.rogue_games import script
from store_backends import raw

SEED = bytes.fromhex(DEMO_SEED)


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


def _to_first_retreat(g: Game) -> RetreatUnits:
    """Play the winter demo's script up to its first retreat (14.76, 14.77 follow it); that retreat."""
    for cmd in script("eastern-front-winter"):
        if isinstance(cmd, RetreatUnits):
            return cmd
        g.execute(cmd)
    raise AssertionError("the winter demo's script holds no RetreatUnits")


def _rows(g: Game, first: int) -> list[tuple]:
    return [r[2:] for r in g.log.rows(first, g.log.last()[0])]


def test_a_game_opened_from_a_snapshot_plays_as_the_game_folded_from_its_log(store, monkeypatch):
    """A retreat's automatic consequences follow the board's unit order: a board read from a
    snapshot walks its units as the folded board does, so an honest client writes the same rows."""
    monkeypatch.setattr(game_module, "SNAPSHOT_EVERY", 10**9)
    folded, cached = store.new(), store.new()
    for target in (folded, cached):
        with Game.create(target, SC.load("eastern-front-winter"), seed=SEED, public_seed=True) as g:
            retreat = _to_first_retreat(g)
    with Game.open(cached) as g:
        g.snapshot()
    with Game.open(cached) as g, Game.open(folded) as f:
        assert g._base_seq == g.state.seq and f._base_seq == 0  # one from the cache, one folded
        assert list(g.state.units) == list(f.state.units)
        first = g.state.seq + 1
        g.execute(retreat)
        f.execute(retreat)
        assert _rows(g, first) == _rows(f, first)
    assert verify_path(cached).ok
