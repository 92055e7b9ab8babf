"""What a unit is, as the assault values read it: weights, vehicles, infantry, class flags (AS-RES.1, AS-TER.2).

The vocabulary is the scenario's (docs/scenario.md, "units"); ``ratings`` flags count as set when non-zero:

* ``strength_kind`` ``vehicles`` or ``guns`` weighs 10 men-equivalents a point (AS-RES.1), anything else 1;
* a vehicle unit: ``strength_kind = "vehicles"`` or ``ratings.vehicle``; motorised and mechanised infantry
  (``unit_class`` ``mot_infantry``/``mech_infantry``) count as vehicles in Travel Mode only (AS-TER.2,
  AS-BOC.1, reading P8);
* infantry: the men of a unit whose ``strength_kind`` is ``men`` and that is not a vehicle unit (P8);
* ``ratings.engineer`` (or ``unit_class = "engineer"``), ``ratings.demolition``, ``ratings.travel_only``,
  ``ratings.immobile``, ``ratings.at_gun``.
"""
from __future__ import annotations

from turnlog.projections.state import UnitState

from ..kit.board import unit_class

MOTORISED = ("mot_infantry", "mech_infantry")


def flag(u: UnitState, name: str) -> bool:
    """A ``ratings`` flag: set when non-zero."""
    return bool(u.ratings.get(name, 0))


def weight(u: UnitState) -> int:
    """Men-equivalents per strength point: 10 for vehicles and guns, else 1 (AS-RES.1)."""
    return 10 if u.strength_kind in ("vehicles", "guns") else 1


def mass(u: UnitState) -> int:
    """The unit's strength in men-equivalents (AS-RES.1's weighting)."""
    return max(u.strength, 0) * weight(u)


def travelling(u: UnitState) -> bool:
    return u.mode.lower() == "travel"


def is_vehicle(u: UnitState) -> bool:
    """A unit that consists of vehicles, or mot/mech infantry in Travel Mode (AS-TER.2, AS-BOC.1, P8)."""
    if u.strength_kind == "vehicles" or flag(u, "vehicle"):
        return True
    return unit_class(u) in MOTORISED and travelling(u)


def vehicles(u: UnitState) -> int:
    """How many vehicles a vehicle unit counts for AS-CAP: its strength when it counts vehicles, else its
    men-equivalents in tens, rounded up (a lorried battalion: one vehicle per 10 men); 0 if no vehicle unit."""
    if not is_vehicle(u):
        return 0
    return max(u.strength, 0) if u.strength_kind == "vehicles" else -(-mass(u) // 10)


def infantry(u: UnitState) -> int:
    """The men a unit counts as infantry for AS-CAP (P8): 0 for vehicle, gun and unweighed units."""
    return max(u.strength, 0) if u.strength_kind == "men" and not is_vehicle(u) else 0


def engineer(u: UnitState) -> bool:
    return flag(u, "engineer") or unit_class(u) == "engineer"
