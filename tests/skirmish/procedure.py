"""A toy second procedure, "skirmish", plugged in through the kit alone (issue 12).

INVENTED for the tests, from no game: an attacker names an enemy unit; a die decides; on a hit the
unit's owner removes it. The die is the scenario's named d6 ``hit``. Nothing in events/, the log, the Game facade, undo, verify or the CLI knows
it: ``turnlog.register_kind(KIND)`` teaches them.
"""
from __future__ import annotations

import msgspec

from turnlog import commands as c
from turnlog.engine.errors import RuleViolation
from turnlog.engine.kit.kind import MachineKind
from turnlog.engine.kit.machine import build
from turnlog.events.base import Event
from turnlog.events.game import UnitEliminated


class BeginSkirmish(c.Command):
    attacker: str
    target: str


class RollSkirmish(c.Command):
    procedure: str
    value: int | None = None


class SkirmishBegun(Event, kw_only=True):
    procedure: str
    attacker: str
    defender: str
    target: str


class SkirmishRolled(Event, kw_only=True):
    procedure: str
    hit: bool


class SkirmishPhaseChanged(Event, kw_only=True):
    procedure: str
    phase: str


SkirmishEvent = SkirmishBegun | SkirmishRolled | SkirmishPhaseChanged


class Skirmish(msgspec.Struct, kw_only=True):
    id: str
    attacker: str
    defender: str
    target: str
    phase: str = "roll"
    hit: bool = False


class Skirmishes(msgspec.Struct, kw_only=True):
    open: dict[str, Skirmish] = {}


MACHINE = build("skirmish", states=["roll", "done"], initial="roll", rule="T.1",
                transitions=[{"trigger": "roll", "source": "roll", "dest": "done"}],
                roles={"roll": "attacker", "done": "none"}, commands={"RollSkirmish": "roll"})


class SkirmishKind(MachineKind):
    name, machine, state_type = "skirmish", MACHINE, Skirmishes
    commands = (BeginSkirmish, RollSkirmish)
    events = SkirmishEvent.__args__
    handlers = {BeginSkirmish: "begin", RollSkirmish: "roll"}

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

    @staticmethod
    def apply(state, event):
        mine = state.kinds.setdefault("skirmish", Skirmishes())
        match event:
            case SkirmishBegun(procedure=p, attacker=a, defender=d, target=t):
                mine.open[p] = Skirmish(id=p, attacker=a, defender=d, target=t)
            case SkirmishRolled(procedure=p, hit=h):
                mine.open[p].hit = h
            case SkirmishPhaseChanged(procedure=p, phase=ph):
                mine.open[p].phase = ph

    @staticmethod
    def narrate(event) -> str:
        return f"skirmish {event.procedure}: {type(event).__name__} " + msgspec.json.encode(event).decode()


KIND = SkirmishKind()
