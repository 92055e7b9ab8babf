"""Random legal attritions on random small boards keep every unit whole and replay to the live state.

Each example draws a board (Axis west of a ragged front, Western Allies and sometimes Russia east of it,
random terrain, installations and hexsides, units of every type, a box and a force pool), then plays
the attrition phase of the Axis and, sometimes, of the next faction: every step picks one of
``game.legal()``'s attrition commands and builds its arguments from the position (losses within the
contact limits, hexes the rules offer, retreats by the order of evils as this file reads it). Before a
legal command it may also try a random one; whatever the engine refuses must write nothing.
ATTRITION_EXAMPLES=500 runs a longer search than the suite's 30.
"""
from __future__ import annotations

import os
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from turnlog.engine.attrition import r14_5_losses as L
from turnlog.engine.attrition import r14_6_occupation as O
from turnlog.engine.attrition import r14_7_retreats as R
from turnlog.engine.attrition.common import contact_group, faction, is_combat_ground
from turnlog.engine.commands import (BeginAttrition, Retreat, RetreatUnits, RollAttritionDie, SelectOccupation,
                             StartPhase, StartPlayerTurn, TakeAttritionLosses, TakeTwoCounters)
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.hexgrid import grid, neighbour_coords
from turnlog.events.attrition import FactorsCounted, Selection
from turnlog.events.game import UnitAdvanced, UnitDisplaced, UnitEliminated, UnitRetreated
from turnlog.projections.state import dump

from helpers import SEED, scenario, unit

TERRAIN = ["clear"] * 12 + ["forest", "swamp", "jungle", "mountain"]
FEATURES = [None] * 16 + [{"kind": k} for k in ("capital", "ic", "fortification", "airbase", "port", "city",
                                                  "railhead", "objective")] + [
    {"kind": "bridgehead", "origin": "seaborne"}, {"kind": "bridgehead", "origin": "river"}]
SIDES = [None] * 10 + [{"river": True}, {"impassable": True}, {"crossing_arrow": True}, {"all_water": True},
                       {"fortified_by": "WA"}, {"fortified_by": "AX"}]
NATS = {"AX": ["GE", "IT", "JA"], "WA": ["US", "GB", "CW"], "RU": ["SU"]}
FACTORS = [0] + list(range(1, 9)) * 2
DIE = list(range(10)) + [8, 9] * 6  # the high rows, where hexes change hands, more often
TYPES = ["infantry"] * 6 + ["armor", "airborne", "partisan", "flak", "air", "naval", "replacement"]


@st.composite
def boards(draw):
    """A scenario: hexes, hexsides and units, each unit in a hex its own side controls (or boxed/pooled)."""
    cols, rows = draw(st.integers(3, 6)), draw(st.integers(2, 4))
    russia_from = draw(st.integers(2, rows + 2))
    hexes, units, n = [], [], 0
    for r in range(1, rows + 1):
        front = draw(st.integers(1, cols - 1))
        for c in range(1, cols + 1):
            ctrl = "AX" if c <= front else ("RU" if r >= russia_from else "WA")
            h = {"id": f"{c:02d}{r:02d}", "col": c, "row": r, "controller": ctrl, "front": "eastern",
                 "weather_zone": "W", "terrain": draw(st.sampled_from(TERRAIN))}
            f = draw(st.sampled_from(FEATURES))
            if f:
                h["features"] = [f]
            if draw(st.integers(0, 5)) == 0:
                h["stacking_limit"] = draw(st.integers(1, 2))
            hexes.append(h)
            for _ in range(draw(st.integers(0, 3) if ctrl != "AX" else st.sampled_from([0, 1, 2, 2, 3]))):
                n += 1
                units.append(_unit(draw, f"u{n}", ctrl, h["id"]))
    by = {(h["col"], h["row"]): h["id"] for h in hexes}
    hexsides = []
    for h in hexes:
        for c in neighbour_coords(h["col"], h["row"]):
            if c in by and by[c] > h["id"]:
                s = draw(st.sampled_from(SIDES))
                if s:
                    hexsides.append({"a": h["id"], "b": by[c], **s})
    defended = next(h["id"] for h in hexes if h["controller"] == "WA") if any(
        h["controller"] == "WA" for h in hexes) else ""
    boxes = [{"id": "box", "zone_hex": defended}] if defended else []
    for i in range(draw(st.integers(0, 2))):
        units.append(unit(f"p{i}", "US", "", 3) | ({"box": "box"} if boxes and i == 0 else {}))  # else: force pool
    return scenario(hexes, units, hexsides=hexsides, boxes=boxes, season="summer")


