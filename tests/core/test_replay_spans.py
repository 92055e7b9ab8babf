"""Replay reads three columns per live span: the spans skip exactly the undone commands' rows."""
from __future__ import annotations

from turnlog.engine import game as game_module
from turnlog.engine import progress as P
from turnlog.engine.commands import MoveUnit, SetSupply
from turnlog.engine.game_time import _live_spans

from fixtures.backbone import bridgehead


def test_spans_cut_around_undone_ranges():
    assert _live_spans(1, 10, []) == [(1, 10)]
    assert _live_spans(1, 10, [(3, 4), (7, 7)]) == [(1, 2), (5, 6), (8, 10)]
    assert _live_spans(1, 10, [(1, 2), (9, 12)]) == [(3, 8)]


def test_spans_start_inside_or_after_an_undone_range():
    assert _live_spans(4, 10, [(3, 5)]) == [(6, 10)]
    assert _live_spans(6, 10, [(1, 2)]) == [(6, 10)]
    assert _live_spans(3, 5, [(3, 5)]) == []
    assert _live_spans(3, 4, [(1, 8)]) == []


def test_span_ends_at_the_asked_seq_inside_a_live_range():
    assert _live_spans(1, 5, [(7, 9)]) == [(1, 5)]
    assert _live_spans(1, 8, [(3, 4), (7, 9)]) == [(1, 2), (5, 6)]


def test_replay_with_undone_commands_ends_at_the_asked_seq(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "SNAPSHOT_EVERY", 10**9)
    g = bridgehead(tmp_path / "g.db")
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    g.undo()
    g.execute(SetSupply(unit="us-inf-4", supply="partial"))
    last = g.log.last()[0]
    state = g.at(use_snapshots=False)
    assert state.seq == last and state.units["us-inf-3"].hex != "0502"
    assert state.units["us-inf-4"].supply == "partial"
    assert g.at(last - 1, use_snapshots=False).seq == last - 1
    g.close()


def test_progress_is_monotonic_and_ends_at_the_total(tmp_path, monkeypatch):
    monkeypatch.setattr(P, "REPLAY_QUIET_BELOW", 1)
    g = bridgehead(tmp_path / "g.db")
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    g.undo()
    g.execute(SetSupply(unit="us-inf-4", supply="partial"))
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    g.undo()  # two undone spans: the reports still climb to the total
    seen: list[tuple[int, int]] = []
    g.at(use_snapshots=False, progress=lambda d, t: seen.append((d, t)))
    total = g.log.last()[0]
    assert seen[-1] == (total, total)
    assert all(t == total for _d, t in seen)
    assert [d for d, _t in seen] == sorted(d for d, _t in seen)
    g.close()
