"""verify, export and copy read one moment of the log while another process appends to it.

Given an honest game that a second process keeps playing (moves back and forth, notes), when verify,
export (then import) and copy run meanwhile, then each succeeds on the rows committed when it began:
no false alarm, no export whose header disagrees with its rows, no copy blamed for rows added after
it. On both stores (PostgreSQL through the tests' throwaway cluster).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from turnlog.engine.commands import AddNote
from turnlog.engine.faces.transfer import copy_game, export, import_file
from turnlog.engine.faces.verify_report import text
from turnlog.engine.verify import verify_path
from turnlog.events.store import open_log

from fixtures.backbone import bridgehead

ROOT = Path(__file__).resolve().parents[2]
WRITER = """
import os, sys, time
from turnlog.engine.game import Game
from turnlog.engine.commands import MoveUnit
g = Game.open(sys.argv[1])
end = time.monotonic() + float(sys.argv[2])
print("started", flush=True)
while time.monotonic() < end and not os.path.exists(sys.argv[3]):
    for h in ("0502", "0501"):
        g.execute(MoveUnit(unit="us-inf-3", hex=h))
g.close()
"""


@pytest.fixture
def played(store):
    """A game of some length, and a second process playing it until the test is done (a few seconds
    at most)."""
    target = store.new()
    stop = store.tmp / f"stop-{time.monotonic_ns()}"
    with bridgehead(target) as g:
        for i in range(400):
            g.execute(AddNote(text=f"note {i}"))
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(target), "8", str(stop)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout.readline().strip() == "started", proc.stderr.read()
    yield store, target
    stop.touch()
    proc.wait(timeout=60)
    assert proc.returncode == 0, proc.stderr.read()


def _grows(target, before: int) -> bool:
    with open_log(target, readonly=True) as log:
        return log.last()[0] > before


def test_verify_export_and_copy_during_a_writers_play(played):
    store, target = played
    with open_log(target, readonly=True) as log:
        start = log.last()[0]
    for _ in range(3):
        rep = verify_path(target)
        assert rep.ok, text(rep)
        buf = io.StringIO()
        with open_log(target, readonly=True) as log:
            export(log, buf)
        src = store.tmp / f"e{time.monotonic_ns()}.jsonl"
        src.write_text(buf.getvalue())
        imported = store.new("imported")
        import_file(src, imported)
        assert verify_path(imported).ok
        copied = store.new("copy")
        copy_game(str(target), str(copied))
        assert verify_path(copied).ok
    assert _grows(target, start)  # the writer was appending all along
