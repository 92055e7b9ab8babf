"""Wacht am Rhein II attack designation (9.0-9.2.4) as a kind on the kit.

One handler per command, each calling the rules module of its section; the phase table is machine.py.
The kind brings its own events (events/designation.py), projection (projections/designation.py) and
narrative, and is registered through its entry point (pyproject.toml, engine/kinds.py), so the log,
Game, verify and the CLI are unchanged.
"""
from __future__ import annotations

from turnlog.events import designation as d
from turnlog.projections import designation as proj
from turnlog.projections.designation import AttackDesignation, Designations
from turnlog.projections.state import GameState
from turnlog.events.editions import applies

from . import rulings
from . import commands as c
from ..errors import CommandError, RuleViolation
from ..kit.choices import Choice, choice
from ..kit.kind import MachineKind
from . import (
    board as b,
    machine,
    r9_1_designation as s91,
    r9_2_ground_assault as s92,
    r9_2_results as res,
)
from .legal import choices
from .narrative import narrate
from .view import part as view_part
from .view import touched as view_touched
from .view import view
from .why import hex_lines, why


class DesignationKind(MachineKind):
    """Rule 9's Combat Phase segments: designation, barrage (host-reported), ground assault."""

    name = "designation"
    machine = machine.MACHINE
    state_type = Designations
    events = d.DesignationEvent.__args__
    turn_phase, phase_rule = "combat", "9.0"
    commands = c.COMMANDS
    # Results the texts leave to the host: a claim in a fair-play game (engine/claims.py).
    reports = {"ReportArtilleryShifts": (), "ReportGroundAssaultResult": ()}
    handlers = {c.BeginAttackDesignation: "on_begin", c.DesignateAttackers: "on_designate",
                c.UndesignateAttackers: "on_undesignate", c.EndAttackDesignation: "on_end_designation",
                c.ReportArtilleryShifts: "on_shifts", c.StartGroundAssaultSegment: "on_start",
                c.DeclareGroundAssault: "on_declare", c.ReportGroundAssaultResult: "on_result",
                c.EndGroundAssaultSegment: "on_end"}
    apply = staticmethod(proj.apply)
    narrate = staticmethod(narrate)
    why = staticmethod(why)             # the REPL's `why` (engine/faces/explain.py)
    hex_lines = staticmethod(hex_lines)  # the REPL's `hex`
    view = staticmethod(view)  # what every face draws (engine/view.py)
    view_touched = staticmethod(view_touched)  # what an event changes of it (engine/view_follow.py)
    view_part = staticmethod(view_part)

    def instances(self, state: GameState) -> dict[str, AttackDesignation]:
        got = state.kinds.get(self.name)
        return got.procedures if got is not None else {}

    def phase_event(self, proc: AttackDesignation, phase: str) -> d.DesignationPhaseChanged:
        return d.DesignationPhaseChanged(procedure=proc.id, phase=phase)

    def side(self, state: GameState, proc: AttackDesignation, role: str) -> str:
        return proc.active if role == "active" else ""

    def admit(self, state: GameState, proc: AttackDesignation, cmd: c.Command) -> None:
        """9.0: a procedure continues only in the Combat Phase it was opened in."""
        t = state.turn
        if (t.turn, t.active) != (proc.turn, proc.active):
            raise RuleViolation("9.0", f"{proc.id} belongs to {proc.active}'s Combat Phase of turn {proc.turn}; "
                                f"it cannot continue in {t.active}'s phase of turn {t.turn}")

    def unfinished(self, state: GameState) -> RuleViolation | None:
        """An open instance holds the turn (the kit's rule, 9.0); so does a Combat Phase that owes attacks.

        9.1.1 makes some attacks mandatory, and only the designation segment can meet them: leaving the
        Combat Phase of a game that uses rule 9 without opening it would drop them. A phase that owes
        none may pass without the segment (every attack in it would be discretionary, 9.1.2).
        """
        held = super().unfinished(state)
        if held is not None or state.turn.phase != self.turn_phase or self.name not in state.rules.procedures \
                or not applies(state, rulings.SEGMENT_HOLDS):  # edition 2 let the phase pass
            return held
        if self.current(state) is not None:
            return None
        owed = s91.owed_unopened(state, state.turn.active)
        if not owed:
            return None
        listed = "; ".join(f"{h} (by {', '.join(us)})" for h, us in owed.items())
        return RuleViolation("9.1.1", f"{state.turn.active}'s Combat Phase owes attacks on {listed}: open its "
                             "Attack Designation Segment (BeginAttackDesignation, 9.0) before the turn moves on")

    def current(self, state: GameState) -> AttackDesignation | None:
        """The procedure of the Combat Phase now being played, if one was opened."""
        t = state.turn
        return next((p for p in self.instances(state).values() if (p.turn, p.active) == (t.turn, t.active)), None)

    def on_begin(self, state: GameState, _proc: None, cmd: c.BeginAttackDesignation, _dice) -> list:
        opened = self.current(state)
        if opened is not None:
            raise RuleViolation("9.0", f"{opened.id} already holds this Combat Phase's designation (phase "
                                f"'{opened.phase}'): one per Combat Phase")
        first = next(iter(self.instances(state).values()), None)
        if first is not None and first.arty_shift_option != cmd.arty_shift_option \
                and applies(state, rulings.OPTION_FIXED):
            # An optional rule is the game's, agreed once; this one favours the attacker, who opens each phase.
            on = first.arty_shift_option
            raise RuleViolation("9.1.1-QA", f"the artillery-shift option of 9.1.1's Q&A is {'on' if on else 'off'} "
                                f"in this game since {first.id}: every Combat Phase plays it so "
                                f"(arty_shift_option={'true' if on else 'false'})")
        active = state.turn.active
        pid = f"C{len(self.instances(state)) + 1}"
        return [d.AttackDesignationBegun(procedure=pid, active=active, turn=state.turn.turn,
                                         pa=s91.pa_units(state, active), arty_shift_option=cmd.arty_shift_option)]

    def on_designate(self, state, proc, cmd: c.DesignateAttackers, _dice) -> list:
        s91.check_designate(state, proc, cmd.units)
        return [d.AttackersDesignated(procedure=proc.id, units=list(cmd.units))]

    def on_undesignate(self, state, proc, cmd: c.UndesignateAttackers, _dice) -> list:
        s91.check_undesignate(state, proc, cmd.units)
        return [d.AttackersUndesignated(procedure=proc.id, units=list(cmd.units))]

    def on_end_designation(self, state, proc, _cmd, _dice) -> list:
        required = s91.check_end(state, proc)
        return [d.RequiredTargetsDetermined(procedure=proc.id, hexes=list(required), duties=required,
                                            attackers=s91.designated(proc)),
                *self.moved(proc, "end_designation")]

    def on_shifts(self, state, proc, cmd: c.ReportArtilleryShifts, _dice) -> list:
        """The barrage's shift markers; the Q&A's option speaks of a shift on an enemy stack, so a hex must hold one."""
        for i, h in enumerate(cmd.hexes):
            if h not in state.hexes:
                raise CommandError(f'hexes[{i}]: no hex "{h}"')
            if not applies(state, rulings.SHIFT_ON_ENEMY):
                continue  # edition 2 took the host's shift hexes as given
            if h in cmd.hexes[:i]:
                raise CommandError(f'hexes[{i}]: "{h}" is named twice')
            if not b.enemy_units(state, proc.active, h):
                raise RuleViolation("9.1.1-QA", f"hexes[{i}]: {h} holds no enemy unit of {proc.active}, so no "
                                    "artillery shift marker can lie on an enemy stack there")
        return [d.ArtilleryShiftsReported(procedure=proc.id, hexes=list(cmd.hexes)),
                *res.barrage_retreats(state, proc, cmd.retreats)]

    def on_start(self, state, proc, _cmd, _dice) -> list:
        return self.moved(proc, "start_assaults")

    def on_declare(self, state, proc, cmd: c.DeclareGroundAssault, _dice) -> list:
        return [s92.declare(state, proc, cmd.attackers, cmd.hexes)]

    def on_result(self, state, proc, cmd: c.ReportGroundAssaultResult, _dice) -> list:
        return res.report(state, proc, cmd.assault, cmd.result, cmd.eliminated, cmd.retreats)

    def on_end(self, state, proc, _cmd, _dice) -> list:
        return [res.end(state, proc), *self.moved(proc, "end_assaults")]

    def legal(self, state: GameState) -> list[Choice]:
        """The concrete choices: who may be designated, which hexes are required, which assaults are open."""
        if state.turn.phase == self.turn_phase and self.current(state) is None:
            first = next(iter(self.instances(state).values()), None)   # it fixed the Q&A option for the game
            fixed = {"arty_shift_option": True} if first is not None and first.arty_shift_option \
                and applies(state, rulings.OPTION_FIXED) else None
            return [choice("BeginAttackDesignation", fixed, rule="9.0", role="active", faction=state.turn.active)]
        out = []
        for proc in self.open(state):
            if (proc.turn, proc.active) == (state.turn.turn, state.turn.active):
                out += choices(state, proc)
        return out


KIND = DesignationKind()
