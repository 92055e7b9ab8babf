"""One sentence per attrition event (rule 14), each naming the rule it rests on."""
from __future__ import annotations

from turnlog.events import attrition as a


def _c_h(c: int, h: int) -> str:
    if not c and not h:
        return "no effect"
    return f"{c}C/{h}H" if h else f"{c}C"


def narrate(event) -> str:
    """The narrative line of one attrition event."""
    match event:
        case a.AttritionZonesDetermined(zones=zs, active=act, rule=r):
            return f"{len(zs)} attrition zones fixed for {act}'s turn ({r})"
        case a.AttritionBegun(procedure=p, attacker=att, defender=d, zone=z, excluded=ex):
            left = f" leaving out {', '.join(ex)} (14.213)" if ex else ""
            return f"{p}: {att} attritions {d} in zone {z}{left}"
        case a.FactorsCounted(procedure=p, units=us, factors=f, contact=c, column=col, rule=r):
            return (f"{p}: {f} factors counted from {len(us)} units against {len(c)} units "
                    f"in contact, column {col} ({r})")
        case a.AttritionResultDetermined(procedure=p, die=d, modifiers=ms, modified=m, row=row,
                                         counters=c, hexes=h, notes=ns):
            mods = "; ".join(str(x) for x in ms) or "no modifiers"
            extra = f" [{'; '.join(ns)}]" if ns else ""
            read = row if row < 11 else "11+"
            return f"{p}: die {d}, {mods} -> {m}, row {read}: {_c_h(c, h)} (14.41){extra}"
        case a.TwoCountersChosen(procedure=p, rule=r):
            return f"{p}: attacker takes 2C instead of 1C/1H ({r})"
        case a.WinterHexesDesignated(procedure=p, losses=ls, occupation=oc, rule=r):
            return (f"{p}: Russia designates losses in {', '.join(ls) or '-'}, "
                    f"occupation of {', '.join(oc) or '-'} ({r})")
        case a.AttritionLossesTaken(procedure=p, units=us, shortfall=sf, immune_hexes=im):
            out = f"{p}: defender loses {', '.join(us) or 'nothing'} (14.51)"
            if sf:
                out += f"; {sf} more called for but not available, disregarded (14.51)"
            if im:
                out += f"; {', '.join(im)} immune from occupation (14.62B)"
            return out
        case a.AttritionZoneCleared(procedure=p, rule=r):
            return (f"{p}: no defending ground unit left in the zone; adjacent zone hexes open to "
                    f"occupation ({r})")
        case a.OccupationSelected(procedure=p, selections=sel):
            picks = "; ".join(f"{x.hex} by {', '.join(x.units)}" for x in sel) or "nothing"
            return f"{p}: attacker selects for occupation: {picks} (14.61, 14.64)"
        case a.AttritionPhaseChanged(procedure=p, phase=ph):
            return f"{p}: phase {ph}"
    return type(event).__name__
