"""Generate realistic games: a map with fronts and units, then a stream of commands.

The map has three factions (Axis west, Russia east, Western Allies in the
south-west), two fronts and three weather bands, so the number of attrition
zones depends on geography, not on the map's size. The stream is what a host
reports over many player turns: moves (with the control changes they cause),
combat and attrition dice, supply changes and notes, inside the real turn
sequence. Every command goes through the engine's own ``settle`` on a live
GameState, so the automatic events (zones at each player turn, 14.211) are
the ones Game.execute would append, and the final state is the reference a
replay must equal.
"""
from __future__ import annotations

import math
import random
from collections import defaultdict
from typing import Iterator

import msgspec

from turnlog.engine import commands as c
from turnlog.engine import kinds
from turnlog.engine import scenario as S
from turnlog.engine.dice import commitment
from turnlog.engine.game import settle
from turnlog.engine.hexgrid import neighbour_coords
from turnlog.events import game as g
from turnlog.events.codec import encode
from turnlog.projections.state import GameState

SEED = bytes(range(32))
ORDER = ("AX", "RU", "WA")
SEASONS = ("spring", "summer", "fall", "winter")
FACTIONS = [{"id": "AX", "side": "axis", "name": "Axis"},
            {"id": "RU", "side": "allies", "name": "Russia"},
            {"id": "WA", "side": "allies", "name": "Western Allies"}]
NATIONALITIES = [{"id": "GE", "faction": "AX", "ctl": 2, "winter_prep": 1},
                 {"id": "IT", "faction": "AX", "ctl": 1},
                 {"id": "SU", "faction": "RU", "ctl": 1, "winter_prep": 6},
                 {"id": "US", "faction": "WA", "ctl": 1},
                 {"id": "GB", "faction": "WA", "ctl": 1}]
NATS = {"AX": (("GE", 7), ("IT", 3)), "RU": (("SU", 1),), "WA": (("US", 1), ("GB", 1))}
TERRAIN = (("clear", 70), ("forest", 12), ("mountain", 6), ("swamp", 5), ("desert", 4), ("jungle", 3))
TYPES = (("infantry", 55), ("armor", 14), ("mechanized", 10), ("mountain", 4), ("airborne", 3),
         ("air", 7), ("flak", 3), ("replacement", 4))
NOTES = ("{f} asks the referee to check stacking in {h}", "{h}: bridge blown, noted for the supply phase",
         "{f} declares a partial-supply trace through {h}", "dispute about the hexside at {h} settled by map")

Batch = list[tuple[str, str, str, list[tuple[str, int, str, bool]]]]


def _pick(rnd: random.Random, weighted) -> str:
    return rnd.choices([k for k, _ in weighted], [w for _, w in weighted])[0]


def dims(n_hexes: int) -> tuple[int, int]:
    """Columns and rows of a near-square map of exactly ``n_hexes`` (ids stay CCRR)."""
    rows = math.isqrt(n_hexes)
    while n_hexes % rows:
        rows -= 1
    cols = n_hexes // rows
    if cols > 100 or rows > 100 or rows < 4:
        raise ValueError(f"{n_hexes} hexes: no map of at most 100x100 with at least 4 rows")
    return cols, rows


