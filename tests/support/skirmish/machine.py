"""The toy kind's phase table (T.1): one roll, by the attacker, then done."""
from __future__ import annotations

from turnlog.engine.kit.machine import build

MACHINE = build("skirmish", states=["roll", "done"], initial="roll", rule="T.1",
                transitions=[{"trigger": "roll", "source": "roll", "dest": "done"}],
                roles={"roll": "attacker", "done": "none"}, commands={"RollSkirmish": "roll"})
