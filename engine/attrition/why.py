"""What the REPL's ``why`` and ``odds`` say about rule 14: the rules behind an event, a roll's odds.

Read-only answers from the board before the event (``why``) or at the cursor (``odds``); the faces
print them (engine/faces/explain.py, repl/rules.py), so a host program can print the same.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from turnlog.events import attrition as a
from turnlog.events import game as g
from turnlog.projections.state import GameState

from ..kit.modifiers import total as modifier_total
from . import machine
from . import r14_5_losses as losses
from . import r14_7_retreats as retreats
from .common import contact_group, faction
from ..hexgrid import grid
from . import r14_2_zones as zones
from . import r14_41_table as table
from . import r14_42_modifiers as modifiers
from .r14_41_table import die_row

# Why a unit was left out of a count: the rule letter and a paraphrase (the wording is the text's).
REFUSALS = {
    "14.213": "left out by the attacker",
    "14.23A": "took part in offensive operations this turn",
    "14.23B": "already counted in another attrition this turn",
    "14.23C": "touches the zone only across impassable or all-water hexsides",
    "14.23D": "touches the zone only across a fortified hexside or into a fortress/fortification",
    "14.23E": "no defending unit it may attack there",
    "14.23F": "a unit type that never counts",
}


def _row(row: int) -> str:
    return str(row) if row < 11 else "11+"


def _result(prev: GameState, ev: a.AttritionResultDetermined,
            rolled: g.DieRolled | None) -> list[str]:
    """The die, each modifier, the modified roll, the column and the row read (14.41, 14.43)."""
    p = prev.attritions.get(ev.procedure)
    die = prev.die
    how = ("entered by hand" if rolled and rolled.entered
           else "mixed from every holder's share (joint dice)" if rolled and rolled.shares
           else "derived from the committed seed")
    out = [f"  die: {ev.die} ({how}; d{die.sides} read {die.lowest}-{die.lowest + die.sides - 1})"]
    base = die_row(prev, ev.die)
    out += [f"  modifier {m}" for m in ev.modifiers] or ["  no modifier applies"]
    total = modifier_total(ev.modifiers)
    out.append(f"  modified roll: {base} {total:+d} = {ev.modified}"
               + (f", read as row {_row(ev.row)} (14.43)" if ev.row != ev.modified else ""))
    out.append(f"  column: {ev.column} ({p.factors if p else 0} attritioning factors, 14.41)")
    col = table.COLUMNS.index(ev.column) if ev.column in table.COLUMNS else -1
    cells = "  ".join(f"[{table.label(x)}]" if i == col else table.label(x)
                      for i, x in enumerate(table.TABLE[ev.row]))
    out.append(f"  row {_row(ev.row)} of the Attrition Table: {cells}")
    out.append(f"  result: {table.label((ev.counters, ev.hexes))}")
    return out + [f"  note: {n}" for n in ev.notes]


def _counted(prev: GameState, ev: a.FactorsCounted) -> list[str]:
    """Who was counted with their factors, and each unit left out with its 14.2 letter."""
    p = prev.attritions.get(ev.procedure)
    units = ", ".join(f"{u} ({prev.units[u].factors})" for u in ev.units)
    out = [f"  counted ({ev.rule}): {units} = {ev.factors} factors, column {ev.column} (14.41)",
           f"  defending units in contact: {', '.join(ev.contact) or 'none'}"]
    if p is not None and p.zone in prev.zones:
        counted = zones.count(prev, p.attacker, prev.zones[p.zone], frozenset(p.excluded))
        for u, rule in sorted(counted.refused.items()):
            said = f" ({REFUSALS[rule]})" if rule in REFUSALS else ""
            out.append(f"  not counted: {u} — {rule}{said}")
    return out


#: The phase table's conditions in a reader's words (machine.py CONDITIONS holds them as code).
REASONS = {"has_counters": "the result calls for counter losses (14.41)",
           "two_counters_allowed": "two counters may be taken as one (14.44)",
           "russian_winter": "Russian winter losses are designated first (14.521)",
           "occupation_allowed": "the result gives hexes to occupy, or the zone is cleared "
                                 "(14.11B, 14.65)",
           "has_displaced": "units must be displaced first (14.11C)",
           "has_selection": "hexes were selected for occupation (14.11C)"}


def _phase(prev: GameState, ev: a.AttritionPhaseChanged) -> list[str]:
    """The phase table's transition this change took (14.11), its condition in words."""
    p = prev.attritions.get(ev.procedure)
    src = p.phase if p else "count"
    ts = [t for t in machine.TRANSITIONS if t["source"] == src and t["dest"] == ev.phase]
    out = [f"  phase table: {src} --{t['trigger']}--> {ev.phase}"
           + (f": {REASONS.get(t['conditions'], t['conditions'])}" if t.get("conditions") else "")
           for t in ts]
    return out or [f"  phase table: {src} -> {ev.phase}"]


def _losses(state: GameState, ev: a.AttritionLossesTaken) -> list[str]:
    out = [f"  losses taken (14.51): {', '.join(ev.units) or 'none'}"]
    if ev.shortfall:
        out.append(f"  {ev.shortfall} more called for but not available: disregarded (14.51)"
                   + _capped(state, ev.procedure))
    if ev.immune_hexes:
        out.append(f"  immune from occupation (14.62B): {', '.join(ev.immune_hexes)}")
    return out


