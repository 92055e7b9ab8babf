"""World in Flames land combat (11.16.5 as replaced): the commands of the wif kind.

Each is a tagged Struct on the core's ``Command`` (engine/commands.py); the kind lists them
(``COMMANDS``); registering it teaches ``parse`` their tags (docs/commands.md: their fields).
"""
from __future__ import annotations

from typing import Literal

from turnlog.events.wif import FactorMultiplier, TankBuster

from ..commands import Command


class BeginLandCombat(Command, frozen=True, kw_only=True):
    """Open a land combat by the active side's ``attackers`` against ``hex``, with the host's facts.

    ``odds`` are the final odds before any terrain shift (``"3:1"``); from rulings edition 5 they may
    be left out and are then computed from the board (engine/wif/odds_board.py), with the tactical
    factors of the bombers other than tank busters flying ground support claimed in
    ``ground_support`` ({"attacker": 6}). ``weather`` is the hex's condition (fine, snow, rain...);
    ``defenders`` default to every enemy land unit in the hex.
    """

    hex: str
    attackers: list[str]
    odds: str = ""
    weather: str
    defenders: list[str] = []
    multipliers: list[FactorMultiplier] = []
    tank_busters: list[TankBuster] = []
    invaders: list[str] = []
    paradropped: list[str] = []
    eng_used: list[str] = []
    notional: int = 0
    in_supply: dict[str, bool] = {}
    retreat_route: dict[str, bool] = {}
    ground_support: dict[str, int] = {}


class ChooseCombatTable(Command, frozen=True):
    """The chooser (11.16.5-T3) takes the blitz or the assault table (T1)."""

    procedure: str
    table: Literal["blitz", "assault"]


class RollLandCombatDice(Command, frozen=True):
    """Roll one die for each side (option 43); ``values`` may enter either: {"attacker": 7, "defender": 3}."""

    procedure: str
    values: dict[str, int] = {}


class DesignateFirstLossType(Command, frozen=True):
    """The defender names the type of the attacker's first loss when two or more constraints apply (11.16.5-R4e).

    ``kind``: ``arm`` (R4a), ``invasion`` (R4b), ``para`` (R4c) or ``eng`` (R4d).
    """

    procedure: str
    kind: str


class TakeLandCombatLosses(Command, frozen=True):
    """``side``'s owner gives up ``units`` for its part of the cell, in the order picked (11.16.5-R2-R4, K1)."""

    procedure: str
    side: str
    units: list[str]


class BuildWithKampfgruppe(Command, frozen=True):
    """Spend kampfgruppe ``credit`` toward building a unit of WiF class ``unit_class`` this production phase
    (11.16.5-K2b): the kampfgruppe's own class, INF or MIL."""

    credit: str
    unit_class: str


#: The commands this kind decides, in the order it lists them.
COMMANDS = (BeginLandCombat, ChooseCombatTable, RollLandCombatDice, DesignateFirstLossType,
            TakeLandCombatLosses, BuildWithKampfgruppe)
