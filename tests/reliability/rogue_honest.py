"""The rogue harness's honest logs: every NOT VERIFIED on one of them is a false alarm.

Static: every demo played to its end; after each target an honest undo and redo (or, after a roll,
the referee's override undo); each target played on a game reopened from an honest snapshot. Live:
a child process plays honest notes (the host's AddNote) into a finished demo game as fast as it can
while this process verifies the same game ``rounds`` times; the log it reads is honest at every
moment, whatever the writer adds between two of its reads.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

from turnlog.engine import commands as c
from turnlog.engine.errors import RuleViolation
from turnlog.engine.faces.cli.args import DEMOS

from . import rogue_games as RG
from .common import ROOT


def honest_logs(store, signed: bool, targets: list[RG.Target], start: int) -> tuple[int, list[str]]:
    """Verify honest logs on ``store``: every demo to its end; after each target an honest undo/redo
    (or a referee's override of a roll); each target played on a game reopened from an honest
    snapshot; return how many, and the false alarms (one line each, its class first)."""
    alarms, n = [], start
    where_ = f"{store.name}{' signed' if signed else ''}"
    for name in DEMOS:
        g, where = store.honest_game(n, name, signed)
        n += 1
        with g:
            RG.play(g, RG.script(name))
        if not store.verify(where).ok:
            alarms.append(f"honest_demo: {name} played to its end ({where_})")
    for t in targets:
        for honest in (_undo_redo, _from_snapshot):
            g, where = store.open_case(n, t, signed)
            n += 1
            what = honest(store, g, where, t, signed)
            rep = store.verify(where)
            if not rep.ok:
                alarms.append(
                    f"honest{honest.__name__}: {t.ctype} {what}, {t.scenario} after "
                    f"{t.at} ({where_}): "
                    f"{rep.problem or rep.discrepancy}"
                )
    return n - start, alarms


def _undo_redo(_store, g, _where, t: RG.Target, _signed: bool) -> str:
    """Play the target, then undo and redo it (a roll: the referee's override undo); say what."""
    with g:
        actor = RG.actor_for(g.state, t.command)
        g.execute(t.command, actor=actor)
        rolled = any(type(e).__name__ == "DieRolled" for _s, e in g.events(RG.last_command(g)[5]))
        try:
            if rolled:
                g.execute(
                    c.Undo(override=True, referee=RG.REFEREE, reason="a misread die"),
                    actor=RG.REFEREE,
                )
                return "then a referee's override undo"
            g.execute(c.Undo(), actor=actor)
            g.execute(c.Redo(), actor=actor)
            return "then an undo and redo"
        except RuleViolation as err:  # nothing to undo (a reveal): the log as played is honest
            return f"then no undo ({err.rule})"


def _from_snapshot(store, g, where, t: RG.Target, signed: bool) -> str:
    """Snapshot the honest prefix, reopen the game (its board comes from the snapshot), play the
    target."""
    with g:
        g.snapshot()
    with store.reopen(where, signed) as again:
        again.execute(t.command, actor=RG.actor_for(again.state, t.command))
    return "played on a game reopened from a snapshot"


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


def live(store, rounds: int = 3, notes: int = 400) -> dict:
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
