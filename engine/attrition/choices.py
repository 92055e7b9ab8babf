"""What an attrition offers now (rule 14), as concrete choices: which units, which hexes, how many.

Each builder asks the rule module that judges the command (losses, occupation, retreats, winter), so
what is listed is what the check accepts: a unit or hex left out of a list is one the check refuses.
procedure.py passes its phase gates in (``Gates``) so that this module need not import it.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable, NamedTuple

from turnlog.projections.state import Attrition, GameState

from ..errors import CommandError, RuleViolation
from ..hexgrid import grid
from ..kit.choices import Bound, Choice, Option, choice
from ..kit.lazy import Lazy
from . import machine
from .common import (contact_group, enemies, faction, is_combat_ground, occupancy, second_reading,
                     stacking_limit)

# The rules each builder asks, imported when one is first asked (engine/kit/lazy.py): `show` of
# an attrition with nothing to issue lists its legal commands without the losses, occupation,
# retreat and winter rules (and the 14.41 table and 14.42 modifiers those bring).
losses = Lazy(globals(), "losses", f"{__package__}.r14_5_losses")
occupation = Lazy(globals(), "occupation", f"{__package__}.r14_6_occupation")
retreats = Lazy(globals(), "retreats", f"{__package__}.r14_7_retreats")
winter = Lazy(globals(), "winter", f"{__package__}.r14_521_winter")
zones = Lazy(globals(), "zones", f"{__package__}.r14_2_zones")


class Gates(NamedTuple):
    """procedure.py's predicates: the attrition of this player turn, the open one, whether 2C is open."""

    current: Callable[[GameState, Attrition], bool]
    unfinished: Callable[[GameState], Attrition | None]
    two_counters_open: Callable[[GameState, Attrition], bool]


def legal(state: GameState, gates: Gates) -> list[Choice]:
    """Every attrition command that may be issued now, one Choice each (14.11's phases, 14.13's one roll)."""
    out = []
    if state.turn.phase == "attrition" and (gates.unfinished(state) is None
                                            or not second_reading(state)):
        out += begin_choices(state)
    for p in state.attritions.values():
        if not gates.current(state, p):
            continue
        designated = bool(p.winter_losses or p.winter_occupation)
        for trig in machine.MACHINE.triggers(p.phase):
            name = machine.MACHINE.command_of(trig)
            if name is None:  # an automatic step (counted, occupy): nothing to issue
                continue
            if trig == "take_two" and not gates.two_counters_open(state, p):
                continue
            if trig == "designate" and (designated or not winter.applies(state, p)):
                continue
            out.append(_BUILDERS[name](state, p))
    return out


def begin_choices(state: GameState) -> list[Choice]:
    """A BeginAttrition per enemy zone not yet attritioned this turn that some unit counts against."""
    active, out = state.turn.active, []
    done = {(p.attacker, p.zone) for p in state.attritions.values() if p.turn == state.turn.turn}
    occ = occupancy(state)  # one board, many zones
    for z in sorted(state.zones.values(), key=lambda z: z.id):
        if not enemies(state, active, z.faction) or (active, z.id) in done:
            continue
        counted = zones.count(state, active, z, occ=occ)
        if not counted.factors:
            continue
        # 14.213: any counted unit may be left out, as long as some factors still count (14.21).
        strong = [u for u in counted.units if state.units[u].factors]
        keep = [Bound(values=strong, most=len(strong) - 1, rule="14.21")]
        out.append(choice("BeginAttrition", {"attacker": active, "zone": z.id}, [
            Option(field="exclude", values=counted.units, many=True, least=0, most=None,
                   bounds=keep)],
            rule="14.213", role="attacker", faction=active))
    return out


def roll_choice(state: GameState, p: Attrition) -> Choice:
    """The die: seeded when ``value`` is left out, else one of the die's faces entered by hand (14.41)."""
    faces = list(range(state.die.lowest, state.die.lowest + state.die.sides))
    opts = [Option(field="value", values=faces, optional=True)]
    if state.joint_dice:
        opts.append(Option(field="shares", domain="each other holder's revealed share (joint dice)",
                           optional=True))
    return choice("RollAttritionDie", {"procedure": p.id}, opts, rule="14.41", role="attacker",
                  faction=p.attacker)


def two_counters_choice(state: GameState, p: Attrition) -> Choice:
    return choice("TakeTwoCounters", {"procedure": p.id}, rule="14.44", role="attacker",
                  faction=p.attacker)


def designate_choice(state: GameState, p: Attrition) -> Choice:
    """Hexes Russia may designate (14.521 A-F), each tried alone through winter.check; counts per 14.521 B-D."""
    zone = state.zones[p.zone]
    seen = sorted(set(zone.hexes) | {state.units[u].hex for u in p.contact if state.units[u].hex})
    loss = [h for h in seen if _accepted(winter.check, state, p, [h], [])]
    occ = [h for h in seen if _accepted(winter.check, state, p, [], [h])]
    used = sum(len(q.winter_losses) + len(q.winter_occupation) for q in state.attritions.values()
               if q.turn == p.turn and q.attacker == p.attacker)
    room = max(0, winter.allowance(state, p) - used)
    return choice("DesignateWinterHexes", {"procedure": p.id}, [
        Option(field="losses", values=loss, many=True, least=0, most=min(p.counters, room)),
        Option(field="occupation", values=occ, many=True, least=0, most=min(p.hexes, room))],
        distinct=["losses", "occupation"], together=room, rule="14.521", role="attacker",
                  faction=p.attacker)


def _accepted(check, *args) -> bool:
    try:
        check(*args)
    except (RuleViolation, CommandError):
        return False
    return True


