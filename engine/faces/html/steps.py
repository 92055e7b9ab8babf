"""The board as the replay page draws it, kept step by step: what each event changed (the page's delta).

Per event the page gets only what changed (docs/design.md "The HTML replay"): each changed unit's hex
(or its place off the map) and counter face, controllers, feature and overstack marks, zones, the
kinds' overlays and off-map lines, the turn line and the procedures' lines. ``PageView`` follows the
board's view with engine/view_follow.py, so a step costs what its event changes (an undo: what the
events it took back changed); at an event that follow cannot answer it draws everything and compares,
as ``full=True`` does at every step (the reference the tests compare with).
"""
from __future__ import annotations

from typing import Protocol

from turnlog.projections.state import GameState, UnitState

from .. import diff as D
from ...kinds import view as board_view
from ...view import BoardView, UnitView
from ...view_follow import Change, Follow
from ..svg.style import feature_label

class Faces(Protocol):
    """What a step reads of the page's board (html/replay.py ``Board``): the hexes' indexes, the faces."""

    index: dict[str, int]

    def face(self, u: UnitState, v: UnitView) -> int: ...


class PageView:
    """The board as the page draws it; ``step`` returns what changed (a delta)."""

    def __init__(self, board: Faces, full: bool = False):
        self.board, self.full = board, full
        self.follow: Follow | None = None if full else Follow()
        self.primed = False
        self.units: dict[str, tuple] = {}
        self.overlays: list = []
        self.off_map: list[str] = []
        self.control: dict[str, str] = {}
        self.features: dict[str, str] = {}
        self.over: set[str] = set()
        self.zones: tuple = ()
        self.zones_of: object = None
        self.turn = ""
        self.procs: list[str] = []

    def step(self, s: GameState, ev, since: int | None = None) -> dict:
        """The delta of the board after ``ev`` (already folded into ``s``; ``since``: for an undo, the
        first seq of the command it took back)."""
        follow = self.follow
        if follow is None:
            return self.whole(s, board_view(s))
        change = follow.step(s, ev, since) if self.primed else None
        if change is None:
            self.primed = True
            return self.whole(s, follow.reset(s))
        d: dict = {}
        self._units(s, change, d)
        if change.hexes:
            self._hexes(s, change.hexes, d)
        if change.overstack:
            self._overstack(s, d)
        self._zones(s, d)
        self._lines(s, follow.view() if change.board or change.pools else None, d)
        return d

    def whole(self, s: GameState, view: BoardView) -> dict:
        """The delta found by drawing every unit and hex of ``s`` (``view``: its whole board view)."""
        d: dict = {}
        idx, face = self.board.index, self.board.face
        units = {uid: (idx.get(u.hex, -1), "" if u.hex in idx else D.where(u),
                       face(u, view.units[uid])) for uid, u in s.units.items()}
        if units != self.units:
            d["u"] = [[k, *v] for k, v in units.items() if self.units.get(k) != v] + \
                     [[k, -1, "not in the game", -1] for k in self.units if k not in units]
            self.units = units
        self._map(s, d)
        self._overstack(s, d)
        self.zones_of = None
        self._zones(s, d)
        self._lines(s, view, d)
        return d

    def _units(self, s: GameState, change: Change, d: dict) -> None:
        """The changed units' places and faces, in the state's order."""
        assert self.follow is not None
        idx, face, views, rows = self.board.index, self.board.face, self.follow.units, []
        for uid in sorted(change.units, key=self.follow.order.__getitem__):
            u = s.units[uid]
            now = (idx.get(u.hex, -1), "" if u.hex in idx else D.where(u), face(u, views[uid]))
            if self.units.get(uid) != now:
                rows.append([uid, *now])
                self.units[uid] = now
        if rows:
            d["u"] = rows

    def _map(self, s: GameState, d: dict) -> None:
        """Every hex's controller and feature marks, compared with the last drawn."""
        idx = self.board.index
        if s.control != self.control:
            d["c"] = [[idx[h], s.control.get(h, "")] for h in set(s.control) | set(self.control)
                      if h in idx and s.control.get(h) != self.control.get(h)]
            self.control = dict(s.control)
        feats = {h: " ".join(feature_label(f.kind) for f in fs)
                 for h, fs in s.features.items() if fs}
        if feats != self.features:
            d["f"] = [[idx[h], feats.get(h, "")] for h in set(feats) | set(self.features)
                      if h in idx and feats.get(h) != self.features.get(h)]
            self.features = feats

    def _hexes(self, s: GameState, hexes: set[str], d: dict) -> None:
        """The controllers and feature marks of the hexes an event changed."""
        if len(hexes) > 1:
            self._map(s, d)   # several: in the order the whole comparison lists them
            return
        idx = self.board.index
        for h in hexes:
            if s.control.get(h) != self.control.get(h):
                d.setdefault("c", []).extend([[idx[h], s.control.get(h, "")]] if h in idx else [])
                _keep(self.control, h, s.control.get(h))
            fs = s.features.get(h)
            label = " ".join(feature_label(f.kind) for f in fs) if fs else None
            if label != self.features.get(h):
                d.setdefault("f", []).extend([[idx[h], label or ""]] if h in idx else [])
                _keep(self.features, h, label)

    def _overstack(self, s: GameState, d: dict) -> None:
        if set(s.overstacked) != self.over:
            now = set(s.overstacked)
            idx = self.board.index
            d["o"] = [[idx[h], int(h in now)] for h in now ^ self.over if h in idx]
            self.over = now

    def _zones(self, s: GameState, d: dict) -> None:
        """The zones, compared only when the state holds another zones table (a projection replaces it
        whole)."""
        if s.zones is self.zones_of:
            return
        idx, self.zones_of = self.board.index, s.zones
        zones = tuple((z.id, z.faction, tuple(z.hexes))
                      for z in sorted(s.zones.values(), key=lambda z: z.id))
        if zones != self.zones:
            d["z"] = [[zid, fac, [idx[h] for h in hs if h in idx]] for zid, fac, hs in zones]
            self.zones = zones

    def _lines(self, s: GameState, view: BoardView | None, d: dict) -> None:
        """The kinds' overlays, the off-map lines, the turn line and the procedures' lines, each whole when
        it changes (``view``: None when no overlay, off-map or procedure line can have changed)."""
        idx = self.board.index
        if view is not None:
            overlays = [[idx[o.hex], o.role, o.label, o.title, o.faction, o.procedure]
                        for o in view.overlays if o.hex in idx]
            if overlays != self.overlays:
                d["v"] = self.overlays = overlays
            off_map = view.pools + view.off_map
            if off_map != self.off_map:
                d["l"] = self.off_map = off_map
        turn = D.turn_text(s) if s.turn.turn else "setup: no game turn has started yet"
        if turn != self.turn:
            d["t"] = self.turn = turn
        if view is not None:
            procs = list(view.summaries.values())
            if procs != self.procs:
                d["p"] = self.procs = procs


def _keep(kept: dict[str, str], key: str, value: str | None) -> None:
    if value is None:
        kept.pop(key, None)
    else:
        kept[key] = value
