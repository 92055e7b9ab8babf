"""The attack-designation procedure's phase table (9.0): states, transitions, conditions, who acts.

Data only; engine/kit/machine.py builds it. One instance per Combat Phase of the active side: the
designation segment, the barrage segment (12.0, outside the text: the host reports its shift markers),
the ground-assault segment, done. There are no dice; every choice is the active side's.
"""
from __future__ import annotations

from ..kit.machine import build

STATES = ["designation", "barrage", "ground_assault", "done"]

TRANSITIONS = [
    {"trigger": "designate", "source": "designation", "dest": "designation"},          # 9.1.0, 9.1.2
    {"trigger": "undesignate", "source": "designation", "dest": "designation"},        # reading A12
    {"trigger": "end_designation", "source": "designation", "dest": "barrage"},        # 9.1.1 duties met
    {"trigger": "report_shifts", "source": "barrage", "dest": "barrage"},              # 9.1.1 Q&A option
    {"trigger": "start_assaults", "source": "barrage", "dest": "ground_assault"},      # 9.0
    {"trigger": "declare", "source": "ground_assault", "dest": "ground_assault"},      # 9.2.0-9.2.4
    {"trigger": "report_result", "source": "ground_assault", "dest": "ground_assault",
     "conditions": "assault_open"},                                                   # 9.2.0, 9.2.2, 9.2.3
    {"trigger": "end_assaults", "source": "ground_assault", "dest": "done", "conditions": "none_unresolved"},  # 9.1.1
]

#: The facts the conditions read, with their values when a decider does not give them.
FACTS = {"unresolved": 0}

CONDITIONS = {
    "assault_open": lambda f: f.unresolved > 0,
    "none_unresolved": lambda f: f.unresolved == 0,
}

#: Only the active side acts; the results of 10-11 are the host's report, issued for the active side.
ROLES = {"designation": "active", "barrage": "active", "ground_assault": "active", "done": "none"}

COMMAND_TRIGGER = {
    "DesignateAttackers": "designate",
    "UndesignateAttackers": "undesignate",
    "EndAttackDesignation": "end_designation",
    "ReportArtilleryShifts": "report_shifts",
    "StartGroundAssaultSegment": "start_assaults",
    "DeclareGroundAssault": "declare",
    "ReportGroundAssaultResult": "report_result",
    "EndGroundAssaultSegment": "end_assaults",
}

MACHINE = build("designation", states=STATES, transitions=TRANSITIONS, initial="designation", facts=FACTS,
                conditions=CONDITIONS, roles=ROLES, commands=COMMAND_TRIGGER, rule="9.0")
