"""Unit modifiers: AS-UNIT.1 (quality part + fatigue part) and AS-UNIT.2 (lowest attacker, highest defender).

``quality`` is the letter A-F (empty counts as C); ``fatigue`` is the band 0-3 (none, Medium, High,
Maximum), as as_atk_attackers.py reads it. The text's second example is misprinted
(docs/rulings.md): the clause is implemented, not the example's figure.
"""
from __future__ import annotations

from turnlog.events.base import Modifier
from turnlog.projections.state import UnitState

from ..errors import RuleViolation

QUALITY = {"A": 20, "B": 10, "C": 0, "D": -20, "E": -40, "F": -60}
FATIGUE = {0: 0, 1: -10, 2: -20, 3: -40}
BANDS = {0: "no", 1: "Medium", 2: "High", 3: "Maximum"}


def unit_pct(u: UnitState) -> int:
    """AS-UNIT.1: the unit's quality part plus its fatigue part, in percent."""
    q = (u.quality or "C").upper()
    if q not in QUALITY or u.fatigue not in FATIGUE:
        raise RuleViolation("AS-UNIT.1", f"{u.id}: quality {u.quality!r} or fatigue band {u.fatigue} is not one "
                            "the unit modifier knows (quality A-F, fatigue 0-3)")
    return QUALITY[q] + FATIGUE[u.fatigue]


def side(units: list[UnitState], role: str) -> list[Modifier]:
    """AS-UNIT.2: the attackers' lowest, or the defenders' highest, unit modifier as one side percentage.

    The first unit (in the order given) holding that value is named; a zero modifier is not logged.
    """
    if not units:
        return []
    pick = (min if role == "attacker" else max)(units, key=unit_pct)
    pct = unit_pct(pick)
    if not pct:
        return []
    q, f = (pick.quality or "C").upper(), BANDS[pick.fatigue]
    word = "lowest" if role == "attacker" else "highest"
    return [Modifier(value=pct, rule="AS-UNIT.2", kind="percent", applies_to=role,
                     reason=f"the {role}s' {word} unit modifier (AS-UNIT.1): {pick.id}, quality {q} "
                     f"({QUALITY[q]:+d}%), {f} fatigue ({FATIGUE[pick.fatigue]:+d}%)")]
