"""AS-COST.1: under the optional Manual Defensive Fire rule (rules.pzc.manual_defensive_fire) an assault needs
and costs no movement points. INVENTED allowances."""
from __future__ import annotations

from turnlog import commands as c

from assault_helpers import proc
from assault_values_helpers import game, unit
from helpers import refused


def _units():
    tired = unit("a1", "0202")
    tired["movement_left"] = 1
    return [tired, unit("e1", "0302")]


def test_as_cost_1_no_movement_needed_or_spent_under_the_option(tmp_path):
    g = game(tmp_path, _units(), pzc={"manual_defensive_fire": True})
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    assert proc(g).units == ["a1"]
    assert list(g.log.rows_of_type("AssaultMovementSpent")) == [] and g.state.units["a1"].movement_left == 1


def test_as_cost_1_without_the_option_the_movement_rules_hold(tmp_path):
    g = game(tmp_path, _units())
    refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-COST.2")
