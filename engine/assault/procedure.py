"""Panzer Campaigns assault (reading notes §2, invented ids AS-*) as a procedure kind on the kit.

One handler per command, each calling the rules module of its paragraph group; the phase table is
machine.py. The kind brings its own events (events/assault.py), projection (projections/assault.py)
and narrative, and is registered in engine/procedures.py, so the log, Game, verify and the CLI are
unchanged. First stage: forming an assault (who may join, what it costs); resolution is not built yet.
"""
from __future__ import annotations

from turnlog.events import assault as a
from turnlog.projections import assault as proj
from turnlog.projections.assault import Assault, Assaults
from turnlog.projections.state import GameState

from .. import commands as c
from ..errors import RuleViolation
from ..kit.choices import Choice, Option, choice
from ..kit.kind import MachineKind
from . import attackers as atk
from . import machine


class AssaultKind(MachineKind):
    """Assaults on one defending hex each, formed by the side whose player turn it is (reading notes §2.2)."""

    name = "assault"
    machine = machine.MACHINE
    state_type = Assaults
    events = a.AssaultEvent.__args__
    commands = (c.DeclareAssault, c.AddAssaultUnits)
    handlers = {c.DeclareAssault: "on_declare", c.AddAssaultUnits: "on_add"}
    apply = staticmethod(proj.apply)

    @staticmethod
    def narrate(e) -> str:
        """The narrative line of one assault event, naming the ids it rests on."""
        p = e.procedure
        match e:
            case a.AssaultDeclared():
                return (f"{p}: {e.attacker} assaults {e.hex} with {', '.join(e.units)} (AS-GEN.1); defending: "
                        f"{', '.join(e.defenders) or 'none'} ({e.defender})")
            case a.AssaultUnitsAdded():
                return f"{p}: {', '.join(e.units)} join the assault (AS-GEN.1, AS-GEN.2)"
            case a.AssaultMovementSpent():
                return f"{p}: {e.unit} spends {e.amount} movement points to assault (entry cost {e.entry}; {e.rule})"
            case a.AssaultPhaseChanged():
                return f"{p}: now in {e.phase} (AS-GEN.2)"
        return f"{p}: {type(e).__name__}"

    def instances(self, state: GameState) -> dict[str, Assault]:
        got = state.kinds.get(self.name)
        return got.procedures if got is not None else {}

    def phase_event(self, proc: Assault, phase: str) -> a.AssaultPhaseChanged:
        return a.AssaultPhaseChanged(procedure=proc.id, phase=phase)

    def admit(self, state: GameState, proc: Assault, cmd: c.Command) -> None:
        """Reading notes §2.2: an assault is formed in its attacker's own player turn."""
        t = state.turn
        if (t.turn, t.active) != (proc.turn, proc.attacker):
            raise RuleViolation("AS-GEN.2", f"{proc.id} belongs to {proc.attacker}'s player turn {proc.turn}; "
                                f"it cannot continue in {t.active or 'nobody'}'s turn {t.turn}")

    def forming_on(self, state: GameState, hex_: str) -> Assault | None:
        return next((p for p in self.open(state) if p.hex == hex_), None)

    def spend(self, state: GameState, pid: str, hex_: str, units: list[str]) -> list:
        """AS-COST.3: what each unit pays; nothing at all under AS-COST.1's optional rule."""
        if atk.free(state):
            return []
        out = []
        for uid in units:
            u = state.units[uid]
            out.append(a.AssaultMovementSpent(procedure=pid, unit=uid, amount=atk.cost(state, u, hex_),
                                              entry=atk.entry_cost(state, u, hex_)))
        return out

    def on_declare(self, state: GameState, _proc: None, cmd: c.DeclareAssault, _dice) -> list:
        attacker = state.turn.active
        found = atk.check_target(state, attacker, cmd.hex)
        open_ = self.forming_on(state, cmd.hex)
        if open_ is not None:
            raise RuleViolation("AS-GEN.1", f"{open_.id} is already assaulting {cmd.hex}: add units to it "
                                "(one assault per defending hex)")
        atk.check_units(state, attacker, cmd.hex, cmd.units)
        pid = f"S{len(self.instances(state)) + 1}"
        defender = state.nationalities[state.units[found[0]].nationality].faction
        return [a.AssaultDeclared(procedure=pid, hex=cmd.hex, attacker=attacker, defender=defender,
                                  turn=state.turn.turn, units=list(cmd.units), defenders=found),
                *self.spend(state, pid, cmd.hex, cmd.units)]

    def on_add(self, state: GameState, proc: Assault, cmd: c.AddAssaultUnits, _dice) -> list:
        atk.check_units(state, proc.attacker, proc.hex, cmd.units, proc.units)
        return [a.AssaultUnitsAdded(procedure=proc.id, units=list(cmd.units)),
                *self.spend(state, proc.id, proc.hex, cmd.units), *self.moved(proc, "add")]

    def options(self, state: GameState, proc: Assault, command: str) -> list[Option]:
        able = atk.able(state, proc.attacker, proc.hex, proc.units)
        return [Option(field="units", values=able, many=True, least=1, most=None)]

    def legal(self, state: GameState) -> list[Choice]:
        """Each hex the active side may assault now, with the units able to; each forming assault's additions."""
        out = []
        for proc in self.open(state):
            if (proc.turn, proc.attacker) == (state.turn.turn, state.turn.active) \
                    and atk.able(state, proc.attacker, proc.hex, proc.units):
                out.append(choice("AddAssaultUnits", {"procedure": proc.id}, self.options(state, proc, ""),
                                  rule="AS-GEN.2", role="attacker", faction=proc.attacker))
        attacker = state.turn.active
        if not attacker:
            return out
        for h in atk.targets(state, attacker):
            able = atk.able(state, attacker, h) if self.forming_on(state, h) is None else []
            if able:
                out.append(choice("DeclareAssault", {"hex": h}, [Option(field="units", values=able, many=True,
                                                                        least=1, most=None)],
                                  rule="AS-GEN.1", role="attacker", faction=attacker))
        return out


KIND = AssaultKind()
