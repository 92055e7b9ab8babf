"""The toy kind's read model: its procedures in ``GameState.kinds["skirmish"]``, folded by ``match``."""
from __future__ import annotations

import msgspec

from .events import SkirmishBegun, SkirmishPhaseChanged, SkirmishRolled


class Skirmish(msgspec.Struct, kw_only=True):
    id: str
    attacker: str
    defender: str
    target: str
    phase: str = "roll"
    hit: bool = False


class Skirmishes(msgspec.Struct, kw_only=True):
    open: dict[str, Skirmish] = {}


def apply(state, event) -> None:
    """Fold one of the kind's events into its state."""
    mine = state.kinds.setdefault("skirmish", Skirmishes())
    match event:
        case SkirmishBegun(procedure=p, attacker=a, defender=d, target=t):
            mine.open[p] = Skirmish(id=p, attacker=a, defender=d, target=t)
        case SkirmishRolled(procedure=p, hit=h):
            mine.open[p].hit = h
        case SkirmishPhaseChanged(procedure=p, phase=ph):
            mine.open[p].phase = ph
