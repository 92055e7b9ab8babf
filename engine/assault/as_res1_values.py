"""Both sides' values for one assault: AS-RES.1's totals and average defence values after every modifier.

Per unit: assault value x strength x weight (10 for vehicles and guns), times its own multipliers
(AS-ATK.4, AS-DEF.1-6, AS-CAP.5); its defence value times or plus its own (AS-BOC.1, the bunker bonus of
AS-DEMO.1). Per side: the percentages (AS-UNIT.2, AS-TER.1-2, AS-ORG.1) on the sum, combined as
``rules.pzc.combine`` says (reading P2: ``sum``, one percentage made of the parts, floored at 0; ``chain``,
each part in turn). The averages are weighted by strength in men-equivalents. Exact Fractions throughout;
the rounding belongs to the results (AS-RES.2). Range-0 hard attack values play no part (AS-HA0.1, P19).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from turnlog.events.base import Modifier
from turnlog.projections.assault import Assault
from turnlog.projections.state import GameState, UnitState

from ..errors import RuleViolation
from ..kit import modifiers as kit
from ..kit.board import on_board
from . import (
    as_atk_attackers as attackers,
    as_cap_combined_arms as combined_arms,
    as_org_organisation as organisation,
    as_def_reductions as reductions,
    as_ter_terrain as terrain_mods,
    as_unit_modifiers as unit_mods,
)
from .facts import flag, mass, weight  # noqa: F401  (weight is part of this module's interface)


@dataclass(frozen=True)
class Totals:
    """AS-RES.1's four figures for one assault, with every modifier that made them."""

    att_value: Fraction        # attackers' total assault value after every modifier
    att_defence: Fraction      # attackers' strength-weighted average defence value (after AS-BOC.1)
    def_value: Fraction        # defenders' total assault value after every modifier
    def_defence: Fraction      # defenders' strength-weighted average defence value
    modifiers: tuple[Modifier, ...] = ()
    contributions: dict[str, Fraction] = field(default_factory=dict)  # unit -> value after its own multipliers
    demolition: tuple[str, ...] = ()   # attacking demolition units taking part (AS-DEMO.2 charges them)


def sides(state: GameState, assault: Assault) -> tuple[list[UnitState], list[UnitState]]:
    """The attackers and the defenders still on the map (the defenders still in the hex)."""
    att = [state.units[i] for i in assault.units if on_board(state.units[i])]
    dfn = [state.units[i] for i in assault.defenders if on_board(state.units[i]) and state.units[i].hex == assault.hex]
    return att, dfn


def contribution(u: UnitState, mods: list[Modifier]) -> Fraction:
    """AS-RES.1 for one unit: assault value x strength in men-equivalents, times its own multipliers."""
    return kit.apply(u.ratings.get("assault", 0) * mass(u), mods, rounding="exact", applies_to=f"assault:{u.id}")


def side_value(state: GameState, base: Fraction, mods: list[Modifier]) -> Fraction:
    """A side's total after its percentages, combined as reading P2 (``rules.pzc.combine``) says."""
    if state.rules.pzc.combine == "sum":
        return kit.apply(base, mods, rounding="exact", floor_percent=True)
    x = base
    for m in mods:
        x = max(x * (100 + m.amount) / 100, Fraction(0))
    return x


def average_defence(units: list[UnitState], mods: list[Modifier]) -> Fraction:
    """The strength-weighted (men-equivalent) mean of the units' defence values after their own modifiers."""
    total = sum(mass(u) for u in units)
    if not total:
        return Fraction(0)
    return sum((kit.apply(u.ratings.get("defence", 0), mods, rounding="exact", applies_to=f"defence:{u.id}")
                * mass(u) for u in units), Fraction(0)) / total


def totals(state: GameState, assault: Assault) -> Totals:
    """AS-RES.1: both sides' total assault values and average defence values, every modifier listed.

    RuleViolation AS-HA0.1 when the scenario turns on the Alternate Assault rule, whose formula the text
    does not give (reading P19): the engine refuses rather than resolve by another rule (the declaration
    is refused too, attackers.unplayable).
    """
    why = attackers.unplayable(state)
    if why:
        raise RuleViolation("AS-HA0.1", why)
    att, dfn = sides(state, assault)
    hexes = sorted({u.hex for u in att})
    own: list[Modifier] = []   # each unit's multipliers on its assault value
    for u in att:
        own += reductions.attacker(state, u)
    own += combined_arms.penalty(state, assault.hex, att, dfn)
    for u in dfn:
        own += reductions.defender(state, u, hexes)
    contrib = {u.id: contribution(u, own) for u in [*att, *dfn]}
    att_side = [*unit_mods.side(att, "attacker"), *terrain_mods.hexside(state, assault.hex, att),
                *terrain_mods.ground(state, assault.hex, att), *organisation.penalty(state, att)]
    def_side = unit_mods.side(dfn, "defender")
    defence = [m for u in att for m in terrain_mods.bocage(state, assault.hex, u)]
    defence += [m for u in dfn for m in terrain_mods.fortified(state, assault.hex, att, u)]
    return Totals(
        att_value=side_value(state, sum((contrib[u.id] for u in att), Fraction(0)), att_side),
        att_defence=average_defence(att, defence),
        def_value=side_value(state, sum((contrib[u.id] for u in dfn), Fraction(0)), def_side),
        def_defence=average_defence(dfn, defence),
        modifiers=(*own, *att_side, *def_side, *defence), contributions=contrib,
        demolition=tuple(u.id for u in att if flag(u, "demolition")))
