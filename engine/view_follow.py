"""The board's view (engine/view.py) followed event by event, at the cost of what each event changes.

``kinds.view(state)`` draws every unit and asks every kind for its whole view: a face that wants the
view after each event of a long game (the HTML replay, the served page) would pay the units times the
events. ``Follow`` keeps the merged view instead and, per event, rebuilds only the units the event
changes: those the core's own events name (a move, an elimination, a supply change, the offensive
flags a new player turn clears), those each kind says its view of them may change (its optional
``view_touched``, engine/kind.py), and asks a kind for its overlays, off-map lines and summaries only
when it says they may have changed or a turn event (a game turn, player turn or phase) passes. A kind
without the hooks is asked for its whole view at each event, as before; an event nothing answers for
(an unknown type) makes ``step`` answer None: the caller rebuilds everything (``reset``).

An undo's board is the log replayed without the undone command, so what it changes is what the events
from that command's first seq to the undo changed: ``Follow`` keeps, per seq, the units, hexes and
marks each event touched, and an undo (given that first seq) rebuilds their union and asks every kind
for its board part again. A redo re-issues its command: its events are followed as any others.
"""
from __future__ import annotations

from bisect import bisect_left, insort
from typing import Any

from turnlog.events import game as g
from turnlog.events import setup as s
from turnlog.projections.state import GameState

from . import kinds
from . import view as V

#: Core events that change one unit, the one their ``unit`` field names.
_UNIT = frozenset({g.UnitMoved, g.UnitEliminated, g.UnitRetreated, g.UnitAdvanced, g.UnitDisplaced,
                   g.SupplyChanged, g.UnitAirdropped})
#: Core events after which every kind's board part is asked again (a kind's overlays may follow the turn).
_TURN = frozenset({g.GameTurnStarted, g.PlayerTurnStarted, g.PhaseStarted, g.PlayerTurnEnded,
                   g.GameEnded})
#: Core events that change nothing a view or the page draws of units, hexes or pools.
_QUIET = frozenset({g.DieRolled, g.GameTurnStarted, g.PlayerTurnEnded, g.GameEnded, g.WeatherSet,
                    g.NoteAdded, g.SeedRevealed, g.SecretRevealed, g.GameForked, g.ClaimMade,
                    g.ClaimAccepted, g.ClaimDisputed, s.FactionDefined, s.NationalityDefined,
                    s.HexsideDefined, s.BoxDefined, s.SupplySourceDefined, s.RestrictionDefined,
                    s.TerrainTypeDefined, s.FormationDefined})


class Change:
    """What one event may have changed: units (ids), hexes (control, features), the overstack marks,
    whether a kind's overlays, off-map lines or summaries were drawn again (``board``) and whether the
    core's pool lines changed (``pools``)."""

    __slots__ = ("units", "hexes", "overstack", "board", "pools")

    def __init__(self, units=(), hexes=(), overstack: bool = False, pools: bool = False):
        self.units: set[str] = set(units)
        self.hexes: set[str] = set(hexes)
        self.overstack, self.pools, self.board = overstack, pools, False


def core_change(ev, offensive: set[str]) -> Change | None:
    """What a core event changes (``offensive``: the units flagged now), or None for an undo or a type
    not known here."""
    t = type(ev)
    if t in _UNIT:
        return Change(units=(ev.unit,))
    if t is g.UnitsTookOffensive:
        return Change(units=ev.units)
    if t is s.UnitPlaced:
        return Change(units=(ev.unit.id,))
    if t is g.PlayerTurnStarted:  # every unit's offensive flag is cleared (14.23A)
        return Change(units=offensive)
    if t in (g.ControlChanged, g.FeaturePlaced, g.FeatureRemoved):
        return Change(hexes=(ev.hex,))
    if t is s.HexDefined:
        return Change(hexes=(ev.hex.id,))
    if t in (g.OverstackMarked, g.PhaseStarted):
        return Change(overstack=True)
    if t is s.PoolDefined:
        return Change(pools=True)
    return Change() if t in _QUIET else None


