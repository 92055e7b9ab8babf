"""Event base class and the Modifier value.

Every event is a frozen, keyword-only, tagged msgspec Struct. Its tag is the
class name and never changes; its schema version is the class variable
``version``. An event holds facts only: ids, numbers and rule citations.
"""
from __future__ import annotations

from typing import ClassVar

import msgspec


class Event(msgspec.Struct, frozen=True, kw_only=True, tag=True, omit_defaults=True):
    """Base of every logged fact; subclasses are named in the past tense."""

    version: ClassVar[int] = 1


class Modifier(msgspec.Struct, frozen=True, kw_only=True):
    """A die-roll modifier with the rule that grants it and why."""

    value: int
    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.rule} {self.value:+d}: {self.reason}"
