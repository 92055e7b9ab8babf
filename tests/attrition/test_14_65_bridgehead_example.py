"""14.65 worked example: the Western Allied bridgehead cannot be held against 2C/1H."""
from __future__ import annotations

import pytest

from turnlog.engine import scenario
from turnlog.engine.commands import BeginAttrition, RollAttritionDie, SelectOccupation, TakeAttritionLosses
from turnlog.engine.errors import RuleViolation
from turnlog.events.attrition import AttritionZoneCleared, Selection
from turnlog.events.game import ControlChanged, UnitAdvanced

from helpers import SEED
from turnlog.engine.game import Game

ZONE = "WA/western/0505"


@pytest.fixture
def rolled(tmp_path):
    g = Game.create(tmp_path / "b.db", scenario.load("bridgehead-14-65"), seed=SEED)
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    g.execute(RollAttritionDie(procedure="A1", value=3))
    yield g
    g.close()


def test_14_42b_example_roll_is_2c_1h_with_23_factors(rolled):
    p = rolled.state.attritions["A1"]
    assert (p.factors, p.column) == (23, "21-30")
    assert [(m.rule, m.value) for m in p.modifiers] == [("14.42B", 1)]
    assert (p.row, p.counters, p.hexes) == (4, 2, 1)


def test_14_65_losses_in_bridgehead_clear_zone_and_open_it(rolled):
    events = [e for _, e in rolled.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))]
    assert any(isinstance(e, AttritionZoneCleared) for e in events)
    events = [e for _, e in rolled.execute(SelectOccupation(procedure="A1", selections=[
        Selection(hex="0505", units=["ge-pz-1"])]))]
    assert UnitAdvanced(unit="ge-pz-1", from_hex="0504", to_hex="0505", rule="14.64", procedure="A1") in events
    assert ControlChanged(hex="0505", faction="AX", rule="14.61") in events
    assert rolled.state.attritions["A1"].phase == "done"


def test_14_62c_seaborne_bridgehead_taken_after_losses_from_britain(rolled):
    # 14.52A: the bridgehead was launched from Britain's unlimited source, so losses may come from there.
    rolled.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-3", "us-inf-4"]))
    assert not rolled.state.attritions["A1"].zone_cleared
    rolled.execute(SelectOccupation(procedure="A1", selections=[Selection(hex="0505", units=["ge-pz-1"])]))
    p = rolled.state.attritions["A1"]
    assert p.phase == "retreat"
    # Surrounded by German units and the sea: no hex to retreat into, both units are eliminated (14.76).
    from turnlog.engine.commands import Retreat, RetreatUnits
    rolled.execute(RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-inf-1"), Retreat(unit="us-inf-2")]))
    assert rolled.state.units["us-inf-1"].eliminated and rolled.state.control["0505"] == "AX"


def test_14_51_more_losses_than_called_for_refused(rolled):
    with pytest.raises(RuleViolation) as err:
        rolled.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2", "us-inf-3"]))
    assert err.value.rule == "14.51"
    assert rolled.state == rolled.at()


def test_14_51_fewer_losses_than_possible_refused(rolled):
    seq = rolled.state.seq
    with pytest.raises(RuleViolation) as err:
        rolled.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1"]))
    assert err.value.rule == "14.51" and rolled.log.last()[0] == seq
