"""World in Flames land combat: which unit the attacker must lose first (11.16.5-R4a to R4e).

Each constraint names a type of unit and the attacker's units of that type in the combat: ``arm`` the
land units that contributed ARM points when the attacker chose the table and chose blitz (R4a; reading
W12: land contributors only, and the constraint lapses when none is left), ``invasion`` the invading
MARs, or any invader when no MAR invaded (R4b), ``para`` the paradropped PARAs (R4c), ``eng`` the ENG
divisions that used an ability (R4d). With two or more, the defender names the type (R4e); the attacker
then picks the unit of that type and every later loss. A division of the type meets the constraint, though
it pays only half a point (R4e's note); the casualty points are R3's business.
"""
from __future__ import annotations

from turnlog.projections.state import GameState

from ..errors import CommandError, RuleViolation
from .r3_casualties import owed, wif_class

R4A, R4B, R4C, R4D, R4E = (f"11.16.5-R4{x}" for x in "abcde")
#: constraint kind -> the clause that imposes it.
CLAUSES = {"arm": R4A, "invasion": R4B, "para": R4C, "eng": R4D}
WHAT = {"arm": "a unit that contributed ARM points", "invasion": "an invading unit (a MAR if one invaded)",
        "para": "a paradropped PARA", "eng": "the ENG that used its abilities"}


def _alive(state: GameState, combat, ids) -> list[str]:
    return [u for u in ids if u in combat.attackers and u in state.units and not state.units[u].eliminated]


def _of_class(state: GameState, ids: list[str], cls: str) -> list[str]:
    return [u for u in ids if wif_class(state.units[u]) == cls]


def candidates(state: GameState, combat) -> dict[str, list[str]]:
    """kind -> the attacker's units that meet it, for every constraint that applies now (none lapsed)."""
    out: dict[str, list[str]] = {}
    if combat.chooser == "attacker" and combat.table == "blitz":
        out["arm"] = _alive(state, combat, combat.arm_contributors)
    invaders = _alive(state, combat, combat.invaders)
    out["invasion"] = _of_class(state, invaders, "MAR") or invaders
    dropped = _alive(state, combat, combat.paradropped)
    out["para"] = _of_class(state, dropped, "PARA") or dropped
    out["eng"] = _alive(state, combat, combat.eng_used)
    return {k: v for k, v in out.items() if v}


def must_designate(state: GameState, combat) -> bool:
    """The defender has a type to name: the attacker owes a loss and two or more constraints apply (R4e)."""
    return owed(combat, "attacker") is not None and not combat.first_loss_type and len(candidates(state, combat)) > 1


def check_designation(state: GameState, combat, kind: str) -> None:
    """Refuse the defender's naming of ``kind`` unless R4e lets him name it now."""
    if kind not in CLAUSES:
        raise CommandError(f'kind: "{kind}" is not one of {", ".join(CLAUSES)}')
    if combat.first_loss_type:
        raise RuleViolation(R4E, f"the first loss's type in {combat.id} is already named ({combat.first_loss_type})")
    if owed(combat, "attacker") is None:
        raise RuleViolation(R4E, f"the attacker owes no loss in {combat.id}: there is no first loss to name")
    apply = candidates(state, combat)
    if len(apply) < 2:
        only = f" (only {next(iter(apply))} applies)" if apply else ""
        raise RuleViolation(R4E, f"the defender names the type only when two or more first-loss constraints "
                            f"apply{only}")
    if kind not in apply:
        raise RuleViolation(CLAUSES[kind], f"{kind} is not a first-loss constraint of {combat.id} "
                            f"(they are: {', '.join(apply)})")


def required(state: GameState, combat) -> tuple[str, list[str]] | None:
    """The constraint on the attacker's first loss now, as (kind, units), or None when none applies.

    Refused under R4e while two or more apply and the defender has not named one.
    """
    apply = candidates(state, combat)
    if not apply:
        return None
    if combat.first_loss_type:
        kind = combat.first_loss_type
        return (kind, apply[kind]) if kind in apply else None
    if len(apply) > 1:
        raise RuleViolation(R4E, f"{' and '.join(apply)} constraints both apply to {combat.id}'s first loss: the "
                            "defender names the type first (DesignateFirstLossType)")
    return next(iter(apply.items()))


def check_first(state: GameState, combat, side: str, units: list[str]) -> str:
    """Refuse an attacker's list whose first unit breaks the constraint that applies; return its clause or ''."""
    if side != "attacker" or not units:
        return ""
    need = required(state, combat)
    if need is None:
        return ""
    kind, ok = need
    if units[0] not in ok:
        raise RuleViolation(CLAUSES[kind], f"the attacker's first loss must be {WHAT[kind]}: one of "
                            f"{', '.join(ok)}, not {units[0]}")
    return CLAUSES[kind]
