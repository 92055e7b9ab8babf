"""The toy kind's view (engine/view.py): a target marker on the unit an open skirmish names, its hex
outlined with the skirmish's id, and one line per skirmish. No face names the kind."""
from __future__ import annotations

from turnlog.engine.view import KindView, Marker, Overlay, UnitView

TARGET = Marker(name="skirmish-target", letter="T", fill="#7b2cbf", rule="T.1")


def view(state) -> KindView:
    out = KindView()
    got = state.kinds.get("skirmish")
    for p in (got.open.values() if got is not None else ()):
        out.summaries[p.id] = f"{p.id}: {p.attacker} skirmishes with {p.target}, phase {p.phase}"
        unit = state.units.get(p.target)
        if p.phase == "done" or unit is None or not unit.hex:
            continue
        out.units[p.target] = UnitView(markers=(TARGET,))
        out.overlays.append(Overlay(hex=unit.hex, role="skirmish", label=p.id, procedure=p.id,
                                    title=f"{p.id}: {p.attacker} fires at {p.target} (T.1)"))
    if out.overlays:
        out.legend.append("T: the target of an open skirmish (T.1)")
    return out
