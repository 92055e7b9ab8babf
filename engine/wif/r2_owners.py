"""Each owner picks its own units' losses (11.16.5-R2) when a side's units have several owners.

R2 gives the choice to the owning player, always. Under the ``own_losses`` ruling (edition 6) a side
of several owners therefore takes its losses in parts, one ``TakeLandCombatLosses`` per owner, in
either order, each listing only that owner's units. A part pays toward what is still owed (the
number less what the side's earlier parts paid) and never past it before its last unit (R3, reading
W13). A part short of it leaves the rest to the owners who still have units in the combat; when none
has, the part must give all its owner can (a shortfall). The part that pays the rest, or leaves no
one to pay it, settles the side: its ``LandCombatLossesTaken`` lists that part's units and casualty
points and the side's shortfall. The first unit of the attacker's first part meets R4; the corps of
the settling part that pays a half a division or gun left open (in any part) is K1b's. Before the
ruling the lead picked for all (docs/rulings.md).
"""
from __future__ import annotations

from fractions import Fraction

from turnlog.events import wif_losses as w
from turnlog.events.editions import applies
from turnlog.projections.state import GameState

from . import rulings
from . import r3_casualties as r3, r4_first_loss as r4
from ..errors import CommandError
from ..kit import losses as kl
from ..kit.board import faction_of


def owners(state: GameState, combat, side: str) -> list[str]:
    """The factions owning the side's units, in the order of its units."""
    return list(dict.fromkeys(faction_of(state, state.units[u]) for u in r3.side_units(combat, side)
                              if u in state.units))


def several(state: GameState, combat, side: str) -> bool:
    """Whether ``side`` takes its losses in parts: the ruling applies and its units have several owners."""
    return (applies(state, rulings.OWN_LOSSES) and side in r3.SIDES
            and len(owners(state, combat, side)) > 1)


def alive(state: GameState, combat, side: str, owner: str = "") -> list[str]:
    """The side's units still in play (of ``owner`` only, when given)."""
    return [u for u in r3.side_units(combat, side)
            if u in state.units and not state.units[u].eliminated
            and (not owner or faction_of(state, state.units[u]) == owner)]


def paid_before(state: GameState, combat, side: str) -> Fraction:
    """What the side's earlier parts paid: the points of its units lost while it is unsettled."""
    return sum((r3.points(state.units[u]) for u in r3.side_units(combat, side)
                if u in state.units and state.units[u].eliminated), Fraction(0))


def still_owed(state: GameState, combat, side: str) -> Fraction:
    return (r3.owed(combat, side) or Fraction(0)) - paid_before(state, combat, side)


def owner_of(state: GameState, combat, side: str, units: list[str]) -> str:
    """The owner whose part ``units`` is: the faction of its first unit (CommandError for none)."""
    if not units:
        raise CommandError("units: name at least one unit: the side has several owners, and each lists "
                           f"its own ({', '.join(owners(state, combat, side))}; {r3.R2})")
    first = state.units.get(units[0])
    if first is None:
        raise CommandError(f'units[0]: no unit "{units[0]}"')
    return faction_of(state, first)


def part_owner(state: GameState, combat, side: str, units: list[str]) -> str:
    """Who issues a part listing ``units`` (the seat R2 gives it), or "" when the side is not in parts."""
    if not units or units[0] not in state.units or not several(state, combat, side):
        return ""
    return faction_of(state, state.units[units[0]])


def check_part(state: GameState, combat, side: str, units: list[str]) -> tuple[r3.Paid, bool, str]:
    """Refuse a part that breaks R2/R3/R4; return what it pays, whether it settles the side, its R4 clause."""
    r3.check_open(combat, side)
    owner = owner_of(state, combat, side, units)
    mine = r3.side_units(combat, side)
    remaining = still_owed(state, combat, side)
    others = [u for u in alive(state, combat, side) if faction_of(state, state.units[u]) != owner]

    def judge(uid: str) -> kl.Candidate | None:
        u = state.units.get(uid)
        if u is None:
            return None
        if uid not in mine:
            return kl.Candidate(uid, r3.R2, f"{uid} is not one of the {side}'s units in {combat.id}")
        if faction_of(state, u) != owner:
            return kl.Candidate(uid, r3.R2, f"{uid} is {faction_of(state, u)}'s and {units[0]} {owner}'s: "
                                "each owner lists only its own units' losses")
        if u.eliminated:
            return kl.Candidate(uid, r3.R2, f"{uid} is already destroyed")
        return kl.Candidate(uid, weight=r3.points(u))

    spec = kl.LossSpec(r3.R3, remaining, judge,
                       too_many="{taken} casualty points listed, but the side's rest is paid before the last "
                                "unit ({required} still owed): the owner loses no more than is needed",
                       too_few="the list pays {taken} casualty points; no other owner has a unit left, so "
                               f"{owner} must pay {{most}} here")
    own = sum((r3.points(state.units[u]) for u in alive(state, combat, side, owner)), Fraction(0))
    most = Fraction(0) if others else min(remaining, own)
    kl.check(spec, units, most)
    paid = sum((r3.points(state.units[u]) for u in units), Fraction(0))
    settles = paid >= remaining or not others
    before = paid_before(state, combat, side)
    first = "" if before else r4.check_first(state, combat, side, units)
    half = r3.half_payer(state, units, before + paid) if settles else ""
    short = max(Fraction(0), remaining - paid) if settles else Fraction(0)
    return r3.Paid(cp=paid, shortfall=short, half_payer=half), settles, first


def settled_event(combat, side: str, units: list[str], paid: r3.Paid,
                  first: str) -> w.LandCombatLossesTaken:
    """The event that settles ``side``: the units of the list that settles it, and what it paid."""
    return w.LandCombatLossesTaken(procedure=combat.id, side=side, units=list(units),
                                   cp=str(paid.cp), shortfall=str(paid.shortfall), first=first)



def part_reason(side: str, owner: str, left: Fraction, settles: bool) -> str:
    """Why a unit of a part is lost, for its UnitEliminated: whose part, and what is left after it."""
    rest = "the side's losses are settled" if settles else \
        f"{left} casualty points still owed, for the other owners"
    return f"{owner}'s part of the {side}'s losses ({rest}; {r3.R2})"
