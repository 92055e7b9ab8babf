"""Storage contract: an append names the seq it expects; a concurrent writer gets ConcurrencyError, never a gap or fork."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.log import ConcurrencyError

from fixtures.backbone import ROOT, bridgehead


def test_the_stale_writer_is_refused_and_reloads(store):
    target = store.new()
    bridgehead(target).close()
    a, b = Game.open(target), Game.open(target)
    a.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    last = a.log.last()
    with pytest.raises(ConcurrencyError, match=r"log is at seq \d+, this writer expected \d+"):
        b.execute(MoveUnit(unit="us-inf-4", hex="0501"))
    assert b.log.last() == last and b.state == a.state
    b.execute(MoveUnit(unit="us-inf-4", hex="0501"))
    a.close()
    b.close()
    with Game.open(target) as g:
        assert verify(g).ok and [c[0] for c in g.log.commands()] == [1, 2, 3]


def test_an_append_at_a_stale_seq_writes_nothing(store):
    g = bridgehead(store.new())
    seq = g.log.last()
    with pytest.raises(ConcurrencyError):
        g.log.append([("NoteAdded", 1, '{"text":"x"}', False)], expected_seq=seq[0] - 1, command_type="AddNote")
    assert g.log.last() == seq
    g.close()


WRITER = textwrap.dedent("""
    import sys
    from turnlog.engine.commands import AddNote
    from turnlog.engine.game import Game
    from turnlog.events.log import ConcurrencyError
    target, who, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    lost = 0
    with Game.open(target) as g:
        for i in range(n):
            while True:
                try:
                    g.execute(AddNote(text=f"{who}-{i}"))
                    break
                except ConcurrencyError:
                    lost += 1  # told: the game reloaded; retry on the new head
    print(lost)
""")


def test_racing_writer_processes_leave_every_note_once(store):
    target = store.new()
    bridgehead(target).close()
    env = dict(os.environ, PYTHONPATH=os.environ.get("PYTHONPATH", str(ROOT)))
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(target), f"w{k}", "15"], env=env,
                              stdout=subprocess.PIPE, text=True) for k in range(4)]
    outs = [p.communicate(timeout=240)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    with Game.open(target) as g:
        texts = sorted(ev.text for _s, ev in g.events() if type(ev).__name__ == "NoteAdded")
        assert texts == sorted(f"w{k}-{i}" for k in range(4) for i in range(15))
        rows = [r[0] for r in g.log.rows()]
        assert rows == list(range(1, len(rows) + 1))
        assert verify(g).ok
