"""14.11 / 14.12: attrition only in the attrition phase, by the phasing faction, one step at a time.

Position: an Italian 12-factor unit (0404, AX) touches two US 3-factor units
(0405, WA). Both CTLs are 1, so the entered die is the table row: 5 gives 1C/1H
in the 11-20 column.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import (BeginAttrition, RetreatUnits, RollAttritionDie, SelectOccupation, StartPhase,
                             StartPlayerTurn, TakeAttritionLosses, TakeTwoCounters)
from turnlog.events.attrition import AttritionBegun, AttritionPhaseChanged, FactorsCounted

from helpers import hexes, new_game, refused, scenario, unit

ZONE = "WA/western/0405"


def position(**turn):
    t = {"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": "attrition", **turn}
    return scenario(hexes("0404:AX 0405:WA 0406:WA"),
                    [unit("it-1", "IT", "0404", 12), unit("us-1", "US", "0405", 3), unit("us-2", "US", "0405", 3)],
                    turn=t)


@pytest.fixture
def game(tmp_path):
    g = new_game(tmp_path, position())
    yield g
    g.close()


def test_14_11a_begin_in_attrition_phase_by_phasing_faction_counts(game):
    evs = [e for _, e in game.execute(BeginAttrition(attacker="AX", zone=ZONE))]
    assert isinstance(evs[0], AttritionBegun) and evs[0].defender == "WA"
    assert isinstance(evs[1], FactorsCounted) and (evs[1].factors, evs[1].column) == (12, "11-20")
    assert evs[-1] == AttritionPhaseChanged(procedure="A1", phase="roll")


@pytest.mark.parametrize("phase", ["movement", "combat", "exploitation"])
def test_14_12_begin_before_the_attrition_phase_refused(tmp_path, phase):
    g = new_game(tmp_path, position(phase=phase))
    err = refused(g, BeginAttrition(attacker="AX", zone=ZONE), "14.12")
    assert phase in err.message
    assert not g.state.attritions


def test_14_12_begin_after_the_attrition_phase_refused(game):
    game.execute(StartPhase(phase="supply"))
    refused(game, BeginAttrition(attacker="AX", zone=ZONE), "14.12")


def test_14_12_non_phasing_faction_refused(tmp_path):
    # WA's 12-factor unit touches an Axis zone, but it is the Axis player turn.
    sc = scenario(hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404", 3), unit("us-1", "US", "0405", 12)])
    g = new_game(tmp_path, sc)
    refused(g, BeginAttrition(attacker="WA", zone="AX/western/0404"), "14.12")
    g.execute(StartPhase(phase="end"))
    g.execute(StartPlayerTurn(faction="WA"))
    g.execute(StartPhase(phase="attrition"))
    g.execute(BeginAttrition(attacker="WA", zone="AX/western/0404"))
    assert g.state.attritions["A1"].attacker == "WA"


def test_14_11_losses_before_the_roll_refused(game):
    game.execute(BeginAttrition(attacker="AX", zone=ZONE))
    refused(game, TakeAttritionLosses(procedure="A1", units=["us-1"]), "14.11")
    refused(game, TakeTwoCounters(procedure="A1"), "14.11")
    refused(game, SelectOccupation(procedure="A1", selections=[]), "14.11")


def test_14_11_one_roll_only(game):
    game.execute(BeginAttrition(attacker="AX", zone=ZONE))
    game.execute(RollAttritionDie(procedure="A1", value=5))
    refused(game, RollAttritionDie(procedure="A1", value=9), "14.11")
    assert game.state.attritions["A1"].die == 5


def test_14_11_steps_in_order_b_c_then_done(game):
    game.execute(BeginAttrition(attacker="AX", zone=ZONE))
    game.execute(RollAttritionDie(procedure="A1", value=5))  # 1C/1H
    p = game.state.attritions["A1"]
    assert (p.phase, p.counters, p.hexes) == ("losses", 1, 1)
    refused(game, SelectOccupation(procedure="A1", selections=[]), "14.11")   # C before B
    refused(game, RetreatUnits(procedure="A1", retreats=[]), "14.11")          # D before B
    game.execute(TakeAttritionLosses(procedure="A1", units=["us-1"]))
    assert game.state.attritions["A1"].phase == "select"
    refused(game, TakeAttritionLosses(procedure="A1", units=["us-2"]), "14.11")  # B twice
    refused(game, TakeTwoCounters(procedure="A1"), "14.11")                      # 14.44 only before losses
    game.execute(SelectOccupation(procedure="A1", selections=[]))
    assert game.state.attritions["A1"].phase == "done"
    refused(game, SelectOccupation(procedure="A1", selections=[]), "14.11")


def test_14_11_no_result_ends_the_procedure(game):
    game.execute(BeginAttrition(attacker="AX", zone=ZONE))
    game.execute(RollAttritionDie(procedure="A1", value=0))  # 11-20 row 0: no result
    assert game.state.attritions["A1"].phase == "done"
    refused(game, TakeAttritionLosses(procedure="A1", units=[]), "14.11")


def test_14_11_phase_cannot_end_while_an_attrition_is_open(game):
    game.execute(BeginAttrition(attacker="AX", zone=ZONE))
    refused(game, StartPhase(phase="supply"), "14.11")
    refused(game, StartPlayerTurn(faction="WA"), "14.11")
    game.execute(RollAttritionDie(procedure="A1", value=0))  # no result: the procedure ends
    game.execute(StartPhase(phase="supply"))
    assert game.state.turn.phase == "supply"


def test_14_12_finished_attrition_accepts_nothing_in_a_later_phase(game):
    game.execute(BeginAttrition(attacker="AX", zone=ZONE))
    game.execute(RollAttritionDie(procedure="A1", value=0))
    game.execute(StartPlayerTurn(faction="WA"))
    refused(game, RollAttritionDie(procedure="A1", value=5), "14.12")