def _unit(draw, uid, ctrl, hex_):
    type_ = draw(st.sampled_from(TYPES))
    if ctrl == "AX" and draw(st.booleans()):
        type_ = "infantry"  # attackers mostly count
    kw = {}
    if type_ in ("air", "naval"):
        kw["range"] = draw(st.integers(1, 3))
    if ctrl == "AX":
        kw["supply"] = draw(st.sampled_from(["full", "full", "partial", "none"]))
    if type_ == "partisan" and ctrl == "AX":
        type_ = "infantry"
    nats = NATS[ctrl] * 4 + (NATS["RU" if ctrl == "WA" else "WA"] if ctrl != "AX" else [])  # allies may share
    return unit(uid, draw(st.sampled_from(nats)), hex_, draw(st.sampled_from(FACTORS)), type_, **kw)


# -- the player: legal arguments for each attrition command --------------------------------------------------

def attempt(g: Game, cmd):
    """Execute ``cmd``; if refused, check that nothing was written or changed. Returns the events or None."""
    before, snap = g.log.last()[0], dump(g.state)
    try:
        return g.execute(cmd)
    except (RuleViolation, CommandError):
        assert g.log.last()[0] == before, f"refused {cmd} but the log grew"
        assert dump(g.state) == snap, f"refused {cmd} but the live state changed"
        return None


def must(g: Game, cmd):
    try:
        return g.execute(cmd)
    except (RuleViolation, CommandError) as err:
        raise AssertionError(f"a legal {cmd!r} was refused: {err}") from None


def losses_for(state, proc, draw) -> list[str]:
    """A loss list the rules must accept: as many as possible, within each nationality's contact (14.52C)."""
    zone = state.zones[proc.zone]
    need = L.best_possible(state, proc, zone)
    limit = Counter(contact_group(state, state.units[u].nationality) for u in proc.contact)
    pool = draw(st.permutations(sorted(u.id for u in L.candidates(state, proc, zone))))
    out, used = [], Counter()
    for uid in pool:
        k = contact_group(state, state.units[uid].nationality)
        if len(out) < need and used[k] < limit[k]:
            out.append(uid)
            used[k] += 1
    assert len(out) == need, "best_possible promised more losses than the contact limits allow"
    return out


def selection_for(state, proc, draw) -> list[Selection]:
    offered = O.eligible_hexes(state, proc, state.zones[proc.zone])
    cap = len(offered) if proc.zone_cleared else proc.hexes
    event(f"select: {'some' if offered else 'no'} hexes offered, H={proc.hexes}, cleared={proc.zone_cleared}")
    out, used = [], set()
    for h, movers in draw(st.permutations(offered)):
        free = [u for u in movers if u not in used]
        if len(out) >= cap or not free or draw(st.integers(0, 3)) == 0:
            continue
        chosen = draw(st.lists(st.sampled_from(free), min_size=1, max_size=len(free), unique=True))
        used.update(chosen)
        out.append(Selection(hex=h, units=chosen))
    return out


def _evil(state, fac, to, stack):
    """This file's own reading of 14.73, to cross-check the engine: (enemy control, enemy ZoC, overstacked)."""
    gr, my_side = grid(state), state.factions[fac].side
    controlled = state.control.get(to, "") and state.factions[state.control[to]].side != my_side
    zoc = any(u.hex and u.factors and is_combat_ground(u) and state.factions[faction(state, u)].side != my_side
              and to in gr.adj[u.hex] and gr.passable(u.hex, to) for u in state.units.values())
    limit = state.hexes[to].stacking_limit or state.rules.stacking_limit
    return (False, bool(controlled), bool(zoc), stack[to] > limit)


