"""What the active side may issue in an open designation procedure, with the concrete choices.

Each is a kit Choice (engine/kit/choices.py): fixed fields, the values each other field may take,
who acts.
"""
from __future__ import annotations

from typing import TypedDict

from turnlog.projections.designation import AttackDesignation
from turnlog.projections.state import GameState

from ..kit.choices import Bound, Choice, Option, choice

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


def _pick(field: str, values: list[str], *, least: int = 1, bounds: list[Bound] | None = None) -> Option:
    return Option(field=field, values=values, many=True, least=min(least, len(values)), most=None,
                  bounds=bounds or [])


def _spare(able: dict[str, list[str]], hexes: list[str]) -> list[Bound]:
    """Bounds that leave each other required hex one of the units able to attack it (9.1.1)."""
    return [Bound(values=us, most=len(us) - 1, rule="9.1.1") for h, us in able.items()
            if h not in hexes and us]


def _owed_groups(owed: list[str], able: dict[str, list[str]]) -> list[list[str]]:
    """The required hexes to offer an assault on: together, the hexes one unit alone may still attack
    (attacking one of them alone would strand the others, 9.1.1); each other on its own."""
    out: list[list[str]] = []
    for h in owed:
        if any(h in g for g in out):
            continue
        group = [k for k in owed if len(able[h]) == 1 and able[k] == able[h]] or [h]
        out.append(group)
    return out


def _free_assaults(state: GameState, proc: AttackDesignation, used: set[str], owed: set[str],
                   able: dict[str, list[str]], fixed: dict, who: _Who) -> list[Choice]:
    """Assaults on hexes no duty names: one choice per enemy hex with the free units that may attack it
    (adjacent, not barred, 9.2.0), then one per pair of hexes two such units share (9.2.1)."""
    free = [u for u in s91.designated(proc) if u not in used and b.on_board(state.units[u])]
    occ = b.by_hex(state)
    near = sorted({h for u in free for h in b.neighbours(state, state.units[u].hex)
                   if h not in owed and b.enemy_units(state, proc.active, h, occ)
                   and not all(e.id in used for e in b.enemy_units(state, proc.active, h, occ))})
    by_hex = {h: [u for u in free if h in b.neighbours(state, state.units[u].hex)
                  and b.attack_bar(state, state.units[u], h) is None] for h in near}
    out = []
    for h, us in by_hex.items():
        spare = _spare(able, [h]) + _caps(state, [h], us)
        if _usable(us, spare):
            out.append(choice("DeclareGroundAssault", fixed, [
                Option(field="hexes", values=[h], many=True),
                _pick("attackers", _usable(us, spare), bounds=spare)], rule="9.2.3", note=_TOGETHER,
                **who))
    for i, h in enumerate(near):
        for k in near[i + 1:]:
            shared = [u for u in by_hex[h] if u in by_hex[k]]
            spare = _spare(able, [h, k]) + _caps(state, [h, k], shared)
            both = _usable(shared, spare)
            if both:
                out.append(choice("DeclareGroundAssault", fixed, [
                    Option(field="hexes", values=[h, k], many=True, least=2, most=2),
                    _pick("attackers", both, bounds=spare)], rule="9.2.1",
                    note=f"every attacker adjacent to both hexes (9.2.0, 9.2.1); {_TOGETHER}", **who))
    return out


def _caps(state: GameState, hexes: list[str], units: list[str]) -> list[Bound]:
    """9.2.4: into a constricted target, each hex sends at most 2 units, 1 battalion of them."""
    if not any(b.constricted(state, h) for h in hexes):
        return []
    out = []
    for origin in sorted({state.units[u].hex for u in units}):
        here = [u for u in units if state.units[u].hex == origin]
        bns = [u for u in here if state.units[u].size.lower() == b.BATTALION]
        if len(here) > s92.CONSTRICTED_UNITS:  # a cap that cannot bind is not said
            out.append(Bound(values=here, most=s92.CONSTRICTED_UNITS, rule="9.2.4"))
        if len(bns) > s92.CONSTRICTED_BATTALIONS:
            out.append(Bound(values=bns, most=s92.CONSTRICTED_BATTALIONS, rule="9.2.4"))
    return out


def _usable(units: list[str], spare: list[Bound]) -> list[str]:
    """The units an assault may take: none that is the last one able to attack another required hex."""
    return [u for u in units if not any(u in b.values and b.most == 0 for b in spare)]


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
            rule="9.2.0", **who) for g in open_]
    used = set(proc.participated)
    owed = s92.unattacked(state, proc)
    able = {h: s92.able_units(state, proc, h, used) for h in owed}
    out = []
    still = any(able.values())
    for hexes in _owed_groups(owed, able):
        usable = sorted({u for h in hexes for u in able[h]})
        spare = _spare(able, hexes) + _caps(state, hexes, usable)
        usable = _usable(usable, spare)
        if usable:  # none: any assault on these hexes would strand another (9.1.1)
            out.append(choice("DeclareGroundAssault", fixed, [
                Option(field="hexes", values=hexes, many=True, least=len(hexes), most=len(hexes)),
                _pick("attackers", usable, bounds=spare)],
                rule="9.1.1", note=f"a required hex; {_TOGETHER}", **who))
    out += _free_assaults(state, proc, used, set(owed), able, fixed, who)
    # offered only when accepted: no required hex is owed an attack a unit could still make (9.1.1)
    if not still:
        out.append(choice("EndGroundAssaultSegment", fixed, rule="9.1.1", **who))
    return out
