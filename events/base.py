"""Event base class and the Modifier value.

Every event is a frozen, keyword-only, tagged msgspec Struct. Its tag is the
class name and never changes; its schema version is the class variable
``version``. An event holds facts only: ids, numbers and rule citations.
"""
from __future__ import annotations

from fractions import Fraction
from typing import ClassVar, Literal

import msgspec


class Event(msgspec.Struct, frozen=True, kw_only=True, tag=True, omit_defaults=True):
    """Base of every logged fact; subclasses are named in the past tense."""

    version: ClassVar[int] = 1


ModifierKind = Literal["add", "multiply", "percent", "shift"]

#: The target a kind is written without in ``str(modifier)``: what it most often applies to.
_PLAIN_TARGET = {"add": "die", "multiply": "value", "percent": "value", "shift": "column"}


class Modifier(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A modifier with the rule that grants it and why; by default a die-roll modifier that adds ``value``.

    The amount is the exact fraction ``value/den`` (two ints, so events stay JSON integers):
    ``add`` adds it, ``multiply`` multiplies by it (``value=1, den=4`` is x1/4), ``percent`` changes
    by that many percent (``value=-20`` is -20%), ``shift`` moves an odds column by ``value`` (an
    int; a shift has den 1). ``applies_to`` names what it modifies ("die", "attacker_die",
    "defender_die", "odds", "column", "value", "assault:<unit>"...). The three fields added with the
    board vocabulary default and are omitted, so a modifier written before encodes to the same bytes;
    engine/kit/modifiers.py applies a list of them.
    """

    value: int
    rule: str
    reason: str
    applies_to: str = "die"
    kind: ModifierKind = "add"
    den: int = 1

    @property
    def amount(self) -> Fraction:
        """The exact amount ``value/den`` (ValueError on a zero or negative denominator)."""
        if self.den <= 0:
            raise ValueError(f"modifier {self.rule}: denominator {self.den} is not positive")
        return Fraction(self.value, self.den)

    def __str__(self) -> str:
        return f"{self.rule} {self.shown()}: {self.reason}"

    def shown(self) -> str:
        """The amount as the narrative writes it: ``+2``, ``x1/2``, ``-20%``, ``-1 column``."""
        a = Fraction(self.value, self.den) if self.den > 0 else None
        num = f"{self.value}/{self.den}" if a is None else str(a)
        sign = "" if num.startswith("-") else "+"
        if self.kind == "multiply":
            text = f"x{num}"
        elif self.kind == "percent":
            text = f"{sign}{num}%"
        elif self.kind == "shift":
            text = f"{sign}{num} column{'' if abs(self.value) == 1 else 's'}"
        else:
            text = f"{sign}{num}"
        if self.applies_to != _PLAIN_TARGET.get(self.kind):
            text += f" {self.applies_to}"
        return text
