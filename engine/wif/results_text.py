"""What the results part of a WiF land combat offers and says: legal() choices and narrative lines.

The wif kind (engine/wif/procedure.py) calls ``choices`` for a combat in its first_loss or losses phase and
``credit_choices`` in a production phase, and ``narrate`` for the events of events/wif_losses.py.
"""
from __future__ import annotations

from turnlog.events import wif_losses as w
from turnlog.projections.state import GameState
from turnlog.projections.wif_losses import credits

from ..kit.choices import Choice, Option, choice
from . import k1_kampfgruppe as k, r2_owners as r2, r3_casualties as r3, r4_first_loss as r4


def choices(state: GameState, combat) -> list[Choice]:
    """The defender's naming of the first loss's type, or each unsettled side's loss list."""
    fixed = {"procedure": combat.id}
    if combat.phase == "first_loss" and r4.must_designate(state, combat):
        kinds = list(r4.candidates(state, combat))
        return [choice("DesignateFirstLossType", fixed, [Option(field="kind", values=kinds)], rule=r4.R4E,
                       role="defender", faction=combat.defender)]
    if combat.phase != "losses":
        return []
    out = []
    for side in r3.SIDES:
        need = r3.owed(combat, side)
        if need is None or side in combat.settled:
            continue
        alive = [u for u in r3.side_units(combat, side) if u in state.units and not state.units[u].eliminated]
        note = (f"pays {r3.most_needed(state, combat, side)} casualty points in the order picked, a corps 1, a "
                f"division or gun 1/2, nothing after the result is paid ({r3.R3})")
        if side == "attacker":
            first = r4.candidates(state, combat)
            kind = combat.first_loss_type or (next(iter(first)) if len(first) == 1 else "")
            if kind in first:
                note += f"; the first unit one of {', '.join(first[kind])} ({r4.CLAUSES[kind]})"
        if r2.several(state, combat, side):
            out += _parts(state, combat, side, note)
            continue
        # a side with no unit left pays nothing: its empty list settles it (R3: all it has)
        out.append(choice("TakeLandCombatLosses", {**fixed, "side": side},
                          [Option(field="units", values=alive, many=True, least=min(1, len(alive)),
                                  most=len(alive))],
                          rule=r3.R2, role=side, faction=getattr(combat, side), note=note))
    return out


def _parts(state: GameState, combat, side: str, note: str) -> list[Choice]:
    """A side of several owners: each owner with units left lists its own part (R2, r2_owners.py)."""
    owed = r2.still_owed(state, combat, side)
    note = note.replace(f"pays {r3.most_needed(state, combat, side)} casualty points",
                        f"each owner pays its own part of the {owed} casualty points still owed")
    out = []
    for owner in r2.owners(state, combat, side):
        mine = r2.alive(state, combat, side, owner)
        if mine:
            out.append(choice("TakeLandCombatLosses", {"procedure": combat.id, "side": side},
                              [Option(field="units", values=mine, many=True, least=1, most=len(mine))],
                              rule=r3.R2, role=side, faction=owner, note=note))
    return out


def credit_choices(state: GameState) -> list[Choice]:
    """BuildWithKampfgruppe for each credit of the faction whose production phase this is (K2b)."""
    t, spec = state.turn, state.rules.wif
    if t.phase != spec.production_phase:
        return []
    costs = {b.unit_class.upper() for b in spec.build_costs}
    out = []
    for cr in credits(state).values():
        if cr.spent or (cr.turn, cr.faction) != (t.turn, t.active):
            continue
        classes = [x for x in dict.fromkeys((cr.unit_class, "INF", "MIL")) if x in costs]
        if classes:
            out.append(choice("BuildWithKampfgruppe", {"credit": cr.id}, [Option(field="unit_class", values=classes)],
                              rule=k.K2B, role="active", faction=cr.faction))
    return out


def narrate(e) -> str:
    """The narrative line of one results event, naming its clause."""
    match e:
        case w.FirstLossTypeDesignated():
            return f"{e.procedure}: the defender names the type of the attacker's first loss: {e.kind} ({e.rule})"
        case w.LandCombatLossesTaken():
            short = f"; {e.shortfall} owed and not paid (no unit left)" if e.shortfall != "0" else ""
            first = f"; first loss under {e.first}" if e.first else ""
            return (f"{e.procedure}: the {e.side} loses {', '.join(e.units)}, {e.cp} casualty points "
                    f"({e.rule}){first}{short}")
        case w.KampfgruppeFormed():
            return f"{e.procedure}: {e.unit} becomes a kampfgruppe, to the repair pool {e.pool} ({e.rule}, 11.16.5-K1c)"
        case w.RepairPoolEmptied():
            return (f"{e.faction}'s repair pool empties into its force pool: {', '.join(e.units)} "
                    f"({e.rule}, 11.16.5-K2c)")
        case w.KampfgruppeCredited():
            return (f"kampfgruppe {e.unit} ({e.unit_class}) gives credit {e.credit} for one build in {e.faction}'s "
                    f"production phase of turn {e.turn} ({e.rule})")
        case w.KampfgruppeBuildRecorded():
            return (f"credit {e.credit} helps build a unit of class {e.unit_class}: {e.bp} build points, {e.turns} turn"
                    f"{'' if e.turns == 1 else 's'}, halves rounded up ({e.rule}); "
                    "the draw is the host's (11.16.5-K2c)")
    return type(e).__name__


def why(state: GameState, e) -> list[str]:
    """The clauses behind one results event, read against the board just before it (the REPL's ``why``)."""
    combat = state.kinds["wif"].procedures.get(getattr(e, "procedure", "")) if "wif" in state.kinds else None
    match e:
        case w.FirstLossTypeDesignated() if combat is not None:
            got = r4.candidates(state, combat)
            return [f"  {r4.CLAUSES[k]}: {k} would take one of {', '.join(us)}" for k, us in got.items()] + \
                [f"  {e.rule}: with two or more, the defender names the type; the attacker picks the unit"]
        case w.LandCombatLossesTaken() if combat is not None:
            pts = ", ".join(f"{x} {r3.points(state.units[x])}" for x in e.units)
            out = [f"  {r3.R2}: the cell asks {r3.owed(combat, e.side)} of the {e.side}; the owner picks",
                   f"  {r3.R3}: a corps pays 1, a division or gun 1/2: {pts} = {e.cp}"]
            if e.shortfall != "0":
                out.append(f"  {r3.R3} (W13): the side had no more; {e.shortfall} owed and not paid")
            if e.first:
                out.append(f"  {e.first}: the first loss, {e.units[0]}, is of the type required")
            return out
        case w.KampfgruppeFormed():
            how = "white print" if e.rule == k.K1A else "it paid the half a division or gun left open"
            return [f"  {e.rule}: a corps, not HQ-A, HQ-I or MIL; {how}; in supply, with a retreat route, not a "
                    "defender under a shatter result", f"  {k.K1C}: to the repair pool {e.pool}"]
        case w.RepairPoolEmptied():
            return [f"  {e.rule}: {e.faction}'s production phase; {k.K2C}: back to the force pool before any draw"]
        case w.KampfgruppeBuildRecorded():
            return [f"  {e.rule}: its own class, INF or MIL at half the scenario's build points and turns, "
                    "each half rounded up"]
    return [f"  {type(e).__name__} ({getattr(e, 'rule', '11.16.5')})"]
