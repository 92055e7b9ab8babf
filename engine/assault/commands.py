"""Panzer Campaigns assault (reading notes §2, AS-*): the commands of the assault kind.

Each is a tagged Struct on the core's ``Command`` (engine/commands.py); the kind lists them
(``COMMANDS``); registering it teaches ``parse`` their tags (docs/commands.md: their fields).
"""
from __future__ import annotations

from ..commands import Command, RetreatCommand


class DeclareAssault(Command, frozen=True):
    """Open an assault by ``units`` on the enemy in the adjacent ``hex`` (AS-GEN.1); each pays its cost (AS-COST)."""

    hex: str
    units: list[str]


class AddAssaultUnits(Command, frozen=True):
    """Add ``units`` to the forming assault ``procedure``, from any hex next to its defending hex (AS-GEN.1)."""

    procedure: str
    units: list[str]


class ResolveAssault(Command, frozen=True):
    """Resolve the forming assault ``procedure``: two Combat Results and what follows automatically (AS-RES).

    ``night``: the host's fact that the assault is at night (AS-DIS.2). ``values``: entered draws by slot
    (``attacker_result``, ``attacker_round``, ``defender_result``, ``defender_round``, ``demo/<unit>``,
    ``alloc/<unit>``, ``morale/<unit>``); any not entered come from the committed seed.
    """

    procedure: str
    night: bool = False
    values: dict[str, int] = {}


class AllocateAssaultLosses(Command, frozen=True):
    """Under ``rules.pzc.allocation = "owner"``: ``side``'s owner says which of its units lose how many points."""

    procedure: str
    side: str
    losses: dict[str, int] = {}
    values: dict[str, int] = {}


class ReportDisruption(Command, frozen=True):
    """Under ``rules.pzc.disruption = "host"``: the units this assault Disrupted and Broke (either may be empty)."""

    procedure: str
    disrupted: list[str] = []
    broken: list[str] = []
    values: dict[str, int] = {}


class RetreatAssaultUnits(RetreatCommand, frozen=True):
    """The defender's forced retreat (AS-RET): each unit one hex, or '' when it has no legal hex.

    ``values``: entered draws for the halvings (``srr/<unit>``, ``captured/<unit>``).
    """

    values: dict[str, int] = {}


#: The commands this kind decides, in the order it lists them.
COMMANDS = (DeclareAssault, AddAssaultUnits, ResolveAssault, AllocateAssaultLosses,
            ReportDisruption, RetreatAssaultUnits)
