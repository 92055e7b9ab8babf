"""In a seated game each step of an attrition (14.11 A-E) comes from its own side's seat.

The attacker begins (14.12), rolls (14.41), may take 2C (14.44), designates Russian winter hexes
(14.521) and selects the hexes to occupy (14.61); the defender takes the losses (14.51) and retreats
(14.71). A command from any other actor is refused under that rule, naming who must act and what
the issuer holds, before anything is written; the right seat then plays it.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, DesignateWinterHexes, RollAttritionDie, TakeTwoCounters

from helpers import hexes, new_game, scenario, unit
from seats_position import play, refused_from, seated, steps

RULES = ["14.12", "14.41", "14.51", "14.61", "14.71"]


@pytest.mark.parametrize("step", range(5), ids=["begin", "roll", "losses", "select", "retreat"])
@pytest.mark.parametrize("wrong", ["other side", "referee", "host", "stranger", "no actor"])
def test_each_step_from_anyone_but_its_seat_is_refused(tmp_path, step, wrong):
    g = seated(tmp_path)
    play(g, step)
    right, cmd = steps(g)[step]
    actor = {"other side": "bob" if right == "alice" else "alice", "referee": "carol", "host": "hq",
             "stranger": "mallory", "no actor": ""}[wrong]
    err = refused_from(g, cmd, actor, RULES[step])
    side = "attacker, AX (seat alice)" if right == "alice" else "defender, WA (seat bob)"
    assert f"is for the {side}" in err.message
    g.execute(cmd, actor=right)


def test_the_refusal_names_the_issuers_seat(tmp_path):
    g = seated(tmp_path)
    play(g, 2)
    _right, cmd = steps(g)[2]
    err = refused_from(g, cmd, "alice", "14.51")
    assert err.message == "TakeAttritionLosses is for the defender, WA (seat bob); alice holds the seat of AX"
    assert "carol is the referee" in refused_from(g, cmd, "carol", "14.51").message
    assert "mallory holds no seat in this game" in refused_from(g, cmd, "mallory", "14.51").message


def test_14_44_two_counters_is_the_attackers(tmp_path):
    sc = scenario(hexes("0404:AX 0405:WA 0406:WA"), [unit("it-1", "IT", "0404", 12), unit("us-1", "US", "0405"),
                                                    unit("us-2", "US", "0405"), unit("us-3", "US", "0405")])
    g = new_game(tmp_path, sc, seats={"factions": {"AX": "alice", "WA": "bob"}, "claims": {"die": "any", "host-fact": "any", "report": "any"}})
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"), actor="alice")
    g.execute(RollAttritionDie(procedure="A1", value=5), actor="alice")        # 1C/1H, phase 'losses'
    err = refused_from(g, TakeTwoCounters(procedure="A1"), "bob", "14.44")     # the defender's phase, not his choice
    assert "is for the attacker, AX (seat alice)" in err.message
    g.execute(TakeTwoCounters(procedure="A1"), actor="alice")


def test_14_521_winter_designations_are_the_attackers(tmp_path):
    from test_14_521_designations import board
    g = new_game(tmp_path, board(), seats={"factions": {"RU": "dora", "AX": "alice"}, "claims": {"die": "any", "host-fact": "any", "report": "any"}})
    zone = next(z.id for z in g.state.zones.values() if z.faction == "AX" and "0403" in z.hexes)
    g.execute(BeginAttrition(attacker="RU", zone=zone), actor="dora")
    g.execute(RollAttritionDie(procedure="A1", value=3), actor="dora")
    cmd = DesignateWinterHexes(procedure="A1", losses=["0403"])
    err = refused_from(g, cmd, "alice", "14.521")
    assert "is for the attacker, RU (seat dora); alice holds the seat of AX" in err.message
    g.execute(cmd, actor="dora")


def test_a_step_out_of_its_phase_names_its_own_seat(tmp_path):
    # Losses before the roll: the defender's command from the attacker is refused as the defender's.
    g = seated(tmp_path)
    play(g, 1)
    _r, losses = steps(g)[2]
    assert "is for the defender, WA (seat bob)" in refused_from(g, losses, "alice", "14.51").message
    refused_from(g, losses, "bob", "14.11")   # bob's, but the phase table says not yet
