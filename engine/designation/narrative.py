"""One sentence per designation event, each naming the clause it rests on."""
from __future__ import annotations

from turnlog.events import designation as d
from turnlog.projections.narrative import listed as _list


def narrate(e) -> str:
    """The narrative line of one designation event."""
    p = getattr(e, "procedure", "")
    match e:
        case d.AttackDesignationBegun():
            opt = "; the artillery-shift option of the 9.1.1 Q&A is on" if e.arty_shift_option else ""
            return (f"{p}: {e.active} opens the Attack Designation Segment of turn {e.turn} (9.0); "
                    f"designated by PA mode: {_list(e.pa)} (9.1.0){opt}")
        case d.AttackersDesignated():
            return (f"{p}: Attack markers on {_list(e.units)}; they now count as in Open terrain "
                    "(9.1.0, 9.1.1a, 9.1.2)")
        case d.AttackersUndesignated():
            return (f"{p}: Attack markers taken off {_list(e.units)} before the segment closed "
                    "(9.1.0)")
        case d.RequiredTargetsDetermined():
            owed = "; ".join(f"{h} (by {', '.join(us)})" for h, us in e.duties.items())
            return (f"{p}: hexes that must be attacked: {owed or 'none'} (9.1.1, 9.1.1a); "
                    f"attackers: {_list(e.attackers)}")
        case d.ArtilleryShiftsReported():
            return (f"{p}: artillery shift markers reported on {_list(e.hexes)} (12.0; the 9.1.1 "
                    "Q&A option reads them)")
        case d.BarrageRetreatsReported():
            moved = ", ".join(f"{u} to {h}" for u, h in e.retreated.items())
            return (f"{p}: the barrage made {moved} retreat (12.0); a result later this phase "
                    "reaches them there (9.2.2, 9.2.3)")
        case d.GroundAssaultDeclared():
            extra = "; constricted: at most two units, one battalion, from each hex (9.2.4)" if e.constricted else ""
            came = f"; retreated in, adding nothing: {_list(e.retreated_in)} (9.2.3)" if e.retreated_in else ""
            return (f"{p} {e.assault}: {_list(e.attackers)} assault {_list(e.hexes)} (9.2.0, "
                    f"9.2.1); defending: {_list(e.defenders)} (9.2.0){came}; defender's terrain "
                    f"{e.terrain or 'none'}{f' of {e.terrain_hex}' if e.terrain_hex else ''} "
                    f"(9.2.1){extra}")
        case d.GroundAssaultResolved():
            moved = ", ".join(f"{u} to {h}" for u, h in e.retreated.items())
            return (f"{p} {e.assault}: result {e.result or '(none given)'} reaches "
                    f"{_list(e.affected)} (9.2.0, 9.2.2, 9.2.3); eliminated: "
                    f"{_list(e.eliminated)}; retreated: {moved or 'none'}")
        case d.GroundAssaultSegmentEnded():
            gone = "; ".join(f"{h} under {r}" for h, r in e.lapsed.items())
            # ``attacked`` is every hex assaulted, a discretionary target (9.1.2) too: not all were
            # required
            return (f"{p}: Ground Assault Segment ends; hexes attacked: {_list(e.attacked)}; "
                    f"required hexes not attacked, lapsed: {gone or 'none'} (9.1.1)")
        case d.DesignationPhaseChanged():
            return f"{p}: now in {e.phase} (9.0)"
    return f"{p}: {type(e).__name__}"
