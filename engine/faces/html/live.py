"""The replay page's data kept up to date while the game is played: `export --html` and `turnlog
serve` share it.

``Live`` folds the log into the page's steps once, then folds only the rows appended since each time
it is asked (``grow``). Everything the page holds grows at its end (steps, commands, counter faces,
texts), so a page that has the first N of each asks for what follows them (``since``) and appends;
the only thing that changes in place is an undo, which marks its command and that command's steps,
and which ``since`` answers as a list of the undone commands. The data of the page at any moment is
byte for byte what a page built from scratch at that moment holds.
"""

from __future__ import annotations

from typing import Any

import msgspec

from turnlog.events import game as g
from turnlog.events.url import redact_text

from .replay import Board, Reader, Replay, command_row, data_json, verify_data
from .document import page
from ..svg.overlays import DEFAULT, STYLES
from ..svg.style import ARROWS, CHANGED, MARGIN, PANEL, H, R


class Live:
    """The replay page of ``game``: its data (``data``) and the SVG of its board (``svg()``).

    ``full``: every step drawn from the whole board (the old way, kept as the tests' reference).
    """

    def __init__(self, game, rolls: dict[int, str], path: str = "", full: bool = False):
        final = game.at()
        self.board = board = Board(final)
        self.commands = game.log.commands()
        self.replay = Replay(game, board, self.commands, rolls, full)
        steps = [self.replay.step(seq, cid, ev, auto) for seq, cid, ev, auto in game.rows()]
        self.data: dict[str, Any] = {
            "name": final.name or "turnlog game",
            "file": redact_text(str(path)),
            "events": len(steps),
            "start": self.commands[0][6] - 1 if self.commands else 0,
            "steps": steps,
            "strings": self.replay.strings,
            "commands": [command_row(row, final, self.replay.undone_at) for row in self.commands],
            "hexes": board.hexes,
            "width": round(board.mapw + PANEL),
            "margin": MARGIN,
            "factions": board.factions,
            "nat": board.nat,
            "r": R,
            "h": H,
            "colours": {"changed": CHANGED, **ARROWS},
            "facedata": board.facedata,
            "styles": {role: msgspec.to_builtins(s) for role, s in {**STYLES, "": DEFAULT}.items()},
        }

    def svg(self, game) -> str:
        """The board's SVG with every counter face met so far."""
        return self.board.svg(game.state)

    def same_map(self, game) -> bool:
        """Whether the game's map is still the one this page draws (a setup may replace it)."""
        return set(game.state.hexes) == set(self.board.index)

    def grow(self, game, rolls: dict[int, str]) -> None:
        """Fold the rows appended to ``game``'s log since the last fold (``rolls``: each roll's check)."""
        steps, replay = self.data["steps"], self.replay
        head = game.state.seq
        if len(steps) >= head:
            return
        self.commands = game.log.commands()
        replay.commands, replay.rolls = self.commands, rolls
        replay.index = {row[0]: i for i, row in enumerate(self.commands)}
        replay.reader = Reader(game, self.commands)
        rows = game.rows(len(steps) + 1, head)
        for seq, cid, ev, auto in rows:
            if isinstance(ev, g.CommandUndone):
                replay.undone_at[ev.command_id] = seq
                self._mark_undone(ev.command_id, seq)
            steps.append(replay.step(seq, cid, ev, auto))
        cmds = self.data["commands"]
        for row in self.commands[len(cmds):]:
            cmds.append(command_row(row, game.state, replay.undone_at))
        self.data["events"] = len(steps)

    def _mark_undone(self, cid: int, seq: int) -> None:
        """Mark command ``cid`` undone at ``seq``, and its steps folded so far (those of a command
        folded in this same grow too: they were folded before its undo was read)."""
        i = self.replay.index.get(cid)
        if i is None:
            return
        cmds, row = self.data["commands"], self.commands[i]
        if i < len(cmds):  # a command row added in this same grow reads undone_at itself
            cmds[i][7] = seq
        for step in self.data["steps"][row[5] - 1 : row[6]]:
            step[2] |= 2

    def since(self, steps: int, commands: int, faces: int, strings: int) -> dict:
        """What a page holding the first ``steps`` steps (``commands``, ``faces``, ``strings``) lacks."""
        d, b = self.data, self.board
        return {
            "events": d["events"],
            "steps": d["steps"][steps:],
            "commands": d["commands"][commands:],
            "undone": [[i, c[7]] for i, c in enumerate(d["commands"][:commands]) if c[7]],
            "faces": b.faces[faces:],
            "facedata": b.facedata[faces:],
            "strings": d["strings"][strings:],
            "nat": d["nat"],
        }


def write_html(out, game, report, path: str = "") -> int:
    """Write the replay page of ``game`` (with its verify ``report``) to the text file ``out``.

    Return the number of steps.
    """
    data, board = build(game, report, path)
    out.write(page(data_json(data), board, data["name"]))
    return len(data["steps"])


def build(game, report, path: str = "") -> tuple[dict, str]:
    """The page's data (steps, commands, map, verify report) and the static SVG of the board."""
    live = Live(game, {r.seq: r.check for r in report.rolls}, path)
    data = {**live.data, "verify": verify_data(report, path)}
    return data, live.svg(game)
