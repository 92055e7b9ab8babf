"""The assault procedure is a registered kind (reading notes §2.2): parsed, decided, logged,
narrated, replayed, snapshotted, undone, verified and drawn with no change to the log, Game, verify or the
CLI; legal() lists what the rules accept. INVENTED position (tests/assault/assault_helpers.py)."""
from __future__ import annotations

import msgspec

import turnlog
from turnlog import commands as c
from turnlog.engine.assault import machine
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.projections.assault import Assaults
from turnlog.projections.state import dump, load

from assault_helpers import game, proc, u
from kind_checks import through_the_cli

UNITS = [u("a1", "0202"), u("a2", "0403"), u("a3", "0202", markers=["broken"]), u("a4", "0101"),
         u("e1", "0302")]


def test_the_commands_parse_and_are_exported():
    assert isinstance(c.parse('{"type": "DeclareAssault", "hex": "0302", "units": ["a1"]}'), c.DeclareAssault)
    assert c.AddAssaultUnits is turnlog.commands.AddAssaultUnits
    from turnlog.engine import commands as core
    assert "DeclareAssault" not in {t.__name__ for t in core.AnyCommand.__args__}  # the core names no kind's
    assert c.DeclareAssault in c.AnyCommand.__args__


def test_an_assault_replays_snapshots_undoes_and_verifies(tmp_path):
    g = game(tmp_path, UNITS)
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    g.execute(c.AddAssaultUnits(procedure="S1", units=["a2"]))
    assert proc(g).units == ["a1", "a2"] and g.state.units["a2"].movement_left == 3
    assert g.at(use_snapshots=False) == g.state
    assert load(dump(g.state)) == g.state
    g.snapshot()
    assert isinstance(g.at().kinds["assault"], Assaults)
    g.undo()
    assert proc(g).units == ["a1"] and g.state.units["a2"].movement_left == 9
    rep = turnlog.verify_path(g.log.path)
    assert rep.ok, rep.problem


def test_an_open_assault_holds_the_turn(tmp_path):
    """The kit's rule: an instance runs to its end before the turn moves on (resolution is the next stage)."""
    g = game(tmp_path, UNITS)
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    try:
        g.execute(c.StartPhase(phase="combat"))
    except RuleViolation as err:
        assert err.rule == "AS-GEN.2" and "S1" in str(err)
    else:
        raise AssertionError("the turn moved on past a forming assault")


def _accepted(g, ch) -> None:
    """Every unit a Choice lists is accepted alone and all together; one it leaves out is refused."""
    opt = ch.options[0]
    for pick in [[v] for v in opt.values] + [list(opt.values)]:
        g.decide(g.state, c.parse(msgspec.json.encode({"type": ch.command, **ch.fixed, "units": pick})))
    for other in sorted(set(g.state.units) - set(opt.values)):
        try:
            g.decide(g.state, c.parse(msgspec.json.encode({"type": ch.command, **ch.fixed, "units": [other]})))
        except (RuleViolation, CommandError):
            continue
        raise AssertionError(f"{ch.command} accepts {other}, which legal() did not list")


def test_legal_lists_exactly_what_is_accepted(tmp_path):
    g = game(tmp_path, UNITS)
    (declare,) = [ch for ch in g.legal() if ch.command == "DeclareAssault"]
    assert declare.fixed == {"hex": "0302"} and declare.options[0].values == ["a1", "a2"]
    assert (declare.role, declare.faction, declare.rule) == ("attacker", "AX", "AS-GEN.1")
    _accepted(g, declare)
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    (add,) = [ch for ch in g.legal() if ch.command == "AddAssaultUnits"]
    assert add.fixed == {"procedure": "S1"} and add.options[0].values == ["a2"]
    _accepted(g, add)
    assert not [ch for ch in g.legal() if ch.command == "DeclareAssault"]


def test_the_cli_plays_narrates_verifies_and_draws_it(tmp_path, monkeypatch):
    g = game(tmp_path, UNITS)
    lines = '{"type": "DeclareAssault", "hex": "0302", "units": ["a1"]}\n'
    text = through_the_cli(g, lines, "assault", "forming", monkeypatch)
    assert "S1: AX assaults 0302 with a1 (AS-GEN.1); defending: e1 (WA)" in text
    assert "S1: a1 spends 6 movement points to assault (entry cost 0; AS-COST.3)" in text
    assert "VERIFIED" in text
    for t in machine.TRANSITIONS:
        assert f"{t['source']} --> {t['dest']} : {t['trigger']}" in text


def _ok(g, ch, doc: dict) -> None:
    g.decide(g.state, c.parse(msgspec.json.encode({"type": ch.command, **ch.fixed, **doc})))


def test_the_whole_procedure_replays_snapshots_undoes_and_verifies(tmp_path):
    """Resolve (AS-RES.2), owner allocation (P9), host disruption, AS-RET.1 and the retreat, each through
    legal()'s choices; the log replays, snapshots, undoes and verifies. INVENTED units and parameters."""
    units = [u("a1", "0202", defence=5), u("e1", "0302", assault=3, defence=100)]
    g = game(tmp_path, units, pzc={"allocation": "owner"})
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    (res,) = [ch for ch in g.legal() if ch.command == "ResolveAssault"]
    assert (res.role, res.faction) == ("attacker", "AX")
    g.execute(c.ResolveAssault(procedure="S1", values={"attacker_result": 750000, "defender_result": 0,
                                                       "defender_round": 999}))
    (alloc,) = [ch for ch in g.legal() if ch.command == "AllocateAssaultLosses"]
    _ok(g, alloc, {"losses": {"a1": 15}})
    g.execute(c.AllocateAssaultLosses(procedure="S1", side="attacker", losses={"a1": 15}))
    (rep,) = [ch for ch in g.legal() if ch.command == "ReportDisruption"]
    assert rep.role == "host" and set(rep.options[0].values) == {"a1", "e1"}
    _ok(g, rep, {"disrupted": ["e1"]})
    g.execute(c.ReportDisruption(procedure="S1", disrupted=["e1"]))
    (ret,) = [ch for ch in g.legal() if ch.command == "RetreatAssaultUnits"]
    assert (ret.role, ret.faction) == ("defender", "WA")
    tos = ret.options[1].values
    assert tos == ["0303", "0402", "0403"]
    for to in tos:
        _ok(g, ret, {"retreats": [{"unit": "e1", "to": to}]})
    g.execute(c.RetreatAssaultUnits(procedure="S1", retreats=[c.Retreat(unit="e1", to="0402")]))
    assert proc(g).phase == "done" and g.state.units["e1"].hex == "0402"
    assert g.at(use_snapshots=False) == g.state and load(dump(g.state)) == g.state
    g.snapshot()
    g.execute(c.StartPhase(phase="supply"))  # the assault is done: the turn moves on
    g.undo()
    g.undo()
    assert proc(g).phase == "retreat" and g.state.units["e1"].hex == "0302"
    rep_ = turnlog.verify_path(g.log.path)
    assert rep_.ok, rep_.problem
