"""`turnlog export --html FILE`: the game as one self-contained page, a replay that opens in any browser.

The page needs no network and nothing installed (it opens from a mail attachment). Python folds the
log once and writes, per event, only what changed on the board (a compact delta); the page's script
rebuilds the board at any step from those deltas (a keyframe every 200 steps) and draws it into one
SVG whose fixed parts (hexes, hexsides, legend) and counter faces come from the SVG board
(engine/faces/svg/). docs/design.md ("The HTML replay") gives the format and the size bound.

Nothing from the log is ever markup: the data is JSON inside ``<script type="application/json">`` with
``<``, ``>`` and ``&`` escaped, the script writes it with ``textContent`` only, and the page's
Content-Security-Policy lets no other script run and nothing load from the network.
"""
from __future__ import annotations

import re
import msgspec

from turnlog.events import game as g
from turnlog.projections import fold as F
from turnlog.projections import narrative
from turnlog.projections.state import GameState

from ...hexgrid import neighbour_coords
from ...seats import seat_of
from ..explain import explain
from ...kinds import view as board_view
from ...view import UnitView
from ..arrows import Arrow, Arrows
from ..svg.render import hex_cell, legend_panel
from ..svg.outlines import edge_towards, hexsides
from ..svg.context import Context
from ..svg.style import MARGIN, MIN_MAP, PANEL, SEA, TOP, Colours, H, R, center, defs, ink_on
from ..svg.units import counter
from ..verify_report import text as report_text
from .steps import PageView

_CHECKS = {"derived": "verify re-derived it from the seed: it matches",
           "entered": "entered by hand: verify lists it as such, nothing to re-derive",
           "unchecked": "verify could not check it yet: the seed is neither revealed nor beside the file",
           "mismatch": "verify re-derived it: the seed gives ANOTHER face"}


def data_json(data: dict) -> str:
    """``data`` as JSON that cannot end its <script> element or open another: every <, > and & escaped."""
    text = msgspec.json.encode(data).decode()
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


class _CommandRows:
    """The log as explain() reads it, each command row served from the rows read once for the page (the
    log's own ``command`` is a binary search of a dozen statements, once per event of the game)."""

    def __init__(self, log, commands: list[tuple]):
        self._log, self._by_id = log, {row[0]: row for row in commands}

    def command(self, cid: int) -> tuple | None:
        return self._by_id.get(cid) or self._log.command(cid)

    def __getattr__(self, name: str):
        return getattr(self._log, name)


class Reader:
    """The parts of a Game that explain() reads, with the undone set read once instead of once per event."""

    def __init__(self, game, commands: list[tuple]):
        self._game, self.log, self.seed = game, _CommandRows(game.log, commands), game.seed
        self.state = game.state
        self._undone = game.undone()

    def undone(self, upto=None):
        return self._undone if upto is None else self._game.undone(upto)

    def rows(self, start=1, stop=None):
        return self._game.rows(start, stop)


def verify_data(report, path: str = "") -> dict:
    """The verify report as the page shows it: verdict, head anchor, text, first bad seq."""
    return {"ok": report.ok, "head": report.head, "text": report_text(report, path), "bad": _bad(report)}


def _bad(report) -> int:
    """The seq where verify found the first problem (a broken row, a command that re-executes otherwise), or 0."""
    return report.first_named() or 0


