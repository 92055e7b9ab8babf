"""Panzer Campaigns assault (reading notes §2, invented ids AS-*) as a kind on the kit.

One handler per command, each calling the rules module of its paragraph group; the phase table is
machine.py. The kind brings its own events (events/assault.py), projection (projections/assault.py)
and narrative, and is registered through its entry point (pyproject.toml, engine/kinds.py), so the
log, Game, verify and the CLI are unchanged. Forming (as_atk_attackers.py), resolution
(as_res1_values.py, as_res2_results.py, as_demo_demolition.py), losses (allocation.py), disruption
(as_dis_disruption.py) and the retreat (as_ret_retreat.py); flow.py takes the steps the engine takes
itself.
"""
from __future__ import annotations

from turnlog.events import assault as a
from turnlog.projections import assault as proj
from turnlog.projections.assault import Assault, Assaults
from turnlog.projections.state import GameState

from . import commands as c
from ..errors import RuleViolation
from ..kit import retreat as kr
from ..kit.board import by_hex
from ..kit.choices import Choice, Option, choice
from ..kit.kind import MachineKind
from ..kind import Actor
from . import (
    allocation,
    as_demo_demolition as demolition,
    as_dis_disruption as disruption,
    flow,
    machine,
    as_res2_results as results,
    as_ret_retreat as retreat,
    as_res1_values as values,
)
from . import as_atk_attackers as atk
from .legal import waiting
from .narrative import narrate
from .view import part as view_part
from .view import touched as view_touched
from .view import view
from .why import hex_lines, why


