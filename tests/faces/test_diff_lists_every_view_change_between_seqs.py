"""`diff` between every two consecutive seqs of every bundled demo lists exactly what the board's
view changed: each unit's place, strength, mode and markers, the overlays placed and cleared,
each procedure's line and the kinds' off-map lines (and of a procedure, attrition's details
besides)."""
from __future__ import annotations


import pytest

from turnlog.engine.faces import diff as D
from turnlog.engine.faces.cli import DEMOS
from turnlog.engine.game import Game
from turnlog.engine.kinds import view as board


def _said(o) -> str:
    return o.role + (f" {o.label}" if o.label else "") + (f" ({o.procedure})" if o.procedure else "")


def _view_changes(a, b) -> set[tuple]:
    """What differs between the views of boards a and b, in diff's terms."""
    va, vb = board(a), board(b)
    out = set()
    for uid in set(a.units) & set(b.units):
        if D.where(a.units[uid]) != D.where(b.units[uid]):
            out.add((uid, "place"))
        x, y = va.units[uid], vb.units[uid]
        if x.strength != y.strength:
            out.add((uid, "factors" if x.strength == str(a.units[uid].factors) and
                     y.strength == str(b.units[uid].factors) else "strength"))
        if x.mode != y.mode:
            out.add((uid, "mode"))
        if x.marker_names != y.marker_names:
            out.add((uid, "markers"))
    sa, sb = {(o.hex, _said(o)) for o in va.overlays}, {(o.hex, _said(o)) for o in vb.overlays}
    out |= {(h, "overlay placed", t) for h, t in sb - sa} | {(h, "overlay cleared", t) for h, t in sa - sb}
    out |= {(pid, "procedure") for pid in set(va.summaries) | set(vb.summaries)
            if va.summaries.get(pid) != vb.summaries.get(pid)}
    if va.off_map != vb.off_map:
        out.add(("off map",))
    return out


def _listed(d: D.Diff) -> set[tuple]:
    """The same facts read from the diff."""
    out = set()
    for c in d.units:
        if c.kind in ("moved", "eliminated", "returned", "to pool"):
            out.add((c.what, "place"))
        elif c.kind in ("factors", "strength", "mode", "markers"):
            out.add((c.what, c.kind))
    for c in d.hexes:
        if c.kind.startswith("overlay"):
            out.add((c.what, c.kind, c.after or c.before))
    out |= {(c.what, "procedure") for c in d.procedures}
    out |= {("off map",) for _c in d.off_map}
    return out


@pytest.mark.parametrize("name", DEMOS)
def test_diff_of_consecutive_seqs_is_the_change_of_the_view(demos, name):
    with Game.open(demos / f"{name}.db", readonly=True) as g:
        boards = [g.at(seq) for seq in range(1, sum(1 for _ in g.rows()) + 1)]
    for a, b in zip(boards, boards[1:]):
        listed, changed = _listed(D.diff(a, b)), _view_changes(a, b)
        assert changed <= listed, f"{name}: seq {a.seq} -> {b.seq}"
        # More is listed only of a procedure: attrition's own details (its losses, its selections)
        assert all(x[1] == "procedure" for x in listed - changed), f"{name}: seq {a.seq} -> {b.seq}"


def test_a_kampfgruppe_is_listed_as_going_to_its_repair_pool_not_as_eliminated(demos):
    """11.16.5-K1c: the unit goes to its repair pool; the diff says so and lists the pool off the map."""
    with Game.open(demos / "river-town-11-16-5.db", readonly=True) as g:
        seq = next(s for s, _cid, ev, _a in g.rows() if type(ev).__name__ == "KampfgruppeFormed")
        d = D.diff(g.at(seq - 2), g.at(seq))
    text = D.text(d)
    assert "eliminated into pool fr-repair" in text and "kampfgruppen: fr-mech-1" in text
    assert not [c for c in d.units if c.kind == "eliminated" and c.what == "fr-mech-1"]