class Replay:
    """Folds the log one event at a time into the page's steps: [command index, line, flags, delta, detail].

    flags: 1 automatic, 2 its command was undone later. The detail (explain()'s lines, the verify check of
    a roll) is an index into ``strings``, where each text is kept once (most events share theirs).
    ``full``: draw the whole board at every step (the reference the tests compare the steps with).
    """

    def __init__(self, game, board: "Board", commands: list[tuple], rolls: dict[int, str], full: bool = False):
        self.game, self.board, self.commands, self.rolls = game, board, commands, rolls
        self.index = {row[0]: i for i, row in enumerate(commands)}
        self.undone_at = {ev.command_id: seq for seq, _cid, ev in game.events_of("CommandUndone")}
        self.reader, self.state, self.view = Reader(game, commands), GameState(), PageView(board, full)
        self.strings: list[str] = []
        self._interned: dict[str, int] = {}
        self.arrows, self._drawn = Arrows(), list[Arrow]()

    def step(self, seq: int, cid: int, ev, auto: bool) -> list:
        state = self.state
        # every kind's why reads the board just before its event, as the REPL gives it: asked before
        # the fold, so no copy of the board is made
        lines = explain(self.reader, lambda _s: state, seq, cid, ev, auto)[2:]
        since = None
        if isinstance(ev, g.CommandUndone):  # the board without the undone command: replay, not fold
            state = self.state = self.game.at(seq)
            undone = self.index.get(ev.command_id)
            since = None if undone is None else self.commands[undone][5]
        else:
            F.apply(state, ev)
            state.seq = seq
        delta = self.view.step(state, ev, since)
        arrows = self._arrows(cid, ev)
        if arrows is not None:
            delta["w"] = arrows
        i = self.index.get(cid, 0)
        author = (self.commands[i][1] or "") if isinstance(ev, g.NoteAdded) else None
        if seq in self.rolls:
            lines.append(_CHECKS.get(self.rolls[seq], self.rolls[seq]))
        flags = (1 if auto else 0) | (2 if cid in self.undone_at else 0)
        return [i, narrative.line(ev, author), flags, delta or 0, self._intern("\n".join(x.strip() for x in lines))]

    def _arrows(self, cid: int, ev) -> list | None:
        """The arrows drawn after this event (engine/faces/arrows.py, as `show --svg` draws them) when
        they differ from the step before: [kind, from hex, to hex, units, rule] each, else None."""
        self.arrows.add(cid, ev)
        idx = self.board.index
        drawn: list[Arrow] = [a for a in self.arrows.shown() if a.frm in idx and a.to in idx]
        if drawn == self._drawn:
            return None
        self._drawn = drawn
        return [[a.kind, idx[a.frm], idx[a.to], list(a.units), a.rule] for a in drawn]

    def _intern(self, text: str) -> int:
        got = self._interned.setdefault(text, len(self.strings))
        if got == len(self.strings):
            self.strings.append(text)
        return got


def command_row(row, final: GameState, undone_at: dict[int, int]) -> list:
    """[id, actor, seat, type, arguments, first seq, last seq, seq of its undo or 0, timestamp]."""
    cid, actor, ctype, payload, ts, first, last = row
    seat = seat_of(final, actor or "") if final.seats.factions else ""
    try:
        args = msgspec.json.decode(payload)
        if isinstance(args, dict):
            args.pop("type", None)
            if ctype == "AddNote":  # the note's text is in its event's line already: embedded once
                args.pop("text", None)
        args = msgspec.json.encode(args).decode() if args else ""
    except msgspec.DecodeError:
        args = payload
    return [cid, actor or "", seat, ctype, args if ctype != "LoadScenario" else "", first, last,
            undone_at.get(cid, 0), ts or ""]