def losses_choice(state: GameState, p: Attrition) -> Choice:
    """Which units the defender may lose and exactly how many (14.51, 14.52 A-C, 14.522, 14.521G).

    When fewer units are eligible than the result calls for, the count is what can be lost (the
    shortfall).
    """
    zone = state.zones[p.zone]
    limit = losses.contact_limits(state, p)
    group = {u.id: contact_group(state, u.nationality) for u in losses.eligible(state, p, zone)}
    # a group with nothing in contact loses nothing
    units = sorted(u for u, k in group.items() if limit[k])
    n, bounds = losses.best_possible(state, p, zone), []
    for k in sorted(set(group.values())):
        mine = [u for u in units if group[u] == k]
        if limit[k] < min(n, len(mine)):  # a cap that binds
            bounds.append(Bound(values=mine, most=limit[k], rule=losses.limit_rule(state, k)))
    occ = occupancy(state)
    for h in p.winter_losses:
        if any(is_combat_ground(u) and faction(state, u) == p.defender for u in occ.get(h, ())):
            bounds.append(Bound(values=[u for u in units if state.units[u].hex == h], least=1,
                                rule="14.521G"))
    # When the contact caps make the count smaller than the result, they are named with 14.51, as
    # why does
    capped = sorted({losses.limit_rule(state, k) for k in set(group.values())
                     if limit[k] < sum(1 for u in group if group[u] == k)}) if n < p.counters else []
    return choice("TakeAttritionLosses", {"procedure": p.id}, [
        Option(field="units", values=units, many=True, least=n, most=n, bounds=bounds)],
        rule=", ".join(["14.51", *capped]), role="defender", faction=p.defender)


def select_choice(state: GameState, p: Attrition) -> Choice:
    """Hexes the attacker may select and who may advance into each (14.61-14.65, 14.521H)."""
    offered = occupation.eligible_hexes(state, p, state.zones[p.zone])
    must = [Bound(values=list(p.winter_occupation), least=len(p.winter_occupation),
                  rule="14.521H")] \
        if p.winter_occupation else []
    opts = [Option(field="selections[].hex", values=[h for h, _ in offered], many=True, least=0,
                   most=None if p.zone_cleared else p.hexes, bounds=must)]
    opts += [Option(field="selections[].units", values=movers, many=True, least=1, most=None,
                    when={"selections[].hex": h}) for h, movers in offered]
    # With no hex to offer, "selections[].hex: none" alone does not say how to finish: words do.
    note = "" if offered else "send SelectOccupation with no selections to advance into no hex"
    return choice("SelectOccupation", {"procedure": p.id}, opts, distinct=["selections[].units"],
                  rule="14.61", role="attacker", faction=p.attacker, note=note)


def retreat_choice(state: GameState, p: Attrition) -> Choice:
    """Each displaced unit and the hexes of least evil it may retreat to, or elimination (14.71-14.76).

    The evils of 14.73 other than overstacking do not depend on where the others go, so they are listed
    per unit. Overstacking does: a hex the unit overstacks on its own is left out when another listed hex
    has room for every displaced unit; what remains depends on the others' picks and is left to the note.
    """
    gr = grid(state)
    zocs: dict[str, set[str]] = {}
    units = retreats.displaced(state, p)
    base, moving = retreats.stack_before(state, p), sum(map(is_combat_ground, units))
    opts = [Option(field="retreats[].unit", values=[u.id for u in units], many=True,
                   least=len(units), most=len(units))]
    for u in units:
        fac = faction(state, u)
        zoc = zocs.setdefault(fac, retreats.enemy_zoc(state, fac))
        open_ = [h for h in gr.adj[u.hex] if not retreats.forbidden(state, p, u, h)]
        tier = {h: retreats.evil(state, fac, h, Counter(), zoc)[:3] for h in open_}
        best = sorted(h for h in open_ if tier[h] == min(tier.values()))
        # A hex this unit alone overstacks is refused while another has room whoever else goes
        # there.
        full = {h for h in best if is_combat_ground(u) and base[h] + 1 > stacking_limit(state, h)}
        if any(base[h] + moving <= stacking_limit(state, h) for h in best):
            best = [h for h in best if h not in full]
        opts.append(Option(field="retreats[].to", values=best or [""],
                           when={"retreats[].unit": u.id}))
    return choice("RetreatUnits", {"procedure": p.id}, opts, rule="14.71", role="defender",
                  faction=p.defender,
                  note="a unit overstacks only where none of its listed hexes has room (14.73A)")


_BUILDERS: dict[str, Callable[[GameState, Attrition], Choice]] = {
    "RollAttritionDie": roll_choice,
    "TakeTwoCounters": two_counters_choice,
    "DesignateWinterHexes": designate_choice,
    "TakeAttritionLosses": losses_choice,
    "SelectOccupation": select_choice,
    "RetreatUnits": retreat_choice,
}


def words(state: GameState, ch: Choice) -> str | None:
    """What issuing ``ch`` does, in a player's words (engine/due.py's sentences), or None."""
    p = state.attritions.get(ch.fixed.get("procedure", ""))
    zone = f" in zone {p.zone}" if p is not None else ""
    match ch.command:
        case "BeginAttrition":
            return f"begin an attrition in zone {ch.fixed.get('zone', '?')}"
        case "RollAttritionDie":
            return f"roll the attrition die{zone}"
        case "TakeAttritionLosses":
            n = next((o.least for o in ch.options if o.field == "units"), 0)
            return f"take {n} loss{'es' if n != 1 else ''} among your units{zone}"
        case "TakeTwoCounters":
            return f"decide whether the result takes two counters{zone}"
        case "DesignateWinterHexes":
            return f"designate the winter hexes{zone}"
        case "SelectOccupation":
            return f"select the hexes to advance into{zone} (or none)"
        case "RetreatUnits":
            return f"retreat the displaced units{zone}"
    return None
