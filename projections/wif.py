"""Fold the WiF land-combat events (events/wif.py) into GameState.kinds["wif"].

A projection only records: every judgement was made when the command was decided. ``LandCombat`` is the
state the two parts share (its names are a contract with projections/wif_losses.py).
"""
from __future__ import annotations

import msgspec

from turnlog.events import wif as w

from .state import GameState


class LandCombat(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One land combat against one hex (``L<n>``)."""

    id: str                      # "L<n>"
    hex: str
    attacker: str                # faction ids
    defender: str
    turn: int
    phase: str = "arm"           # arm/table/roll/first_loss/losses/done
    attackers: list[str] = []    # land unit ids in the combat
    defenders: list[str] = []
    chooser: str = ""            # "attacker" / "defender"
    table: str = ""              # "blitz" / "assault"
    arm_attacker: str = "0"      # exact Fraction as a string ("5/2")
    arm_defender: str = "0"
    arm_contributors: list[str] = []  # attacking LAND units with ARM > 0 after multipliers (reading W12)
    invaders: list[str] = []     # host facts from BeginLandCombat
    paradropped: list[str] = []
    eng_used: list[str] = []     # ENG divisions that used an ability (R4d)
    in_supply: dict[str, bool] = {}       # per unit (K1), host fact
    retreat_route: dict[str, bool] = {}   # per unit (K1, reading W15), host fact
    att_loss: str = ""           # the cell's attacker part: a number of CP as a string, or "" / "-"
    def_loss: str = ""           # the defender part
    flags: list[str] = []        # non-numeric parts (R, S, B, *...)
    first_loss_type: str = ""    # set by 15b's DesignateFirstLossType (arm/invasion/para/eng)
    settled: list[str] = []      # "attacker"/"defender": sides whose losses are taken (15b's events)
    # 15a's own additions
    odds: str = ""               # the host's odds before any shift
    weather: str = ""
    column: str = ""
    row: str = ""
    cell: str = ""
    dice: list[int] = []         # [attacker's die, defender's die] as rolled
    tank_busters: list[str] = []  # "side:unit:factors" of the TBs flying ground support
    notional: int = 0


class LandCombats(msgspec.Struct, kw_only=True, omit_defaults=True):
    procedures: dict[str, LandCombat] = {}


def apply(state: GameState, event) -> None:
    """Fold one land-combat event."""
    mine = state.kinds.setdefault("wif", LandCombats())
    match event:
        case w.LandCombatBegun(procedure=p):
            mine.procedures[p] = LandCombat(
                id=p, hex=event.hex, attacker=event.attacker, defender=event.defender, turn=event.turn,
                attackers=list(event.attackers), defenders=list(event.defenders), invaders=list(event.invaders),
                paradropped=list(event.paradropped), eng_used=list(event.eng_used), in_supply=dict(event.in_supply),
                retreat_route=dict(event.retreat_route), odds=event.odds, weather=event.weather,
                tank_busters=[f"{t.side}:{t.unit}:{t.factors}" for t in event.tank_busters], notional=event.notional)
        case w.ArmPointsCounted(procedure=p):
            combat = mine.procedures[p]
            combat.arm_attacker, combat.arm_defender = event.attacker, event.defender
            combat.arm_contributors = list(event.contributors)
        case w.TableChooserDetermined(procedure=p):
            mine.procedures[p].chooser = event.chooser
        case w.CombatTableChosen(procedure=p):
            combat = mine.procedures[p]
            combat.table, combat.column = event.table, event.column
        case w.LandCombatResultDetermined(procedure=p):
            combat = mine.procedures[p]
            combat.row, combat.cell, combat.column = event.row, event.cell, event.column
            combat.dice = [event.attacker_die, event.defender_die]
            combat.att_loss, combat.def_loss, combat.flags = event.att_loss, event.def_loss, list(event.flags)
        case w.LandCombatPhaseChanged(procedure=p, phase=ph):
            mine.procedures[p].phase = ph
