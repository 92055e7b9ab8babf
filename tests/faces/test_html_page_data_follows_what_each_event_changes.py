"""The replay page's data, built event by event from what each event changes (engine/view_follow.py),
is byte for byte the data built by drawing the whole board at every event (``full=True``, the old way):
every demo game (each bundled scenario played: retreats, advances, displacements, eliminations and each
kind's events), and played games with moves, offensives, new player turns, undos and redos, control,
supply and feature changes."""
from __future__ import annotations

import random

import pytest

from turnlog.engine import commands as c
from turnlog.engine import scenario as S
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.faces.html.live import Live
from turnlog.engine.faces.html.replay import data_json
from turnlog.engine.game import Game
from turnlog.events.attrition import Selection
from turnlog.events.setup import Feature

from benchmarks import gen
from fixtures.backbone import ZONE, bridgehead
from helpers import hexes, new_game, scenario, unit
from skirmish import procedure as T

DEMOS = S.bundled_names()


def _same_page(g: Game) -> Live:
    """Both ways of building the page of ``g``: equal data, faces and board; returns the new one."""
    old, new = Live(g, {}, "game.db", full=True), Live(g, {}, "game.db")
    assert data_json(new.data) == data_json(old.data)
    assert new.board.faces == old.board.faces and new.svg(g) == old.svg(g)
    return new


@pytest.mark.parametrize("name", DEMOS)
def test_each_demo_games_page_is_the_whole_redraws(demos, name):
    with Game.open(demos / f"{name}.db", readonly=True) as g:
        _same_page(g)


def test_attrition_retreats_occupation_undo_redo_and_map_changes_draw_as_the_whole_board(tmp_path):
    with bridgehead(tmp_path / "g.db") as g:
        g.execute(c.MoveUnit(unit="us-inf-3", hex="0502"))
        g.execute(c.PlaceFeature(hex="0502", feature=Feature(kind="fortress")))
        g.execute(c.SetSupply(unit="us-inf-4", supply="partial"))
        g.undo()
        g.execute(c.MarkOffensive(units=["ge-inf-2"]))
        g.undo()
        g.redo()
        g.execute(c.BeginAttrition(attacker="AX", zone=ZONE))
        g.execute(c.RollAttritionDie(procedure="A1", value=3))
        g.undo(override=True, referee="ref")
        g.execute(c.RollAttritionDie(procedure="A1", value=3))
        g.execute(c.TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
        g.execute(c.SelectOccupation(procedure="A1", selections=[Selection(hex="0505", units=["ge-pz-1"])]))
        g.undo()
        g.redo()
        g.execute(c.SetControl(hex="0502", faction="AX"))
        g.execute(c.RemoveFeature(hex="0502", kind="fortress"))
        g.undo()
        names = {type(ev).__name__ for _s, _c, ev, _a in g.rows()}
        assert {"UnitAdvanced", "UnitEliminated", "FeaturePlaced", "ControlChanged",
                "CommandUndone", "OccupationSelected"} <= names
        page = _same_page(g)
    assert page.board.asked < 3 * len(page.data["steps"])


def test_a_generated_game_with_undos_and_player_turns_draws_as_the_whole_board(tmp_path):
    sc, rnd = gen.scenario(48, units_per_hex=1.0, seed=2), random.Random(4)
    with Game.create(tmp_path / "g.db", sc, seed=bytes(32), synchronous="OFF") as g:
        for i, cmd in enumerate(gen.host_commands(sc, 160, seed=2, turn_events=60)):
            try:
                g.execute(cmd)
            except (CommandError, RuleViolation):
                continue
            if i % 9 == 4:
                g.undo()
            elif i % 23 == 11:
                g.undo()
                g.redo()
            elif i % 17 == 3:
                uid = rnd.choice(sorted(g.state.units))
                g.execute(c.MarkOffensive(units=[uid]))
            elif i % 13 == 6:
                h = rnd.choice(sorted(g.state.hexes))
                g.execute(c.SetControl(hex=h, faction=rnd.choice(gen.ORDER)))
                g.execute(c.PlaceFeature(hex=h, feature=Feature(kind="fortress")))
        names = {type(ev).__name__ for _s, _c, ev, _a in g.rows()}
        assert {"UnitMoved", "ControlChanged", "FeaturePlaced", "PlayerTurnStarted", "UnitsTookOffensive",
                "SupplyChanged", "CommandUndone"} <= names, names
        _same_page(g)


def test_a_kind_without_the_hooks_is_drawn_whole_at_each_event_and_still_the_same(tmp_path):
    import turnlog
    turnlog.register_kind(T.KIND)   # the toy kind (tests/support/skirmish/) has a view and no view_touched
    g = new_game(tmp_path, scenario(
        hexes("0404:AX 0405:WA 0406:WA"), [unit("it-1", "IT", "0404", 4), unit("us-1", "US", "0405", 3)],
        turn={"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": "movement"},
        dice={"hit": {"sides": 6}}, rules={"procedures": ["attrition", "skirmish"]}))
    with g:
        g.execute(T.BeginSkirmish(attacker="AX", target="us-1"))
        g.execute(c.MoveUnit(unit="us-1", hex="0406"))   # its overlay follows the target: a core event
        g.execute(T.RollSkirmish(procedure="S1", value=1))
        g.undo(override=True, referee="ref")
        _same_page(g)
