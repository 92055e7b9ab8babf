"""A time travel reads the newest few snapshot headers, not every one: a long game holds thousands,
and the newest usable one is nearly always among the first; the board is the one a fold from
event 1 gives."""
from __future__ import annotations

from turnlog.engine import game as G
from turnlog.engine import game_time as GT
from turnlog.engine import scenario
from turnlog.engine.commands import AddNote
from turnlog.engine.game import Game
from turnlog.events.log import EventLog


def test_at_reads_a_few_snapshot_headers_of_many(tmp_path, monkeypatch):
    monkeypatch.setattr(G, "SNAPSHOT_EVERY", 5)
    path = tmp_path / "g.db"
    with Game.create(path, scenario.load("bridgehead-14-65"), seed=b"\x07" * 32, public_seed=True,
                     synchronous="OFF") as g:
        for i in range(200):
            g.execute(AddNote(text=f"note {i}"))
    read = [0]
    real = EventLog.snapshot_headers

    def counted(self, seq):
        for row in real(self, seq):
            read[0] += 1
            yield row
    monkeypatch.setattr(EventLog, "snapshot_headers", counted)
    with Game.open(path, readonly=True) as g:
        assert len(list(real(g.log, g.log.last()[0]))) > 30
        read[0] = 0
        for seq in (50, 120, 199):
            assert g.at(seq) == g.at(seq, use_snapshots=False)
        assert read[0] <= 3 * GT.NEWEST
