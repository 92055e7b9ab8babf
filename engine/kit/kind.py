"""The generic half of a kind driven by its phase machine (engine/kit/machine.py).

A combat system subclasses ``MachineKind`` and writes its rules only: one handler per command, the
projection of its events, and where its instances live in the state. The base finds the procedure a
command names, checks the phase table, moves the phase, lists what may be issued (with who acts) and
holds the turn while an instance is open. Attrition (engine/attrition/procedure.py) is one; the toy
kind in tests/support/skirmish/ shows a whole kind in a few lines.
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar, Iterable

from turnlog.projections.state import GameState

from ..errors import CommandError, RuleViolation
from ..kind import Actor, silent
from .choices import Choice, Option, choice
from .machine import ProcedureMachine


class MachineKind:
    """Decide, legal and unfinished for a kind whose instances move through ``machine``.

    Subclasses set ``name``, ``commands``, ``machine``, ``handlers`` (command type -> method name), and
    implement ``instances(state)`` (id -> instance with ``id`` and ``phase``), ``phase_event(instance,
    phase)`` (the kind's own PhaseChanged event) and ``side(state, instance, role)`` (the faction a role
    is, for ``legal``). A command with a ``procedure`` field is checked against its instance's phase;
    one without opens an instance (its handler gets ``None``). ``openers`` names each such command with
    the rule that governs it: ``legal`` offers it, in ``turn_phase``, with the options ``opening`` gives
    (None there: it may not be issued now).
    """

    name: ClassVar[str]
    commands: ClassVar[tuple[type, ...]]
    machine: ClassVar[ProcedureMachine]
    handlers: ClassVar[dict[type, str]]
    #: The turn phase the kind's instances run in ("" = any); outside it they are refused under ``phase_rule``.
    turn_phase: ClassVar[str] = ""
    phase_rule: ClassVar[str] = ""
    #: The commands that open an instance (they have no ``procedure`` field) -> the rule each cites.
    openers: ClassVar[dict[type, str]] = {}

    # -- what a subclass provides ----------------------------------------------

    def instances(self, state: GameState) -> dict[str, Any]:
        raise NotImplementedError

    def phase_event(self, instance: Any, phase: str) -> object:
        raise NotImplementedError

    def opening(self, state: GameState, command: str) -> list[Option] | None:
        """The options of the opener ``command`` now, or None when it may not be issued (default: no options)."""
        return []

    def side(self, state: GameState, instance: Any, role: str) -> str:
        """The faction that ``role`` is in ``instance`` ("" when no faction acts)."""
        return getattr(instance, role, "") if role in ("attacker", "defender") else ""

    # -- the generic part --------------------------------------------------------

    def decide(self, state: GameState, cmd, dice) -> list:
        """Check the phase (and the turn phase), then run the command's handler."""
        handler: Callable | None = getattr(self, self.handlers.get(type(cmd), ""), None)
        if handler is None:
            raise CommandError(f"{type(cmd).__name__}: not a {self.name} command")
        self._turn_gate(state, type(cmd).__name__)
        pid = getattr(cmd, "procedure", None)
        if pid is None:
            return handler(state, None, cmd, dice)
        inst = self.instances(state).get(pid)
        if inst is None:
            raise CommandError(f'procedure: no {self.name} "{pid}"')
        self.admit(state, inst, cmd)
        try:
            self.machine.gate(inst.phase, type(cmd).__name__, inst.id)
        except RuleViolation as err:
            raise self._gated(state, inst, type(cmd).__name__, err) from None
        return handler(state, inst, cmd, dice)

    def _gated(self, state: GameState, inst: Any, command: str, err: RuleViolation) -> RuleViolation:
        """The phase table's refusal, naming what ``legal`` offers for ``inst`` now.

        The table lists every trigger of the phase, whatever its condition (2C in place of 1C/1H only on
        that result, 14.44); legal() knows the conditions, so its commands are the ones worth naming.
        """
        offered = list(dict.fromkeys(ch.command for ch in self.legal(state) if ch.fixed.get("procedure") == inst.id))
        if not offered:
            return err
        return RuleViolation(err.rule, f"{command} is not possible while {inst.id} is in phase '{inst.phase}' "
                             f"(possible now: {', '.join(offered)})")

    def admit(self, state: GameState, inst: Any, cmd) -> None:
        """A system's own check that ``inst`` may continue now, before its phase table (default: none)."""

    def _turn_gate(self, state: GameState, command: str) -> None:
        if self.turn_phase and state.turn.phase != self.turn_phase:
            raise RuleViolation(self.phase_rule or self.machine.rule,
                                f"{command} belongs to the {self.turn_phase} phase (now: {state.turn.phase or 'none'})")

    def moved(self, inst: Any, trigger: str, **facts) -> list:
        """The kind's PhaseChanged event for ``trigger`` from the instance's phase, or nothing if it stays."""
        phase = self.machine.step(inst.phase, trigger, **facts)
        return [] if phase == inst.phase else [self.phase_event(inst, phase)]

    def open(self, state: GameState) -> Iterable[Any]:
        """The instances not yet in a final state."""
        return (i for i in self.instances(state).values() if i.phase not in self.machine.final)

    @silent
    def react(self, state: GameState, event) -> list:
        """No automatic consequence by default (a kind that has some overrides this and says ``reacts_to``)."""
        return []

    def unfinished(self, state: GameState) -> RuleViolation | None:
        """The table's rule: an instance runs to its end before the turn moves on."""
        inst = next(iter(self.open(state)), None)
        if inst is None:
            return None
        return RuleViolation(self.machine.rule, f"{inst.id} is still in phase '{inst.phase}'; finish it before "
                             "the turn moves on")

    def who(self, state: GameState, cmd) -> Actor | None:
        """The seat that must issue ``cmd``: the table's role for it, as the instance's faction.

        A command that opens an instance is the phasing side's; one naming no known instance is left to
        ``decide`` to refuse by its field; a role with no faction (owner, automatic) falls to the host.
        """
        pid = getattr(cmd, "procedure", None)
        if pid is None:
            return Actor("active", state.turn.active, self.openers.get(type(cmd), self.machine.rule))
        inst = self.instances(state).get(pid)
        if inst is None:
            return Actor("seated", "", self.machine.rule)
        role = command_role(self.machine, inst.phase, type(cmd).__name__)
        faction = self.side(state, inst, role)
        return Actor(role, faction, self.machine.rule_of(type(cmd).__name__)) if faction else None

    def legal(self, state: GameState) -> list[Choice]:
        """Each opener the turn phase allows, then for each open instance each command its phase allows,
        with who must issue it, the rule that governs it and its options."""
        out = []
        if self.openers and (not self.turn_phase or state.turn.phase == self.turn_phase):
            for cmd, rule in self.openers.items():
                opts = self.opening(state, cmd.__name__)
                if opts is not None:
                    out.append(choice(cmd.__name__, {}, opts, rule=rule, role="active",
                                      faction=state.turn.active))
        for inst in self.open(state):
            for role, command, trig in self.machine.awaiting(inst.phase):
                if self.machine.command_of(trig) is None:
                    continue
                out.append(choice(command, {"procedure": inst.id}, self.options(state, inst, command),
                                  rule=self.machine.rule_of(command), role=role,
                                  faction=self.side(state, inst, role)))
        return out

    def options(self, state: GameState, inst: Any, command: str) -> list[Option]:
        """The concrete values a command's other fields may take now (default: none listed)."""
        return []


def command_role(machine: ProcedureMachine, phase: str, command: str) -> str:
    """The role that issues ``command``: as ``phase`` gives it, or as the state the command belongs to.

    A command its phase does not allow still has its own role (the first state whose transitions it
    fires), so a seat check can name who would issue it; the phase gate then says why it must wait.
    """
    trig = machine.commands[command]
    if trig not in machine.triggers(phase):
        phase = next(t["source"] for t in machine.transitions if t["trigger"] == trig)
    return machine.role(phase, trig)
