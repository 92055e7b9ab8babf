"""Harness 3, tamper detection: random edits, deletions, reorderings and insertions of event rows.

Each trial copies a played game, drops the append-only triggers on the copy and
applies one mutation. The true first bad seq is the first position at which the
tampered ``events`` table differs from the original. Three verifiers are asked:
EventLog.verify_chain, engine.verify.verify (after Game.open), and the CLI
``turnlog verify --json`` run in-process.

Classes come in two groups. *Chain* classes change rows without recomputing the
chain; a hash chain must catch every one at the exact seq. *Beyond the chain*
classes are reported for what they are: a forger who recomputes the tampered
row's own hash is caught one row later (the chain cannot tell which side of a
broken link was forged); truncating the tail or appending a well-chained row is
invisible to a chain with no external anchor; the commands table and the
snapshots table are not chained at all.
"""
from __future__ import annotations

import contextlib
import io
import json
import random
import shutil
import sqlite3
import tempfile
import time
from collections import Counter
from pathlib import Path

import msgspec

from engine.cli import main as cli_main
from engine.game import Game
from engine.verify import verify
from events.codec import TYPES
from events.log import EventLog, digest_at, row_hash

from . import play
from .common import SEED

CHAIN = ("edit_json_value", "edit_bytes", "edit_type", "edit_version", "edit_command_id", "edit_automatic",
         "edit_ts", "edit_hash", "edit_prev_hash", "delete_row", "delete_block", "swap_rows", "move_row",
         "insert_row", "append_garbage_row")
BEYOND = ("edit_rehashed", "insert_rehashed", "truncate_tail", "truncate_commands", "append_chained_row",
          "edit_command_payload",
          "edit_command_actor", "forge_snapshot")  # the commands table is chained from log format 2

COLS = "seq, command_id, type, version, data, automatic, prev_hash, hash, ts"


def source_game(path: Path, commands: int, seed: int) -> None:
    """A played game: the fuzz scenario, random legal/illegal commands, undos and redos."""
    g = Game.create(path, play.fuzz_scenario(), seed=SEED)
    play.random_history(g, random.Random(seed), commands)
    g.close()


def rows(path: Path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"SELECT {COLS} FROM events ORDER BY seq").fetchall()
    finally:
        conn.close()