class Retreats:
    """The displaced units, their open hexes, and each one's evil given the others' destinations."""

    def __init__(self, state, proc):
        self.state, self.units = state, R.displaced(state, proc)
        gr = grid(state)
        self.opts = {u.id: [h for h in gr.adj[u.hex] if not R.forbidden(state, proc, u, h)] for u in self.units}
        side_ = state.factions[proc.defender].side
        leaving = {u.id for u in self.units}
        self.base = Counter(u.hex for u in state.units.values() if u.hex and u.id not in leaving
                            and is_combat_ground(u) and state.factions[faction(state, u)].side == side_)

    def scores(self, uid: str, assign: dict[str, str]) -> dict[str, tuple]:
        s, u = self.state, self.state.units[uid]
        others = self.base + Counter(t for v, t in assign.items() if v != uid and t and is_combat_ground(s.units[v]))
        w = int(is_combat_ground(u))
        out = {h: _evil(s, faction(s, u), h, others + Counter({h: w})) for h in self.opts[uid]}
        out[""] = (True, True, True, True)  # elimination, worse than any retreat
        return out

    def stable(self, assign: dict[str, str]) -> bool:
        """No unit could take a lesser evil by moving alone (this file's reading of 14.73 and 14.76)."""
        for u in self.units:
            sc = self.scores(u.id, assign)
            if min(sc.values()) < sc[assign[u.id]]:
                return False
        return True

    def plan(self, draw) -> dict[str, str]:
        """Best responses from a random start until no unit can improve (a congestion game settles)."""
        assign = {u.id: (draw(st.sampled_from(self.opts[u.id])) if self.opts[u.id] else "") for u in self.units}
        for _ in range(100):
            changed = False
            for u in self.units:
                sc = self.scores(u.id, assign)
                best = min(sc.values())
                if sc[assign[u.id]] > best:
                    assign[u.id] = min(h for h in sc if sc[h] == best)
                    changed = True
            if not changed:
                return assign
        raise AssertionError("best responses did not settle")


# -- one game ------------------------------------------------------------------------------------------------

ATTRITION = {"BeginAttrition", "RollAttritionDie", "TakeTwoCounters", "TakeAttritionLosses", "SelectOccupation",
             "RetreatUnits"}


def play_phase(g: Game, draw) -> None:
    for _ in range(60):
        options = [o.head for o in g.legal() if o.command in ATTRITION]
        if not options:
            return
        name, *args = draw(st.sampled_from(options)).split()
        event(name)
        kw = dict(a.split("=", 1) for a in args)
        state = g.state
        if name == "BeginAttrition":
            zone = state.zones[kw["zone"]]
            mine = sorted(u.id for u in state.units.values() if u.hex and faction(state, u) == kw["attacker"])
            exclude = draw(st.lists(st.sampled_from(mine), max_size=2, unique=True)) if mine else []
            if exclude and attempt(g, BeginAttrition(attacker=kw["attacker"], zone=zone.id, exclude=exclude)):
                continue
            must(g, BeginAttrition(attacker=kw["attacker"], zone=zone.id))
            continue
        proc = state.attritions[kw["procedure"]]
        if name == "RollAttritionDie":
            must(g, RollAttritionDie(procedure=proc.id, value=draw(st.sampled_from(DIE))))
        elif name == "TakeTwoCounters":
            must(g, TakeTwoCounters(procedure=proc.id))
        elif name == "TakeAttritionLosses":
            if draw(st.booleans()):  # a random loss list: accepted or refused, never half-written
                anyone = sorted(u.id for u in state.units.values() if faction(state, u) == proc.defender)
                if anyone and attempt(g, TakeAttritionLosses(procedure=proc.id, units=draw(
                        st.lists(st.sampled_from(anyone), max_size=4, unique=True)))):
                    continue
            must(g, TakeAttritionLosses(procedure=proc.id, units=losses_for(state, proc, draw)))
        elif name == "SelectOccupation":
            if draw(st.booleans()):
                near = sorted({n for u in proc.units for n in grid(state).adj.get(state.units[u].hex, ())})
                if near and attempt(g, SelectOccupation(procedure=proc.id, selections=[Selection(
                        hex=draw(st.sampled_from(near)), units=draw(st.lists(st.sampled_from(proc.units),
                                                                             max_size=2, unique=True)))])):
                    continue
            must(g, SelectOccupation(procedure=proc.id, selections=selection_for(state, proc, draw)))
        elif name == "RetreatUnits":
            rs = Retreats(state, proc)
            plan = rs.plan(draw)
            if draw(st.booleans()) and plan:  # move one unit elsewhere: the engine and this file must agree
                uid = draw(st.sampled_from(sorted(plan)))
                alt = draw(st.sampled_from([""] + grid(state).adj[state.units[uid].hex]))
                trial = {**plan, uid: alt}
                barred = alt and R.forbidden(state, proc, state.units[uid], alt)
                stable = not barred and rs.stable(trial)  # judged on the board before the command changes it
                done = attempt(g, _retreat(proc, trial))
                event(f"random retreat {'accepted' if done else 'refused'}")
                if not barred:
                    assert bool(done) == stable, f"engine {'accepted' if done else 'refused'} {trial}"
                if done:
                    continue
            written = [e for _, e in must(g, _retreat(proc, plan))]
            assert {e.unit for e in written if isinstance(e, (UnitRetreated, UnitEliminated))} >= set(plan)
    raise AssertionError("the attrition phase did not end")


