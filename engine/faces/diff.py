"""What changed between two boards: unit by unit, hex by hex, procedure by procedure.

Used by `turnlog diff` (two seqs of one game, or the ends of two forked
files), by the REPL, and by the SVG board to highlight the last command's
effect. Works on GameStates only, so any two states can be compared. What the
kinds show (engine/view.py: a unit's strength, mode and markers, overlays,
off-map lines, each procedure's line) is compared view to view, so a kind's
changes are listed without this module naming it.
"""
from __future__ import annotations

import msgspec

from turnlog.projections import narrative
from turnlog.projections.state import Attrition, GameState, UnitState

from ..kinds import view as board
from ..view import BoardView, unit_lines, unit_text


class Change(msgspec.Struct, frozen=True, kw_only=True):
    """One difference: ``what`` (a unit, hex or procedure id), its ``kind``, before and after."""

    what: str
    kind: str
    before: str = ""
    after: str = ""


class Diff(msgspec.Struct, kw_only=True):
    before: str
    after: str
    turn: list[Change] = []
    units: list[Change] = []
    hexes: list[Change] = []
    procedures: list[Change] = []
    off_map: list[Change] = []
    notes: list[str] = []
    common_upto: int | None = None  # two files: the last seq whose hash both logs share

    @property
    def empty(self) -> bool:
        return not (self.turn or self.units or self.hexes or self.procedures or self.off_map
                    or self.notes)

    def unit_ids(self, *kinds: str) -> set[str]:
        return {c.what for c in self.units if not kinds or c.kind in kinds}

    def hex_ids(self, *kinds: str) -> set[str]:
        return {c.what for c in self.hexes if not kinds or c.kind in kinds}


def where(u: UnitState | None) -> str:
    """A unit's place in words: a hex id, a box, the force pool, or eliminated."""
    if u is None:
        return "not in the game"
    if u.hex:
        return u.hex
    if u.box:
        return f"box {u.box}"
    return "eliminated" if u.eliminated else "force pool"


def turn_text(s: GameState) -> str:
    """The turn, season, year, active side and phase in one line."""
    t = s.turn
    return (f"turn {t.turn} {t.season} {t.year}, {t.active or '-'}'s player turn, {t.phase or '-'} "
            "phase")


def diff(a: GameState, b: GameState, before: str = "", after: str = "") -> Diff:
    """Changes that turn board ``a`` into board ``b``."""
    d = Diff(before=before or f"seq {a.seq}", after=after or f"seq {b.seq}")
    if turn_text(a) != turn_text(b):
        d.turn.append(Change(what="turn", kind="turn", before=turn_text(a), after=turn_text(b)))
    wa = {k: v.winter_level for k, v in a.turn.weather.items()}
    wb = {k: v.winter_level for k, v in b.turn.weather.items()}
    for z in sorted(set(wa) | set(wb)):
        if wa.get(z) != wb.get(z):
            d.turn.append(Change(what=z, kind="winter level", before=str(wa.get(z, "-")),
                                 after=str(wb.get(z, "-"))))
    if sorted(a.zones) != sorted(b.zones):
        d.turn.append(Change(what="zones", kind="attrition zones",
                             before=", ".join(sorted(a.zones)) or "none",
                             after=", ".join(sorted(b.zones)) or "none"))
    if a.seed != b.seed:
        d.turn.append(Change(what="dice", kind="seed",
                             before="committed" if not a.seed else "revealed",
                             after="revealed" if b.seed else "committed"))
    va, vb = board(a), board(b)
    # a stable sort: each unit's changes together, the core's first
    d.units = sorted(_units(a, b) + _unit_views(a, b, va, vb), key=lambda c: c.what)
    d.hexes = sorted(_hexes(a, b) + _overlays(va, vb), key=lambda c: c.what)
    d.procedures = _procedures(a, b)
    d.procedures += _summaries({c.what for c in d.procedures}, va, vb)
    ca, cb = va.off_map, vb.off_map
    if ca != cb:
        d.off_map = [Change(what="off map", kind="off the map", before="; ".join(ca) or "-",
                            after="; ".join(cb) or "-")]
    return d


def _unit_views(a: GameState, b: GameState, va: BoardView, vb: BoardView) -> list[Change]:
    """A unit's strength, mode and markers as the kinds show them (a strength that is its factors is
    listed by _units)."""
    out = []
    for uid, what, before, after in unit_lines(va, vb):
        factors = (str(a.units[uid].factors), str(b.units[uid].factors))
        if what == "strength" and (before, after) == factors:
            continue
        out.append(Change(what=uid, kind=what, before=before, after=after))
    return out


