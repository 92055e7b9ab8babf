"""turnlog's side: the generated events through EventLog and Game, as a host would use them."""
from __future__ import annotations

import random
from typing import Iterator
from pathlib import Path

from turnlog.engine import commands as c
from turnlog.engine.attrition.common import enemies, occupancy
from turnlog.engine.attrition.r14_2_zones import count, determine
from turnlog.engine.dice import commitment
from turnlog.engine import snapshots as SN
from turnlog.engine.game import SNAPSHOT_EVERY, Game
from turnlog.engine.scenario import Scenario, setup_events
from turnlog.events.codec import encode
from turnlog.events.log import EventLog
from turnlog.projections import fold as F
from turnlog.projections.state import GameState

from . import faces, gen
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
    past the previous snapshot; nothing in a generated log is undone. Each is bound to the chain
    and trusted, as Game.save_snapshot writes them: readers pass an unbound one over
    (engine/snapshots.py).
    """
    conn, state, taken = log.conn, GameState(), 0
    ends = [r[0] for r in conn.execute("SELECT last_seq FROM commands ORDER BY id")]
    conn.execute("BEGIN IMMEDIATE")
    try:
        for end in ends:
            if end - state.seq >= every:
                F.fold(state, log.rows(state.seq + 1, end))
                state.seq = end
                data = SN.bind(log.hash_at(end) or "", "[]", state)
                log.save_snapshot(end, "[]", data)
                SN.trust(SN.digest(data))
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


def at_points(game: Game, seed: int = 3) -> Iterator[tuple[float, float]]:
    """Seconds of ``game.at(seq)`` at a random point of the log, then at that point again at once, per sample.

    The second visit finds the pages the first one read in the page cache: the difference is
    the disk, which a log larger than the machine's cache pays on a first visit.
    """
    rnd, last = random.Random(seed), game.log.last()[0]
    while True:
        s = rnd.randint(1, last)
        yield timed(lambda: game.at(s))[0], timed(lambda: game.at(s))[0]  # noqa: B023 - called at once


def undos(game: Game, seed: int = 4) -> Iterator[float]:
    """Seconds of ``game.undo()`` of a just-executed move (the move is untimed), per sample."""
    rnd = random.Random(seed)
    while True:
        game.execute(_a_move(game, rnd))
        yield timed(game.undo)[0]


def undos_after_snapshot(game: Game, seed: int = 5) -> Iterator[float]:
    """Seconds of ``game.undo()`` of a move the latest snapshot already holds, per sample.

    Game snapshots right after the command that crosses each 250 events, so
    undoing that command is the ordinary case once in a while, not a contrivance.
    """
    rnd = random.Random(seed)
    while True:
        game.execute(_a_move(game, rnd))
        game.snapshot()
        yield timed(game.undo)[0]


def interleaved(samplers: dict, samples: int) -> dict[object, list]:
    """``samples`` samples of each sampler, taken in turn (one of each, then again), by key.

    The logs of every size are measured in alternation, like every compared pair: one size after
    another let a change of the machine's load between them decide the ratio.
    """
    out: dict[object, list] = {key: [] for key in samplers}
    for _ in range(samples):
        for key, sampler in samplers.items():
            out[key].append(next(sampler))
    return out


def zones_state(n_hexes: int, seed: int = 7, tiles: int = 1) -> GameState:
    """The board of a generated map in the attrition phase, with its grid built.

    ``tiles``: the map of ``n_hexes`` repeated (gen.tiled): ``tiles`` times the work at the same density.
    """
    sc = gen.scenario(n_hexes, seed=seed, phase="attrition", tiles=tiles)
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
    number of events, as notes. Verify must cost about the same on both.
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
    while g.state.seq < total - 3:  # the attrition last, as in the other game: both undo the same command
        g.execute(c.AddNote(text="a note in place of an undo"))
    g.execute(begin)
    g.close()
    return undos, plain


def undo_costs(games: dict[str, Path], samples: int, seed: int = 6) -> dict[str, list[float]]:
    """Seconds of Game.open, undo, redo and at(random seq) on each game, the games in alternation.

    Each game's last command is the same BeginAttrition; a sample undoes and redoes it, so each
    sample adds the same four events to both.
    """
    rnd, out = random.Random(seed), {f"{what}.{k}": [] for k in games for what in ("open", "undo", "redo", "at")}
    opened = {k: Game.open(p, seed=gen.SEED, synchronous="OFF") for k, p in games.items()}
    try:
        for _ in range(samples):
            for k, path in games.items():
                g = opened[k]
                opening = lambda: Game.open(path, seed=gen.SEED, synchronous="OFF").close()  # noqa: B023, E731
                out[f"open.{k}"].append(timed(opening)[0])  # timed at once, in its own iteration
                out[f"undo.{k}"].append(timed(g.undo)[0])
                out[f"redo.{k}"].append(timed(g.redo)[0])
                s = rnd.randint(1, g.state.seq)
                out[f"at.{k}"].append(timed(lambda: g.at(s))[0])  # noqa: B023 - timed at once
    finally:
        for g in opened.values():
            g.close()
    return out


# -- an attrition procedure ---------------------------------------

def procedure() -> list[c.Command]:
    """A whole attrition procedure on the bundled 14.65 scenario: begin, roll (entered), losses, occupy, retreat."""
    from turnlog.events.attrition import Selection
    p = "A1"
    return [c.BeginAttrition(attacker="AX", zone="WA/western/0505"), c.RollAttritionDie(procedure=p, value=3),
            c.TakeAttritionLosses(procedure=p, units=["us-inf-3", "us-inf-4"]),
            c.SelectOccupation(procedure=p, selections=[Selection(hex="0505", units=["ge-pz-1"])]),
            c.RetreatUnits(procedure=p, retreats=[c.Retreat(unit="us-inf-1"), c.Retreat(unit="us-inf-2")])]


def procedure_game(work: Path) -> tuple[Path, list[list[tuple[str, str]]]]:
    """A game ready for the procedure (a template to copy), and the (type, data) rows each of its commands writes."""
    from turnlog.engine import scenario as S
    template = fresh(work / "procedure.db")
    with Game.create(template, S.load("bridgehead-14-65"), seed=gen.SEED, synchronous="OFF", public_seed=True):
        pass
    probe = fresh(work / "procedure-probe.db")
    probe.write_bytes(template.read_bytes())
    with Game.open(probe, seed=gen.SEED, synchronous="OFF") as g:
        rows = [[(type(e).__name__, encode(e).decode()) for _s, e in g.execute(cmd)] for cmd in procedure()]
    return template, rows


def procedure_through_game(template: Path, work: Path, synchronous: str):
    """A copy of the template, opened, one note executed (untimed: the writer's first-append check);
    the callable runs the whole procedure through Game.execute, each command durable at ``synchronous``."""
    path = fresh(work / f"procedure-{synchronous}.db")
    path.write_bytes(template.read_bytes())
    g = Game.open(path, seed=gen.SEED, synchronous=synchronous)
    g.execute(c.AddNote(text="ready"))
    cmds, execute = procedure(), g.execute

    def run() -> None:
        for cmd in cmds:
            execute(cmd)
    return run, g.close


def procedure_raw(work: Path, rows: list[list[tuple[str, str]]], synchronous: str):
    """The limit: the same rows into a plain table, one INSERT+COMMIT transaction per command."""
    from . import limits
    conn = limits.connect(work / f"procedure-raw-{synchronous}.db", synchronous)
    numbered, seq = [], 0
    for cmd_rows in rows:
        numbered.append([(seq := seq + 1, t, d) for t, d in cmd_rows])

    def run() -> None:
        execute = conn.execute
        for batch in numbered:
            execute("BEGIN")
            conn.executemany("INSERT INTO events VALUES (?,?,?)", batch)
            execute("COMMIT")
    return run, conn.close


def rollouts(template: Path, count: int):
    """``count`` procedures in a Sandbox, each from a copy of the game's state (the copy included)."""
    from turnlog.engine.search import Sandbox, copy_state
    with Game.open(template, seed=gen.SEED, synchronous="OFF", readonly=True) as g:
        start = copy_state(g.state)
    cmds = procedure()

    def run() -> None:
        for _ in range(count):
            box = Sandbox(copy_state(start), gen.SEED)
            for cmd in cmds:
                box.play(cmd)
    return run


def plain_copy(data: dict) -> dict:
    """A plain-dict copy of a state's builtins: each map copied one level deep (each unit's dict copied too)."""
    return {k: ({kk: (dict(vv) if isinstance(vv, dict) else vv) for kk, vv in v.items()} if isinstance(v, dict)
                else list(v) if isinstance(v, list) else v) for k, v in data.items()}


# -- a fork and an import against their original; the CLI's start ---------------

def run_cli(*args) -> None:
    """One `turnlog ARGS` process, as the console script starts it; its output discarded, its exit checked."""
    faces.run(None, *args)


def fork_and_import(original: Path, work: Path) -> tuple[Path, Path]:
    """A fork of ``original`` at its last seq (`Game.fork`) and an import of its export (`turnlog export`,
    `turnlog import`): the two copies compared with their original."""
    fork, imported, out = fresh(work / "fork.db"), fresh(work / "imported.db"), work / "export.jsonl"
    out.unlink(missing_ok=True)
    with Game.open(original, seed=gen.SEED, readonly=True) as g:
        g.fork(g.state.seq, fork).close()
    run_cli("export", "--db", original, "-o", out)
    run_cli("import", out, "--db", imported)
    return fork, imported


def demo_game(work: Path) -> Path:
    """The bundled 14.65 demo, played by `turnlog demo` (what the README's quick start shows)."""
    folder = work / "demo"
    run_cli("demo", "--dir", folder, "--scenario", "bridgehead-14-65")
    return folder / "bridgehead-14-65.db"
