"""Events of World in Flames land combat's results: losses, first losses, kampfgruppen (11.16.5-R2 to K2c).

Not in the codec's static union: the wif kind registers them beside its own (events/wif.py), so a log
that never fought a WiF land combat holds none of them and encodes as before. A unit lost is the board's
``UnitEliminated``; one that becomes a kampfgruppe is then ``KampfgruppeFormed``, which puts it in its
owner's repair pool.
"""
from __future__ import annotations

from .base import Event


class FirstLossTypeDesignated(Event, frozen=True, kw_only=True):
    """The defender named the type of the attacker's first loss: arm, invasion, para or eng (11.16.5-R4e)."""

    procedure: str
    kind: str
    rule: str = "11.16.5-R4e"


class LandCombatLossesTaken(Event, frozen=True, kw_only=True):
    """One side's owner gave up ``units`` for the cell's part, paying ``cp`` casualty points (exact, "3/2").

    ``shortfall``: points owed and not paid (the side had no more); ``first``: the clause its first loss
    met, if one applied (11.16.5-R4a-d).
    """

    procedure: str
    side: str
    units: list[str]
    cp: str
    shortfall: str = "0"
    first: str = ""
    rule: str = "11.16.5-R3"


class KampfgruppeFormed(Event, frozen=True, kw_only=True):
    """A lost corps became a kampfgruppe and went to ``pool``, its owner's repair pool (11.16.5-K1a/K1b, K1c)."""

    procedure: str
    unit: str
    pool: str
    rule: str


class RepairPoolEmptied(Event, frozen=True, kw_only=True):
    """At ``faction``'s production phase its land units left the repair pool for the force pool (11.16.5-K2a)."""

    faction: str
    units: list[str]
    rule: str = "11.16.5-K2a"


class KampfgruppeCredited(Event, frozen=True, kw_only=True):
    """Kampfgruppe ``unit`` (of WiF class ``unit_class``) may help one build in this production phase (11.16.5-K2a)."""

    credit: str
    unit: str
    unit_class: str
    faction: str
    turn: int
    rule: str = "11.16.5-K2a"


class KampfgruppeBuildRecorded(Event, frozen=True, kw_only=True):
    """A credit helped build a unit of class ``unit_class`` at ``bp`` build points and ``turns`` turns.

    Halves rounded up (11.16.5-K2b); the kampfgruppe was already back in the force pool, before the
    host's random draw (K2c).
    """

    credit: str
    unit_class: str
    bp: int
    turns: int
    rule: str = "11.16.5-K2b"


WifLossEvent = (FirstLossTypeDesignated | LandCombatLossesTaken | KampfgruppeFormed | RepairPoolEmptied
                | KampfgruppeCredited | KampfgruppeBuildRecorded)
