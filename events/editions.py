"""Rulings editions: a correction of how a command is judged applies only to games created after it.

A game records the edition it was created under (``RulesSpec.edition``, events/setup.py
``EDITION``); ``verify`` re-executes every command of a log and demands the same events, so a
correction that judged an old command differently would break every log played before it. Each
correction is therefore a named ``Ruling`` in its system's package (engine/<system>/rulings.py), and
each gate asks ``applies(state, ruling)`` rather than comparing edition numbers inline.
docs/rulings.md "Editions" lists them.
"""
from __future__ import annotations

from typing import NamedTuple

from .setup import AUDITED, EDITION

__all__ = ["AUDITED", "EDITION", "Ruling", "applies"]


class Ruling(NamedTuple):
    """One correction an edition made: its name, first edition, the rule it reads, what it corrects.

    ``corrects`` says in one line what games of this edition on are judged by; a game of an earlier
    edition keeps the old judgement (each module's comment at the gate says which).
    """

    name: str
    edition: int
    rule: str
    corrects: str


def applies(state, ruling: Ruling) -> bool:
    """Whether ``ruling`` governs this game: created under ``ruling.edition`` or a later one."""
    return state.rules.era >= ruling.edition
