"""The toy kind itself: the handlers of its commands on the kit's MachineKind (T.1, T.2).

The names a test needs are imported here too, so ``from skirmish import procedure as T`` reaches them.
"""
from __future__ import annotations

from turnlog.engine.errors import RuleViolation
from turnlog.engine.kit.kind import MachineKind
from turnlog.events.game import UnitEliminated

from .commands import COMMANDS, BeginSkirmish, RollSkirmish
from .events import SkirmishBegun, SkirmishEvent, SkirmishPhaseChanged, SkirmishRolled
from .machine import MACHINE
from .narrative import narrate
from .projection import Skirmish, Skirmishes, apply
from .view import view

__all__ = ["BeginSkirmish", "KIND", "MACHINE", "RollSkirmish", "Skirmish", "SkirmishBegun", "SkirmishKind",
           "SkirmishPhaseChanged", "SkirmishRolled", "Skirmishes"]


class SkirmishKind(MachineKind):
    name, machine, state_type = "skirmish", MACHINE, Skirmishes
    commands = COMMANDS
    events = SkirmishEvent.__args__
    handlers = {BeginSkirmish: "begin", RollSkirmish: "roll"}
    apply = staticmethod(apply)
    narrate = staticmethod(narrate)
    view = staticmethod(view)

    def instances(self, state):
        return state.kinds.get(self.name, Skirmishes()).open

    def phase_event(self, inst, phase):
        return SkirmishPhaseChanged(procedure=inst.id, phase=phase)

    def begin(self, state, _inst, cmd, _dice):
        unit = state.units.get(cmd.target)
        if unit is None or not unit.hex:
            raise RuleViolation("T.1", f"{cmd.target} is not a unit on the board")
        owner = state.nationalities[unit.nationality].faction
        if owner == cmd.attacker:
            raise RuleViolation("T.1", f"{cmd.target} is {cmd.attacker}'s own unit")
        return [SkirmishBegun(procedure=f"S{len(self.instances(state)) + 1}", attacker=cmd.attacker,
                              defender=owner, target=cmd.target)]

    def roll(self, state, inst, cmd, dice):
        die = dice.roll(f"skirmish/{inst.id}", inst.id, "T.2", dice="hit")   # the scenario's [dice.hit], a d6
        hit = die.value >= 4   # T.2: 4-6 hits
        out = [die, SkirmishRolled(procedure=inst.id, hit=hit)]
        if hit:
            out.append(UnitEliminated(unit=inst.target, rule="T.2", procedure=inst.id))
        return out + self.moved(inst, "roll")


KIND = SkirmishKind()
