"""Checks every plugged-in procedure kind's test makes the same way (tests/*/test_*plugs_in*.py).

A kind plugs in when the log, Game, snapshots, verify and the CLI carry it with nothing edited for it;
these helpers say that once, so each kind's test names only its own commands and narrative.
"""
from __future__ import annotations

import io
import sys
from contextlib import redirect_stdout

import turnlog
from turnlog.engine.faces import cli
from turnlog.projections.state import dump, load


def replays_snapshots_and_verifies(g, kind: str, state_type: type) -> None:
    """Replay from zero equals the live board; the state and a snapshot read the kind's Struct back; verify passes."""
    assert g.at(use_snapshots=False) == g.state
    assert load(dump(g.state)) == g.state
    g.snapshot()
    assert isinstance(g.at().kinds[kind], state_type)
    rep = turnlog.verify_path(g.log.path)
    assert rep.ok, rep.problem


def through_the_cli(g, lines: str, kind: str, current: str, monkeypatch) -> str:
    """Close ``g``, then play ``lines`` (JSON commands) through `turnlog play`, print its log, verify it and draw
    the kind's machine with ``current`` marked; every call must exit 0. Returns what they printed."""
    path = str(g.log.path)
    g.close()
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["play", "--db", path, "-"]) == 0
        assert cli.main(["log", "--db", path]) == 0
        assert cli.main(["verify", "--db", path]) == 0
        assert cli.main(["diagram", "--kind", kind, "--current", current]) == 0
    return out.getvalue()
