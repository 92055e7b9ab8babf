"""A second procedure kind plugs in through the kit alone (tests/support/skirmish/, INVENTED rules).

Registered with ``turnlog.register_kind``, it is parsed, decided, logged, folded, snapshotted, undone,
verified and drawn by the unchanged log, Game facade, undo, verify and CLI.
"""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest

import turnlog
from turnlog.engine import kinds
from turnlog.engine.commands import StartPhase, parse
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.events.game import DieRolled, UnitEliminated
from turnlog.projections.state import dump, load

from skirmish import procedure as T
from helpers import hexes, new_game, scenario, unit
from kind_checks import through_the_cli

turnlog.register_kind(T.KIND)


def position():
    return scenario(hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404", 4), unit("us-1", "US", "0405", 3)],
                    turn={"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": "movement"},
                    dice={"hit": {"sides": 6}}, rules={"procedures": ["attrition", "skirmish"]})


@pytest.fixture
def game(tmp_path):
    g = new_game(tmp_path, position())
    yield g
    g.close()


def _played(g, value):
    g.execute(T.BeginSkirmish(attacker="AX", target="us-1"))
    return [e for _s, e in g.execute(T.RollSkirmish(procedure="S1", value=value))]


def test_toy_commands_parse_and_a_hit_removes_the_unit(game):
    assert isinstance(parse('{"type": "RollSkirmish", "procedure": "S1"}'), T.RollSkirmish)
    evs = _played(game, 6)
    assert isinstance(evs[0], DieRolled) and evs[0].entered and evs[0].dice == "hit"
    assert evs[1] == T.SkirmishRolled(procedure="S1", hit=True)
    assert UnitEliminated(unit="us-1", rule="T.2", procedure="S1") in evs
    assert game.state.kinds["skirmish"].open["S1"].phase == "done"
    assert game.state.units["us-1"].eliminated


def test_toy_refusals_name_the_toy_rule_and_write_nothing(game):
    before = game.log.last()
    with pytest.raises(RuleViolation) as err:
        game.execute(T.BeginSkirmish(attacker="AX", target="it-1"))
    assert err.value.rule == "T.1"
    with pytest.raises(CommandError, match='no skirmish "S9"'):
        game.execute(T.RollSkirmish(procedure="S9", value=1))
    game.execute(T.BeginSkirmish(attacker="AX", target="us-1"))
    with pytest.raises(RuleViolation) as err:  # 7 is no face of the named d6
        game.execute(T.RollSkirmish(procedure="S1", value=7))
    assert err.value.rule == "T.2"
    game.execute(T.RollSkirmish(procedure="S1", value=1))
    with pytest.raises(RuleViolation) as err:  # the phase table: S1 is done
        game.execute(T.RollSkirmish(procedure="S1", value=1))
    assert err.value.rule == "T.1" and "phase 'done'" in err.value.message
    assert game.log.last()[0] > before[0]


def test_toy_open_instance_holds_the_turn_and_is_listed_with_its_role(game):
    game.execute(T.BeginSkirmish(attacker="AX", target="us-1"))
    assert any(x.head == "RollSkirmish procedure=S1" and (x.role, x.faction, x.rule) == ("attacker", "AX", "T.1")
               for x in game.legal())
    with pytest.raises(RuleViolation) as err:
        game.execute(StartPhase(phase="combat"))
    assert err.value.rule == "T.1"


def test_toy_replay_equals_live_and_snapshots_restore_its_state(game):
    _played(game, 6)
    assert game.at(use_snapshots=False) == game.state
    assert load(dump(game.state)) == game.state
    game.snapshot()
    assert game.at() == game.state and isinstance(game.at().kinds["skirmish"], T.Skirmishes)


def test_toy_roll_is_a_dice_barrier_and_begin_undoes(game):
    _played(game, 1)
    with pytest.raises(RuleViolation) as err:
        game.undo()
    assert err.value.rule == "undo.dice-barrier"
    game.undo(override=True, referee="ref", reason="test")
    game.undo()
    assert "skirmish" not in game.state.kinds or not game.state.kinds["skirmish"].open


def test_toy_game_verifies_and_a_tampered_roll_is_caught(game):
    game.execute(T.BeginSkirmish(attacker="AX", target="us-1"))
    game.execute(T.RollSkirmish(procedure="S1"))   # from the committed seed
    path = game.log.path
    rep = turnlog.verify_path(path)
    assert rep.ok, rep.problem
    game.close()
    con = sqlite3.connect(path)
    row = con.execute("SELECT seq, data FROM events WHERE type='SkirmishRolled'").fetchone()
    flipped = row[1].replace("true", "false") if "true" in row[1] else row[1].replace("false", "true")
    con.execute("DROP TRIGGER events_append_only_update")  # a hand edit, as a cheat would make it
    con.execute("UPDATE events SET data=? WHERE seq=?", (flipped, row[0]))
    con.commit()
    con.close()
    assert not turnlog.verify_path(path).ok


def test_toy_through_the_cli_play_log_verify_diagram(game, tmp_path, monkeypatch):
    lines = '{"type": "BeginSkirmish", "attacker": "AX", "target": "us-1"}\n' \
            '{"type": "RollSkirmish", "procedure": "S1", "value": 1}\n'
    text = through_the_cli(game, lines, "skirmish", "roll", monkeypatch)
    assert "skirmish S1: SkirmishRolled" in text and "VERIFIED" in text
    assert "roll --> done : roll" in text and "class roll current" in text


def test_a_process_without_the_plugin_names_the_missing_kind(game):
    _played(game, 1)
    path = str(game.log.path)
    game.close()
    r = subprocess.run([sys.executable, "-m", "turnlog.engine.faces.cli", "log", "--db", path],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.startswith("error: this game uses kind 'skirmish', which is not installed (pip install")


def test_registering_a_clashing_kind_is_refused_and_changes_nothing():
    class Clash(T.SkirmishKind):
        name = "clash"
        events = (DieRolled,)
    before = (list(kinds.KINDS), dict(kinds.BY_COMMAND))
    with pytest.raises(ValueError):
        kinds.register(Clash())
    assert (list(kinds.KINDS), dict(kinds.BY_COMMAND)) == before
    assert kinds.register(T.KIND) is T.KIND   # registering again is a no-op


def test_registered_kind_is_listed_for_diagram():
    assert "skirmish" in kinds.machines()
    assert json.dumps(T.MACHINE.states) == '["roll", "done"]'


def test_an_event_that_is_not_keyword_only_is_refused():
    from turnlog.events.base import Event

    class Loose(Event):   # kw_only missing on the subclass
        x: int

    class Sloppy(T.SkirmishKind):
        name = "sloppy"
        commands = ()
        events = (Loose,)
    with pytest.raises(ValueError, match="kw_only"):
        kinds.register(Sloppy())
    assert "Loose" not in __import__("turnlog.events.codec", fromlist=["TYPES"]).TYPES