def _overlays(va: BoardView, vb: BoardView) -> list[Change]:
    """Overlays placed and cleared, by hex: role, label and procedure."""
    def said(o) -> str:
        return (o.role + (f" {o.label}" if o.label else "")
                + (f" ({o.procedure})" if o.procedure else ""))
    sa, sb = {(o.hex, said(o)) for o in va.overlays}, {(o.hex, said(o)) for o in vb.overlays}
    return sorted([Change(what=h, kind="overlay placed", after=t) for h, t in sb - sa]
                  + [Change(what=h, kind="overlay cleared", before=t) for h, t in sa - sb],
                  key=lambda c: (c.what, c.kind, c.before, c.after))


def _summaries(detailed: set[str], va: BoardView, vb: BoardView) -> list[Change]:
    """Each procedure's line, before and after, where it changed and _procedures said nothing."""
    out = []
    for pid in sorted(set(va.summaries) | set(vb.summaries), key=_pid_key):
        before, after = (v.summaries.get(pid, "-").removeprefix(f"{pid}: ") for v in (va, vb))
        if pid not in detailed and before != after:
            out.append(Change(what=pid, kind="now", before=before, after=after))
    return out


def notes_of(game, upto: int) -> list[tuple[int, int, str]]:
    """Notes in effect at seq ``upto`` (not undone), as (seq written, seq marked, text), read from the log."""
    undone = game.undone(upto)
    return [(seq, ev.at_seq, ev.text) for seq, cid, ev in game.events_of("NoteAdded", upto) if cid not in undone]


def new_notes(game_a, seq_a: int, game_b, seq_b: int) -> list[str]:
    """Texts of the notes in effect in ``game_b`` at ``seq_b`` but not in ``game_a`` at ``seq_a``."""
    old = {(at, t) for _s, at, t in notes_of(game_a, seq_a)}
    return [t for _s, at, t in notes_of(game_b, seq_b) if (at, t) not in old]


def _units(a: GameState, b: GameState) -> list[Change]:
    out = []
    for uid in sorted(set(a.units) | set(b.units)):
        ua, ub = a.units.get(uid), b.units.get(uid)
        if ua is None or ub is None:
            out.append(Change(what=uid, kind="added" if ua is None else "removed", before=where(ua),
                              after=where(ub)))
            continue
        pa, pb = where(ua), where(ub)
        if pa != pb:
            if ub.eliminated and not ua.eliminated and ub.pool:
                kind = "to pool"   # eliminated into a named pool: a kampfgruppe's repair pool
            elif ub.eliminated and not ua.eliminated:
                kind = "eliminated"
            elif ua.eliminated and not ub.eliminated:
                kind = "returned"
            else:
                kind = "moved"
            after = f"pool {ub.pool}" if kind == "to pool" else pb
            out.append(Change(what=uid, kind=kind, before=pa, after=after))
        for field in ("supply", "factors", "offensive", "airdropped_from", "oil_effect"):
            va, vb = getattr(ua, field), getattr(ub, field)
            if va != vb:
                kind = "airdropped" if field == "airdropped_from" else field
                out.append(Change(what=uid, kind=kind, before=_s(va), after=_s(vb)))
    return out


def _s(v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v) if v not in ("", None) else "-"


def _hexes(a: GameState, b: GameState) -> list[Change]:
    out = []
    for hid in sorted(set(a.hexes) | set(b.hexes) | set(a.control) | set(b.control)):
        ca, cb = a.control.get(hid, ""), b.control.get(hid, "")
        if ca != cb:
            out.append(Change(what=hid, kind="control", before=ca or "nobody",
                              after=cb or "nobody"))
        fa = [f.kind for f in a.features.get(hid, [])]
        fb = [f.kind for f in b.features.get(hid, [])]
        for k in fb:
            if k not in fa:
                out.append(Change(what=hid, kind="feature placed", after=k))
        for k in fa:
            if k not in fb:
                out.append(Change(what=hid, kind="feature removed", before=k))
        if (hid in a.overstacked) != (hid in b.overstacked):
            out.append(Change(what=hid, kind="overstacked", before=_s(hid in a.overstacked),
                              after=_s(hid in b.overstacked)))
    return out


def attrition_result(p: Attrition) -> str:
    """An attrition's result with its die and row, or '-' before the roll."""
    if p.die is None:
        return "-"
    res = f"{p.counters}C/{p.hexes}H" if p.hexes else (f"{p.counters}C" if p.counters else "no effect")
    return f"{res} (die {p.die}, row {p.row})"


