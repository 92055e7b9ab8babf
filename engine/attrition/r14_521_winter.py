"""14.521: Russian winter attritions — hexes Russia designates for losses and occupation."""
from __future__ import annotations

from turnlog.projections.state import Attrition, GameState

from ..errors import CommandError, RuleViolation
from ..hexgrid import grid
from .common import faction, features, is_combat_ground, occupancy, reading, second_reading
from .r14_42_modifiers import winter_level
from .r14_6_occupation import hex_refusal, unit_refusal


def applies(state: GameState, proc: Attrition) -> bool:
    """Russia attritioning on its front east of the Pact line in a winter turn."""
    rw = state.rules.russian_winter
    if not rw.attacker_nationality or state.turn.season != "winter":
        return False
    if state.nationalities[rw.attacker_nationality].faction != proc.attacker:
        return False
    zone = state.zones[proc.zone]
    return zone.front == rw.front and all(state.hexes[h].pact_side == "east" for h in zone.hexes)


def allowance(state: GameState, proc: Attrition) -> int:
    """14.521D: the difference between the winter levels that apply to Russia and Germany.

    Reading (docs/rulings.md): the level that applies is the preparation level limited to the winter
    level of the attritioned area, as 14.42C limits it, so the allowance never exceeds what the
    modifier counts; ``rules.attrition.winter_allowance = "preparation"`` takes the raw preparation
    levels instead.
    """
    rw = state.rules.russian_winter
    ru = state.nationalities[rw.attacker_nationality].winter_prep
    ax = state.nationalities[rw.axis_nationality].winter_prep if rw.axis_nationality else 0
    if reading(state, "winter_allowance") == "capped":
        cap = max(0, winter_level(state, state.zones[proc.zone]))
        ru, ax = min(ru, cap), min(ax, cap)
    return max(0, ru - ax)


def check(state: GameState, proc: Attrition, loss_hexes: list[str], occ_hexes: list[str]) -> None:
    """Refuse designations breaking 14.521 A-F; name the lettered case."""
    if not applies(state, proc):
        raise RuleViolation("14.521",
                            "only Russia, attritioning east of the Pact line in a winter turn, "
                                      "designates hexes")
    if proc.winter_losses or proc.winter_occupation:
        raise RuleViolation("14.521", f"{proc.id} already has its designations")
    for i, h in enumerate(loss_hexes + occ_hexes):
        if h not in state.hexes:
            raise CommandError(f'hexes[{i}]: no hex "{h}"')
    both = set(loss_hexes) & set(occ_hexes)
    if both:
        raise RuleViolation("14.521E",
                            f"{', '.join(sorted(both))} designated for both losses and occupation")
    if len(set(loss_hexes)) != len(loss_hexes) or len(set(occ_hexes)) != len(occ_hexes):
        raise CommandError("a hex is designated twice")
    used = sum(len(p.winter_losses) + len(p.winter_occupation) for p in state.attritions.values()
               if p.turn == proc.turn and p.attacker == proc.attacker)
    allowed = allowance(state, proc)
    if used + len(loss_hexes) + len(occ_hexes) > allowed:
        raise RuleViolation("14.521D", f"{used + len(loss_hexes) + len(occ_hexes)} designations "
                            f"this turn exceed the winter level difference of {allowed}")
    g, occ = grid(state), occupancy(state)
    russians = [state.units[u] for u in proc.units
                if state.units[u].hex
                and state.units[u].nationality == state.rules.russian_winter.attacker_nationality]
    # Adjacent as 14.23C reads it: not across an impassable or all-water hexside.
    near = {n for u in russians for n in g.adj[u.hex] if not second_reading(state)
            or g.passable(u.hex, n)}
    exempt = set(state.rules.russian_winter.exempt_nationalities)
    contact_hexes = {state.units[u].hex for u in proc.contact}
    for h in loss_hexes + occ_hexes:
        axis = [u for u in occ.get(h, ()) if is_combat_ground(u)
                and faction(state, u) == proc.defender]
        if not axis or h not in near or not state.hexes[h].russian_winter_zone:
            raise RuleViolation("14.521A",
                                f"{h} must hold an Axis ground unit, touch an attritioning Russian "
                                "unit and lie in the Russian winter zone")
        if all(u.nationality in exempt for u in axis):
            raise RuleViolation("14.521F", f"{h} holds only "
                                           f"{'/'.join(sorted({u.nationality for u in axis}))} "
                                           "units")
    for h in loss_hexes:
        if h not in contact_hexes:
            raise RuleViolation("14.521B", f"{h} was not subject to this attrition")
        if features(state, h) & {"fortress", "fortification", "maginot", "west_wall"}:
            raise RuleViolation("14.521B", f"{h} is fortified")
    if len(loss_hexes) > proc.counters:
        raise RuleViolation("14.521B",
                            f"{len(loss_hexes)} loss hexes exceed the {proc.counters}C result")
    zone = state.zones[proc.zone]
    for h in occ_hexes:
        bar = hex_refusal(state, proc, zone, h, designated=True)
        if not bar:
            # 14.521H will oblige Russia to occupy it: some attritioning unit must be able to
            # advance there.
            bars = [unit_refusal(state, proc, h, u) for u in proc.units
                    if state.units[u].hex and h in g.adj[state.units[u].hex]]
            bar = None if any(b is None for b in bars) else next((b for b in bars if b), None)
        if bar:
            raise RuleViolation("14.521C",
                                f"{h} is not eligible for occupation ({bar[0]}: {bar[1]})")
    if len(occ_hexes) > proc.hexes:
        raise RuleViolation("14.521C",
                            f"{len(occ_hexes)} occupation hexes exceed the {proc.hexes}H result")
