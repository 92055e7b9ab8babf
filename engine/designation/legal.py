"""What the active side may issue in an open designation procedure, with the concrete choices.

Each is a kit Choice (engine/kit/choices.py): fixed fields, the values each other field may take, who acts.
"""
from __future__ import annotations

from turnlog.projections.designation import AttackDesignation
from turnlog.projections.state import GameState

from ..kit.choices import Choice, Option, choice

from . import board as b
from . import s9_1_designation as s91
from . import s9_2_ground_assault as s92


def _designatable(state: GameState, proc: AttackDesignation) -> list[str]:
    occ = b.by_hex(state)
    chosen = set(s91.designated(proc))
    return [u.id for u in b.side_units(state, proc.active) if u.id not in chosen
            and b.unit_class(u) not in b.NEVER_ATTACK and s91.targets(state, proc.active, u, occ)]


def _pick(field: str, values: list[str], *, least: int = 1) -> Option:
    return Option(field=field, values=values, many=True, least=min(least, len(values)), most=None)


def choices(state: GameState, proc: AttackDesignation) -> list[Choice]:
    """One Choice per command the phase allows, naming the units and hexes it may take."""
    p, who = proc.id, {"role": "active", "faction": proc.active}
    fixed = {"procedure": p}
    if proc.phase == "designation":
        required, unmarked = s91.duties(state, proc)
        units = _designatable(state, proc)
        out = [choice("DesignateAttackers", fixed, [_pick("units", units)], rule="9.1.0",
                      note=f"must still mark {', '.join(unmarked)} (9.1.1)" if unmarked else "", **who)]
        if proc.marked:
            out.append(choice("UndesignateAttackers", fixed, [_pick("units", list(proc.marked))], rule="9.1.2", **who))
        owed = "; ".join(f"{h} by {', '.join(us)}" for h, us in required.items()) or "none"
        note = f"required: {owed}" + (" (refused until every Open unit is marked)" if unmarked else "")
        out.append(choice("EndAttackDesignation", fixed, rule="9.1.1", note=note, **who))
        return out
    if proc.phase == "barrage":
        return [choice("ReportArtilleryShifts", fixed, [Option(field="hexes", many=True, least=0, most=None,
                                                               domain="enemy hexes the barrage shifted")],
                       rule="9.1.1", **who),
                choice("StartGroundAssaultSegment", fixed, rule="9.0", **who)]
    if proc.phase != "ground_assault":
        return []
    open_ = [g.id for g in proc.assaults.values() if g.result is None]
    if open_:
        return [choice("ReportGroundAssaultResult", {**fixed, "assault": g}, [
            Option(field="result", domain="the result label of rules 10-11", optional=True)],
            rule="9.2.0", role="host", faction="") for g in open_]
    used = set(proc.participated)
    owed = s92.unattacked(state, proc)
    out = []
    for h in owed:
        out.append(choice("DeclareGroundAssault", fixed, [Option(field="hexes", values=[h], many=True),
                                                          _pick("attackers", s92.able_units(state, proc, h, used))],
                          rule="9.1.1", note="a required hex", **who))
    free = [u for u in s91.designated(proc) if u not in used and b.on_board(state.units[u])]
    if free:
        out.append(choice("DeclareGroundAssault", fixed, [_pick("attackers", free), Option(
            field="hexes", many=True, domain="enemy hexes adjacent to every attacker")], rule="9.2.3", **who))
    out.append(choice("EndGroundAssaultSegment", fixed, rule="9.1.1",
                      note=f"refused while {', '.join(owed)} unattacked" if owed else "", **who))
    return out
