"""Who must issue each attrition command: the phase table's role, as this procedure's faction.

The attacker begins (14.12), rolls (14.41), may take 2C (14.44), designates Russian winter hexes
(14.521) and selects the hexes to occupy (14.61); the defender takes the losses (14.51) and retreats
(14.71). The roles come from the table in machine.py; this module only names the faction and the
rule.
"""
from __future__ import annotations

from turnlog.projections.state import GameState

from . import commands as c
from ..kit.kind import command_role
from ..kind import Actor
from . import machine

#: The rule that gives each command to its role.
RULES = {"BeginAttrition": "14.12", "RollAttritionDie": "14.41", "TakeTwoCounters": "14.44",
         "DesignateWinterHexes": "14.521", "TakeAttritionLosses": "14.51",
         "SelectOccupation": "14.61", "RetreatUnits": "14.71"}


def who(state: GameState, cmd: c.Command) -> Actor:
    """The attacker's or the defender's seat for ``cmd``; an unknown procedure is left to decide to name."""
    name = type(cmd).__name__
    if isinstance(cmd, c.BeginAttrition):
        # only the phasing faction attritions
        return Actor("attacker", state.turn.active, RULES[name])
    assert isinstance(cmd, c.OF_PROCEDURE)  # the kind is asked only of its own commands
    proc = state.attritions.get(cmd.procedure)
    if proc is None:
        return Actor("seated", "", "14.11")
    role = command_role(machine.MACHINE, proc.phase, name)
    return Actor(role, proc.attacker if role == "attacker" else proc.defender, RULES[name])
