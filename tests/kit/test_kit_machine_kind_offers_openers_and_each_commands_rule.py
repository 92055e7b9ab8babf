"""MachineKind lists the command that opens an instance (its ``openers``) and cites each command's own rule
(the machine's ``rules``), not only the table's one rule. The toy kind (tests/support/skirmish/, INVENTED)."""
from __future__ import annotations

import random

import pytest

import turnlog
from turnlog.kit import Option, build_machine
from skirmish import procedure as T
from helpers import hexes, new_game, scenario, unit

turnlog.register_kind(T.KIND)

RULED = build_machine("skirmish", states=["roll", "done"], initial="roll", rule="T.1",
                      transitions=[{"trigger": "roll", "source": "roll", "dest": "done"}],
                      roles={"roll": "attacker", "done": "none"}, commands={"RollSkirmish": "roll"},
                      rules={"RollSkirmish": "T.2"})


class Opening(T.SkirmishKind):
    """The toy kind as a plugin would write it today: its opener offered, each command's rule cited."""

    machine = RULED
    openers = {T.BeginSkirmish: "T.1"}

    def opening(self, state, command):
        targets = [u.id for u in state.units.values() if u.nationality == "US" and u.hex]
        return [Option(field="target", values=targets), Option(field="attacker", values=["AX"])] \
            if targets else None


@pytest.fixture
def game(tmp_path):
    g = new_game(tmp_path, scenario(
        hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404", 4), unit("us-1", "US", "0405", 3)],
        turn={"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": "movement"},
        dice={"hit": {"sides": 6}}, rules={"procedures": ["attrition", "skirmish"]}))
    yield g
    g.close()


def test_t_1_the_opener_is_offered_with_its_rule_and_the_active_side(game):
    [opened] = [c for c in Opening().legal(game.state) if c.command == "BeginSkirmish"]
    assert (opened.rule, opened.role, opened.faction, opened.fixed) == ("T.1", "active", "AX", {})
    assert game.decide(game.state, opened.example(random.Random(1)))


def test_t_1_no_opener_outside_its_turn_phase_or_when_opening_says_none(game):
    class Later(Opening):
        turn_phase = "combat"
    assert not [c for c in Later().legal(game.state) if c.command == "BeginSkirmish"]

    class Never(Opening):
        def opening(self, state, command):
            return None
    assert not [c for c in Never().legal(game.state) if c.command == "BeginSkirmish"]


def test_t_2_each_command_cites_its_own_rule_in_legal_and_who(game):
    game.execute(T.BeginSkirmish(attacker="AX", target="us-1"))
    [roll] = [c for c in Opening().legal(game.state) if c.command == "RollSkirmish"]
    assert roll.rule == "T.2"
    assert Opening().who(game.state, T.RollSkirmish(procedure="S1")).rule == "T.2"
    assert Opening().who(game.state, T.BeginSkirmish(attacker="AX", target="us-1")).rule == "T.1"


def test_a_rules_entry_for_no_command_is_refused():
    with pytest.raises(ValueError, match="rules names Fire"):
        build_machine("skirmish", states=["roll", "done"], initial="roll", rule="T.1",
                      transitions=[{"trigger": "roll", "source": "roll", "dest": "done"}],
                      roles={"roll": "attacker", "done": "none"}, commands={"RollSkirmish": "roll"},
                      rules={"Fire": "T.2"})
