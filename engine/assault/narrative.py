"""One sentence per assault event, each naming the paragraph ids (AS-*) it rests on and every modifier."""
from __future__ import annotations

from turnlog.events import assault as a
from turnlog.projections.narrative import listed as _list


def _mods(ms) -> str:
    return "; ".join(str(m) for m in ms) or "none"


def narrate(e) -> str:
    """The narrative line of one assault event."""
    p = e.procedure
    match e:
        case a.AssaultDeclared():
            return (f"{p}: {e.attacker} assaults {e.hex} with {_list(e.units)} (AS-GEN.1); defending: "
                    f"{_list(e.defenders)} ({e.defender})")
        case a.AssaultUnitsAdded():
            return f"{p}: {_list(e.units)} join the assault (AS-GEN.1, AS-GEN.2)"
        case a.AssaultMovementSpent():
            return f"{p}: {e.unit} spends {e.amount} movement points to assault (entry cost {e.entry}; {e.rule})"
        case a.AssaultResolved():
            night = ", at night" if e.night else ""
            return (f"{p}: resolved{night}: attackers' assault value {e.att_value}, average defence {e.att_defence}; "
                    f"defenders' assault value {e.def_value}, average defence {e.def_defence} (AS-RES.1; modifiers: "
                    f"{_mods(e.modifiers)}); two Combat Results between {e.low} and {e.high}, baseline {e.baseline} "
                    f"(AS-RES.2): shown over the hex as {e.att_loss}/{e.def_loss} (AS-MAP.1)")
        case a.AssaultLossesAllocated():
            how = "as its owner chose" if e.by == "owner" else "in proportion to strength"
            return f"{p}: the {e.side}'s loss is shared out {how} (AS-RES.2, reading P9)"
        case a.UnitStrengthReduced():
            what = " captured" if e.captured else ""
            return f"{p}: {e.unit} loses {e.amount} strength{what} ({e.rule})"
        case a.AttackerDisruptionScaled():
            return (f"{p}: the attackers' loss of {e.loss} counts as {e.scaled} for their disruption "
                    f"({_mods(e.modifiers)})")
        case a.UnitStatusChanged():
            return f"{p}: {e.unit} is {e.status.capitalize()} ({e.rule})"
        case a.UnitModeChanged():
            return f"{p}: {e.unit} goes into {e.mode.capitalize()} Mode ({e.rule})"
        case a.AssaultRetreatForced():
            stay = f"; Fanatical in their fortification, staying: {_list(e.stay)} (AS-FAN.2)" if e.stay else ""
            gone = f"; moving only in Travel Mode, eliminated: {_list(e.eliminated)} (AS-SRR.1)" if e.eliminated else ""
            return f"{p}: every defender is Disrupted or Broken: must retreat: {_list(e.units)} (AS-RET.1){stay}{gone}"
        case a.AssaultPhaseChanged():
            return f"{p}: now in {e.phase} (AS-GEN.2)"
    return f"{p}: {type(e).__name__}"
