"""14.7: attrition retreats (14.71-14.76), occupation and displacement (14.71, 14.77)."""
from __future__ import annotations

from collections import Counter

from turnlog.events import game as g
from turnlog.events.attrition import AttritionPhaseChanged
from turnlog.projections.state import Attrition, GameState, UnitState

from ..errors import CommandError
from ..hexgrid import grid
from ..kit import retreat as kit
from .common import (NO_RETREAT_FEATURES, enemies, faction, held, is_combat_ground, is_ground,
                     kind,
                     occupancy, reading, second_reading, side, stacking_limit)

ELIMINATED = (1, 1, 1, 1)


def displaced(state: GameState, proc: Attrition, selections=None) -> list[UnitState]:
    """Defending ground units (not flak) in the hexes selected for occupation: they must retreat.

    ``selections`` defaults to the procedure's own (a selection being judged passes its own).
    Partisans take no part in an attrition (14.61) and stay where they are, unless
    ``rules.attrition.partisans_retreat``. The procedure's own are worked out once per decision
    (``held``; the procedure is kept with them, so its id is not reused by another object
    meanwhile); callers only read the list.
    """
    if selections is None:
        return held(state, ("displaced", id(proc)), lambda: (proc, _displaced(state, proc, None)))[1]
    return _displaced(state, proc, selections)


def _displaced(state: GameState, proc: Attrition, selections) -> list[UnitState]:
    occ = occupancy(state)
    partisans = reading(state, "partisans_retreat")
    return [u for s in (proc.selections if selections is None else selections) for u in occ.get(s.hex, ())
            if is_ground(u) and faction(state, u) == proc.defender
            and (partisans or u.type != "partisan")]


def _movers(proc: Attrition) -> set[str]:
    return {u for s in proc.selections for u in s.units}


def forbidden(state: GameState, proc: Attrition, unit: UnitState,
              to: str) -> tuple[str, str] | None:
    """The 14.72 case (or adjacency) that bars ``unit`` from retreating into ``to``."""
    gr = grid(state)
    if to not in state.hexes:
        raise CommandError(f'to: no hex "{to}"')
    if to not in gr.adj[unit.hex] or not gr.passable(unit.hex, to):
        return "14.71", f"{to} is not one hex from {unit.hex} across a passable hexside"
    for s in proc.selections:
        if s.hex == to:
            return "14.72B", f"{to} is selected for attrition occupation"
    fac = faction(state, unit)
    hostile = [o.id for o in occupancy(state).get(to, ()) if enemies(state, fac, faction(state, o))]
    if hostile:
        if _movers(proc).issuperset(hostile):
            # Retreats come before the advance (14.71), so the hex is still held; 14.72C names why
            # it stays barred.
            return "14.72C", f"the attacker vacates {to} to advance"
        return "14.72A", f"{to} is occupied by enemy units"
    feats = state.features.get(to)
    if feats and any(kind(state, f) in NO_RETREAT_FEATURES
                     and enemies(state, fac, _owner(state, to, f)) for f in feats):
        return "14.72A", f"{to} holds an enemy counter or installation"
    if _prohibited(state, unit, to):
        return "14.72D", f"{unit.nationality} units may not enter {to}"
    return None


def _owner(state: GameState, hex_: str, f) -> str:
    """Whose installation it is (14.72A): as placed or loaded, or (an option) whoever controls the hex now."""
    return state.control.get(hex_, "") if state.rules.attrition.feature_owner == "controller" else f.owner


def _prohibited(state: GameState, unit: UnitState, hex_: str) -> bool:
    """The hex is closed to the unit's faction or nationality (14.72D; 14.77 bases too)."""
    prohibited = state.hexes[hex_].prohibited_to
    return faction(state, unit) in prohibited or unit.nationality in prohibited


def enemy_zoc(state: GameState, fac: str) -> set[str]:
    """Hexes in an enemy ZoC: adjacent to an enemy non-partisan ground unit with factors (see rulings).

    Worked out once per faction and decision (``held``); callers only read it.
    """
    return held(state, ("enemy_zoc", fac), lambda: _enemy_zoc(state, fac))


def _enemy_zoc(state: GameState, fac: str) -> set[str]:
    gr = grid(state)
    out: set[str] = set()
    for u in state.units.values():
        if u.hex and u.factors and is_combat_ground(u) and enemies(state, fac, faction(state, u)):
            out.update(n for n in gr.adj[u.hex] if gr.passable(u.hex, n))
    return out