class Board:
    """The map's fixed geometry, the counter faces met during the game, and the static SVG around them."""

    def __init__(self, final: GameState):
        self.colours = Colours(final)
        ids = sorted(final.hexes)
        self.index = {h: i for i, h in enumerate(ids)}
        xy = {h: center(final.hexes[h].col, final.hexes[h].row) for h in ids}
        if xy:
            minx, miny = min(x for x, _ in xy.values()) - R, min(y for _, y in xy.values()) - H / 2
            maxx, maxy = max(x for x, _ in xy.values()) + R, max(y for _, y in xy.values()) + H / 2
        else:
            minx, miny, maxx, maxy = 0.0, 0.0, 4 * R, 4 * H
        self.mapw = max(maxx - minx + 2 * MARGIN, MIN_MAP)
        ox, oy = (self.mapw - (maxx - minx)) / 2 - minx, MARGIN + TOP - miny
        self.pos = {h: (x + ox, y + oy) for h, (x, y) in xy.items()}
        self.maph = maxy - miny + 2 * MARGIN + TOP
        by_coord = {(final.hexes[h].col, final.hexes[h].row): h for h in ids}
        self.hexes = []
        for h in ids:
            col, row = final.hexes[h].col, final.hexes[h].row
            nb = [-1] * 6
            for nc, nr in neighbour_coords(col, row):
                if (nc, nr) in by_coord:
                    nb[edge_towards(col, row, nc, nr)] = self.index[by_coord[(nc, nr)]]
            x, y = self.pos[h]
            self.hexes.append([h, round(x, 1), round(y, 1), nb])
        self.factions = {f: [self.colours.faction(f), ink_on(self.colours.faction(f))] for f in final.factions}
        self.factions[""] = [self.colours.faction(""), ink_on(self.colours.faction(""))]
        self.faces: list[str] = []
        self.facedata: list[list] = []   # per face: the strength, mode and markers it shows, the factors
        self.nat: dict[str, str] = {}
        self._face_of: dict[tuple, int] = {}
        self._face_by_markup: dict[tuple[str, int], int] = {}
        self.asked = 0   # faces asked for: what the cost tests count

    def face(self, u, v: UnitView) -> int:
        """The index of the counter face ``u`` shows as the view ``v`` says (drawn once, by
        svg/units.py, centred on 0,0).

        A face's data holds the unit's factors too: a hex's counters are laid out strongest first
        within a nationality (svg/units.py), and a kind may show something else as the strength.
        """
        key = (u.id, u.nationality, u.type, u.supply, u.offensive, u.factors, v)
        self.asked += 1
        got = self._face_of.get(key)
        if got is None:
            self.nat[u.id] = u.nationality
            markup = _bare(counter(u, v, 0.0, 0.0, self.colours))
            got = self._face_by_markup.setdefault((markup, u.factors), len(self.faces))
            if got == len(self.faces):
                self.faces.append(markup)
                self.facedata.append([v.strength, v.mode, " ".join(v.marker_names), u.factors])
            self._face_of[key] = got
        return got

    def svg(self, final: GameState) -> str:
        legend, legend_h = legend_panel(final, board_view(final), Context(None, final), self.colours,
                                        self.mapw, off_map=False)
        width, height = self.mapw + PANEL, max(self.maph, legend_h + MARGIN)
        faces = "".join(f'<g id="face-{i}">{m}</g>' for i, m in enumerate(self.faces))
        return "\n".join([
            f'<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" role="img">',
            defs(self.colours), f"<defs>{faces}</defs>",
            f'<rect x="0" y="0" width="{width:.0f}" height="{TOP:.0f}" fill="#fbfaf6"/>',
            f'<rect x="0" y="{TOP:.0f}" width="{self.mapw:.0f}" height="{height - TOP:.0f}" fill="{SEA}"/>',
            f'<rect x="{self.mapw:.0f}" y="{TOP:.0f}" width="{PANEL:.0f}" height="{height - TOP:.0f}" fill="#fbfaf6"/>',
            f'<text id="board-turn" x="{MARGIN}" y="30" font-size="15" font-weight="bold" fill="#111"></text>',
            f'<text id="board-step" x="{MARGIN}" y="52" font-size="12.5" fill="#333"></text>',
            f'<text id="board-command" x="{MARGIN}" y="72" font-size="11.5" fill="#444"></text>',
            '<g class="hexes">', *(hex_cell(final, h, self.pos[h]) for h in sorted(final.hexes)), "</g>",
            *hexsides(final, self.pos),
            '<g id="zones"></g><g id="overlays"></g><g id="highlights"></g><g id="units"></g>'
            '<g id="arrows"></g><g id="labels"></g><g id="chips"></g>',
            *legend, "</svg>"])


def _bare(markup: str) -> str:
    """A counter's markup without what names its unit and place (id, data attributes, tooltip):
    the page adds those per use."""
    markup = re.sub(r' id="[^"]*"', "", markup, count=1)
    markup = re.sub(r""" data-[a-z]+=("[^"]*"|'[^']*')""", "", markup, count=5)
    return re.sub(r"<title>.*?</title>", "", markup, count=1, flags=re.S)

