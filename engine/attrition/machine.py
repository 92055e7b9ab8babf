"""The attrition procedure's phases as a `transitions` table (14.11 A-E).

One Machine for the procedure kind, built once; each attrition is a model
whose state is restored from the projection with ``set_state`` before a
command is judged, never by re-running callbacks. Conditions are named
predicates over the model's facts; the first transition whose conditions
hold decides the next phase.
"""
from __future__ import annotations

from transitions import Machine

STATES = ["count", "roll", "losses", "select", "retreat", "occupy", "done"]

# trigger, source, dest, conditions — the table the diagram is drawn from.
TRANSITIONS = [
    {"trigger": "counted", "source": "count", "dest": "roll"},                                      # 14.11A
    {"trigger": "roll", "source": "roll", "dest": "losses", "conditions": "has_counters"},          # 14.41
    {"trigger": "roll", "source": "roll", "dest": "done"},
    {"trigger": "take_two", "source": "losses", "dest": "losses", "conditions": "two_counters_allowed"},    # 14.44
    {"trigger": "designate", "source": "losses", "dest": "losses", "conditions": "russian_winter"},  # 14.521
    {"trigger": "take_losses", "source": "losses", "dest": "select", "conditions": "occupation_allowed"},    # 14.11B
    {"trigger": "take_losses", "source": "losses", "dest": "done"},
    {"trigger": "select", "source": "select", "dest": "retreat", "conditions": "has_displaced"},    # 14.11C
    {"trigger": "select", "source": "select", "dest": "occupy", "conditions": "has_selection"},
    {"trigger": "select", "source": "select", "dest": "done"},
    {"trigger": "retreat", "source": "retreat", "dest": "occupy"},                                  # 14.11D
    {"trigger": "occupy", "source": "occupy", "dest": "done"},                                      # 14.11E
]

#: Which command fires which trigger.
COMMAND_TRIGGER = {
    "RollAttritionDie": "roll",
    "TakeTwoCounters": "take_two",
    "DesignateWinterHexes": "designate",
    "TakeAttritionLosses": "take_losses",
    "SelectOccupation": "select",
    "RetreatUnits": "retreat",
}


class Model:
    """One attrition's facts as the machine's conditions see them."""

    def __init__(self) -> None:
        self.counters = self.hexes = 0
        self.cleared = self.winter = self.displaced = self.selected = self.two_ok = False

    def has_counters(self) -> bool:
        return self.counters > 0

    def two_counters_allowed(self) -> bool:
        return self.two_ok

    def russian_winter(self) -> bool:
        return self.winter

    def occupation_allowed(self) -> bool:
        return self.hexes > 0 or self.cleared

    def has_displaced(self) -> bool:
        return self.displaced

    def has_selection(self) -> bool:
        return self.selected


MACHINE = Machine(model=None, states=STATES, transitions=TRANSITIONS, initial="count",
                  auto_transitions=False, queued=True, send_event=False)


def triggers(phase: str) -> list[str]:
    """Triggers the table allows from ``phase``."""
    return MACHINE.get_triggers(phase)


def step(phase: str, trigger: str, **facts) -> str:
    """The phase after ``trigger`` fires from ``phase`` given these facts; phase unchanged if none applies."""
    model = Model()
    vars(model).update(facts)
    MACHINE.add_model(model, initial=phase)
    try:
        MACHINE.set_state(phase, model)
        model.trigger(trigger)
        return model.state
    finally:
        MACHINE.remove_model(model)


def mermaid(current: str | None = None) -> str:
    """The machine as a Mermaid state diagram, drawn from the live table."""
    lines = ["stateDiagram-v2", "    [*] --> count"]
    for t in MACHINE.get_transitions():
        cond = ", ".join(c.func for c in t.conditions)
        label = _trigger_of(t) + (f" [{cond}]" if cond else "")
        lines.append(f"    {t.source} --> {t.dest} : {label}")
    lines.append("    done --> [*]")
    if current:
        lines.append("    classDef current fill:#f96,stroke:#333,stroke-width:3px")
        lines.append(f"    class {current} current")
    return "\n".join(lines)


def _trigger_of(t) -> str:
    for name, ev in MACHINE.events.items():
        if any(t in ts for ts in ev.transitions.values()):
            return name
    return "?"


def dot(current: str | None = None) -> str:
    """The machine as Graphviz DOT, drawn from the live table."""
    lines = ["digraph attrition {", '  rankdir=LR; node [shape=box, style=rounded, fontname="Helvetica"];']
    for s in STATES:
        style = ', style="rounded,filled", fillcolor="#ff9966"' if s == current else ""
        lines.append(f'  "{s}" [label="{s}"{style}];')
    for t in MACHINE.get_transitions():
        cond = ", ".join(c.func for c in t.conditions)
        lines.append(f'  "{t.source}" -> "{t.dest}" [label="{_trigger_of(t)}{f" [{cond}]" if cond else ""}"];')
    lines.append("}")
    return "\n".join(lines)
