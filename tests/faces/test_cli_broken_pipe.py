"""`turnlog log ... | head`: a reader that goes away ends the listing quietly (no traceback), exit 141."""
from __future__ import annotations

import os
import subprocess
import sys

from turnlog.engine.commands import AddNote

from fixtures.backbone import ROOT, bridgehead


def test_log_piped_into_a_reader_that_stops_early(tmp_path):
    with bridgehead(tmp_path / "g.db", synchronous="OFF") as g:
        for i in range(1500):     # a listing far larger than a pipe's buffer
            g.execute(AddNote(text=f"note {i} " + "x" * 60))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "turnlog.engine.faces.cli", "log", "--db", str(tmp_path / "g.db")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    first = proc.stdout.readline()
    proc.stdout.close()             # what `head -1` does after its line
    err = proc.stderr.read().decode()
    rc = proc.wait(timeout=60)
    assert first.strip()
    assert "Traceback" not in err and "BrokenPipe" not in err
    assert rc == 141
