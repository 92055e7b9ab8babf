"""Loss checks: the units an owner gives up against what a result calls for, each refusal naming a rule.

A system judges each unit (``Candidate``: may it be lost, and if not, under which rule and why) and says
what one loss pays (``weight``: 1 for a counter, a casualty point of 1 or 1/2, a strength; exact
Fractions). ``check`` refuses a list that names a unit twice or no unit at all (CommandError naming the
field), pays more than the result calls for, holds a unit that may not be lost, or pays less than the most
the owner could (a shortfall is allowed only when nothing more can be given), and returns the shortfall.
Attrition uses it for 14.51/14.52 (engine/attrition/r14_5_losses.py).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable, Sequence

import msgspec

from ..errors import CommandError, RuleViolation

Number = int | Fraction


class Candidate(msgspec.Struct, frozen=True):  # a Struct: made per command, 8x cheaper than a frozen dataclass
    """One unit as a loss: ``rule`` is '' when it may be lost, else the rule that forbids it; ``why`` says so."""

    unit: str
    rule: str = ""
    why: str = ""
    weight: Number = 1  # what losing it pays toward the result

    @property
    def eligible(self) -> bool:
        return not self.rule


class LossSpec(msgspec.Struct, frozen=True):  # a Struct: made per command, 8x cheaper than a frozen dataclass
    """What a result calls for and how a system words its refusals.

    ``judge(unit)`` gives the unit's Candidate, or None when there is no such unit. The messages are
    format strings over ``taken`` (what the list pays), ``required`` and ``most``. ``none_beyond_need``
    also refuses, in any order, a loss without which the rest would still pay the result (what a
    ``reach`` option of kit.choices offers).
    """

    rule: str
    required: Number
    judge: Callable[[str], Candidate | None]
    field: str = "units"
    too_many: str = "{taken} offered but the result calls for {required}"
    too_few: str = "the owner must lose {most} here, not {taken}"
    none_beyond_need: bool = False


def most_of(required: Number, candidates: Iterable[Candidate]) -> Fraction:
    """The most an owner can pay from ``candidates``: everything eligible, but no more than is required."""
    return min(Fraction(required), sum((Fraction(c.weight) for c in candidates if c.eligible), Fraction(0)))


def check(spec: LossSpec, chosen: Sequence[str], most: Number | Callable[[], Number],
          extra: Callable[[list[Candidate]], None] | None = None) -> Fraction:
    """Refuse a loss list that breaks ``spec``; return the shortfall (what the result called for and was not paid).

    Losses are read in the order given, as the owner picks them: the list pays too much when it had already
    paid the result before its last loss (so a unit paying 1 may settle the 1/2 a unit paying 1/2 left
    open, but no loss may follow a paid result). ``most`` is the most the owner could pay toward the result,
    never more than it calls for (a number, or a function computed only once every other check has passed
    and the list pays less than the result: no owner can pay more than all of it, so a list that pays the
    whole result needs no search of what else he could give; ``most_of`` for the plain case). ``extra``
    runs the system's own checks on the chosen candidates before the shortfall is judged.
    """
    if len(set(chosen)) != len(chosen):
        raise CommandError(f"{spec.field}: a unit is listed twice")
    judged = []
    for i, uid in enumerate(chosen):
        cand = spec.judge(uid)
        if cand is None:
            raise CommandError(f'{spec.field}[{i}]: no unit "{uid}"')
        judged.append(cand)
    required = _exact(spec.required)
    taken = sum(_exact(c.weight) for c in judged)
    if judged and taken - _exact(judged[-1].weight) >= required:
        raise RuleViolation(spec.rule, spec.too_many.format(taken=taken, required=required, most=""))
    for cand in judged:
        if not cand.eligible:
            raise RuleViolation(cand.rule, cand.why)
    if spec.none_beyond_need:
        spare = next((c for c in judged if taken - _exact(c.weight) >= required), None)
        if spare is not None:
            raise RuleViolation(spec.rule, f"{spare.unit} is beyond need: the others pay "
                                f"{taken - _exact(spare.weight)} of {required}")
    if extra is not None:
        extra(judged)
    if taken >= required:
        return Fraction(0)
    could = _exact(most() if callable(most) else most)
    if taken < could:
        raise RuleViolation(spec.rule, spec.too_few.format(taken=taken, required=required, most=could))
    return Fraction(max(0, required - taken))


def _exact(n: Number) -> Number:
    """``n`` as an exact number: an int stays one (a counter's weight, the common case, makes no Fraction,
    which is cheaper), anything else becomes a Fraction. Ints and Fractions add and compare exactly together,
    and a whole Fraction prints as its int does, so the messages read the same either way."""
    return n if type(n) is int else Fraction(n)