def _procedures(a: GameState, b: GameState) -> list[Change]:
    out = []
    for pid in sorted(set(a.attritions) | set(b.attritions), key=_pid_key):
        pa, pb = a.attritions.get(pid), b.attritions.get(pid)
        if pb is None:  # a procedure of one board or the other: this one is a's
            out.append(Change(what=pid, kind="gone", before=f"phase {a.attritions[pid].phase}"))
            continue
        if pa is None:
            out.append(Change(what=pid, kind="begun",
                              after=f"{pb.attacker} vs {pb.defender} in {pb.zone}, {pb.factors} "
                                                             f"factors, column {pb.column or '-'}"))
        if (pa.phase if pa else "") != pb.phase:
            out.append(Change(what=pid, kind="phase", before=pa.phase if pa else "-",
                              after=pb.phase))
        if (attrition_result(pa) if pa else "-") != attrition_result(pb):
            out.append(Change(what=pid, kind="result", before=attrition_result(pa) if pa else "-",
                              after=attrition_result(pb)))
        for field, kind in (("losses", "losses"), ("selections", "selected for occupation"),
                            ("winter_losses", "winter loss hexes"),
                            ("winter_occupation", "winter occupation")):
            va, vb = (getattr(pa, field) if pa else []), getattr(pb, field)
            if va != vb:
                out.append(Change(what=pid, kind=kind, before=_list(va), after=_list(vb)))
        if pb.zone_cleared != bool(pa and pa.zone_cleared):
            out.append(Change(what=pid, kind="zone cleared (14.65)", before=_s(not pb.zone_cleared),
                              after=_s(pb.zone_cleared)))
    return out


def _pid_key(pid: str):
    return (len(pid), pid)


def _list(v: list) -> str:
    if not v:
        return "-"
    if hasattr(v[0], "hex"):
        return "; ".join(f"{s.hex} by {', '.join(s.units)}" for s in v)
    return ", ".join(v)


def text(d: Diff, state: GameState | None = None) -> str:
    """The diff as lines a player reads; ``state`` (the later board) adds unit descriptions."""
    lines = [f"diff {d.before} -> {d.after}"]
    if d.common_upto is not None:
        lines.append(f"the two logs share seq 1..{d.common_upto}" if d.common_upto else "the two logs share nothing")
    if d.empty:
        lines.append("no change")
        return "\n".join(lines)
    if d.turn:
        lines.append("turn:")
        lines += [f"  {c.kind}: {c.before} -> {c.after}" if c.what in ("turn", "zones", "dice")
                  else f"  {c.what} {c.kind}: {c.before} -> {c.after}" for c in d.turn]
    if d.units:
        lines.append(f"units ({len(d.unit_ids())}):")
        view = board(state) if state else None
        for c in d.units:
            u = state.units.get(c.what) if state else None
            desc = f" [{unit_text(u, view.units[c.what])}]" if u and view else ""
            lines.append(f"  {c.what}{desc}: {phrase(c)}")
    if d.hexes:
        lines.append(f"hexes ({len(d.hex_ids())}):")
        lines += [f"  {c.what}: {phrase(c)}" for c in d.hexes]
    if d.procedures:
        lines.append("procedures:")
        lines += [f"  {c.what}: {phrase(c)}" for c in d.procedures]
    if d.off_map:
        lines.append("off the map:")
        lines += [f"  {c.before} -> {c.after}" for c in d.off_map]
    if d.notes:
        lines.append("notes:")
        lines += [f"  {narrative.quoted(t)}" for t in d.notes]
    return "\n".join(lines)


def phrase(c: Change) -> str:
    """What a Change did, in words (moved a -> b, eliminated, placed...)."""
    match c.kind:
        case "moved":
            return f"moved {c.before} -> {c.after}"
        case "eliminated":
            return f"eliminated (was in {c.before})"
        case "to pool":
            return f"eliminated into {c.after} (was in {c.before})"
        case "now":
            return f"{c.before} -> {c.after}"
        case "overlay placed":
            return f"{c.after} placed"
        case "overlay cleared":
            return f"{c.before} cleared"
        case "returned":
            return f"back from the force pool to {c.after}"
        case "feature placed":
            return f"{c.after} placed"
        case "feature removed":
            return f"{c.before} removed"
        case "begun":
            return f"{c.kind}: {c.after}"
        case "added" | "removed":
            return f"{c.kind} ({c.before} -> {c.after})"
    return f"{c.kind} {c.before} -> {c.after}"


def common_prefix(log_a, log_b) -> int:
    """The last seq up to which two logs hold the same rows (same hashes): where a fork split."""
    n = 0
    for (sa, ha), (sb, hb) in zip(log_a.hashes(), log_b.hashes()):
        if sa != sb or ha != hb:
            break
        n = sa
    return n


def between_files(game_a, game_b, seq_a: int | None = None, seq_b: int | None = None,
                  names: tuple[str, str] = ("A", "B"), replay=None) -> tuple[Diff, GameState]:
    """Diff two games (a game and its fork) at the given seqs, default their last; return (diff, later board)."""
    at = replay or (lambda g, s: g.at(s))
    a, b = at(game_a, seq_a), at(game_b, seq_b)
    d = diff(a, b, f"{names[0]} at seq {a.seq}", f"{names[1]} at seq {b.seq}")
    d.notes = new_notes(game_a, a.seq, game_b, b.seq)
    d.common_upto = common_prefix(game_a.log, game_b.log)
    return d, b
