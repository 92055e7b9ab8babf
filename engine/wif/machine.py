"""The WiF land-combat phase table (reading notes §1.2): states, transitions, conditions, who acts. Data only.

One instance ``L<n>`` per attacked hex. ARM points are counted when the combat opens (arm -> table,
automatic); the chooser takes a table; one die per side gives the row; then the defender names the
first loss's type where two or more of R4a-d apply, each owner takes his losses (either order, reading
W14), and the combat ends. ``designate`` and ``take`` are fired by part B's commands (engine/wif/results.py).
"""
from __future__ import annotations

from ..kit.machine import build

STATES = ["arm", "table", "roll", "first_loss", "losses", "done"]

TRANSITIONS = [
    {"trigger": "count", "source": "arm", "dest": "table"},                                         # T2-T6
    {"trigger": "choose", "source": "table", "dest": "roll"},                                       # T1, T7-T9
    {"trigger": "roll", "source": "roll", "dest": "first_loss", "conditions": ["losses", "several"]},  # R4e
    {"trigger": "roll", "source": "roll", "dest": "losses", "conditions": "losses"},                # R1-R2
    {"trigger": "roll", "source": "roll", "dest": "done", "conditions": "no_losses"},               # R2: "-"
    {"trigger": "designate", "source": "first_loss", "dest": "losses"},                             # R4e
    {"trigger": "take", "source": "losses", "dest": "done", "conditions": "all_settled"},            # R2-R4, K1
    {"trigger": "take", "source": "losses", "dest": "losses", "conditions": "unsettled"},           # W14
]

#: The facts the conditions read: whether the cell costs anyone a unit, how many first-loss constraints
#: apply to the attacker's loss (R4a-d), and how many sides still owe losses after a take.
FACTS = {"loss": False, "constraints": 0, "owing": 0}

CONDITIONS = {
    "losses": lambda f: bool(f.loss),
    "no_losses": lambda f: not f.loss,
    "several": lambda f: f.constraints >= 2,
    "all_settled": lambda f: f.owing == 0,
    "unsettled": lambda f: f.owing > 0,
}

#: The table's chooser is the attacker or the defender (T3): the kind names the faction (procedure.py).
ROLES = {"arm": "automatic", "table": "attacker", "roll": "attacker", "first_loss": "defender",
         "losses": "owner", "done": "none"}

COMMAND_TRIGGER = {"ChooseCombatTable": "choose", "RollLandCombatDice": "roll", "DesignateFirstLossType": "designate",
                   "TakeLandCombatLosses": "take"}

MACHINE = build("wif", states=STATES, transitions=TRANSITIONS, initial="arm", facts=FACTS,
                conditions=CONDITIONS, roles=ROLES, commands=COMMAND_TRIGGER, rule="11.16.5-T1")
