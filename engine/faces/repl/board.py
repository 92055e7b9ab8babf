"""The REPL's board commands: ``board``, ``hex``, ``unit``, ``svg``, ``diff`` (engine/faces/repl/shell.py).

A mixin of ``Shell``: it reads ``self.state()`` (the board at the cursor), ``self.game``,
``self.cursor`` and ``self.say``; it never writes.
"""
from __future__ import annotations


from turnlog.projections import narrative

from .. import diff as D
from ..svg import render
from ...errors import CommandError
from ...kinds import view as board
from ..kind_asks import unit_facts
from .cursor import Mixin


class BoardCommands(Mixin):
    """Looking at the board at the cursor."""

    def do_board(self, arg: str) -> None:
        """board: the whole board at the cursor (hexes with units, boxes, force pool, procedures)."""
        self.say(render.board_text(self.state()))

    def do_hex(self, arg: str) -> None:
        """hex ID: one hex at the cursor: terrain, control, features, units, zone, neighbours."""
        st = self.state()
        hid = arg.strip()
        if hid not in st.hexes:
            raise CommandError(f'no hex "{hid}"')
        h = st.hexes[hid]
        self.say(f"{hid} (column {h.col}, row {h.row}): {h.terrain}, "
                 f"controlled by {st.control.get(hid) or 'nobody'}"
                 f"{', ' + h.front + ' front' if h.front else ''}"
                 f"{', weather zone ' + h.weather_zone if h.weather_zone else ''}")
        for f in st.features.get(hid, []):
            named = ("owner", "origin", "launched_from", "name")
            extra = ", ".join(f"{k} {getattr(f, k)}" for k in named if getattr(f, k))
            self.say(f"  feature: {f.kind}{' (' + extra + ')' if extra else ''}")
        view = board(st)
        for u in sorted((u for u in st.units.values() if u.hex == hid), key=lambda u: u.id):
            self.say(f"  unit: {_unit_text(u, view)}")
        for o in view.overlays:   # what the kinds draw on the hex (required, a combat, a result...)
            if o.hex == hid:
                self.say(f"  {o.role}{' ' + o.label if o.label else ''}: {o.title or o.procedure}")
        zs = [z.id for z in st.zones.values() if hid in z.hexes]
        if zs:
            self.say(f"  attrition zone: {', '.join(zs)}")
        if hid in st.overstacked:
            self.say("  overstacked")
        from ... import kinds as K
        for kind in K.active(st):   # a used kind's own words on the hex (rule 9: cover, targets)
            for line in getattr(kind, "hex_lines", lambda _s, _h: [])(st, hid):
                self.say(line)
        from ...hexgrid import grid
        ns = []
        for n in grid(st).adj[hid]:
            side = grid(st).side(hid, n)
            kinds = [k for k in ("river", "crossing_arrow", "all_water", "impassable") if getattr(side, k)]
            if side.fortified_by:
                kinds.append(f"fortified by {side.fortified_by}")
            ns.append(n + (f" ({', '.join(kinds)})" if kinds else ""))
        self.say(f"  neighbours: {', '.join(ns) or 'none'}")

    def do_unit(self, arg: str) -> None:
        """unit ID: one unit at the cursor, and the events that moved or changed it up to the cursor."""
        st = self.state()
        uid = arg.strip()
        if uid not in st.units:
            raise CommandError(f'no unit "{uid}"')
        u = st.units[uid]
        nat = st.nationalities.get(u.nationality)
        facts = ([f"faction {nat.faction}"] if nat else []) + unit_facts(st, uid)  # the kinds' own
        self.say(_unit_text(u, board(st)) + (f"; {', '.join(facts)}" if facts else ""))
        undone = self.game.undone(self.cursor)
        hist = [(s, ev) for s, cid, ev, _a in self.game.rows(1, self.cursor)
                if cid not in undone and _mentions(ev, uid)]
        for s, ev in hist[-12:]:
            self.say(f"  {s:>6}  {narrative.line(ev)}")

    def do_svg(self, arg: str) -> None:
        """svg FILE [force]: write the board at the cursor as an SVG picture (force replaces an old picture)."""
        from .. import outfile
        words = arg.split()
        force = words[-1:] == ["force"] and len(words) > 1
        path = " ".join(words[:-1] if force else words)
        if not path:
            raise CommandError("svg needs a file name")
        svg = render.render_svg(self.game, self.state(), self.cursor)
        outfile.write(path, lambda f: f.write(svg), force=force, option="svg")
        self.say(f"{path}: board at seq {self.cursor}")

    def do_diff(self, arg: str) -> None:
        """diff [SEQ]: what changed between SEQ (default: before the cursor's command) and the cursor."""
        if arg.strip():
            before = int(arg)
        else:
            row = self._row(self.cursor)
            before = self._command(row[1])[5] - 1 if row else 0
        d = D.diff(self.state(before), self.state())
        d.notes = D.new_notes(self.game, before, self.game, self.cursor)
        self.say(D.text(d, self.state()))


def _unit_text(u, view) -> str:
    """A unit as the board's view shows it: its strength text, place, mode, markers and flags."""
    v = view.units[u.id]
    flags = [f"supply {u.supply}" if u.supply != "full" else "",
             "took offensive" if u.offensive else "",
             f"airdropped from {u.airdropped_from}" if u.airdropped_from else "",
             f"mode {v.mode}" if v.mode else "",
             *(f"{m.name} ({m.rule})" if m.rule else m.name for m in v.markers)]
    extra = "; ".join(f for f in flags if f)
    place = D.where(u)
    if u.eliminated and u.pool and not u.hex and not u.box:
        place = f"eliminated, in pool {u.pool}"
    else:
        place = {"eliminated": "eliminated, in the force pool",
                 "force pool": "in the force pool"}.get(place, f"at {place}")
    return (f"{u.id}: {u.nationality} {u.type} {v.strength} {place}"
            + (f" ({extra})" if extra else ""))


def _mentions(ev, uid: str) -> bool:
    for f in getattr(ev, "__struct_fields__", ()):
        v = getattr(ev, f)
        if v == uid or (isinstance(v, list) and uid in v):
            return True
        if f == "unit" and getattr(v, "id", None) == uid:
            return True
        if f == "selections" and any(uid in s.units for s in v):
            return True
    return False
