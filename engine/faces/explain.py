"""What the REPL's `why`, `odds` and `legal` say: the rules behind an event, a roll's exact odds.

Kept apart from the shell so a host program can print the same explanations.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

import msgspec

from turnlog.events import attrition as a
from turnlog.events import game as g
from turnlog.projections import narrative
from turnlog.projections.state import GameState

from ..attrition import (
    machine,
    r14_42_modifiers as modifiers,
    r14_41_table as table,
    r14_2_zones as zones,
)
from ..attrition.procedure import die_row
from ..kit.modifiers import total as modifier_total
from .. import procedures

# Why a unit was left out of a count: the rule letter and a paraphrase (see the rules text for the wording).
REFUSALS = {"14.213": "left out by the attacker", "14.23A": "took part in offensive operations this turn",
            "14.23B": "already counted in another attrition this turn",
            "14.23C": "touches the zone only across impassable or all-water hexsides",
            "14.23D": "touches the zone only across a fortified hexside or into a fortress/fortification",
            "14.23E": "no defending unit it may attack there", "14.23F": "a unit type that never counts"}


def explain(game, state_at: Callable[[int], GameState], seq: int, cid: int, ev, auto: bool) -> list[str]:
    """Lines naming the rules behind one logged event; ``state_at(seq)`` gives the board after a seq."""
    cmdrow = game.log.command(cid)
    out = [f"seq {seq}: {narrative.line(ev)}",
           f"  written by command c{cid} {cmdrow[2]} {_payload(cmdrow[3])}"
           + (" as an automatic consequence" if auto else "")
           + (" — later undone" if cid in game.undone() else "")]
    prev = state_at(seq - 1) if seq > 1 else GameState()
    match ev:
        case a.AttritionResultDetermined():
            p = prev.attritions.get(ev.procedure)
            die = prev.die
            rolled = next((e for s, _c, e, _a in game.rows(cmdrow[5], seq) if isinstance(e, g.DieRolled)), None)
            how = ("entered by hand" if rolled and rolled.entered else "mixed from every holder's share (joint dice)"
                   if rolled and rolled.shares else "derived from the committed seed")
            out.append(f"  die: {ev.die} ({how}; d{die.sides} read {die.lowest}-{die.lowest + die.sides - 1})")
            base = die_row(prev, ev.die)
            for m in ev.modifiers:
                out.append(f"  modifier {m}")
            if not ev.modifiers:
                out.append("  no modifier applies")
            total = modifier_total(ev.modifiers)
            out.append(f"  modified roll: {base} {total:+d} = {ev.modified}"
                       + (f", read as row {ev.row if ev.row < 11 else '11+'} (14.43)" if ev.row != ev.modified else ""))
            factors = p.factors if p else 0
            out.append(f"  column: {ev.column} ({factors} attritioning factors, 14.41)")
            col = table.COLUMNS.index(ev.column) if ev.column in table.COLUMNS else -1
            cells = "  ".join(f"[{table.label(x)}]" if i == col else table.label(x)
                              for i, x in enumerate(table.TABLE[ev.row]))
            out.append(f"  row {ev.row if ev.row < 11 else '11+'} of the Attrition Table: {cells}")
            out.append(f"  result: {table.label((ev.counters, ev.hexes))}")
            out += [f"  note: {n}" for n in ev.notes]
        case a.FactorsCounted():
            p = prev.attritions.get(ev.procedure)
            st = state_at(seq)
            out.append(f"  counted ({ev.rule}): " + ", ".join(f"{u} ({st.units[u].factors})" for u in ev.units)
                       + f" = {ev.factors} factors, column {ev.column} (14.41)")
            out.append(f"  defending units in contact: {', '.join(ev.contact) or 'none'}")
            if p is not None and p.zone in prev.zones:
                counted = zones.count(prev, p.attacker, prev.zones[p.zone], frozenset(p.excluded))
                for u, rule in sorted(counted.refused.items()):
                    out.append(f"  not counted: {u} — {rule}" + (f" ({REFUSALS[rule]})" if rule in REFUSALS else ""))
        case a.AttritionPhaseChanged():
            p = prev.attritions.get(ev.procedure)
            src = p.phase if p else "count"
            ts = [t for t in machine.TRANSITIONS if t["source"] == src and t["dest"] == ev.phase]
            for t in ts:
                out.append(f"  phase table: {src} --{t['trigger']}--> {ev.phase}"
                           + (f" because {t['conditions']}" if t.get("conditions") else ""))
            if not ts:
                out.append(f"  phase table: {src} -> {ev.phase}")
        case a.AttritionLossesTaken():
            out.append(f"  losses taken (14.51): {', '.join(ev.units) or 'none'}")
            if ev.shortfall:
                out.append(f"  {ev.shortfall} more called for but not available: disregarded (14.51)")
            if ev.immune_hexes:
                out.append(f"  immune from occupation (14.62B): {', '.join(ev.immune_hexes)}")
        case a.OccupationSelected():
            for sel in ev.selections:
                out.append(f"  {sel.hex} selected, advancing {', '.join(sel.units)} (14.61, 14.64)")
        case a.AttritionZonesDetermined():
            for z in ev.zones:
                out.append(f"  zone {z.id}: {len(z.hexes)} hexes ({', '.join(z.hexes[:12])}"
                           f"{'…' if len(z.hexes) > 12 else ''}) ({ev.rule})")
        case g.DieRolled():
            if ev.entered:
                out.append("  entered by hand (a physical die); verify lists it as such")
            elif ev.shares:
                from .. import joint
                out.append(joint.explain(ev, prev))
            else:
                seed = bytes.fromhex(prev.seed) if prev.seed else game.seed
                from .. import dice
                if seed is not None and dice.commitment(seed) == prev.seed_sha256:
                    spec = dice.spec_of(prev.die, prev.dice, ev)
                    ok = spec is not None and dice.again(seed, ev, spec) == (ev.value, ev.faces)
                    out.append(f"  derived from the committed seed and the key '{ev.key}': "
                               + ("re-derived, it matches" if ok else "re-derived, it DOES NOT match"))
                else:
                    out.append(f"  derived from the committed seed and the key '{ev.key}' (checkable once revealed)")
        case g.CommandUndone():
            target = game.log.command(ev.command_id)
            out.append(f"  undoes c{ev.command_id} {target[2] if target else '?'}"
                       + (f" by referee override ({ev.referee}): a die roll is an undo barrier" if ev.override else ""))
        case _ if _kind_of(ev) is not None:
            out += _kind_of(ev).why(prev, ev)
        case _:
            rule = getattr(ev, "rule", "")
            if rule:
                out.append(f"  rule {rule}" + (f": {ev.reason}" if getattr(ev, "reason", "") else "")
                           + (f" (procedure {ev.procedure})" if getattr(ev, "procedure", "") else ""))
                for e in getattr(ev, "evils", []):
                    out.append(f"  retreat evil: {e}")
            else:
                out.append("  a fact from the scenario or the host; no rule judged it")
    return out


def odds(state: GameState, pid: str, actual: int | None = None) -> list[str]:
    """The exact distribution of results of ``pid``'s roll on ``state`` (one line per die face, then totals)."""
    p = state.attritions[pid]
    zone = state.zones[p.zone]
    atk = [state.units[u] for u in p.units]
    dfn = [state.units[u] for u in p.contact]
    die = state.die
    faces, dist = [], {}
    for v in range(die.lowest, die.lowest + die.sides):
        mods, modified, row, cn, hx, _n = modifiers.resolve(state, zone, p.factors, atk, dfn, die_row(state, v))
        res = table.label((cn, hx))
        faces.append((v, modified, row, res))
        dist[res] = dist.get(res, 0) + 1
    out = [f"{pid}: {p.factors} factors, column {p.column} (14.41); modifiers "
           + ("; ".join(str(m) for m in mods) or "none") + f" = {modifier_total(mods):+d}"]
    out.append("  die  modified  row  result")
    for v, modified, row, res in faces:
        out.append(f"  {v:>3}  {modified:>8}  {row if row < 11 else '11+':>3}  {res}"
                   + ("   <- rolled" if actual == v else ""))
    n = die.sides
    order = sorted(dist, key=_weight)
    out.append("  chance of each result: " + ", ".join(
        f"{r} {Fraction(dist[r], n)} ({100 * dist[r] / n:.0f}%)" for r in order))
    hexes = sum(1 for _v, _m, _r, res in faces if "H" in res)
    out.append(f"  chance of at least one hex (H): {Fraction(hexes, n)} ({100 * hexes / n:.0f}%)")
    return out


def _weight(label: str) -> tuple[int, int]:
    if label == "-":
        return (0, 0)
    cpart, _, hpart = label.partition("/")
    return (int(cpart.rstrip("C")), int(hpart.rstrip("H") or 0))


def _legal(state: GameState) -> list[str]:
    out = []
    for kind in procedures.active(state):
        try:
            out += kind.legal(state)
        except Exception as err:  # noqa: BLE001 — e.g. a procedure caught mid-command (phase 'count')
            out.append(f"({kind.name}: cannot list here: {type(err).__name__} {err})".replace(" )", ")"))
    return out


def _kind_of(ev):
    """The registered kind that owns ``ev``'s type and explains it (a ``why(state, event)``), or None."""
    return next((k for k in procedures.KINDS if type(ev) in getattr(k, "events", ()) and hasattr(k, "why")), None)


def _event_procedure(row) -> str:
    return getattr(row[2], "procedure", "") if row else ""




def _payload(p: str) -> str:
    try:
        d = msgspec.json.decode(p)
    except msgspec.DecodeError:
        return p
    d.pop("type", None)
    return msgspec.json.encode(d).decode() if d else "{}"
