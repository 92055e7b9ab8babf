"""The toy kind's events: frozen, keyword-only, past tense (events/base.py)."""
from __future__ import annotations

from turnlog.events.base import Event


class SkirmishBegun(Event, frozen=True, kw_only=True):
    procedure: str
    attacker: str
    defender: str
    target: str


class SkirmishRolled(Event, frozen=True, kw_only=True):
    procedure: str
    hit: bool


class SkirmishPhaseChanged(Event, frozen=True, kw_only=True):
    procedure: str
    phase: str


SkirmishEvent = SkirmishBegun | SkirmishRolled | SkirmishPhaseChanged
