"""The Panzer Campaigns assault procedure's phase table (AS-GEN.2, reading notes §2.2): data only.

engine/kit/machine.py builds it. One instance ``S<n>`` per defending hex: the attacker forms the assault
(declare, then add units), it is resolved in one go (two Combat Results, AS-RES.2), each side's losses
are spread over its units, the attackers' disruption is settled (AS-DIS), and the defenders retreat when
AS-RET.1 holds. Each step after resolution is taken by the engine when the scenario leaves it to the
engine (proportional allocation, the ``ratio`` disruption model) and waits for its command otherwise:
``AllocateAssaultLosses`` from each side's owner, ``ReportDisruption`` from the host, and always
``RetreatAssaultUnits`` from the defender.
"""
from __future__ import annotations

from ..kit.machine import build

STATES = ["forming", "resolving", "allocating", "disruption", "retreat", "done"]

TRANSITIONS = [
    {"trigger": "add", "source": "forming", "dest": "forming"},                                     # AS-GEN.1-2
    {"trigger": "resolve", "source": "forming", "dest": "resolving"},                               # AS-GEN.2, RES
    {"trigger": "results", "source": "resolving", "dest": "allocating", "conditions": "losses"},    # AS-RES.2
    {"trigger": "results", "source": "resolving", "dest": "disruption", "conditions": "no_losses"},
    {"trigger": "allocate", "source": "allocating", "dest": "allocating", "conditions": "pending"},  # reading P9
    {"trigger": "allocate", "source": "allocating", "dest": "disruption", "conditions": "allocated"},
    {"trigger": "disrupt", "source": "disruption", "dest": "retreat", "conditions": "must_retreat"},  # AS-RET.1
    {"trigger": "disrupt", "source": "disruption", "dest": "done", "conditions": "no_retreat"},
    {"trigger": "retreat", "source": "retreat", "dest": "done"},                                     # AS-RET.2-5
]

#: The facts the conditions read, with their values when a decider does not give them.
FACTS = {"loss": 0, "forced": False, "pending": False}

CONDITIONS = {
    "losses": lambda f: f.loss > 0,
    "no_losses": lambda f: f.loss == 0,
    "must_retreat": lambda f: bool(f.forced),
    "no_retreat": lambda f: not f.forced,
    "pending": lambda f: bool(f.pending),
    "allocated": lambda f: not f.pending,
}

ROLES = {"forming": "attacker", "resolving": "automatic", "allocating": "owner",
         "disruption": "automatic", "retreat": "defender", "done": "none"}

COMMAND_TRIGGER = {"AddAssaultUnits": "add", "ResolveAssault": "resolve", "AllocateAssaultLosses": "allocate",
                   "ReportDisruption": "disrupt", "RetreatAssaultUnits": "retreat"}

MACHINE = build("assault", states=STATES, transitions=TRANSITIONS, initial="forming", facts=FACTS,
                conditions=CONDITIONS, roles=ROLES, commands=COMMAND_TRIGGER, rule="AS-GEN.2")
