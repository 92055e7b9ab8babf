"""turnlog's side: the generated events through EventLog and Game, as a host would use them."""
from __future__ import annotations

import random
from pathlib import Path

from turnlog.engine import commands as c
from turnlog.engine.attrition.common import enemies, occupancy
from turnlog.engine.attrition.zones import count, determine
from turnlog.engine.dice import commitment
from turnlog.engine.game import SNAPSHOT_EVERY, Game
from turnlog.engine.scenario import Scenario, setup_events
from turnlog.events.log import EventLog
from turnlog.projections import fold as F
from turnlog.projections.state import GameState, dump

from . import gen
from .timing import timed


def fresh(path: Path) -> Path:
    for suffix in ("", "-wal", "-shm", ".seed"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    return path


def new_log(path: Path, synchronous: str = "FULL") -> EventLog:
    return EventLog(fresh(path), create=True, synchronous=synchronous)


def bulk_import(path: Path, batch: gen.Batch, synchronous: str = "FULL") -> EventLog:
    """A generated game through EventLog.append_batch: one transaction."""
    log = new_log(path, synchronous)
    log.append_batch(batch, expected_seq=0)
    return log


def write_snapshots(log: EventLog, every: int = SNAPSHOT_EVERY) -> int:
    """The snapshots a bulk import lacks, where Game would have taken them.

    Game snapshots after the first command that ends ``every`` or more events
    past the previous snapshot; nothing in a generated log is undone.
    """
    conn, state, taken = log.conn, GameState(), 0
    ends = [r[0] for r in conn.execute("SELECT last_seq FROM commands ORDER BY id")]
    conn.execute("BEGIN IMMEDIATE")
    try:
        for end in ends:
            if end - state.seq >= every:
                F.fold(state, log.rows(state.seq + 1, end))
                state.seq = end
                log.save_snapshot(end, "[]", dump(state))
                taken += 1
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return taken


def open_game(path: Path, synchronous: str = "FULL") -> Game:
    return Game.open(path, seed=gen.SEED, synchronous=synchronous)


def full_replay(game: Game) -> GameState:
    """The board rebuilt from event 1, no snapshots."""
    return game.at(use_snapshots=False)


def durable(path: Path, sc: Scenario, commands: list[c.Command], synchronous: str):
    """A fresh game (untimed); the callable executes ``commands`` one by one, each durable."""
    game = Game.create(fresh(path), sc, seed=gen.SEED, synchronous=synchronous)
    execute = game.execute

    def run() -> None:
        for cmd in commands:
            execute(cmd)
    return run, game.close


def _a_move(game: Game, rnd: random.Random) -> c.MoveUnit:
    st = game.state
    uid = rnd.choice(sorted(u.id for u in st.units.values() if u.hex))
    return c.MoveUnit(unit=uid, hex=rnd.choice(sorted(st.hexes)))


def at_points(game: Game, samples: int, seed: int = 3) -> tuple[list[float], list[float]]:
    """Seconds of ``game.at(seq)`` at random points of the log, then at each point again at once.

    The second visit finds the pages the first one read in the page cache: the difference is
    the disk, which a log larger than the machine's cache pays on a first visit.
    """
    rnd, last = random.Random(seed), game.log.last()[0]
    first, again = [], []
    for _ in range(samples):
        s = rnd.randint(1, last)
        first.append(timed(lambda: game.at(s))[0])
        again.append(timed(lambda: game.at(s))[0])
    return first, again


def undos(game: Game, samples: int, seed: int = 4) -> list[float]:
    """Seconds of ``game.undo()`` of a just-executed move (the move is untimed)."""
    rnd, out = random.Random(seed), []
    for _ in range(samples):
        game.execute(_a_move(game, rnd))
        out.append(timed(game.undo)[0])
    return out


def undos_after_snapshot(game: Game, samples: int, seed: int = 5) -> list[float]:
    """Seconds of ``game.undo()`` of a move the latest snapshot already holds.

    Game snapshots right after the command that crosses each 1000 events, so
    undoing that command is the ordinary case once in a while, not a contrivance.
    """
    rnd, out = random.Random(seed), []
    for _ in range(samples):
        game.execute(_a_move(game, rnd))
        game.snapshot()
        out.append(timed(game.undo)[0])
    return out


def zones_state(n_hexes: int, seed: int = 7) -> GameState:
    """The board of a generated map in the attrition phase, with its grid built."""
    sc = gen.scenario(n_hexes, seed=seed, phase="attrition")
    state = GameState()
    for ev in setup_events(sc, commitment(gen.SEED)):  # not settle(): its loop guard stops at 10,000 events
        F.apply(state, ev)
    determine(state)
    return state


def zones_and_eligibility(state: GameState) -> int:
    """Zones as at the start of a player turn, then who counts against each enemy zone (what legal() asks)."""
    active, eligible = state.turn.active, 0
    occ = occupancy(state)
    for z in determine(state):
        if enemies(state, active, z.faction):
            eligible += len(count(state, active, z, occ=occ).units)
    return eligible


def undo_cycle_games(work: Path, cycles: int) -> tuple[Path, Path]:
    """Two games of the same length: one with ``cycles`` undo/redo cycles, one with none (notes instead).

    Undo/redo of an attrition's BeginAttrition on the bundled 14.65 scenario; the other game has the same
    number of events, as notes. Verify must cost about the same on both (issue 10, item 6).
    """
    from turnlog.engine import scenario as S
    sc = S.load("bridgehead-14-65")
    begin = c.BeginAttrition(attacker="AX", zone="WA/western/0505")
    undos = fresh(work / f"undos-{cycles}.db")
    g = Game.create(undos, sc, seed=gen.SEED, synchronous="OFF", public_seed=True)
    g.execute(begin)
    for _ in range(cycles):
        g.undo()
        g.redo()
    total = g.state.seq
    g.close()
    plain = fresh(work / f"plain-{cycles}.db")
    g = Game.create(plain, sc, seed=gen.SEED, synchronous="OFF", public_seed=True)
    g.execute(begin)
    while g.state.seq < total:
        g.execute(c.AddNote(text="a note in place of an undo"))
    g.close()
    return undos, plain
