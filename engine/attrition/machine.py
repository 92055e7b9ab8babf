"""The attrition procedure's phase table (14.11 A-E): states, transitions, conditions, who acts.

Data only; engine/kit/machine.py builds it into one Machine for the kind. A condition reads the
facts the decider passes to ``MACHINE.step``; the first transition whose conditions hold decides
the next phase.
"""
from __future__ import annotations

from ..kit.machine import build

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

#: The facts the conditions read, with their values when a decider does not give them.
FACTS = {"counters": 0, "hexes": 0, "cleared": False, "winter": False, "displaced": False, "selected": False,
         "two_ok": False}

CONDITIONS = {
    "has_counters": lambda f: f.counters > 0,
    "two_counters_allowed": lambda f: f.two_ok,
    "russian_winter": lambda f: f.winter,
    "occupation_allowed": lambda f: f.hexes > 0 or f.cleared,   # 14.65: a cleared zone opens hexes
    "has_displaced": lambda f: f.displaced,
    "has_selection": lambda f: f.selected,
}

#: Who acts in each state: the attacker rolls (14.41) and selects (14.61); the defender takes the losses
#: (14.51) and retreats (14.71); counting and the advance are the engine's own steps.
ROLES = {"count": "automatic", "roll": "attacker", "losses": "defender", "select": "attacker",
         "retreat": "defender", "occupy": "automatic", "done": "none"}
#: In 'losses' the attacker, not the defender, may choose 2C (14.44) and designate winter hexes (14.521).
TRIGGER_ROLES = {"take_two": "attacker", "designate": "attacker"}

#: Which command fires which trigger (counted and occupy are automatic).
COMMAND_TRIGGER = {
    "RollAttritionDie": "roll",
    "TakeTwoCounters": "take_two",
    "DesignateWinterHexes": "designate",
    "TakeAttritionLosses": "take_losses",
    "SelectOccupation": "select",
    "RetreatUnits": "retreat",
}

MACHINE = build("attrition", states=STATES, transitions=TRANSITIONS, initial="count", facts=FACTS,
                conditions=CONDITIONS, roles=ROLES, trigger_roles=TRIGGER_ROLES, commands=COMMAND_TRIGGER,
                rule="14.11")
