"""Two writers on one file: the stale one gets ConcurrencyError; nothing is lost or duplicated."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.game import Game
from turnlog.events.log import ConcurrencyError
from turnlog.engine.verify import verify

from fixtures.backbone import ROOT, bridgehead, table


def notes(path) -> list[str]:
    import json
    return [json.loads(d)["text"] for (d,) in table(path, "SELECT data FROM events WHERE type='NoteAdded' ORDER BY seq")]


def assert_gapless(path) -> None:
    seqs = [s for (s,) in table(path, "SELECT seq FROM events ORDER BY seq")]
    assert seqs == list(range(1, len(seqs) + 1))
    spans = [s for _i, f, l in table(path, "SELECT id, first_seq, last_seq FROM commands ORDER BY id")
             for s in range(f, l + 1)]
    assert spans == seqs


def test_second_game_object_gets_concurrency_error(tmp_path):
    path = tmp_path / "g.db"
    bridgehead(path).close()
    a, b = Game.open(path), Game.open(path)
    a.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    last = a.log.last()
    with pytest.raises(ConcurrencyError, match=r"log is at seq \d+, this writer expected \d+"):
        b.execute(MoveUnit(unit="us-inf-4", hex="0501"))
    assert b.log.last() == last and len(b.log.commands()) == 2
    # The loser's live state was rebuilt from the log: it sees the winner's move and can retry.
    assert b.state == a.state
    assert b.state.units["us-inf-3"].hex == "0502" and b.state.units["us-inf-4"].hex == "0502"
    b.execute(MoveUnit(unit="us-inf-4", hex="0501"))
    with pytest.raises(ConcurrencyError):
        a.execute(AddNote(text="stale"))
    a.close()
    b.close()
    with Game.open(path) as g:
        assert g.state.units["us-inf-3"].hex == "0502" and g.state.units["us-inf-4"].hex == "0501"
        assert verify(g).ok
    assert_gapless(path)
    assert notes(path) == []


def test_stale_undo_gets_concurrency_error(tmp_path):
    path = tmp_path / "g.db"
    bridgehead(path).close()
    a, b = Game.open(path), Game.open(path)
    a.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    b.state = b.at()
    a.execute(AddNote(text="a note"))
    with pytest.raises(ConcurrencyError):
        b.undo()
    assert table(path, "SELECT count(*) FROM events WHERE type='CommandUndone'") == [(0,)]
    a.close()
    b.close()


_WRITER = textwrap.dedent("""
    import sys
    from turnlog.engine.commands import AddNote
    from turnlog.engine.game import Game
    from turnlog.events.log import ConcurrencyError
    path, who, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    g = Game.open(path)
    if n == 0:  # handshake mode: read the log, wait for the parent, then append once
        print("ready", flush=True)
        sys.stdin.readline()
        try:
            g.execute(AddNote(text=who))
            print("ok", flush=True)
        except ConcurrencyError as err:
            print("conflict", err, flush=True)
        sys.exit(0)
    conflicts = 0
    for i in range(n):
        while True:
            try:
                g.execute(AddNote(text=f"{who}-{i}"))
                break
            except ConcurrencyError:
                conflicts += 1  # the live state was rebuilt from the log: retry on the new head
    print(conflicts, flush=True)
""")


def _spawn(path, who, n):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", _WRITER, str(path), who, str(n)], env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_second_process_gets_concurrency_error(tmp_path):
    path = tmp_path / "g.db"
    bridgehead(path).close()
    p = _spawn(path, "late", 0)
    assert p.stdout.readline().strip() == "ready"
    with Game.open(path) as g:
        g.execute(AddNote(text="first"))
    out, err = p.communicate("go\n", timeout=60)
    assert p.returncode == 0, err
    assert out.startswith("conflict") and "another writer appended" in out
    assert notes(path) == ["first"]
    assert_gapless(path)


def test_two_racing_processes_lose_and_duplicate_nothing(tmp_path):
    path = tmp_path / "g.db"
    bridgehead(path).close()
    n = 25
    procs = [_spawn(path, who, n) for who in ("red", "blue")]
    results = [p.communicate(timeout=120) for p in procs]
    for p, (_out, err) in zip(procs, results):
        assert p.returncode == 0, err
    got = notes(path)
    assert sorted(got) == sorted(f"{w}-{i}" for w in ("red", "blue") for i in range(n))
    for w in ("red", "blue"):  # each writer's own notes stay in its order
        assert [x for x in got if x.startswith(w)] == [f"{w}-{i}" for i in range(n)]
    assert_gapless(path)
    with Game.open(path) as g:
        assert g.log.verify_chain()[1] is None
        assert verify(g).ok