def _capped(state: GameState, pid: str) -> str:
    """The contact caps that made losses unavailable, named (14.52C, 14.522), or ''."""
    p = state.attritions.get(pid)
    if p is None:
        return ""
    limit = losses.contact_limits(state, p)
    groups = Counter(contact_group(state, u.nationality)
                     for u in losses.eligible(state, p, state.zones[p.zone]))
    caps = {k: limit[k] for k, n in groups.items() if limit[k] < n}
    if not caps:
        return ""
    each = ", ".join(f"{k} at most {n}" for k, n in sorted(caps.items()))
    rules = ", ".join(sorted({losses.limit_rule(state, k) for k in caps}))
    return ("; the contact caps bind: no more losses of a nationality than its units in contact "
            f"({each}; {rules})")


#: 14.73's order of evils, the least first, as the retreat rules apply it (r14_7_retreats.evil).
ORDER = ("  14.73 order of evils: a hex with none first; then an overstacked hex (14.73A) rather "
         "than an enemy ZoC; an enemy ZoC (14.73B) rather than an enemy-controlled hex; an "
         "enemy-controlled hex in an enemy ZoC last (14.73C); no hex open: eliminated (14.76)")


def _retreat(state: GameState, ev: g.UnitRetreated) -> list[str]:
    """Every hex next to the unit: barred (and by which rule) or its evils, the one taken marked (14.72, 14.73).

    The stacks are those before any unit retreats; simultaneous retreats may add to them (14.73A).
    """
    p, u = state.attritions[ev.procedure], state.units[ev.unit]
    fac = faction(state, u)
    stack, zoc = retreats.stack_before(state, p), retreats.enemy_zoc(state, fac)
    out = [ORDER, f"  where {ev.unit} could go from {ev.from_hex}:"]
    for h in sorted(grid(state).adj.get(u.hex, [])):
        bar = retreats.forbidden(state, p, u, h)
        taken = "   <- taken" if h == ev.to_hex else ""
        if bar is not None:
            out.append(f"    {h}: barred ({bar[0]}: {bar[1]}){taken}")
            continue
        e = retreats.evil(state, fac, h, stack, zoc)
        labels = [lbl for flag, lbl in zip(e[1:], ("enemy-controlled (14.73C)",
                                                   "enemy ZoC (14.73B)",
                                                   "overstacked (14.73A)")) if flag]
        out.append(f"    {h}: {', '.join(labels) or 'no evil'}{taken}")
    return out


def why(state: GameState, ev, rolled: g.DieRolled | None = None) -> list[str] | None:
    """Lines naming the rules behind one attrition event, read on the board just before it.

    ``rolled`` is the die its command rolled, when the caller has it (a result says how it rolled).
    None for an event whose own rule field says it all: the caller prints that rule.
    """
    match ev:
        case a.AttritionResultDetermined():
            return _result(state, ev, rolled)
        case a.FactorsCounted():
            return _counted(state, ev)
        case a.AttritionPhaseChanged():
            return _phase(state, ev)
        case a.AttritionLossesTaken():
            return _losses(state, ev)
        case a.OccupationSelected():
            return [f"  {sel.hex} selected, advancing {', '.join(sel.units)} (14.61, 14.64)"
                    for sel in ev.selections]
        case g.UnitRetreated() if ev.procedure in state.attritions:
            return _retreat(state, ev)
        case a.AttritionZonesDetermined():
            return [f"  zone {z.id}: {len(z.hexes)} hexes ({', '.join(z.hexes[:12])}"
                    f"{'…' if len(z.hexes) > 12 else ''}) ({ev.rule})" for z in ev.zones]
    return None


def odds(state: GameState, pid: str, actual: int | None = None) -> list[str]:
    """The exact distribution of ``pid``'s roll on ``state``: a line per die face, then the totals."""
    p = state.attritions[pid]
    zone = state.zones[p.zone]
    atk = [state.units[u] for u in p.units]
    dfn = [state.units[u] for u in p.contact]
    die = state.die
    faces: list[tuple] = []
    dist: dict[str, int] = {}
    for v in range(die.lowest, die.lowest + die.sides):
        mods, modified, row, cn, hx, _n = modifiers.resolve(state, zone, p.factors, atk, dfn,
                                                            die_row(state, v))
        res = table.label((cn, hx))
        faces.append((v, modified, row, res))
        dist[res] = dist.get(res, 0) + 1
    out = [f"{pid}: {p.factors} factors, column {p.column} (14.41); modifiers "
           + ("; ".join(str(m) for m in mods) or "none") + f" = {modifier_total(mods):+d}"]
    out.append("  die  modified  row  result")
    for v, modified, row, res in faces:
        mark = "   <- rolled" if actual == v else ""
        out.append(f"  {v:>3}  {modified:>8}  {_row(row):>3}  {res}{mark}")
    n = die.sides
    order = sorted(dist, key=_weight)
    out.append("  chance of each result: " + ", ".join(
        f"{r} {Fraction(dist[r], n)} ({100 * dist[r] / n:.0f}%)" for r in order))
    hexes = sum(1 for _v, _m, _r, res in faces if "H" in res)
    out.append(f"  chance of at least one hex (H): {Fraction(hexes, n)} ({100 * hexes / n:.0f}%)")
    return out


def _weight(label: str) -> tuple[int, int]:
    if label == "-":
        return (0, 0)
    cpart, _, hpart = label.partition("/")
    return (int(cpart.rstrip("C")), int(hpart.rstrip("H") or 0))
