"""Hex coordinates, neighbours, hexsides, distance and contiguity.

Columns are flat-topped with odd columns shifted half a hex down ("odd-q"),
the common layout of printed hex maps (hex ids like "0413" = column 4, row 13).
The grid is derived from the GameState's hexes and cached on it; it changes
only when setup events add hexes or hexsides.
"""
from __future__ import annotations

from collections import deque
from functools import cached_property
from typing import Callable, Iterable

from turnlog.events.setup import HexsideSpec
from turnlog.projections.state import GameState, side_key

_EVEN = ((1, -1), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 0))
_ODD = ((1, 0), (1, 1), (0, -1), (0, 1), (-1, 0), (-1, 1))
_NO_SIDE = HexsideSpec(a="", b="")


def neighbour_coords(col: int, row: int) -> list[tuple[int, int]]:
    return [(col + dc, row + dr) for dc, dr in (_ODD if col & 1 else _EVEN)]


def cube(col: int, row: int) -> tuple[int, int, int]:
    x = col
    z = row - (col - (col & 1)) // 2
    return x, -x - z, z


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    ax, ay, az = cube(*a)
    bx, by, bz = cube(*b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


class Grid:
    """Adjacency of the defined hexes, with hexside lookup."""

    def __init__(self, state: GameState):
        self.key = (len(state.hexes), len(state.hexsides))
        by_coord = {(h.col, h.row): h.id for h in state.hexes.values()}
        self.coord = {h.id: (h.col, h.row) for h in state.hexes.values()}
        self.adj: dict[str, list[str]] = {
            hid: [by_coord[c] for c in neighbour_coords(*xy) if c in by_coord] for hid, xy in self.coord.items()}
        self.sides = state.hexsides
        # Hexsides come from the scenario only (one per side, engine/scenario.py), so the sides land
        # units cannot cross are known once per grid: no key string built per neighbour pair.
        self.closed = frozenset(p for s in state.hexsides.values()
                                if s.impassable or (s.all_water and not s.crossing_arrow)
                                for p in ((s.a, s.b), (s.b, s.a)))
        self._hexes = state.hexes  # for ``area``; a grid is rebuilt whenever hexes are added (grid())

    # The same map by index, for walks over every hex of a large map (zones, 14.211): lists of small
    # tuples and ints instead of a string-keyed dict lookup and a hex object per neighbour visited.
    # Built on first use: most commands never walk the whole map, and a Game opened for one command
    # builds its grid within that command.

    @cached_property
    def ids(self) -> list[str]:
        return list(self.coord)

    @cached_property
    def index(self) -> dict[str, int]:
        return {h: i for i, h in enumerate(self.ids)}

    @cached_property
    def nbr(self) -> list[tuple[int, ...]]:
        index = self.index
        return [tuple(index[n] for n in self.adj[h]) for h in self.ids]

    @cached_property
    def open_nbr(self) -> list[tuple[int, ...]]:
        ids, closed = self.ids, self.closed
        return [tuple(j for j in self.nbr[i] if (h, ids[j]) not in closed) for i, h in enumerate(ids)]

    @cached_property
    def by_name(self) -> list[int]:
        """The indices in the order of their hexes' ids: sorting by index then needs no string compared."""
        ids = self.ids
        return sorted(range(len(ids)), key=ids.__getitem__)

    @cached_property
    def area(self) -> list[int]:
        """Each hex's (front, weather zone) as a small int: what zones split on besides control."""
        areas: dict[tuple, int] = {}
        return [areas.setdefault((h.front, h.weather_zone), len(areas)) for h in (self._hexes[i] for i in self.ids)]

    def side(self, a: str, b: str) -> HexsideSpec:
        return self.sides.get(side_key(a, b), _NO_SIDE)

    def passable(self, a: str, b: str) -> bool:
        """Land units can cross: not impassable, not all-water without an arrow (14.23C)."""
        return (a, b) not in self.closed

    def distance(self, a: str, b: str) -> int:
        return distance(self.coord[a], self.coord[b])

    def components(self, hexes: Iterable[str], same: Callable[[str, str], bool]) -> list[list[str]]:
        """Split ``hexes`` into contiguous groups where ``same(a, b)`` links neighbours.

        Each group is sorted and the groups come in the order of their least hex, whatever the
        order of ``hexes`` (the walk need not start from a sorted pool to be deterministic).
        """
        order = list(hexes)
        pool = set(order)
        out = []
        for start in order:
            if start not in pool:
                continue
            pool.discard(start)
            group, todo = [start], deque([start])
            while todo:
                h = todo.popleft()
                for n in self.adj[h]:
                    if n in pool and same(h, n):
                        pool.discard(n)
                        group.append(n)
                        todo.append(n)
            out.append(sorted(group))
        out.sort(key=lambda grp: grp[0])
        return out

    def zone_groups(self, hexes: Iterable[str], control: dict[str, str], adjacent: bool) -> list[list[str]]:
        """``components(hexes, same)`` for the link of 14.211 outside fall and winter: neighbours with the same
        controller, front and weather zone, across passable hexsides unless ``adjacent`` (any neighbour).

        Groups sorted, in the order of their least hex, as components gives them. Front and weather zone are
        read from the grid, which like the neighbours is rebuilt when setup adds hexes.
        """
        return self.zone_labels(((h, control.get(h)) for h in hexes), adjacent)[0]

    def zone_labels(self, pool: Iterable[tuple[str, object]], adjacent: bool) -> tuple[list[list[str]], list[int]]:
        """``zone_groups`` of the (hex, controller) pairs ``pool``, and each hex's group number by index (-1: none).

        Hexes not on the grid are left out. The walk starts from the hexes in name order, so groups are
        numbered in the order of their least hex and one pass in that order fills each group sorted: on a
        large map the time goes to memory, so no hex name is compared or hashed after the first read.
        """
        index, ids, area = self.index, self.ids, self.area
        nbrs = self.nbr if adjacent else self.open_nbr
        n = len(ids)
        codes: dict[object, int] = {}
        ctrl = [0] * n  # 0: outside the pool; else the controller's number
        for h, c in pool:
            i = index.get(h)
            if i is not None:
                ctrl[i] = codes.setdefault(c, len(codes) + 1)
        label = [-1] * n
        count = 0
        for i in self.by_name:
            c = ctrl[i]
            if not c or label[i] >= 0:
                continue
            a = area[i]
            label[i] = count
            todo = [i]
            while todo:
                for j in nbrs[todo.pop()]:
                    if label[j] < 0 and ctrl[j] == c and area[j] == a:
                        label[j] = count
                        todo.append(j)
            count += 1
        groups: list[list[str]] = [[] for _ in range(count)]
        for i in self.by_name:
            if label[i] >= 0:
                groups[label[i]].append(ids[i])
        return groups, label

    def within_by_land(self, starts: Iterable[str], reach: int) -> dict[str, int]:
        """Hexes within ``reach`` steps of any start, crossing only passable hexsides."""
        dist = {h: 0 for h in starts}
        todo = deque(dist)
        while todo:
            h = todo.popleft()
            if dist[h] == reach:
                continue
            for n in self.adj[h]:
                if n not in dist and self.passable(h, n):
                    dist[n] = dist[h] + 1
                    todo.append(n)
        return dist


def grid(state: GameState) -> Grid:
    """The cached grid of ``state`` (rebuilt if hexes or hexsides were added)."""
    g = state.__dict__.get("_grid")
    if g is None or g.key != (len(state.hexes), len(state.hexsides)):
        g = Grid(state)
        state.__dict__["_grid"] = g
    return g


#: The six neighbour offsets clockwise from the top hexside (0), for even and for odd columns.
_CLOCKWISE = {0: ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)),
              1: ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))}


def direction(a: tuple[int, int], b: tuple[int, int]) -> int | None:
    """The hexside of ``a`` (0 the top, clockwise to 5) that ``b`` lies beyond; None when not adjacent."""
    off = (b[0] - a[0], b[1] - a[1])
    steps = _CLOCKWISE[a[0] & 1]
    return steps.index(off) if off in steps else None


def share(source: GameState, target: GameState) -> GameState:
    """Give ``target`` the grid cached on ``source``, if any: for a copy or a reload of the same map.

    Hexes and hexsides come from setup only, so a state rebuilt from the same log has the same map;
    grid() still rebuilds it if their counts differ.
    """
    g = source.__dict__.get("_grid")
    if g is not None:
        target.__dict__["_grid"] = g
    return target
