"""`turnlog diagram` draws the attrition machine from its live definition (14.11)."""
from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from turnlog.engine.attrition import machine


def _run(*args):
    return subprocess.run([sys.executable, "-m", "turnlog.engine.faces.cli", "diagram", *args], capture_output=True, text=True)


def test_mermaid_lists_every_transition_of_the_table():
    out = _run("--format", "mermaid", "--current", "losses")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert text.startswith("stateDiagram-v2")
    for t in machine.TRANSITIONS:
        assert f"{t['source']} --> {t['dest']} : {t['trigger']}" in text
    assert "class losses current" in text


def test_mermaid_follows_the_live_machine(monkeypatch):
    """A transition added to the machine appears in the drawing: it is not a copy."""
    machine.MACHINE.machine.add_transition("reconsider", "select", "losses")
    try:
        assert "select --> losses : reconsider" in machine.MACHINE.mermaid()
    finally:
        machine.MACHINE.machine.remove_transition("reconsider", "select", "losses")
    assert "reconsider" not in machine.MACHINE.mermaid()


@pytest.mark.skipif(not shutil.which("dot"), reason="graphviz not installed")
def test_svg_through_graphviz(tmp_path):
    out = _run("--format", "svg", "-o", str(tmp_path / "m.svg"), "--current", "roll")
    assert out.returncode == 0, out.stderr
    svg = (tmp_path / "m.svg").read_text()
    assert "<svg" in svg and all(s in svg for s in machine.STATES)
