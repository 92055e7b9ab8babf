"""Game.follow(): a follower in another process is handed each command's events as they are committed."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.game import Game

from fixtures.backbone import ROOT, bridgehead

FOLLOWER = textwrap.dedent("""
    import sys
    from turnlog.engine.game import Game
    with Game.open(sys.argv[1], readonly=True) as g:
        print("ready", g.state.seq, flush=True)
        for seq, ev in g.follow(timeout=60):
            print(seq, type(ev).__name__, getattr(ev, "text", ""), flush=True)
            if getattr(ev, "text", "") == "stop":
                break
""")


def test_a_follower_process_sees_each_commit(store):
    target = store.new()
    bridgehead(target).close()
    env = dict(os.environ, PYTHONPATH=os.environ.get("PYTHONPATH", str(ROOT)))
    follower = subprocess.Popen([sys.executable, "-c", FOLLOWER, str(target)], env=env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        ready = follower.stdout.readline().split()
        assert ready[0] == "ready", follower.stderr.read()
        with Game.open(target) as g:
            g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
            first = g.state.seq
            # Each line arrives before the next command is written: the follower is told, not replaying at the end.
            assert follower.stdout.readline().split() == [str(first), "UnitMoved"]
            g.execute(AddNote(text="hello"))
            assert follower.stdout.readline().split() == [str(first + 1), "NoteAdded", "hello"]
            g.execute(AddNote(text="stop"))
        out, err = follower.communicate(timeout=60)
        assert follower.returncode == 0, err
        assert out.split() == [str(first + 2), "NoteAdded", "stop"]
    finally:
        if follower.poll() is None:
            follower.kill()
            follower.wait()


def test_follow_ends_after_a_quiet_timeout(store):
    with bridgehead(store.new()) as g:
        assert list(g.follow(timeout=0.2)) == []
        assert [s for s, _e in g.follow(after=g.state.seq - 1, timeout=0)] == [g.state.seq]
