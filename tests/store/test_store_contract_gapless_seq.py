"""Storage contract: each game's seq is gapless from 1, and games in one database are separate streams."""
from __future__ import annotations

from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.game import Game
from turnlog.engine.verify import verify

from fixtures.backbone import bridgehead


def seqs(g: Game) -> list[int]:
    return [r[0] for r in g.log.rows()]


def test_seqs_are_gapless_and_commands_cover_them(store):
    g = bridgehead(store.new())
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    g.execute(AddNote(text="one"))
    rows = seqs(g)
    assert rows == list(range(1, len(rows) + 1))
    covered = [s for c in g.log.commands() for s in range(c[5], c[6] + 1)]
    assert covered == rows
    assert [c[0] for c in g.log.commands()] == [1, 2, 3]
    assert verify(g).ok
    g.close()


def test_two_games_are_two_streams(store):
    a, b = bridgehead(store.new()), bridgehead(store.new())
    a.execute(AddNote(text="in a"))
    assert seqs(b) == list(range(1, b.log.last()[0] + 1))
    assert b.log.last()[0] == a.log.last()[0] - 1
    assert [c[3] for c in b.log.commands()][-1] != '{"type":"AddNote","text":"in a"}'
    b.execute(AddNote(text="in b"))
    assert a.log.last()[0] == b.log.last()[0]
    assert verify(a).ok and verify(b).ok
    a.close()
    b.close()