#: What an undo asks of a kind with the hooks: no units of its own beyond the union, its board part again.
_EVERY = V.Touched(board=True)


class Follow:
    """The board's view of a game followed step by step: ``reset`` once (or after an undo), then ``step``."""

    def __init__(self) -> None:
        self.units: dict[str, V.UnitView] = {}
        self.parts: dict[str, dict[str, V.UnitView]] = {}   # kind name -> its own unit entries
        self.boards: dict[str, V.KindView] = {}             # kind name -> its last board part
        self.kinds: list[Any] = []
        self.owner: dict[type, Any] = {}
        self.order: dict[str, int] = {}
        self.offensive: set[str] = set()
        self.boxed: dict[str, str] = {}
        self.pooled: list[str] = []
        self.pools: list[str] = []
        self.rebuilt = 0   # unit views built: what the cost tests count
        # seq -> (units, hexes, overstack, pools) an event touched; None: drawn afresh there (a reset),
        # so an undo reaching back over it is drawn afresh too. An event that touched nothing: absent.
        self.touched: dict[int, tuple | None] = {}

    def reset(self, state: GameState) -> V.BoardView:
        """Draw everything of ``state`` afresh; returns the whole view (as ``kinds.view`` gives it)."""
        self.kinds = [k for k in kinds.active(state) if getattr(k, "view", None) is not None]
        self.owner = {t: k for k in self.kinds for t in getattr(k, "events", ())}
        self.parts, self.boards = {}, {}
        for k in self.kinds:
            got = k.view(state)
            self.parts[k.name] = {uid: v for uid, v in got.units.items() if uid in state.units}
            self.boards[k.name] = got
        self.order = {uid: i for i, uid in enumerate(state.units)}
        self.units = {}
        self.boxed, self.pooled = {}, []
        self._redraw(state, list(state.units), True)
        self.touched[state.seq] = None
        return self.view()

    def view(self) -> V.BoardView:
        """The view now, as ``kinds.view`` would give it (its legend left out)."""
        out = V.BoardView(units=self.units, pools=self.pools)
        for k in self.kinds:
            b = self.boards[k.name]
            out.overlays += b.overlays
            out.off_map += b.off_map
            out.summaries.update(b.summaries)
        return out

    def step(self, state: GameState, ev, since: int | None = None) -> Change | None:
        """Fold ``ev`` (already folded into ``state``) into the view; what may have changed, or None:
        call ``reset``. ``since``: for an undo, the first seq of the command it took back."""
        if [k for k in kinds.active(state) if getattr(k, "view", None) is not None] != self.kinds:
            return None
        undo = type(ev) is g.CommandUndone
        owner, mine = (None, None) if undo else (self.owner.get(type(ev)), None)
        if undo:
            change = self._undone(state, since)
        elif owner is None:
            change = core_change(ev, self.offensive)
        else:
            ask = getattr(owner, "view_touched", None)
            mine = ask(state, ev) if ask is not None else None
            change = None if mine is None else Change(units=mine.units, hexes=mine.hexes)
        if change is None:
            return None
        turn = undo or type(ev) in _TURN
        whole, board = [], {}
        for k in self.kinds:
            ask = getattr(k, "view_touched", None)
            t = mine if k is owner else None if ask is None else _EVERY if undo else ask(state, ev)
            if t is None:
                whole.append(k)
            else:
                change.units.update(t.units)
                board[k.name] = t.board or turn
        for k in whole:
            self._whole(state, k, change)
        for k in self.kinds:
            if k.name in board and (change.units or board[k.name]):
                self._part(state, k, change, board[k.name])
        new = [uid for uid in change.units if uid not in self.order and uid in state.units]
        if len(new) > 1:
            return None   # only UnitPlaced adds a unit: the order of several is not known here
        for uid in new:
            self.order[uid] = len(self.order)
        change.units = {uid for uid in change.units if uid in state.units}
        ordered = sorted(change.units, key=self.order.__getitem__)
        repair = change.pools
        change.pools = self._redraw(state, ordered, repair)
        if change.units or change.hexes or change.overstack or repair:
            self.touched[state.seq] = (tuple(change.units), tuple(change.hexes), change.overstack, repair)
        return change

    def _undone(self, state: GameState, since: int | None) -> Change | None:
        """What an undo changes: the union of what each event from ``since`` to it touched, or None
        when not known (a seq drawn afresh in between, a unit added or gone, no ``since``)."""
        if since is None or not 0 < since <= state.seq or len(state.units) != len(self.order):
            return None
        change = Change()
        for seq in range(since, state.seq):
            if seq not in self.touched:
                continue
            got = self.touched[seq]
            if got is None:
                return None
            units, hexes, over, pools = got
            change.units.update(units)
            change.hexes.update(hexes)
            change.overstack |= over
            change.pools |= pools
        return change

    def _whole(self, state: GameState, k, change: Change) -> None:
        """A kind without the hooks (or answering None): its whole view, its changed entries found by
        comparing them all."""
        got = k.view(state)
        now = {uid: v for uid, v in got.units.items() if uid in state.units}
        was = self.parts[k.name]
        change.units.update(uid for uid in now.keys() | was.keys() if now.get(uid) != was.get(uid))
        self.parts[k.name], self.boards[k.name] = now, got
        change.board = True

    def _part(self, state: GameState, k, change: Change, board: bool) -> None:
        """A kind with ``view_touched``: its entries of the changed units, and its board part if asked."""
        units = [uid for uid in change.units if uid in state.units]
        part = getattr(k, "view_part", None)
        got = part(state, units, board) if part is not None else k.view(state)
        mine = self.parts[k.name]
        for uid in units:
            v = got.units.get(uid)
            if v is None:
                mine.pop(uid, None)
            else:
                mine[uid] = v
        if board:
            self.boards[k.name] = got
            change.board = True

    def _redraw(self, state: GameState, uids: list[str], repair: bool) -> bool:
        """Merge the views of ``uids`` (in the state's order) and keep the core's pool lines; whether
        those lines changed."""
        units, parts = state.units, [self.parts[k.name] for k in self.kinds]
        pools = {pid for pid, p in state.pools.items() if p.kind == "repair"}
        changed = repair
        if repair:  # which pools are repair pools may have changed: every unit's place again
            self.boxed, self.pooled, uids = {}, [], list(units)
        for uid in uids:
            u = units[uid]
            v = V.core_unit(u)
            for part in parts:
                mine = part.get(uid)
                if mine is not None:
                    v = V.merge(v, mine)
            self.units[uid] = v
            self.rebuilt += 1
            (self.offensive.add if u.offensive else self.offensive.discard)(uid)
            changed = self._pool(u, pools) or changed
        if changed:
            boxed = sorted(self.boxed, key=self.order.__getitem__)
            self.pools = [self.boxed[uid] for uid in boxed] + \
                ["force pool: " + ", ".join(self.pooled)] * bool(self.pooled)
        return changed

    def _pool(self, u, repair: set[str]) -> bool:
        """Keep ``u``'s place in the core's off-map lines (a box, the force pool); whether it moved."""
        line = f"{u.id} ({u.factors}) in box {u.box}" if u.box else None
        changed = self.boxed.get(u.id) != line
        if line is None:
            self.boxed.pop(u.id, None)
        else:
            self.boxed[u.id] = line
        pooled, i = u.in_pool and u.pool not in repair, bisect_left(self.pooled, u.id)
        had = i < len(self.pooled) and self.pooled[i] == u.id
        if pooled and not had:
            insort(self.pooled, u.id)
        elif had and not pooled:
            del self.pooled[i]
        return changed or pooled != had
