"""One sentence per WiF land-combat event, each naming the clause it rests on (ids: docs/rulings.md)."""
from __future__ import annotations

from turnlog.events import wif as w
from turnlog.projections.narrative import listed as _list


def _units(parts, side: str) -> str:
    return ", ".join(f"{p.unit} {p.points}" for p in parts if p.side == side and p.points != "0") or "none"


def narrate(e) -> str:
    """The narrative line of one land-combat event."""
    p = getattr(e, "procedure", "")
    match e:
        case w.LandCombatBegun():
            flags = "".join(f"; {name}: {_list(v)}" for name, v in (("invading", e.invaders),
                            ("paradropped", e.paradropped), ("ENG used", e.eng_used)) if v)
            return (f"{p}: {e.attacker} attacks {e.hex} with {_list(e.attackers)} against {_list(e.defenders)} "
                    f"({e.defender}); odds before shifts {e.odds}, weather {e.weather or 'not given'}{flags} "
                    "(host facts, 11.16.5)")
        case w.ArmPointsCounted():
            return (f"{p}: ARM points attacker {e.attacker} ({_units(e.units, 'attacker')}), defender {e.defender} "
                    f"({_units(e.units, 'defender')}) (11.16.5-T4, T5, T6)")
        case w.TableChooserDetermined():
            return f"{p}: the {e.chooser} chooses the combat table: {e.reason} ({e.rule})"
        case w.CombatTableChosen():
            mods = "; ".join(str(m) for m in e.modifiers)
            return (f"{p}: the {e.by} chooses the {e.table} table (11.16.5-T1); odds {e.odds} read column {e.column}"
                    + (f"; {mods}" if mods else "") + (f"; {'; '.join(e.notes)}" if e.notes else "") + " (R1)")
        case w.LandCombatResultDetermined():
            each = sum(m.value for m in e.modifiers if m.applies_to == "attacker_die")
            flags = f"; for the host: {' '.join(e.flags)}" if e.flags else ""
            return (f"{p}: dice attacker {e.attacker_die}, defender {e.defender_die}"
                    + (f", {each:+d} on each" if each else "") + f": row {e.row}, column {e.column} of the "
                    f"{e.table} table reads {e.cell} (11.16.5-R1): attacker loses {e.att_loss or '-'}, defender "
                    f"{e.def_loss or '-'} (R2){flags}")
        case w.LandCombatPhaseChanged():
            return f"{p}: now in {e.phase} (11.16.5)"
    return f"{p}: {type(e).__name__}"
