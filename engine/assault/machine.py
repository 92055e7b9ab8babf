"""The Panzer Campaigns assault procedure's phase table (AS-GEN.2, reading notes §2.2): data only.

engine/kit/machine.py builds it. One instance ``S<n>`` per defending hex: the attacker forms the assault
(declare, then add units), it is resolved in one go (two Combat Results, AS-RES.2), each side's losses
are spread over its units, the attackers' disruption is settled (AS-DIS), and the defenders retreat when
AS-RET.1 holds. Only forming has a command so far: resolution and what follows are the next stage, so
their steps are automatic triggers no command fires yet.
"""
from __future__ import annotations

from ..kit.machine import build

STATES = ["forming", "resolving", "allocating", "disruption", "retreat", "done"]

TRANSITIONS = [
    {"trigger": "add", "source": "forming", "dest": "forming"},                                     # AS-GEN.1-2
    {"trigger": "resolve", "source": "forming", "dest": "resolving"},                               # AS-GEN.2, RES
    {"trigger": "results", "source": "resolving", "dest": "allocating", "conditions": "losses"},    # AS-RES.2
    {"trigger": "results", "source": "resolving", "dest": "disruption", "conditions": "no_losses"},
    {"trigger": "allocate", "source": "allocating", "dest": "disruption"},                          # reading P9
    {"trigger": "disrupt", "source": "disruption", "dest": "retreat", "conditions": "must_retreat"},  # AS-RET.1
    {"trigger": "disrupt", "source": "disruption", "dest": "done", "conditions": "no_retreat"},
    {"trigger": "retreat", "source": "retreat", "dest": "done"},                                     # AS-RET.2-5
]

#: The facts the conditions read, with their values when a decider does not give them.
FACTS = {"loss": 0, "forced": False}

CONDITIONS = {
    "losses": lambda f: f.loss > 0,
    "no_losses": lambda f: f.loss == 0,
    "must_retreat": lambda f: bool(f.forced),
    "no_retreat": lambda f: not f.forced,
}

ROLES = {"forming": "attacker", "resolving": "automatic", "allocating": "automatic",
         "disruption": "automatic", "retreat": "defender", "done": "none"}

COMMAND_TRIGGER = {"AddAssaultUnits": "add"}

MACHINE = build("assault", states=STATES, transitions=TRANSITIONS, initial="forming", facts=FACTS,
                conditions=CONDITIONS, roles=ROLES, commands=COMMAND_TRIGGER, rule="AS-GEN.2")
