"""What the active side may issue in an open designation procedure, with the concrete choices.

Each is a kit Choice (engine/kit/choices.py): fixed fields, the values each other field may take,
who acts.
"""
from __future__ import annotations

from typing import TypedDict

from turnlog.projections.designation import AttackDesignation
from turnlog.projections.state import GameState

from ..kit.choices import Choice, Option, choice

from . import board as b
from . import r9_1_designation as s91
from . import r9_2_ground_assault as s92


def _designatable(state: GameState, proc: AttackDesignation) -> list[str]:
    occ = b.by_hex(state)
    chosen = set(s91.designated(proc))
    return [u.id for u in b.side_units(state, proc.active) if u.id not in chosen
            and b.unit_class(u) not in b.NEVER_ATTACK and s91.targets(state, proc.active, u, occ)]


#: What a drawn assault must also respect, across its fields: a Choice's note names the rules
#: (kit/choices.py).
_TOGETHER = ("units from several hexes only if all are in PA mode (9.2.1); not the last units able "
             "to attack another required hex (9.1.1); a constricted target takes at most two "
             "units, one battalion, from each hex (9.2.4); no attacker against a hex whose terrain "
             "is closed to its class in movement (9.1.3)")


class _Who(TypedDict):
    """Who issues a choice: the procedure's active side."""

    role: str
    faction: str


def _pick(field: str, values: list[str], *, least: int = 1) -> Option:
    return Option(field=field, values=values, many=True, least=min(least, len(values)), most=None)


def choices(state: GameState, proc: AttackDesignation) -> list[Choice]:
    """One Choice per command the phase allows, naming the units and hexes it may take."""
    p = proc.id
    who: _Who = {"role": "active", "faction": proc.active}
    fixed = {"procedure": p}
    if proc.phase == "designation":
        required, unmarked = s91.duties(state, proc)
        units = _designatable(state, proc)
        note = f"must still mark {', '.join(unmarked)} (9.1.1)" if unmarked else ""
        out: list[Choice] = [choice("DesignateAttackers", fixed, [_pick("units", units)],
                                    rule="9.1.0", note=note, **who)] if units else []
        # a host move may take a marked unit off the board
        marked = [u for u in proc.marked if u in state.units and b.on_board(state.units[u])]
        if marked:
            out.append(choice("UndesignateAttackers", fixed, [_pick("units", marked)],
                              rule="9.1.2", **who))
        # offered only when it would be accepted: every Open unit next to its target is marked
        if not unmarked:
            duties = "; ".join(f"{h} by {', '.join(us)}" for h, us in required.items()) or "none"
            out.append(choice("EndAttackDesignation", fixed, rule="9.1.1",
                              note=f"required: {duties}", **who))
        return out
    if proc.phase == "barrage":
        shifted = Option(field="hexes", many=True, least=0, most=None,
                         domain="enemy hexes the barrage shifted")
        retreats = Option(field="retreats", optional=True,
                          domain="units the barrage made retreat, [{unit, to}] (9.2.2, 9.2.3)")
        return [choice("ReportArtilleryShifts", fixed, [shifted, retreats], rule="9.1.1", **who),
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
    still = False
    for h in owed:
        able = s92.able_units(state, proc, h, used)
        still = still or bool(able)
        if able:
            out.append(choice("DeclareGroundAssault", fixed, [Option(field="hexes", values=[h], many=True),
                                                              _pick("attackers", able)],
                              rule="9.1.1", note=f"a required hex; {_TOGETHER}", **who))
    free = [u for u in s91.designated(proc) if u not in used and b.on_board(state.units[u])]
    occ = b.by_hex(state)
    near = sorted({h for u in free for h in b.neighbours(state, state.units[u].hex)
                   if b.enemy_units(state, proc.active, h, occ)})
    if free and near:
        out.append(choice("DeclareGroundAssault", fixed,
                          [_pick("attackers", free), _pick("hexes", near)], rule="9.2.3",
                          note="every attacker adjacent to every target hex (9.2.0, 9.2.3); "
                               f"{_TOGETHER}",
                          **who))
    # offered only when accepted: no required hex is owed an attack a unit could still make (9.1.1)
    if not still:
        out.append(choice("EndGroundAssaultSegment", fixed, rule="9.1.1", **who))
    return out