def hid(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def scenario(n_hexes: int = 400, *, units_per_hex: float = 0.35, seed: int = 1, phase: str = "movement",
             name: str = "", tiles: int = 1) -> S.Scenario:
    """A generated scenario, decoded and checked exactly as a file would be.

    ``tiles``: the map of ``n_hexes`` repeated that many times (see ``tiled``), so that a larger map
    keeps the density of the smaller: tiles * n_hexes hexes.
    """
    doc = scenario_doc(n_hexes, units_per_hex=units_per_hex, seed=seed, phase=phase, name=name)
    if tiles > 1:
        doc = tiled(doc, tiles)
    return S.parse(msgspec.json.encode(doc), "json")


def tiled(doc: dict, tiles: int) -> dict:
    """``doc``'s map repeated ``tiles`` times, two tiles a row, one empty column and row between tiles.

    Tiles never touch, so every zone and every count of one tile is found again in each other one:
    exactly ``tiles`` times the work at the same density. Column offsets are even, so the odd-q
    neighbours inside a tile stay the same. Ids get a tile prefix (units, sources) or a wider CCCRRR
    form (hexes).
    """
    cols = 1 + max(h["col"] for h in doc["hexes"])
    rows = 1 + max(h["row"] for h in doc["hexes"])
    step_c, step_r = cols + 1 + (cols + 1) % 2, rows + 1
    out = {**doc, "name": f"{doc['name']}-x{tiles}", "hexes": [], "hexsides": [], "units": [], "supply_sources": []}
    for t in range(tiles):
        dc, dr = (t % 2) * step_c, (t // 2) * step_r
        ids = {h["id"]: f"{h['col'] + dc:03d}{h['row'] + dr:03d}" for h in doc["hexes"]}
        out["hexes"] += [{**h, "id": ids[h["id"]], "col": h["col"] + dc, "row": h["row"] + dr} for h in doc["hexes"]]
        out["hexsides"] += [{**x, "a": ids[x["a"]], "b": ids[x["b"]]} for x in doc["hexsides"]]
        out["units"] += [{**u, "id": f"t{t}-{u['id']}", "hex": ids[u["hex"]]} for u in doc["units"]]
        out["supply_sources"] += [{**x, "id": f"t{t}-{x['id']}", "hex": ids[x["hex"]]} for x in doc["supply_sources"]]
    return out


def scenario_doc(n_hexes: int = 400, *, units_per_hex: float = 0.35, seed: int = 1, phase: str = "movement",
                 name: str = "") -> dict:
    """The generated scenario as the document a file would hold (see ``scenario``)."""
    rnd = random.Random(seed)
    cols, rows = dims(n_hexes)
    line, col = [], cols // 2
    for _ in range(rows):  # the Axis/Russian front wanders around the middle
        col = min(max(col + rnd.choice((-1, 0, 0, 1)), cols // 3 + 1), cols - 3)
        line.append(col)
    west, south = max(2, cols * 3 // 10), rows * 4 // 5
    hexes, ctrl = [], {}
    for cc in range(cols):
        for r in range(rows):
            f = "RU" if cc >= line[r] else "WA" if (cc < west and r >= south) else "AX"
            ctrl[(cc, r)] = f
            hexes.append({"id": hid(cc, r), "col": cc, "row": r, "controller": f,
                          "front": "western" if cc < west else "eastern",
                          "weather_zone": "ABC"[min(2, r * 3 // rows)], "terrain": _pick(rnd, TERRAIN)})
    sides = []
    for (cc, r) in ctrl:
        for n in neighbour_coords(cc, r):
            if n in ctrl and n > (cc, r) and rnd.random() < 0.04:
                sides.append({"a": hid(cc, r), "b": hid(*n), "river": True, "crossing_arrow": rnd.random() < 0.1})
    near: dict[str, list[tuple[int, int]]] = {f: [] for f in ORDER}
    rear: dict[str, list[tuple[int, int]]] = {f: [] for f in ORDER}
    for xy, f in ctrl.items():
        ring = {n for n in neighbour_coords(*xy) if n in ctrl}
        ring |= {m for n in ring for m in neighbour_coords(*n) if m in ctrl}
        (near if any(ctrl[n] != f for n in ring) else rear)[f].append(xy)
    units = []
    for i in range(int(n_hexes * units_per_hex)):
        f = rnd.choices(ORDER, (50, 35, 15))[0]
        pool = near[f] if (rnd.random() < 0.75 and near[f]) or not rear[f] else rear[f]
        type_ = _pick(rnd, TYPES)
        units.append({"id": f"{f.lower()}-{type_[:3]}-{i}", "nationality": _pick(rnd, NATS[f]),
                      "hex": hid(*rnd.choice(pool)), "factors": rnd.randint(1, 8), "type": type_})
    sources = [{"id": f"{f}-base", "faction": f, "hex": hid(*(rear[f] or near[f])[0])} for f in ORDER]
    doc = {"name": name or f"generated-{n_hexes}", "factions": FACTIONS, "nationalities": NATIONALITIES,
           "hexes": hexes, "hexsides": sides, "units": units, "supply_sources": sources,
           "turn": {"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": phase}}
    return doc


def _rows(done) -> list[tuple[str, int, str, bool]]:
    return [(type(e).__name__, e.version, encode(e).decode(), a) for e, a in done]


class Stream:
    """An endless, deterministic game on ``sc``; ``state`` is the live board after each command."""

    def __init__(self, sc: S.Scenario, *, seed: int = 1, turn_events: int = 2000, limit: int | None = None,
                 commands: bool = False):
        self.sc, self.rnd, self.turn_events, self.limit = sc, random.Random(seed), turn_events, limit
        #: every report a real command (verify re-executes them): see ``game(commands=True)``
        self.real = commands
        self.state = GameState()
        # settle() asks the registered kinds; a Game registers the kinds its scenario names on create/open.
        kinds.load_for(sc.rules.procedures)
        by_xy = {(h.col, h.row): h.id for h in sc.hexes}
        self.adj = {h.id: [by_xy[n] for n in neighbour_coords(h.col, h.row) if n in by_xy] for h in sc.hexes}
        self.hexes = [h.id for h in sc.hexes]
        fac = {n.id: n.faction for n in sc.nationalities}
        self.units = {f: [u.id for u in sc.units if fac[u.nationality] == f and u.hex] for f in ORDER}
        self.faction_of = {f: set(us) for f, us in self.units.items()}
        self.ground = {u.id for u in sc.units if u.type not in ("air", "flak")}
        self.at_hex: dict[str, list[str]] = defaultdict(list)
        for u in sc.units:
            if u.hex:
                self.at_hex[u.hex].append(u.id)
        self.spent = 0
        #: the host command each generated command stands for (None for dice and turn reports).
        self.host: c.Command | None = None

    def _done(self, events: list, ctype: str, payload: str):
        if self.limit is not None:  # zones are the only automatic event these commands cause (14.211)
            size = len(events) + sum(isinstance(e, g.PlayerTurnStarted) for e in events)
            if self.spent + size > self.limit:
                raise Full
        done = settle(self.state, events)
        self.state.seq += len(done)
        self.spent += len(done)
        return ("host", ctype, payload, _rows(done))

    def _cmd(self, cmd: c.Command, events: list, *, host: bool = True):
        self.host = cmd if host else None
        return self._done(events, type(cmd).__name__, c.encode(cmd).decode())

    def setup(self):
        """The LoadScenario command, as Game.create writes it."""
        self.host = None
        payload = msgspec.json.encode({"type": "LoadScenario", "name": self.sc.name}).decode()
        return self._done(S.setup_events(self.sc, commitment(SEED)), "LoadScenario", payload)

    def note(self, f: str):
        text = self.rnd.choice(NOTES).format(f=f, h=self.rnd.choice(self.hexes))
        return self._cmd(c.AddNote(text=text), [g.NoteAdded(text=text, at_seq=self.state.seq)])

    def _stack(self, f: str) -> list[str]:
        """A random unit of ``f`` and, sometimes, the rest of its stack."""
        uid = self.rnd.choice(self.units[f])
        if self.rnd.random() < 0.3:
            return [x for x in self.at_hex[self.state.units[uid].hex] if x in self.faction_of[f]][:3]
        return [uid]

    def _destination(self, f: str, frm: str, attack: bool) -> str:
        nbrs = self.adj[frm] or [frm]
        want = [n for n in nbrs if (self.state.control.get(n) == f) != attack]
        return self.rnd.choice(want if want and self.rnd.random() < 0.7 else nbrs)

    def moves(self, f: str, *, attack: bool = False) -> Iterator[tuple]:
        """A unit or stack moves (see ``move``); in a stream of real commands, as the commands a host issues:
        one MoveUnit a unit, the control change a SetControl, the supply changes a SetSupply each."""
        if not self.real:
            yield self.move(f, attack=attack)
            return
        st, rnd = self.state, self.rnd
        stack = self._stack(f)
        frm = st.units[stack[0]].hex
        to = self._destination(f, frm, attack)
        for u in stack:
            yield self._cmd(c.MoveUnit(unit=u, hex=to), [g.UnitMoved(unit=u, to_hex=to, from_hex=frm)])
            self.at_hex[frm].remove(u)
            self.at_hex[to].append(u)
        if st.control.get(to) != f and any(u in self.ground for u in stack):
            yield self._cmd(c.SetControl(hex=to, faction=f), [g.ControlChanged(hex=to, faction=f)])
        if rnd.random() < 0.1:
            for u in stack:
                sup = "partial" if st.units[u].supply == "full" else "full"
                yield self._cmd(c.SetSupply(unit=u, supply=sup), [g.SupplyChanged(unit=u, supply=sup)])

    def move(self, f: str, *, attack: bool = False):
        """A unit or stack moves; entering a hex it does not control takes it."""
        st, rnd = self.state, self.rnd
        stack = self._stack(f)
        frm = st.units[stack[0]].hex
        to = self._destination(f, frm, attack)
        events: list = [g.UnitMoved(unit=u, to_hex=to, from_hex=frm) for u in stack]
        if st.control.get(to) != f and any(u in self.ground for u in stack):
            events.append(g.ControlChanged(hex=to, faction=f))
        if rnd.random() < 0.1:
            events += [g.SupplyChanged(unit=u, supply="partial" if st.units[u].supply == "full" else "full")
                       for u in stack]
        out = self._cmd(c.MoveUnit(unit=stack[0], hex=to), events, host=len(stack) == 1)
        for u in stack:
            self.at_hex[frm].remove(u)
            self.at_hex[to].append(u)
        return out

    def supply(self, f: str) -> Iterator[tuple]:
        """The supply phase reports a stack's supply state in one command (real commands: one a unit)."""
        stack = self._stack(f)
        sup = self.rnd.choices(("full", "partial", "none"), (80, 15, 5))[0]
        if self.real:
            for u in stack:
                yield self._cmd(c.SetSupply(unit=u, supply=sup), [g.SupplyChanged(unit=u, supply=sup)])
            return
        yield self._cmd(c.SetSupply(unit=stack[0], supply=sup),
                         [g.SupplyChanged(unit=u, supply=sup) for u in stack], host=len(stack) == 1)

    def die(self, key: str, extra: list | None = None):
        self.host = None
        ev = [g.DieRolled(key=key, value=self.rnd.randrange(10)), *(extra or [])]
        return self._done(ev, "RollDie", msgspec.json.encode({"type": "RollDie", "key": key}).decode())

    def player_turn(self, f: str) -> Iterator[tuple]:
        st, rnd, start = self.state, self.rnd, self.spent
        if f == ORDER[0]:
            t = st.turn.turn + 1
            season = SEASONS[(SEASONS.index(st.turn.season) + 1) % 4] if st.turn.season else "summer"
            year = st.turn.year + (season == "spring")
            yield self._cmd(c.StartGameTurn(turn=t, season=season, year=year),
                            [g.GameTurnStarted(turn=t, season=season, year=year)], host=False)
        yield self._cmd(c.StartPlayerTurn(faction=f), [g.PlayerTurnStarted(faction=f)], host=False)
        budget = self.turn_events
        for phase, share in (("movement", 0.8), ("combat", 0.86), ("attrition", 0.87), ("supply", 1.0)):
            yield self._cmd(c.StartPhase(phase=phase), [g.PhaseStarted(phase=phase)], host=False)
            i = 0
            while self.spent - start < budget * share:
                i += 1
                if rnd.random() < 0.003:
                    yield self.note(f)
                elif phase == "movement":
                    yield from self.moves(f)
                elif phase == "combat":
                    if not self.real:  # no host command rolls a bare die: real commands only advance
                        yield self.die(f"combat/t{st.turn.turn}/{f}/{i}")
                    yield from self.moves(f, attack=True)  # the attacker advances where the die decided it
                elif phase == "attrition":
                    zs = sorted(z for z in st.zones if not z.startswith(f))
                    yield (self.note(f) if self.real else
                           self.die(f"attrition/t{st.turn.turn}/{f}/{zs[i % len(zs)] if zs else i}"))
                else:
                    yield from self.supply(f)

    def commands(self) -> Iterator[tuple]:
        """The setup command, then player turns for ever."""
        yield self.setup()
        while True:
            for f in ORDER:
                yield from self.player_turn(f)


class Full(Exception):
    """The next command would pass the stream's event limit."""


def game(sc: S.Scenario, n_events: int, *, seed: int = 1, turn_events: int = 2000,
         commands: bool = False) -> tuple[Batch, GameState]:
    """Exactly ``n_events`` events in commands (append_batch's input) and the board they give.

    ``commands``: every command a real one whose re-execution gives its events, so that verify passes
    (the default stream reports stacks, dice and side effects as a host would, in commands that do not
    re-execute): stacks move unit by unit, control and supply changes are their own commands, and the
    dice are left out (no host command rolls a bare die), attrition's replaced by notes.
    """
    stream = Stream(sc, seed=seed, turn_events=turn_events, limit=n_events, commands=commands)
    batch: Batch = []
    try:
        for cmd in stream.commands():
            batch.append(cmd)
    except Full:
        pass
    if not batch:
        raise ValueError(f"{n_events} events do not hold the scenario's setup")
    f = stream.state.turn.active or ORDER[0]
    while stream.spent < n_events:  # the next command did not fit: fill with notes
        batch.append(stream.note(f))
    return batch, stream.state


def host_commands(sc: S.Scenario, k: int, *, seed: int = 1, turn_events: int = 2000) -> list[c.Command]:
    """The first ``k`` host commands of the stream (one event each), for Game.execute."""
    stream, out = Stream(sc, seed=seed, turn_events=turn_events), []
    for cmd in stream.commands():
        if stream.host is not None and len(cmd[3]) == 1:
            out.append(stream.host)
            if len(out) == k:
                return out
    return out