def evil(state: GameState, fac: str, to: str, stack: dict[str, int],
         zoc: set[str]) -> tuple[int, int, int, int]:
    """How bad a destination is, worst evil first (14.73): enemy control, then ZoC, then overstack."""
    controlled = enemies(state, fac, state.control.get(to, ""))
    return (0, int(controlled), int(to in zoc), int(stack[to] > stacking_limit(state, to)))


def broken(mine: tuple[int, ...], better: tuple[int, ...]) -> tuple[str, str]:
    """The 14.73 preference a destination of evil ``mine`` breaks when ``better`` was open: (rule, what)."""
    if mine == ELIMINATED:
        return "14.76", "be eliminated"
    worse = next(i for i in range(1, 4) if mine[i] != better[i])
    if worse == 1:
        # a ZoC (or less) is preferred to enemy control
        return "14.73B", "enter an enemy-controlled hex"
    if worse == 2 and mine[1]:
        return "14.73C", "enter an enemy-controlled hex in an enemy ZoC"
    if worse == 2:
        # overstacking (or less) is preferred to a ZoC
        return "14.73A", "enter an enemy ZoC"
    return "14.73A", "overstack"


def check(state: GameState, proc: Attrition, retreats: list[tuple[str, str]]) -> None:
    """Refuse retreats that skip a unit, enter a barred hex or take a needless evil (14.71-14.73, 14.76)."""
    spec = kit.RetreatSpec(rule="14.71", must=frozenset(u.id for u in displaced(state, proc)),
                           forbidden=lambda st, unit, to: forbidden(st, proc, unit, to),
                           prefer=_lesser_evil(state, proc, retreats),
                           wrong_units="every displaced unit retreats at once; "
                                       "missing {missing}, not displaced {extra}")
    kit.check(state, spec, retreats)


def _lesser_evil(state: GameState, proc: Attrition, retreats: list[tuple[str, str]]):
    """The 14.73/14.76 hook: (rule, why) when a unit's destination (or elimination) was not its least evil.

    Only a hex that would be a lesser evil is judged for 14.71/14.72 (the least of those is the least of all
    the open hexes whenever it beats the destination), and the stacks after every move and the enemy ZoC
    are counted only once a destination's evil is asked: a unit eliminated with every neighbour barred
    needs neither.
    """
    zocs: dict[str, set[str]] = {}

    def prefer(_board: GameState, u: UnitState, to: str) -> tuple[str, str] | None:
        fac = faction(state, u)
        weight = int(is_combat_ground(u))

        def evil_at(hex_: str, moved: bool) -> tuple[int, int, int, int]:
            zoc = zocs.get(fac)
            if zoc is None:
                zoc = zocs[fac] = enemy_zoc(state, fac)
            stack = _stack_after(state, proc, retreats)  # held: counted once per decision
            # The others' retreats held fixed and this unit moved to hex_: evil() reads hex_'s stack
            # only, and leaving ``to`` (never hex_) does not change it, so hex_'s count is all the
            # trial board needs.
            return evil(state, fac, hex_, {hex_: stack[hex_] + weight} if moved else stack, zoc)

        mine = evil_at(to, False) if to else ELIMINATED
        options = []
        for alt in grid(state).adj[u.hex]:
            if alt == to:
                continue
            if not to:  # elimination is worse than any move: every open neighbour is a lesser evil
                if not forbidden(state, proc, u, alt):
                    options.append((evil_at(alt, True), alt))
                continue
            e = evil_at(alt, True)
            if e < mine and not forbidden(state, proc, u, alt):
                options.append((e, alt))
        if options:
            other, alt = min(options)
            rule, what = broken(mine, other)
            return rule, f"{u.id} may not {what}{f' at {to}' if to else ''}: {alt} is a lesser evil"
        return None

    return prefer


def _stack_after(state: GameState, proc: Attrition, retreats: list[tuple[str, str]]) -> Counter:
    """The defender's side's stack in each hex once ``retreats`` are made: asked by the check and by the events
    of one decision, so worked out once there (``held``); callers copy it before they change it."""
    key = ("stack_after", id(proc), tuple(retreats))
    return held(state, key, lambda: (proc, _count_stacks(state, proc, retreats)))[1]


