"""What an assault after its forming waits for, as legal() lists it: resolve, allocate, report, retreat."""
from __future__ import annotations

from turnlog.projections.assault import Assault
from turnlog.projections.state import GameState

from ..kit.choices import Choice, Option, choice
from . import allocation, flow, as_ret_retreat as retreat


def waiting(state: GameState, proc: Assault) -> list[Choice]:
    """The commands ``proc``'s phase waits for, with their concrete options."""
    fixed = {"procedure": proc.id}
    if proc.phase == "forming":
        return [choice("ResolveAssault", fixed, [Option(field="night", values=[False, True], optional=True)],
                       rule="AS-RES.2", role="attacker", faction=proc.attacker)]
    if proc.phase == "allocating":
        out = []
        for side in flow.pending(state, proc):
            out.append(choice("AllocateAssaultLosses", {**fixed, "side": side},
                              [Option(field="losses", values=[allocation.exact(state, proc, side)],
                                      domain="unit -> points lost")],
                              rule="AS-RES.2", role="owner", faction=getattr(proc, side),
                              note=f"the points pay {allocation.loss_of(proc, side)} men-equivalents (a vehicle "
                              "or gun point is 10) with none to spare (AS-RES.2, reading P9)"))
        return out
    if proc.phase == "disruption":
        alive = retreat.alive(state, [*proc.units, *proc.defenders])
        # a unit is offered only for a mark it does not bear already (AS-DIS.1)
        can = {m: [x.id for x in alive if m not in x.markers] for m in ("disrupted", "broken")}
        return [choice("ReportDisruption", fixed, [Option(field="disrupted", values=can["disrupted"],
                                                          many=True, least=0, most=None, optional=True),
                                                   Option(field="broken", values=can["broken"], many=True,
                                                          least=0, most=None, optional=True)],
                       rule="AS-DIS.1", role="host", distinct=["disrupted", "broken"])]
    if proc.phase == "retreat":
        opts = [Option(field="retreats[].unit", values=list(proc.retreating), many=True,
                       least=len(proc.retreating), most=len(proc.retreating))]
        for uid in proc.retreating:
            free = retreat.open_hexes(state, state.units[uid])
            opts.append(Option(field="retreats[].to", values=free or [""], when={"retreats[].unit": uid}))
        return [choice("RetreatAssaultUnits", fixed, opts, rule="AS-RET.1", role="defender", faction=proc.defender)]
    return []