def _leaf_edit(rng: random.Random, data: str) -> str | None:
    """Change one leaf value of the JSON text, keeping it valid JSON of the same shape."""
    doc = msgspec.json.decode(data)
    paths = []

    def walk(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + [k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, path + [i])
        elif path and path[-1] != "type":
            paths.append(path)
    walk(doc, [])
    if not paths:
        return None
    path = rng.choice(paths)
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    v = parent[path[-1]]
    if isinstance(v, bool):
        parent[path[-1]] = not v
    elif isinstance(v, int):
        parent[path[-1]] = v + rng.choice((-1, 1, 7))
    elif isinstance(v, str):
        parent[path[-1]] = (v[:-1] + ("x" if v[-1:] != "x" else "y")) if v else "x"
    else:
        return None
    return msgspec.json.encode(doc).decode()


def mutate(rng: random.Random, path: Path, kind: str) -> int | None:
    """Apply one mutation of ``kind`` to the copy at ``path``.

    Return the first bad seq when the event rows alone do not show it (an edited
    command row: the first event of that command), else None.
    """
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
            conn.execute(f'DROP TRIGGER "{name}"')
        rs = conn.execute(f"SELECT {COLS} FROM events ORDER BY seq").fetchall()
        n = len(rs)
        setup_end = conn.execute("SELECT last_seq FROM commands ORDER BY id LIMIT 1").fetchone()[0]
        s = rng.randint(1, n - 1)  # never the last row, unless the class is about the tail
        row = rs[s - 1]

        def set_(col, val):
            conn.execute(f"UPDATE events SET {col} = ? WHERE seq = ?", (val, s))

        def shift_up(frm):
            conn.execute("UPDATE events SET seq = -(seq + 1) WHERE seq >= ?", (frm,))
            conn.execute("UPDATE events SET seq = -seq WHERE seq < 0")

        if kind == "edit_json_value":
            new = None
            while new is None or new == row[4]:
                s = rng.randint(1, n - 1)
                row = rs[s - 1]
                new = _leaf_edit(rng, row[4])
            set_("data", new)
        elif kind == "edit_bytes":
            i = rng.randrange(len(row[4]))
            ch = chr(rng.choice([c for c in range(33, 127) if chr(c) != row[4][i]]))
            set_("data", row[4][:i] + ch + row[4][i + 1:])
        elif kind == "edit_type":
            set_("type", rng.choice(sorted(set(TYPES) - {row[2]})))
        elif kind == "edit_version":
            set_("version", row[3] + rng.choice((-1, 1)))
        elif kind == "edit_command_id":
            set_("command_id", row[1] + rng.choice((-1, 1)))
        elif kind == "edit_automatic":
            set_("automatic", 1 - row[5])
        elif kind == "edit_ts":
            set_("ts", row[8].replace(row[8][20], str((int(row[8][20]) + 1) % 10), 1)
                 if row[8][20].isdigit() else row[8] + "0")
        elif kind == "edit_hash":
            set_("hash", f"{rng.getrandbits(256):064x}")
        elif kind == "edit_prev_hash":
            set_("prev_hash", f"{rng.getrandbits(256):064x}")
        elif kind == "delete_row":
            conn.execute("DELETE FROM events WHERE seq = ?", (s,))
        elif kind == "delete_block":
            k = rng.randint(2, min(5, n - s))
            conn.execute("DELETE FROM events WHERE seq BETWEEN ? AND ?", (s, s + k - 1))
        elif kind == "swap_rows":
            t = rng.choice([x for x in range(1, n + 1) if x != s and rs[x - 1][4] != row[4]])
            conn.execute("UPDATE events SET seq = -1 WHERE seq = ?", (s,))
            conn.execute("UPDATE events SET seq = ? WHERE seq = ?", (s, t))
            conn.execute("UPDATE events SET seq = ? WHERE seq = -1", (t,))
        elif kind == "move_row":
            t = rng.choice([x for x in range(1, n + 1) if abs(x - s) > 1])
            conn.execute("UPDATE events SET seq = -1 WHERE seq = ?", (s,))
            if t > s:
                conn.execute("UPDATE events SET seq = -(seq - 1) WHERE seq > ? AND seq <= ?", (s, t))
            else:
                conn.execute("UPDATE events SET seq = -(seq + 1) WHERE seq >= ? AND seq < ?", (t, s))
            conn.execute("UPDATE events SET seq = -seq WHERE seq < -1")
            conn.execute("UPDATE events SET seq = ? WHERE seq = -1", (t,))
        elif kind in ("insert_row", "insert_rehashed"):
            donor = rng.choice(rs)
            shift_up(s)
            prev = rs[s - 2][7] if s > 1 else "0" * 64
            h = (row_hash(prev, s, donor[1], donor[2], donor[3], donor[5], donor[8], donor[4],
                          digest_at(conn, s, donor[1]))
                 if kind == "insert_rehashed" else donor[7])
            conn.execute(f"INSERT INTO events ({COLS}) VALUES (?,?,?,?,?,?,?,?,?)",
                         (s, donor[1], donor[2], donor[3], donor[4], donor[5], prev, h, donor[8]))
        elif kind == "append_garbage_row":
            donor = rng.choice(rs)
            conn.execute(f"INSERT INTO events ({COLS}) VALUES (?,?,?,?,?,?,?,?,?)",
                         (n + 1, donor[1], donor[2], donor[3], donor[4], donor[5], rs[-1][7], donor[7], donor[8]))
        elif kind == "edit_rehashed":
            new = None
            while new is None or new == row[4]:
                s = rng.randint(max(1, setup_end), n - 1)
                row = rs[s - 1]
                new = _leaf_edit(rng, row[4])
            set_("data", new)
            set_("hash", row_hash(row[6], s, row[1], row[2], row[3], row[5], row[8], new, digest_at(conn, s, row[1])))
        elif kind == "truncate_tail":
            k = rng.randint(1, min(5, n - setup_end))
            conn.execute("DELETE FROM events WHERE seq > ?", (n - k,))
        elif kind == "truncate_commands":  # whole trailing commands, their rows in `commands` too
            cid = conn.execute("SELECT max(id) FROM commands").fetchone()[0]
            first = conn.execute("SELECT first_seq FROM commands WHERE id = ?", (cid,)).fetchone()[0]
            if first <= setup_end:
                raise ValueError("the game has no command after its setup")
            conn.execute("DELETE FROM events WHERE seq >= ?", (first,))
            conn.execute("DELETE FROM commands WHERE id >= ?", (cid,))
        elif kind == "append_chained_row":
            donor = rng.choice(rs[setup_end:] or rs)
            ts = rs[-1][8]
            h = row_hash(rs[-1][7], n + 1, donor[1], donor[2], donor[3], donor[5], ts, donor[4],
                         digest_at(conn, n + 1, donor[1]))
            conn.execute(f"INSERT INTO events ({COLS}) VALUES (?,?,?,?,?,?,?,?,?)",
                         (n + 1, donor[1], donor[2], donor[3], donor[4], donor[5], rs[-1][7], h, ts))
        elif kind == "edit_command_payload":
            cmds = conn.execute("SELECT id, payload, first_seq FROM commands WHERE type NOT IN ('LoadScenario')"
                                ).fetchall()
            cid, payload, first = rng.choice(cmds)
            new = _leaf_edit(rng, payload) or payload + " "
            conn.execute("UPDATE commands SET payload = ? WHERE id = ?", (new, cid))
            return first
        elif kind == "edit_command_actor":
            cid, first = rng.choice(conn.execute("SELECT id, first_seq FROM commands").fetchall())
            conn.execute("UPDATE commands SET actor = 'mallory' WHERE id = ?", (cid,))
            return first
        elif kind == "forge_snapshot":
            game = Game.open(path, seed=SEED)
            u = rng.choice(sorted(game.state.units))
            game.state.units[u].factors += 5
            game.snapshot()
            game.close()
        else:
            raise ValueError(kind)
        return None
    finally:
        conn.close()


def first_difference(before: list[tuple], after: list[tuple]) -> int | None:
    for i in range(max(len(before), len(after))):
        if i >= len(before) or i >= len(after) or before[i] != after[i]:
            return i + 1
    return None


def ask_verifiers(path: Path) -> dict:
    """What EventLog.verify_chain, engine.verify and `turnlog verify --json` say about the file."""
    out: dict = {}
    log = EventLog(path)
    try:
        _n, out["chain_bad"], _why = log.verify_chain()
    finally:
        log.close()
    try:
        with Game.open(path, seed=SEED) as g:
            rep = verify(g)
        out["verify_ok"] = rep.ok
        out["verify_seq"] = rep.first_bad_seq if rep.first_bad_seq is not None else (
            rep.discrepancy.seq if rep.discrepancy else None)
        out["verify_open_error"] = None
    except Exception as exc:  # Game.open replays before anything is verified
        out["verify_ok"], out["verify_seq"] = False, None
        out["verify_open_error"] = f"{type(exc).__module__}.{type(exc).__name__}"
    so, se = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(so), contextlib.redirect_stderr(se):
            out["cli_exit"] = cli_main(["verify", "--db", str(path), "--json"])
        rep = json.loads(so.getvalue()) if so.getvalue().strip() else {}
        out["cli_seq"] = rep.get("first_bad_seq") or ((rep.get("discrepancy") or {}).get("seq"))
        out["cli_traceback"] = False
        out["cli_message"] = se.getvalue().strip()
    except Exception as exc:
        out["cli_exit"], out["cli_seq"], out["cli_traceback"] = 1, None, True
        out["cli_message"] = f"uncaught {type(exc).__name__}: {exc}"
    return out


def run(large: bool = False, per_class: int | None = None, commands: int | None = None, seed: int = 3,
        workdir: Path | None = None, classes: tuple[str, ...] = CHAIN + BEYOND) -> dict:
    per_class = per_class or (60 if large else 3)
    commands = commands or (150 if large else 30)
    rng = random.Random(seed)
    t0 = time.perf_counter()
    by_class: dict[str, Counter] = {}
    examples: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        tmp = Path(tmp)
        sources = []
        for i in range(3 if large else 1):
            src = tmp / f"source{i}.db"
            source_game(src, commands, seed + i)
            sources.append((src, rows(src)))
        for kind in classes:
            tally = by_class.setdefault(kind, Counter())
            for t in range(per_class):
                src, original = sources[t % len(sources)]
                copy = tmp / f"{kind}-{t}.db"
                shutil.copy(src, copy)
                shutil.copy(str(src) + ".seed", str(copy) + ".seed")  # the CLI reads the dice seed from here
                truth = mutate(rng, copy, kind) or first_difference(original, rows(copy))
                ans = ask_verifiers(copy)
                tally["trials"] += 1
                tally["chain_detected"] += ans["chain_bad"] is not None
                tally["chain_named_exactly"] += ans["chain_bad"] == truth and truth is not None
                tally["chain_named_next_row"] += truth is not None and ans["chain_bad"] == truth + 1
                tally["verify_detected"] += not ans["verify_ok"]
                tally["verify_named_exactly"] += ans["verify_seq"] == truth and truth is not None
                tally["verify_open_failed"] += ans["verify_open_error"] is not None
                tally["cli_exit_nonzero"] += ans["cli_exit"] != 0
                tally["cli_named_exactly"] += ans["cli_seq"] == truth and truth is not None
                tally["cli_traceback"] += ans["cli_traceback"]
                if ans["verify_open_error"] or ans["cli_traceback"]:
                    examples.setdefault(kind, []).append(
                        f"open: {ans['verify_open_error']}; cli: {ans['cli_message'][:120]}")
                copy.unlink()
                Path(str(copy) + ".seed").unlink()
    total = Counter()
    for kind in CHAIN:
        total.update(by_class.get(kind, Counter()))
    pct = lambda k: round(100 * total[k] / total["trials"], 1) if total["trials"] else None  # noqa: E731
    return {
        "trials_chain_classes": total["trials"],
        "chain_detected_pct": pct("chain_detected"), "chain_named_exactly_pct": pct("chain_named_exactly"),
        "verify_detected_pct": pct("verify_detected"), "verify_named_exactly_pct": pct("verify_named_exactly"),
        "cli_exit_nonzero_pct": pct("cli_exit_nonzero"), "cli_named_exactly_pct": pct("cli_named_exactly"),
        "verify_open_failed": total["verify_open_failed"], "cli_tracebacks": total["cli_traceback"],
        "seconds": round(time.perf_counter() - t0, 1),
        "by_class": {k: dict(v) for k, v in by_class.items()},
        "open_failures": {k: sorted(set(v))[:3] for k, v in examples.items()},
    }
