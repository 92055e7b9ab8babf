"""The kind SDK: every name a combat-system plugin needs, stable under semver (docs/api.md, "The kind SDK").

A plugin imports from here only: ``from turnlog.kit import MachineKind, Event, Command, choice, ...``.
The names in ``__all__`` keep their meaning and their call signatures through every 0.x minor release and
every 1.x release; a field or keyword argument may be added with a default, never removed or renamed
without a major release. Where they live inside ``turnlog.engine`` is not part of the promise: import them
from here. docs/kinds.md builds a kind on them step by step; ``turnlog.testing`` checks one.

Modules re-exported whole (each function in them is part of the promise):

* ``tables``: combat-table files (load, lookup, lookup_dice, shift; docs/tables.md);
* ``odds``: attack over defence as an exact ratio, rounded, read to a table's column and shifted;
* ``losses``: a loss list checked against what a result calls for (``Candidate``, ``LossSpec``, ``check``);
* ``retreat``: the one retreat command shape's checker and simultaneous events (``RetreatSpec``);
* ``board``: who is whose and what stands where (``faction_of``, ``enemies``, ``by_hex``, ``neighbours``).
"""
from __future__ import annotations

from turnlog.engine.commands import Command, Retreat, RetreatCommand
from turnlog.engine.dice import Dice
from turnlog.engine.errors import CommandError, RuleViolation, ScenarioError
from turnlog.engine.kind import Actor, Kind, silent
from turnlog.engine.kinds import register as register_kind
from turnlog.engine.kit import board, losses, odds, retreat, tables
from turnlog.engine.kit.choices import Bound, Choice, Option, choice, pick, reached, reaching
from turnlog.engine.kit.kind import MachineKind
from turnlog.engine.kit.machine import ROLES, ProcedureMachine
from turnlog.engine.kit.machine import build as build_machine
from turnlog.engine.view import KindView, Marker, Overlay, Touched, UnitView, units_named
from turnlog.events.base import Event, Modifier
from turnlog.events.editions import Ruling, applies
from turnlog.events.game import DieRolled, UnitEliminated, UnitRetreated
from turnlog.projections.state import GameState, UnitState

__all__ = [
    # the kind and its machine
    "Actor", "Kind", "MachineKind", "ProcedureMachine", "ROLES", "build_machine", "register_kind", "silent",
    # what a kind logs and reads
    "Command", "DieRolled", "Event", "GameState", "Modifier", "Retreat", "RetreatCommand", "UnitEliminated",
    "UnitRetreated", "UnitState",
    # what legal() lists
    "Bound", "Choice", "Option", "choice", "pick", "reached", "reaching",
    # judging
    "CommandError", "Dice", "RuleViolation", "Ruling", "ScenarioError", "applies",
    # what the faces draw
    "KindView", "Marker", "Overlay", "Touched", "UnitView", "units_named",
    # the kit's modules
    "board", "losses", "odds", "retreat", "tables",
]
