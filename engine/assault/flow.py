"""Carry an assault through the steps the engine takes itself, after a command's own events.

Resolution, a proportional allocation, the ``ratio`` disruption model and AS-RET.1 follow one another in
the same command when nothing waits for a player or the host. Each step reads the board as the events
decided so far leave it (a scratch copy folded with them), so a rule never reads a stale board; the
phase changes come from the machine table (machine.py).
"""
from __future__ import annotations

from turnlog.events import assault as a
from turnlog.projections import fold
from turnlog.projections.assault import Assault
from turnlog.projections.state import GameState, dump, load

from ..dice import Dice
from . import allocation, as_dis_disruption as disruption, machine, as_ret_retreat as retreat


def scratch(state: GameState, events: list) -> GameState:
    """A copy of ``state`` with ``events`` folded in (the live state is never touched)."""
    copy = load(dump(state))
    for e in events:
        fold.apply(copy, e)
    return copy


def phase(proc: Assault, trigger: str, **facts) -> list:
    """The PhaseChanged event ``trigger`` gives from the assault's phase, or nothing if it stays."""
    now = machine.MACHINE.step(proc.phase, trigger, **facts)
    return [] if now == proc.phase else [a.AssaultPhaseChanged(procedure=proc.id, phase=now)]


def pending(state: GameState, proc: Assault) -> list[str]:
    """The sides with a loss still to share out, that still have units to share it over (reading P9)."""
    return [s for s in allocation.SIDES if allocation.loss_of(proc, s) > 0 and s not in proc.allocated
            and allocation.units_of(state, proc, s)]


def settle(state: GameState, proc: Assault, statuses: list) -> list:
    """After the disruption statuses: AS-RET.1 and, when it holds, who stays, goes or must move."""
    after = scratch(state, statuses)
    now = after.kinds["assault"].procedures[proc.id]
    due = retreat.due(after, now) if retreat.forced(after, now) else []
    movers = due[0].units if due else []
    return [*statuses, *due, *phase(proc, "disrupt", forced=bool(movers))]


def _next(state: GameState, dice: Dice, proc: Assault) -> list:
    """The events of the next automatic step, or [] when the assault waits (or is done)."""
    if proc.phase == "resolving":
        return phase(proc, "results", loss=proc.att_loss + proc.def_loss)
    if proc.phase == "allocating":
        left = pending(state, proc)
        if not left:
            return phase(proc, "allocate", pending=False)
        if state.rules.pzc.allocation == "proportional":
            return allocation.proportional(state, dice, proc, left[0])
        return []
    if proc.phase == "disruption" and state.rules.pzc.disruption == "ratio":
        return settle(state, proc, disruption.model(state, dice, proc))
    return []


def carry(state: GameState, dice: Dice, pid: str, events: list) -> list:
    """``events`` and every automatic step they lead to, until the assault waits or is done."""
    out = list(events)
    while True:
        now = scratch(state, out)
        step = _next(now, dice, now.kinds["assault"].procedures[pid])
        if not step:
            return out
        out += step
