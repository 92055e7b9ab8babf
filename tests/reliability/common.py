"""Shared pieces of the harnesses: the game they play, child processes, board hashes, log checks."""
from __future__ import annotations

import hashlib
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import msgspec

from turnlog.engine import commands as c
from turnlog.engine import scenario as S
from turnlog.engine.game import Game, settle
from turnlog.events.codec import encode
from turnlog.events.game import ControlChanged, NoteAdded, UnitMoved
from turnlog.events.log import FORMAT
from turnlog.projections.state import GameState, dump, load

ROOT = Path(__file__).resolve().parents[2]
SEED = bytes(range(32))
SCENARIO = "bridgehead-14-65"  # bundled: 6 hexes, 7 units, two factions


def new_game(path: Path, seed: bytes = SEED, log_format: int = FORMAT) -> Game:
    """The bundled scenario in a new file; ``log_format`` 1 or 2 writes an old-format file."""
    return Game.create(path, S.load(SCENARIO), seed=seed, log_format=log_format)


def file_format(conn: sqlite3.Connection) -> int:
    """The log format a game file was created in (meta table)."""
    return int(conn.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()[0])


def board_hash(state: GameState) -> str:
    """sha256 of the canonical dump of a board: what two replays must agree on."""
    return hashlib.sha256(dump(state)).hexdigest()


def integrity(path: Path) -> str:
    """PRAGMA integrity_check through a fresh connection (recovers a hot WAL first)."""
    conn = sqlite3.connect(path)
    try:
        return "; ".join(r[0] for r in conn.execute("PRAGMA integrity_check"))
    finally:
        conn.close()


def child(module: str, *args: str, hashseed: str | None = None, **kw) -> subprocess.Popen:
    """Start ``python -m tests.reliability.<module> args`` from the repo root."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if hashseed is not None:
        env["PYTHONHASHSEED"] = hashseed
    return subprocess.Popen([sys.executable, "-m", f"tests.reliability.{module}", *args], cwd=ROOT, env=env,
                            text=True, **kw)


def random_host_command(rng: random.Random, state: GameState) -> c.Command:
    """One legal single-event host command: a note, a move or a change of control."""
    r = rng.random()
    if r < 0.4:
        return c.AddNote(text=f"note {rng.getrandbits(32):08x}")
    if r < 0.7:
        units = sorted(u.id for u in state.units.values() if not u.in_pool)
        return c.MoveUnit(unit=rng.choice(units), hex=rng.choice(sorted(state.hexes)))
    return c.SetControl(hex=rng.choice(sorted(state.hexes)), faction=rng.choice(sorted(state.factions)))


def random_events(rng: random.Random, state: GameState, k: int, tag: str) -> list:
    """``k`` valid events for a raw multi-event command (the engine's commands give one or two)."""
    out = []
    units = sorted(u.id for u in state.units.values() if not u.in_pool)
    hexes, factions = sorted(state.hexes), sorted(state.factions)
    for i in range(k):
        r = rng.random()
        if r < 0.4:
            out.append(NoteAdded(text=f"{tag} {i + 1}/{k}", at_seq=state.seq))
        elif r < 0.7:
            u = rng.choice(units)
            out.append(UnitMoved(unit=u, to_hex=rng.choice(hexes), from_hex=state.units[u].hex,
                                 from_box=state.units[u].box))
        else:
            out.append(ControlChanged(hex=rng.choice(hexes), faction=rng.choice(factions)))
    return out


def append_raw(game: Game, events: list, payload: dict) -> list[int]:
    """Append events as one command straight through EventLog.append, then advance the live state."""
    state = load(dump(game.state))
    done = settle(state, events)
    rows = [(type(e).__name__, e.version, encode(e).decode(), a) for e, a in done]
    _cid, seqs = game.log.append(rows, expected_seq=game.state.seq, command_type="Batch",
                                 payload=msgspec.json.encode(payload).decode())
    state.seq = seqs[-1]
    game.state = state
    return seqs


def digest(texts) -> str:
    """sha256 over the stored JSON texts of some events: what a writer acknowledged."""
    h = hashlib.sha256()
    for t in texts:
        h.update(t.encode() if isinstance(t, str) else t)
        h.update(b"\x00")
    return h.hexdigest()


def torn_commands(conn: sqlite3.Connection) -> list[str]:
    """Commands whose events are not all there (or events without their command).

    Read through ``commands``: a table in formats 1-2, a view over each command's first event row in
    format 3, where a command that lost its first row leaves its other rows as orphans.
    """
    bad = []
    for cid, first, last, ctype, payload, n, lo, hi in conn.execute(
            "SELECT c.id, c.first_seq, c.last_seq, c.type, c.payload, count(e.seq), min(e.seq), max(e.seq) "
            "FROM commands c LEFT JOIN events e ON e.command_id = c.id GROUP BY c.id"):
        want = last - first + 1
        if ctype == "Batch":
            want = msgspec.json.decode(payload)["k"]
        if n != want or lo != first or hi != last or want != last - first + 1:
            bad.append(f"command {cid}: {n} of {want} events (seq {lo}..{hi}, recorded {first}..{last})")
    orphans = conn.execute("SELECT count(*) FROM events WHERE command_id NOT IN (SELECT id FROM commands)").fetchone()[0]
    if orphans:
        bad.append(f"{orphans} events without a command row")
    return bad


def gapless(conn: sqlite3.Connection) -> bool:
    n, lo, hi = conn.execute("SELECT count(*), min(seq), max(seq) FROM events").fetchone()
    return n == 0 or (lo == 1 and hi == n)


def replay_equals_live(game: Game) -> bool:
    return game.state == game.at(use_snapshots=False)