def _retreat(proc, plan: dict[str, str]):
    return RetreatUnits(procedure=proc.id, retreats=[Retreat(unit=u, to=t) for u, t in sorted(plan.items())])


# -- the invariants ------------------------------------------------------------------------------------------

def check_invariants(g: Game, ids: set[str]) -> None:
    s = g.state
    assert set(s.units) == ids
    for u in s.units.values():
        assert not (u.hex and u.box), f"{u.id} is both on a hex and in a box"
        assert not (u.eliminated and (u.hex or u.box)), f"{u.id} is eliminated but still placed"
        assert not u.hex or u.hex in s.hexes
        assert not u.box or u.box in s.boxes
    where = Counter("pool" if u.in_pool else "box" if u.box else "map" for u in s.units.values())
    assert sum(where.values()) == len(ids)
    # No hex holds units of two sides at war once every procedure has ended; partisans excepted, which an
    # attrition ignores (14.61) and so leaves in a hex its attacker occupies.
    sides = {}
    for u in s.units.values():
        if u.hex and u.type != "partisan":
            sides.setdefault(u.hex, set()).add(s.factions[faction(s, u)].side)
    assert all(len(v) == 1 for v in sides.values()), sides
    # Every procedure ended; no unit counted twice in a turn (14.23B).
    assert all(p.phase == "done" for p in s.attritions.values())
    undone = g.undone()
    counted = Counter()
    gone: set[str] = set()
    for _seq, cid, ev, _auto in g.rows():
        if cid in undone:
            continue
        if isinstance(ev, FactorsCounted):
            counted.update(ev.units)
        if isinstance(ev, UnitEliminated):
            assert ev.unit not in gone, f"{ev.unit} eliminated twice"
            gone.add(ev.unit)
        if isinstance(ev, (UnitRetreated, UnitAdvanced, UnitDisplaced)):
            assert ev.unit not in gone, f"{ev.unit} moved after its elimination"
    assert all(n == 1 for n in counted.values()), counted
    assert s == g.at(use_snapshots=False), "replay from the log differs from the live state"


@settings(max_examples=int(os.environ.get("ATTRITION_EXAMPLES", 30)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(sc=boards(), data=st.data())
def test_random_legal_attritions_conserve_units_and_replay(sc, data):
    with tempfile.TemporaryDirectory() as d:
        g = Game.create(Path(d) / "r.db", sc, seed=SEED)
        try:
            ids = set(g.state.units)
            play_phase(g, data.draw)
            check_invariants(g, ids)
            nxt = data.draw(st.sampled_from(["", "WA", "RU"]))
            if nxt:
                must(g, StartPlayerTurn(faction=nxt))
                must(g, StartPhase(phase="attrition"))
                play_phase(g, data.draw)
                check_invariants(g, ids)
        finally:
            g.close()
