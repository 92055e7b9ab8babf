"""Build a procedure's phase machine from its table: states, transitions, named conditions, roles.

A combat system's machine module holds data only (the table, the facts its conditions read, who acts
in each state); this module turns it into one ``transitions`` Machine per kind, built once. Each
judged command reads the built Machine's transitions for its (trigger, phase) and takes the first
whose conditions hold (``step``; callbacks are never run: the phase is a fact in the log).
``step_by_model`` fires the trigger on a scratch model restored with ``set_state``, the reference
``step`` must equal. Diagrams are drawn from the live Machine, so they cannot drift from what the
rules run.
"""
from __future__ import annotations

from functools import cached_property
from types import SimpleNamespace
from typing import Any, Callable, Mapping, Sequence


from ..errors import RuleViolation

#: Who acts in a state (docs/design.md "Roles"); seats map a role to a player.
ROLES = ("attacker", "defender", "owner", "active", "automatic", "none")


class _Facts:
    """A model whose attributes are the facts and whose methods are the named conditions."""


class ProcedureMachine:
    """One kind's phase table as a built Machine, with the queries every kind needs.

    ``commands`` maps a command name to the trigger it fires; a trigger no command fires is an
    automatic step (the engine takes it itself). ``roles`` names who acts in each state;
    ``trigger_roles`` overrides that for one trigger where a state has two actors (attrition's
    ``losses``: the defender takes losses, the attacker may choose 2C). ``rule`` is the rule a
    refusal by the table cites; ``rules`` maps a command to the rule that governs it where that is
    another (a choice in ``legal()`` cites it, ``rule_of``).
    """

    def __init__(self, kind: str, *, states: Sequence[str],
                 transitions: Sequence[Mapping[str, Any]], initial: str,
                 final: Sequence[str] = ("done",), facts: Mapping[str, Any] | None = None,
                 conditions: Mapping[str, Callable[[Any], bool]] | None = None,
                 roles: Mapping[str, str], trigger_roles: Mapping[str, str] | None = None,
                 commands: Mapping[str, str], rule: str, rules: Mapping[str, str] | None = None):
        self.kind, self.states, self.initial, self.final = kind, list(states), initial, tuple(final)
        self.rules = dict(rules or {})
        self.transitions = [dict(t) for t in transitions]
        self.facts = dict(facts or {})
        self.conditions = dict(conditions or {})
        self.roles, self.trigger_roles = dict(roles), dict(trigger_roles or {})
        self.commands, self.rule = dict(commands), rule
        self._check()
        model = type(f"{kind.title()}Facts", (_Facts,), {
            name: (lambda self, f=f: bool(f(self))) for name, f in self.conditions.items()})
        self._model_type = model
        self._command_of = {trig: name for name, trig in self.commands.items()}
        self._triggers: dict[str, list[str]] = {}
        self._fact_names = frozenset(self.facts)

    @cached_property
    def machine(self):
        """The built ``transitions`` Machine, on first use: a command line that only reads a game (show,
        log) imports neither transitions nor its logging."""
        from transitions import Machine
        return Machine(model=None, states=self.states, transitions=self.transitions,
                       initial=self.initial, auto_transitions=False, queued=True, send_event=False)

    @cached_property
    def _ways(self) -> dict[tuple[str, str],
                            tuple[tuple[str, tuple[tuple[Callable, bool], ...]], ...]]:
        """(trigger, source) -> ((dest, ((condition, wanted), ...)), ...), read off the built Machine in
        its order, each named condition resolved to its function once."""
        ways = {}
        for name, event in self.machine.events.items():
            for source, ts in event.transitions.items():
                ways[(name, source)] = tuple(
                    (t.dest, tuple((self.conditions[c.func], c.target) for c in t.conditions)) for t in ts)
        return ways

    def _check(self) -> None:
        """Refuse a table that names an unknown state, condition, role or trigger (a programming error)."""
        known = set(self.states)
        for i, t in enumerate(self.transitions):
            for end in ("source", "dest"):
                if t[end] not in known:
                    raise ValueError(f"{self.kind} machine: transitions[{i}].{end} {t[end]!r} is "
                                     "not a state")
            conds = t.get("conditions", [])
            for c in [conds] if isinstance(conds, str) else conds:
                if c not in self.conditions:
                    raise ValueError(f"{self.kind} machine: transitions[{i}] names no condition "
                                     f"{c!r}")
        for s, r in {**self.roles, **self.trigger_roles}.items():
            if r not in ROLES:
                raise ValueError(f"{self.kind} machine: role {r!r} of {s!r} is not one of "
                                 f"{', '.join(ROLES)}")
        missing = [s for s in self.states if s not in self.roles]
        if missing:
            raise ValueError(f"{self.kind} machine: no role for state(s) {', '.join(missing)}")
        for name in self.rules:
            if name not in self.commands:
                raise ValueError(f"{self.kind} machine: rules names {name}, which is none of its commands")
        triggers = {t["trigger"] for t in self.transitions}
        for name, trig in self.commands.items():
            if trig not in triggers:
                raise ValueError(f"{self.kind} machine: command {name} fires {trig!r}, which no "
                                 "transition has")

    # -- the rules' queries --------------------------------------------------

    def triggers(self, phase: str) -> list[str]:
        """Triggers the table allows from ``phase``, in table order (read off the table once, no Machine built)."""
        got = self._triggers.get(phase)
        # as Machine.get_triggers lists them: in the order each trigger first appears
        if got is None:
            firing = {t["trigger"] for t in self.transitions if t["source"] == phase}
            got = self._triggers[phase] = [trig for trig in dict.fromkeys(t["trigger"] for t in self.transitions)
                                           if trig in firing]
        return list(got)

    def step(self, phase: str, trigger: str, **facts) -> str:
        """The phase after ``trigger`` fires from ``phase`` given these facts; unchanged if none applies.

        Reads the built Machine's own transitions for (trigger, phase) in order and takes the first whose
        conditions hold, as firing the trigger on a model would, without attaching one: a step then costs
        what reading a dict costs. tests/kit/test_kit_machine_step_same_as_model.py checks the two
        agree on every state, trigger and fact combination of every registered machine.
        """
        if not self._fact_names.issuperset(facts):
            raise ValueError(f"{self.kind} machine: no fact named "
                             f"{', '.join(sorted(set(facts) - self._fact_names))}")
        ways = self._ways.get((trigger, phase))
        if ways is None:
            raise ValueError(f"{self.kind} machine: {trigger!r} cannot fire from {phase!r}")
        # the facts as attributes (f.counters), made only when a transition has conditions
        view = None
        for dest, conds in ways:
            if conds and view is None:
                view = SimpleNamespace(**self.facts)
                vars(view).update(facts)
            for cond, want in conds:
                if bool(cond(view)) is not want:
                    break
            else:
                return dest
        return phase

    def step_by_model(self, phase: str, trigger: str, **facts) -> str:
        """``step`` the slow way, firing the trigger on a scratch model (the reference ``step`` must equal)."""
        model = self._model_type()
        vars(model).update(self.facts)
        vars(model).update(facts)
        self.machine.add_model(model, initial=phase)
        try:
            self.machine.set_state(phase, model)
            model.trigger(trigger)
            return model.state
        finally:
            self.machine.remove_model(model)

    def gate(self, phase: str, command: str, procedure: str) -> str:
        """The trigger ``command`` fires; RuleViolation (the table's rule) if the phase does not allow it."""
        trig = self.commands[command]
        allowed = self.triggers(phase)
        if trig not in allowed:
            # Name what a player may type, not the table's internal trigger names.
            now = [self.command_of(t) or f"(automatic: {t})" for t in allowed]
            raise RuleViolation(self.rule, f"{command} is not possible while {procedure} is in "
                                f"phase '{phase}' (possible now: "
                                f"{', '.join(now) or 'nothing: it is over'})")
        return trig

    def rule_of(self, command: str) -> str:
        """The rule that governs ``command``: its own where ``rules`` gives one, else the table's."""
        return self.rules.get(command, self.rule)

    def command_of(self, trigger: str) -> str | None:
        """The command that fires ``trigger``, or None for an automatic step."""
        return self._command_of.get(trigger)

    def role(self, phase: str, trigger: str | None = None) -> str:
        """Who acts: the trigger's own role where it has one, else the state's."""
        if trigger is not None and trigger in self.trigger_roles:
            return self.trigger_roles[trigger]
        return self.roles[phase]

    def awaiting(self, phase: str) -> list[tuple[str, str, str]]:
        """(role, command or "(automatic: trigger)", trigger) for each way out of ``phase``."""
        out = []
        for trig in self.triggers(phase):
            out.append((self.role(phase, trig),
                        self.command_of(trig) or f"(automatic: {trig})", trig))
        return out

    def edges(self) -> list[tuple[str, str, str, str]]:
        """(source, dest, trigger, conditions) of every transition, in table order, from the live Machine."""
        out = []
        for name, event in self.machine.events.items():
            for source, ts in event.transitions.items():
                for t in ts:
                    out.append((source, t.dest, name, ", ".join(
                        c.func if c.target else f"not {c.func}" for c in t.conditions)))
        order = {(t["source"], t["dest"], t["trigger"]): i for i, t in enumerate(self.transitions)}
        return sorted(out, key=lambda e: order.get(e[:3], len(order)))

    # -- drawings ------------------------------------------------------------

    def mermaid(self, current: str | None = None) -> str:
        """The machine as a Mermaid state diagram, each edge with its trigger and conditions."""
        lines = ["stateDiagram-v2", f"    [*] --> {self.initial}"]
        for src, dest, trig, cond in self.edges():
            lines.append(f"    {src} --> {dest} : {trig}" + (f" [{cond}]" if cond else ""))
        lines += [f"    {s} --> [*]" for s in self.final]
        if current:
            lines.append("    classDef current fill:#f96,stroke:#333,stroke-width:3px")
            lines.append(f"    class {current} current")
        return "\n".join(lines)

    def dot(self, current: str | None = None) -> str:
        """The machine as Graphviz DOT, each state labelled with who acts in it."""
        lines = [f"digraph {self.kind} {{",
                 '  rankdir=LR; node [shape=box, style=rounded, fontname="Helvetica"];']
        for s in self.states:
            style = ', style="rounded,filled", fillcolor="#ff9966"' if s == current else ""
            role = self.roles[s]
            label = s if role in ("none", "automatic") and s in self.final else f"{s}\\n({role})"
            lines.append(f'  "{s}" [label="{label}"{style}];')
        for src, dest, trig, cond in self.edges():
            lines.append(f'  "{src}" -> "{dest}" [label="{trig}{f" [{cond}]" if cond else ""}"];')
        lines.append("}")
        return "\n".join(lines)


def build(kind: str, **table) -> ProcedureMachine:
    """Build ``kind``'s machine from its table (the keyword arguments of ProcedureMachine)."""
    return ProcedureMachine(kind, **table)
