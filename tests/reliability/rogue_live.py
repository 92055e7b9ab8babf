"""Honest logs verified while a live writer appends: every NOT VERIFIED here is a false alarm.

A child process plays honest notes (the host's AddNote) into a finished demo game as fast as it can;
meanwhile this process verifies the same game ``rounds`` times. Each verify must say VERIFIED: the
log it reads is honest at every moment, whatever the writer adds between two of its reads.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

from . import rogue_games as RG
from .common import ROOT

WRITER = textwrap.dedent("""
    import sys
    from turnlog.engine.commands import AddNote
    from turnlog.engine.game import Game
    from turnlog.events.log import ConcurrencyError
    where, seed_file, n = sys.argv[1], sys.argv[2] or None, int(sys.argv[3])
    with Game.open(where, seed_file=seed_file) as g:
        print("READY", flush=True)
        for i in range(n):
            try:
                g.execute(AddNote(text=f"live note {i}"), actor="hq")
            except ConcurrencyError:
                pass
    print("DONE", flush=True)
""")


def run(store, rounds: int = 3, notes: int = 400) -> dict:
    """Verify a demo game ``rounds`` times while a child appends up to ``notes`` notes; figures."""
    name = "ctl-examples-14-43"
    g, where = store.honest_game(10**6 + rounds, name, signed=False)
    with g:
        RG.play(g, RG.script(name))
    seed = str(store.seed(where)) if store.name == "postgres" else ""
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(where), seed, str(notes)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    verifies, named, problems = 0, 0, []
    try:
        assert child.stdout.readline().strip() == "READY"
        for _ in range(rounds):
            if child.poll() is not None:
                break
            rep = store.verify(where)
            verifies += 1
            if not rep.ok:
                named += 1
                problems.append(f"stage {rep.stage}: {rep.problem or rep.discrepancy}"[:200])
    finally:
        child.wait(timeout=600)
    rep = store.verify(where)  # and once the writer is done
    verifies += 1
    if not rep.ok:
        named += 1
        problems.append(
            f"after the writer: stage {rep.stage}: {rep.problem or rep.discrepancy}"[:200]
        )
    return {"verifies": verifies, "named": named, "problems": problems}
