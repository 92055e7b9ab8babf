"""9.0: the designation procedure is a registered kind: parsed, decided, logged, narrated, replayed, undone,
verified and drawn with no change to the log, Game, verify or the CLI. INVENTED position."""
from __future__ import annotations

import turnlog
from turnlog import commands as c
from turnlog.engine.designation import machine
from turnlog.projections.designation import Designations

from kind_checks import replays_snapshots_and_verifies, through_the_cli
from war_helpers import game, proc, to_assaults, u

UNITS = [u("a1", "0202"), u("a2", "0202", mode="pa"), u("e1", "0301"), u("e2", "0302")]


def _played(g):
    to_assaults(g, "a1")
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="DE", eliminated=["e1"]))
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0302"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G2", result="DR",
                                          retreats=[c.Retreat(unit="e2", to="0403")]))
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))


def test_9_0_commands_parse_and_are_exported():
    assert isinstance(c.parse('{"type": "DeclareGroundAssault", "procedure": "C1", "attackers": ["a"], '
                              '"hexes": ["0101"]}'), c.DeclareGroundAssault)
    assert c.EndGroundAssaultSegment is turnlog.commands.EndGroundAssaultSegment


def test_9_0_a_played_phase_replays_snapshots_and_verifies(tmp_path):
    """9.0¶1: in the Combat Phase, after the barrage segment, enemy units leave only through the reported
    ground-assault results; the phase replays and verifies."""
    g = game(tmp_path, UNITS)
    _played(g)
    assert proc(g).phase == "done" and g.state.units["e1"].eliminated and g.state.units["e2"].hex == "0403"
    assert "attack" not in g.state.units["a1"].markers
    replays_snapshots_and_verifies(g, "designation", Designations)


def test_9_0_undo_takes_back_a_designation(tmp_path):
    g = game(tmp_path, UNITS)
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    g.undo()
    assert proc(g).marked == [] and "attack" not in g.state.units["a1"].markers


def test_9_0_the_cli_plays_narrates_verifies_and_draws_it(tmp_path, monkeypatch):
    g = game(tmp_path, UNITS)
    lines = "\n".join([
        '{"type": "DesignateAttackers", "procedure": "C1", "units": ["a1"]}',
        '{"type": "EndAttackDesignation", "procedure": "C1"}']) + "\n"
    text = through_the_cli(g, lines, "designation", "barrage", monkeypatch)
    assert "hexes that must be attacked: 0301 (by a1, a2); 0302 (by a1, a2) (9.1.1, 9.1.1a)" in text
    assert "VERIFIED" in text
    for t in machine.TRANSITIONS:
        assert f"{t['source']} --> {t['dest']} : {t['trigger']}" in text