class AssaultKind(MachineKind):
    """Assaults on one defending hex each, formed by the side whose player turn it is (reading notes §2.2)."""

    name = "assault"
    machine = machine.MACHINE
    state_type = Assaults
    events = a.AssaultEvent.__args__
    commands = c.COMMANDS
    # The host's facts: a claim in a fair-play game (engine/claims.py); night only when claimed.
    reports = {"ReportDisruption": (), "ResolveAssault": ("night",)}
    handlers = {c.DeclareAssault: "on_declare", c.AddAssaultUnits: "on_add",
                c.ResolveAssault: "on_resolve", c.AllocateAssaultLosses: "on_allocate",
                c.ReportDisruption: "on_report",
                c.RetreatAssaultUnits: "on_retreat"}
    apply = staticmethod(proj.apply)
    narrate = staticmethod(narrate)
    why = staticmethod(why)  # the REPL's `why` (engine/faces/explain.py)
    # the REPL's `hex` (AS-MAP.1: the result over the defending hex)
    hex_lines = staticmethod(hex_lines)
    view = staticmethod(view)  # what every face draws (engine/view.py)
    view_touched = staticmethod(view_touched)  # what an event changes of it (engine/view_follow.py)
    view_part = staticmethod(view_part)

    def instances(self, state: GameState) -> dict[str, Assault]:
        got = state.kinds.get(self.name)
        return got.procedures if got is not None else {}

    def phase_event(self, proc: Assault, phase: str) -> a.AssaultPhaseChanged:
        return a.AssaultPhaseChanged(procedure=proc.id, phase=phase)

    def admit(self, state: GameState, proc: Assault, cmd: c.Command) -> None:
        """Reading notes §2.2: an assault is formed in its attacker's own player turn."""
        t = state.turn
        if (t.turn, t.active) != (proc.turn, proc.attacker):
            raise RuleViolation("AS-GEN.2",
                                f"{proc.id} belongs to {proc.attacker}'s player turn {proc.turn}; "
                                f"it cannot continue in {t.active or 'nobody'}'s turn {t.turn}")
        held = [r.unit for r in getattr(cmd, "retreats", ()) if r.unit in proc.stay] \
            if isinstance(cmd, c.RetreatAssaultUnits) else []
        if held:  # the clause that keeps it there, not the phase table's "no retreat is due"
            raise RuleViolation("AS-FAN.2", f"{held[0]} is Fanatical and holds its bunker or "
                                f"pillbox in {proc.hex}: it does not retreat")

    def forming_on(self, state: GameState, hex_: str) -> Assault | None:
        return next((p for p in self.open(state) if p.hex == hex_), None)

    def spend(self, state: GameState, pid: str, hex_: str, units: list[str]) -> list:
        """AS-COST.3: what each unit pays; nothing at all under AS-COST.1's optional rule."""
        if atk.free(state):
            return []
        out = []
        for uid in units:
            u = state.units[uid]
            out.append(a.AssaultMovementSpent(procedure=pid, unit=uid,
                                              amount=atk.cost(state, u, hex_),
                                              entry=atk.entry_cost(state, u, hex_)))
        return out

    def on_declare(self, state: GameState, _proc: None, cmd: c.DeclareAssault, _dice) -> list:
        attacker = state.turn.active
        found = atk.check_target(state, attacker, cmd.hex)
        open_ = self.forming_on(state, cmd.hex)
        if open_ is not None:
            raise RuleViolation("AS-GEN.1",
                                f"{open_.id} is already assaulting {cmd.hex}: add units to it "
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

    def on_resolve(self, state: GameState, proc: Assault, cmd: c.ResolveAssault, dice) -> list:
        """AS-RES.1-2 and AS-DEMO.2, then whatever follows without a player (flow.py)."""
        t = values.totals(state, proc)
        att_mass = allocation.mass(allocation.units_of(state, proc, "attacker"))
        def_mass = allocation.mass(allocation.units_of(state, proc, "defender"))
        def_loss, r1 = results.loss(dice, proc.id, "defender", t.att_value, t.def_defence,
                                    state, def_mass)
        att_loss, r2 = results.loss(dice, proc.id, "attacker", t.def_value, t.att_defence,
                                    state, att_mass)
        pzc, show = state.rules.pzc, results.shown
        done = a.AssaultResolved(
            procedure=proc.id, att_value=show(t.att_value), att_defence=show(t.att_defence),
            def_value=show(t.def_value), def_defence=show(t.def_defence), low=show(results.exact(pzc.assault_low)),
            high=show(results.exact(pzc.assault_high)), baseline=show(results.exact(pzc.baseline)),
            att_loss=att_loss, def_loss=def_loss, modifiers=list(t.modifiers), night=cmd.night)
        out = [*self.moved(proc, "resolve"), *r1, *r2, done,
               *demolition.losses(state, dice, proc, t.demolition)]
        if att_loss:
            out.append(disruption.scaled(state, proc, att_loss, cmd.night))
        return flow.carry(state, dice, proc.id, out)

    def on_allocate(self, state: GameState, proc: Assault, cmd: c.AllocateAssaultLosses,
                    dice) -> list:
        """Reading P9, ``owner``: one side's owner shares its loss out; then what follows (flow.py)."""
        if state.rules.pzc.allocation != "owner":
            raise RuleViolation("AS-RES.2", "this game shares losses in proportion to strength "
                                "(rules.pzc.allocation); nobody allocates them")
        if cmd.side in allocation.SIDES and cmd.side not in flow.pending(state, proc):
            raise RuleViolation("AS-RES.2", f"the {cmd.side} has no loss to allocate in {proc.id}")
        got = allocation.check_owner(state, proc, cmd.side, dict(cmd.losses))
        return flow.carry(state, dice, proc.id, got)

    def on_report(self, state: GameState, proc: Assault, cmd: c.ReportDisruption, dice) -> list:
        """The host's report of who became Disrupted or Broken, then AS-RET.1 (reading P18)."""
        if state.rules.pzc.disruption != "host":
            raise RuleViolation("AS-DIS.1", "this game's disruption model decides who is Disrupted "
                                "(rules.pzc.disruption); the host reports nothing")
        got = disruption.reported(state, proc, list(cmd.disrupted), list(cmd.broken))
        return flow.carry(state, dice, proc.id, flow.settle(state, proc, got))

    def on_retreat(self, state: GameState, proc: Assault, cmd: c.RetreatAssaultUnits, dice) -> list:
        """AS-RET.2-5, AS-SRR.2, AS-FAN.1: the defender's retreat, every move judged on one board."""
        moves = kr.moves(cmd)
        kr.check(state, retreat.spec(state, proc), moves)
        return [*retreat.events(state, dice, proc, moves), *self.moved(proc, "retreat")]

    def who(self, state: GameState, cmd) -> Actor | None:
        """An allocation is the owner's of the side it names (reading P9); the rest as the table says."""
        if isinstance(cmd, c.AllocateAssaultLosses):
            proc = self.instances(state).get(cmd.procedure)
            if proc is not None and cmd.side in allocation.SIDES:
                return Actor("owner", getattr(proc, cmd.side), "AS-RES.2")
        return super().who(state, cmd)

    def options(self, state: GameState, proc: Assault, command: str) -> list[Option]:
        able = atk.able(state, proc.attacker, proc.hex, proc.units)
        return [Option(field="units", values=able, many=True, least=1, most=None)]

    def legal(self, state: GameState) -> list[Choice]:
        """Each hex the active side may assault now, with the units able to; each open assault's next command."""
        out = []
        for proc in self.open(state):
            if (proc.turn, proc.attacker) != (state.turn.turn, state.turn.active):
                continue
            if proc.phase == "forming" and atk.able(state, proc.attacker, proc.hex, proc.units):
                out.append(choice("AddAssaultUnits", {"procedure": proc.id},
                                  self.options(state, proc, ""), rule="AS-GEN.2", role="attacker",
                                  faction=proc.attacker))
            out += waiting(state, proc)
        attacker = state.turn.active
        if not attacker:
            return out
        occ = by_hex(state)
        for h in atk.targets(state, attacker):
            able = atk.able(state, attacker, h, occ=occ) if self.forming_on(state, h) is None else []
            if able:
                out.append(choice("DeclareAssault", {"hex": h}, [Option(field="units", values=able, many=True,
                                                                        least=1, most=None)],
                                  rule="AS-GEN.1", role="attacker", faction=attacker))
        return out


KIND = AssaultKind()
