"""The replay page's data for a game of many units: wall seconds to build it (docs/performance.md).

``python -m benchmarks.page_units --units 2000 --units 18000`` creates, per size, a generated game
(benchmarks/gen.py: one hex per unit up to 9,000 hexes, then ``--commands`` host commands of one event each: moves,
control and supply changes, notes) in a temporary folder and times one build of the page's data
(engine/faces/html/live.py ``Live``: what `export --html`, the served page and ``GET replay`` fold),
once per size. ``--full`` times the whole redraw at every event (``Live(..., full=True)``, the way the
page was built before it followed what each event changes, kept as the tests' reference).
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from turnlog.engine.faces.html.live import Live
from turnlog.engine.game import Game

from . import gen


def make(path: Path, units: int, commands: int) -> int:
    """Create the game of ``units`` units at ``path`` (one a hex, on at most 9,000 hexes); returns its events."""
    hexes = min(units, 9000)
    sc = gen.scenario(hexes, units_per_hex=units / hexes, seed=5)
    with Game.create(path, sc, seed=bytes(32), public_seed=True, synchronous="OFF") as g:
        for cmd in gen.host_commands(sc, commands, seed=5, turn_events=4 * commands + 10):
            g.execute(cmd)
        return g.state.seq


def build_seconds(path: Path, full: bool) -> tuple[float, float]:
    """Wall and CPU seconds for one build of the page's data of the game at ``path`` (the machine is
    shared: the CPU seconds say what the build itself took)."""
    with Game.open(path, readonly=True) as g:
        g.at()
        t, cpu = time.perf_counter(), time.process_time()
        Live(g, {}, full=full)
        return time.perf_counter() - t, time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--units", type=int, action="append", help="units (and hexes) of a game; repeatable")
    ap.add_argument("--commands", type=int, default=200, help="host commands after the setup (200)")
    ap.add_argument("--full", action="store_true", help="time the full-redraw reference instead")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.units or [2000]:
            path = Path(tmp) / f"g{n}.db"
            events = make(path, n, args.commands)
            wall, cpu = build_seconds(path, args.full)
            print(f"{n} units, {events} events: page data built in {wall:.2f} s ({cpu:.2f} s of CPU)"
                  + (" (full redraw)" if args.full else ""), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
