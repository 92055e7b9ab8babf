"""The trust list (engine/snapshots.py) keeps at most TRUST_LIMIT digests: an append that finds it
longer rewrites it, atomically, with its newest KEEP_NEWEST. A snapshot whose digest fell off is
not trusted blindly: its board is folded from event 1 and compared before it is built on, then
trusted again. Only a list of digests turnlog wrote is rewritten."""

from __future__ import annotations

import pytest

from turnlog.engine import scenario
from turnlog.engine import snapshots as SN
from turnlog.engine.commands import AddNote
from turnlog.engine.game import Game


@pytest.fixture
def trust_file(tmp_path, monkeypatch):
    path = tmp_path / "cache" / "snapshots-trusted"
    monkeypatch.setenv("TURNLOG_TRUST", str(path))
    monkeypatch.setattr(SN, "TRUST_LIMIT", 8, raising=False)
    monkeypatch.setattr(SN, "KEEP_NEWEST", 4, raising=False)
    _new_process(monkeypatch)
    return path


def _new_process(monkeypatch):
    """What a process that has not read the list yet knows: nothing."""
    monkeypatch.setattr(SN, "_text", None)
    monkeypatch.setattr(SN, "_known", set())


def _digests(n: int, start: int = 0) -> list[str]:
    return [f"{i:064x}" for i in range(start, start + n)]


def test_the_list_keeps_its_newest_digests_and_never_passes_its_limit(trust_file):
    for i, d in enumerate(_digests(50)):
        SN.trust(d)
        assert len(trust_file.read_text().split()) <= SN.TRUST_LIMIT, i
    kept = trust_file.read_text().split()
    assert kept == _digests(len(kept), 50 - len(kept))  # the newest, oldest first
    assert not list(trust_file.parent.glob("*.tmp"))


def test_a_list_turnlog_did_not_write_is_never_rewritten(trust_file, monkeypatch):
    trust_file.parent.mkdir(parents=True)
    trust_file.write_text("my notes\n")
    for d in _digests(20):
        SN.trust(d)
    assert trust_file.read_text().split() == ["my", "notes", *_digests(20)]
    mine = trust_file.parent / "mine"
    mine.write_text("")
    linked = trust_file.parent / "linked"
    linked.symlink_to(mine)
    monkeypatch.setenv("TURNLOG_TRUST", str(linked))
    _new_process(monkeypatch)
    for d in _digests(20, 100):
        SN.trust(d)
    assert linked.is_symlink() and mine.read_text().split() == _digests(20, 100)


def test_a_snapshot_whose_digest_fell_off_is_folded_and_confirmed_again(
    trust_file, tmp_path, monkeypatch
):
    db = tmp_path / "g.db"
    with Game.create(db, scenario.load("bridgehead-14-65"), seed=bytes(32), public_seed=True) as g:
        for i in range(5):
            g.execute(AddNote(text=f"note {i}"))
        g.snapshot()
        sseq = g.state.seq
        g.execute(AddNote(text="after the snapshot"))
        head, board = g.state.seq, SN.encoded(g.state)
    digest = trust_file.read_text().split()[-1]
    for d in _digests(20):  # other games' snapshots push it off the list
        SN.trust(d)
    assert digest not in trust_file.read_text().split()
    _new_process(monkeypatch)
    folds = []
    real_at = Game.at

    def at(self, seq=None, use_snapshots=True, **kw):
        if not use_snapshots:
            folds.append(seq)
        return real_at(self, seq, use_snapshots=use_snapshots, **kw)

    monkeypatch.setattr(Game, "at", at)
    with Game.open(db) as g:
        assert SN.encoded(g.at(head)) == board
        assert folds == [sseq] and not g.forged_snapshots  # confirmed by one fold from event 1
    assert digest in trust_file.read_text().split()
    _new_process(monkeypatch)
    folds.clear()
    with Game.open(db) as g:
        assert SN.encoded(g.at(head)) == board and folds == []  # trusted again: no fold
