"""The handlers of WiF land combat's results: first-loss type, losses, the production phase, builds.

Pure deciders over the combat's state (projections/wif.py LandCombat) that the wif kind routes to
(engine/wif/procedure.py): each checks its clauses in engine/wif/r3_casualties.py, r4_first_loss.py and
k1_kampfgruppe.py and returns events; the kind adds its phase change. Nothing here writes or rolls.
"""
from __future__ import annotations

from turnlog.events import wif_losses as w
from turnlog.events.game import PhaseStarted, UnitEliminated
from turnlog.projections.state import GameState
from turnlog.projections.wif_losses import credits

from . import commands as c
from ..errors import CommandError
from ..kit.board import faction_of
from . import k1_kampfgruppe as k, r2_owners as r2, r3_casualties as r3, r4_first_loss as r4


def on_designate(state: GameState, combat, cmd: c.DesignateFirstLossType) -> list:
    """The defender names the first loss's type (R4e)."""
    r4.check_designation(state, combat, cmd.kind)
    return [w.FirstLossTypeDesignated(procedure=combat.id, kind=cmd.kind)]


def on_take(state: GameState, combat, cmd: c.TakeLandCombatLosses) -> list:
    """One side's losses, or one owner's part of them (R2, r2_owners.py): R3 casualty points, R4 first loss
    (attacker), K1 kampfgruppen. Only the list that settles the side logs LandCombatLossesTaken."""
    r3.side_units(combat, cmd.side)
    if cmd.side == "attacker" and cmd.side not in combat.settled and r3.owed(combat, "attacker") is not None:
        r4.required(state, combat)  # R4e: the defender names the type before the attacker picks
    units = list(cmd.units)
    if r2.several(state, combat, cmd.side):
        paid, settles, first = r2.check_part(state, combat, cmd.side, units)
        owner = r2.owner_of(state, combat, cmd.side, units)
        left = r2.still_owed(state, combat, cmd.side) - paid.cp
        note = r2.part_reason(cmd.side, owner, left, settles)
    else:
        paid, settles, note = r3.check_losses(state, combat, cmd.side, units), True, ""
        first = r4.check_first(state, combat, cmd.side, units)
    out: list = [r2.settled_event(combat, cmd.side, units, paid, first)] if settles else []
    return out + _eliminated(state, combat, cmd.side, units, paid.half_payer, note)


def _eliminated(state: GameState, combat, side: str, units: list[str], half_payer: str,
                note: str) -> list:
    """Each lost unit's UnitEliminated, and a KampfgruppeFormed for a kampfgruppe (K1)."""
    out: list = []
    for uid in units:
        rule, why = k.kampfgruppe_rule(state, combat, side, uid, half_payer)
        if not rule:
            out.append(UnitEliminated(unit=uid, rule=r3.R2, procedure=combat.id,
                                      reason=f"{why}; {note}" if note else why))
            continue
        pool = k.repair_pool(state, faction_of(state, state.units[uid]))
        why = f"a kampfgruppe, to its repair pool instead ({k.K1C})"
        why = f"{why}; {note}" if note else why
        out += [UnitEliminated(unit=uid, rule=r3.R2, procedure=combat.id, reason=why),
                w.KampfgruppeFormed(procedure=combat.id, unit=uid, pool=pool, rule=rule)]
    return out


def on_phase_started(state: GameState, event) -> list:
    """K2a: at a faction's production phase its repair pool empties and each kampfgruppe becomes a credit."""
    if not isinstance(event, PhaseStarted) or event.phase != state.rules.wif.production_phase:
        return []
    factions = [state.turn.active] if state.turn.active else sorted(state.factions)
    out: list = []
    n = len(credits(state))
    for f in factions:
        units = k.in_repair_pool(state, f)
        if not units:
            continue
        out.append(w.RepairPoolEmptied(faction=f, units=units))
        for uid in units:
            n += 1
            out.append(w.KampfgruppeCredited(credit=f"KG{n}", unit=uid, unit_class=r3.wif_class(state.units[uid]),
                                             faction=f, turn=state.turn.turn))
    return out


def on_build(state: GameState, cmd: c.BuildWithKampfgruppe) -> list:
    """K2b: a credit helps build its own type, an INF or a MIL at half cost and half time, rounded up."""
    credit = credits(state).get(cmd.credit)
    if credit is None:
        have = ", ".join(credits(state)) or "none"
        raise CommandError(f'credit: no kampfgruppe credit "{cmd.credit}" (credits: {have})')
    spec = state.rules.wif
    costs = {b.unit_class.upper(): (b.bp, b.turns) for b in spec.build_costs}
    bp, turns = k.check_build(state, credit, cmd.unit_class, costs, spec.production_phase)
    return [w.KampfgruppeBuildRecorded(credit=credit.id, unit_class=cmd.unit_class.upper(), bp=bp, turns=turns)]