def _count_stacks(state: GameState, proc: Attrition, retreats: list[tuple[str, str]]) -> Counter:
    fac_side = state.factions[proc.defender].side
    leaving = {u.id for u in displaced(state, proc)}
    stack: Counter = Counter()
    for u in state.units.values():
        if u.hex and u.id not in leaving and is_combat_ground(u) and state.factions[faction(state, u)].side == fac_side:
            stack[u.hex] += 1
    for uid, to in retreats:
        # partisans do not count for stacking, here as above
        if to and is_combat_ground(state.units[uid]):
            stack[to] += 1
    return stack


def retreat_events(state: GameState, proc: Attrition, retreats: list[tuple[str, str]]) -> list:
    """Simultaneous retreats, eliminations of units with nowhere to go (14.76), overstack marks (14.74).

    The stacks are counted (once per decision) only for a move: an elimination needs none.
    """
    marked = set()

    def detail(u: UnitState, to: str) -> tuple[list[str], list]:
        fac = faction(state, u)
        e = evil(state, fac, to, _stack_after(state, proc, retreats), enemy_zoc(state, fac))
        labels = [lbl for flag, lbl in zip(e[1:], ("14.73C enemy-controlled hex",
                                                   "14.73B enemy ZoC",
                                                   "14.73A overstacked")) if flag]
        if e[3] and to not in marked:
            marked.add(to)
            return labels, [g.OverstackMarked(hex=to, rule="14.74", procedure=proc.id)]
        return labels, []

    return kit.events(state, retreats, procedure=proc.id, rule="14.71", unable_rule="14.76",
                      detail=detail)


def occupy_events(state: GameState, proc: Attrition) -> list:
    """The attacker advances into every selected hex at once; flak and air/naval units go (14.71, 14.76, 14.77)."""
    occ = occupancy(state)
    out: list = []
    taken = {s.hex for s in proc.selections}
    for s in proc.selections:
        for o in occ.get(s.hex, ()):
            # Any enemy of the attacker: air, naval and flak of the defender's allies go too (see
            # rulings).
            if not enemies(state, proc.attacker, faction(state, o)):
                continue
            if o.type == "flak":
                out.append(g.UnitEliminated(unit=o.id, rule="14.76", procedure=proc.id,
                                            reason="flak forced to retreat"))
            elif o.type in ("air", "naval"):
                base = nearest_base(state, o, taken)
                out.append(g.UnitDisplaced(unit=o.id, from_hex=s.hex, to_hex=base, rule="14.77",
                                           procedure=proc.id)
                           if base else g.UnitEliminated(unit=o.id, rule="14.77", procedure=proc.id,
                                                         reason="no friendly base within range"))
    for s in proc.selections:
        out += [g.UnitAdvanced(unit=u, from_hex=state.units[u].hex, to_hex=s.hex, rule="14.64",
                               procedure=proc.id)
                for u in s.units]
        out.append(g.ControlChanged(hex=s.hex, faction=proc.attacker, rule="14.61"))
    out.append(AttritionPhaseChanged(procedure=proc.id, phase="done"))
    return out


def nearest_base(state: GameState, unit: UnitState, taken: set[str]) -> str:
    """Nearest friendly base within the unit's range (air: airbase or city; naval: port), or ''."""
    gr, fac = grid(state), faction(state, unit)
    kinds = {"port"} if unit.type == "naval" else {"airbase", "city"}
    occ = occupancy(state)
    best = []
    for h, fs in state.features.items():
        if h in taken or h == unit.hex or not any(f.kind in kinds for f in fs):
            continue
        # Friendly means controlled by this side: an uncontrolled (neutral) hex is no base (see
        # rulings, 14.77).
        if second_reading(state):
            if side(state, state.control.get(h, "")) != side(state, fac) or _prohibited(state, unit, h) \
                    or any(enemies(state, fac, faction(state, o)) for o in occ.get(h, ())):
                continue
        elif enemies(state, fac, state.control.get(h, "")) or any(enemies(state, fac, faction(state, o))
                                                                   for o in occ.get(h, ())):
            continue  # edition 1: any hex not held by an enemy served
        d = gr.distance(unit.hex, h)
        if d <= unit.range:
            best.append((d, h))
    return min(best)[1] if best else ""


def stack_before(state: GameState, proc: Attrition) -> Counter:
    """Each hex's stack of the defender's side before anyone retreats, the displaced units gone (14.73A)."""
    return _stack_after(state, proc, [])
