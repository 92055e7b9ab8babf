"""The tamper harness's mutations: one class of forgery each, applied under the file's log format.

Format 3 (new files) keeps a command's columns (actor, command_type, payload,
ts, last_seq) on its first event row and has no per-event prev_hash or ts;
format 2 (old files) has a commands table chained into each command's first
event, and prev_hash and ts on every event. A forger who "rehashes" computes
what the format's chain would store (row_hash3 over command_text in format 3,
row_hash over the command digest in format 2). tests/reliability/tamper.py
runs them and asks the verifiers.
"""
from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import msgspec

from turnlog.engine.game import Game
from turnlog.events.codec import TYPES
from turnlog.events.log import FORMAT, GENESIS, command_text, digest_at, row_hash, row_hash3

from .common import SEED, file_format

# Format 3, the format of new games.
CHAIN = ("edit_json_value", "edit_bytes", "edit_type", "edit_version", "edit_command_id", "edit_automatic",
         "edit_hash", "edit_command_actor", "edit_command_type", "edit_command_payload", "edit_command_ts",
         "edit_command_last_seq", "delete_row", "delete_block", "swap_rows", "move_row", "insert_row",
         "append_garbage_row")
BEYOND = ("edit_rehashed", "insert_rehashed", "truncate_tail", "truncate_commands", "append_chained_row",
          "forge_snapshot")
# Format 2 (old files): the commands table is chained through each command's first event.
CHAIN2 = ("edit_json_value", "edit_bytes", "edit_type", "edit_version", "edit_command_id", "edit_automatic",
          "edit_ts", "edit_hash", "edit_prev_hash", "delete_row", "delete_block", "swap_rows", "move_row",
          "insert_row", "append_garbage_row")
BEYOND2 = ("edit_rehashed", "insert_rehashed", "truncate_tail", "truncate_commands", "append_chained_row",
           "edit_command_payload", "edit_command_actor", "forge_snapshot")
CLASSES = {3: (CHAIN, BEYOND), 2: (CHAIN2, BEYOND2)}

COLS_BY_FORMAT = {
    3: "seq, command_id, type, version, data, automatic, hash, actor, command_type, payload, ts, last_seq",
    2: "seq, command_id, type, version, data, automatic, prev_hash, hash, ts",
}
COLS = COLS_BY_FORMAT[FORMAT]


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


def _edit_digit(rng: random.Random, ts: str) -> str:
    """The timestamp with one digit of its fraction changed (still a valid ISO time)."""
    i = 20 if len(ts) > 20 and ts[20].isdigit() else next((j for j in range(len(ts) - 1, -1, -1) if ts[j].isdigit()),
                                                            None)
    if i is None:
        return ts + "0"
    return ts[:i] + str((int(ts[i]) + rng.randint(1, 9)) % 10) + ts[i + 1:]


def _command3(row: tuple) -> str:
    """What format 3 hashes of a row's command columns: command_text on a first row, else nothing."""
    _seq, _cid, _t, _v, _d, _a, _h, actor, ctype, payload, ts, last = row
    return command_text(actor, ctype, ts, last, payload) if ctype is not None else ""


def _rehash3(prev: str, seq: int, row: tuple, data: str | None = None) -> str:
    """row_hash3 of ``row`` (COLS_BY_FORMAT[3]) placed at ``seq`` after ``prev``: what a forger stores."""
    return row_hash3(prev, seq, row[1], row[2], row[3], row[5], row[4] if data is None else data, _command3(row))


def mutate(rng: random.Random, path: Path, kind: str) -> int | None:
    """Apply one mutation of ``kind`` to the copy at ``path``, under the rules of the file's log format.

    Return the first bad seq when the event rows alone do not show it (a
    format-2 commands row: the first event of that command), else None.
    """
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        fmt = file_format(conn)
        cols = COLS_BY_FORMAT[fmt]
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
            conn.execute(f'DROP TRIGGER "{name}"')
        rs = conn.execute(f"SELECT {cols} FROM events ORDER BY seq").fetchall()
        n = len(rs)
        setup_end = conn.execute("SELECT last_seq FROM commands ORDER BY id LIMIT 1").fetchone()[0]
        s = rng.randint(1, n - 1)  # never the last row, unless the class is about the tail
        row = rs[s - 1]
        marks = ",".join("?" * len(rs[0]))

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
        elif kind == "edit_hash":
            set_("hash", f"{rng.getrandbits(256):064x}")
        elif kind == "delete_row":
            conn.execute("DELETE FROM events WHERE seq = ?", (s,))
        elif kind == "delete_block":
            s = min(s, n - 2)  # two rows at least, the last one kept
            k = rng.randint(2, min(5, n - s))
            conn.execute("DELETE FROM events WHERE seq BETWEEN ? AND ?", (s, s + k - 1))
        elif kind == "swap_rows":
            t = rng.choice([x for x in range(1, n + 1) if x != s and rs[x - 1][4] != row[4]])
            conn.execute("UPDATE events SET seq = -1 WHERE seq = ?", (s,))
            conn.execute("UPDATE events SET seq = ? WHERE seq = ?", (s, t))
            conn.execute("UPDATE events SET seq = ? WHERE seq = -1", (t,))
        elif kind == "move_row":
            t = rng.choice([x for x in range(1, n + 1) if abs(x - s) > 1])
            conn.execute("UPDATE events SET seq = 0 WHERE seq = ?", (s,))  # 0: no shifted seq lands on it
            if t > s:
                conn.execute("UPDATE events SET seq = -(seq - 1) WHERE seq > ? AND seq <= ?", (s, t))
            else:
                conn.execute("UPDATE events SET seq = -(seq + 1) WHERE seq >= ? AND seq < ?", (t, s))
            conn.execute("UPDATE events SET seq = -seq WHERE seq < 0")
            conn.execute("UPDATE events SET seq = ? WHERE seq = 0", (t,))
        elif kind == "insert_row":  # a copy of a stored row, its stored hash (and command columns) kept
            donor = rng.choice(rs)
            shift_up(s)
            moved = (s, *donor[1:]) if fmt >= 3 else (s, *donor[1:6], rs[s - 2][7] if s > 1 else GENESIS,
                                                        donor[7], donor[8])
            conn.execute(f"INSERT INTO events ({cols}) VALUES ({marks})", moved)
        elif kind == "append_garbage_row":
            donor = rng.choice(rs)
            moved = (n + 1, *donor[1:]) if fmt >= 3 else (n + 1, *donor[1:6], rs[-1][7], donor[7], donor[8])
            conn.execute(f"INSERT INTO events ({cols}) VALUES ({marks})", moved)
        elif kind == "forge_snapshot":
            game = Game.open(path, seed=SEED)
            u = rng.choice(sorted(game.state.units))
            game.state.units[u].factors += 5
            game.snapshot()
            game.close()
        elif fmt >= 3:
            return _mutate3(rng, conn, kind, rs, setup_end, s)
        else:
            return _mutate2(rng, conn, kind, rs, setup_end, s)
        return None
    finally:
        conn.close()


def _mutate3(rng: random.Random, conn: sqlite3.Connection, kind: str, rs: list[tuple], setup_end: int,
             s: int) -> int | None:
    """The format-3 classes: a command's columns on its first row, no prev_hash or ts per event."""
    n, cols = len(rs), COLS_BY_FORMAT[3]
    firsts = [r[0] for r in rs if r[8] is not None]  # the first row of each command

    def set_at(seq, col, val):
        conn.execute(f"UPDATE events SET {col} = ? WHERE seq = ?", (val, seq))

    def insert(row):
        conn.execute(f"INSERT INTO events ({cols}) VALUES ({','.join('?' * len(row))})", row)

    if kind.startswith("edit_command_"):  # one of the five columns of one command's first row
        col = kind[len("edit_command_"):]
        col = "command_type" if col == "type" else col
        pool = [r for r in rs if r[8] is not None and (col != "payload" or r[8] != "LoadScenario")]
        first = rng.choice(pool)
        at = first[0]
        actor, ctype, payload, ts, last = first[7:12]
        if col == "actor":
            new = "mallory" if actor != "mallory" else "eve"
        elif col == "command_type":
            new = rng.choice(sorted(({r[8] for r in rs if r[8] is not None} | {"AddNote", "MoveUnit"}) - {ctype}))
        elif col == "payload":
            new = _leaf_edit(rng, payload) or payload + " "
        elif col == "ts":
            new = _edit_digit(rng, ts)
        elif col == "last_seq":
            new = last + rng.choice((-1, 1, 3))
        else:
            raise ValueError(kind)
        set_at(at, col, new)
        return at
    if kind == "edit_rehashed":  # the row's own hash recomputed; the next row's link breaks
        new = None
        while new is None or new == rs[s - 1][4]:
            s = rng.randint(max(1, setup_end), n - 1)
            new = _leaf_edit(rng, rs[s - 1][4])
        prev = rs[s - 2][6] if s > 1 else GENESIS
        set_at(s, "data", new)
        set_at(s, "hash", _rehash3(prev, s, rs[s - 1], new))
    elif kind == "insert_rehashed":  # a copy of a row (its command columns too) chained in at s
        donor = rng.choice(rs)
        conn.execute("UPDATE events SET seq = -(seq + 1) WHERE seq >= ?", (s,))
        conn.execute("UPDATE events SET seq = -seq WHERE seq < 0")
        prev = rs[s - 2][6] if s > 1 else GENESIS
        insert((s, *donor[1:6], _rehash3(prev, s, donor), *donor[7:]))
    elif kind == "truncate_tail":
        # Rows cut off the end of a command (and whatever followed it): that command's first row still
        # claims them (last_seq), so the chain names the first missing seq. A cut exactly between two
        # commands is the next class.
        inside = [r[0] for r in rs if r[0] > setup_end and r[8] is None]
        if not inside:
            raise ValueError("the game has no command of several events after its setup")
        cut = rng.choice(inside[-5:])
        conn.execute("DELETE FROM events WHERE seq >= ?", (cut,))
    elif kind == "truncate_commands":  # whole trailing commands: their columns go with their first rows
        after = [f for f in firsts if f > setup_end]
        if not after:
            raise ValueError("the game has no command after its setup")
        conn.execute("DELETE FROM events WHERE seq >= ?", (after[-rng.randint(1, min(3, len(after)))],))
    elif kind == "append_chained_row":
        # A copy of a row after the last, its hash recomputed: it belongs to no command (the last command's
        # first row ends before it, or a copied first row does not follow that command).
        donor = rng.choice(rs[setup_end:] or rs)
        insert((n + 1, *donor[1:6], _rehash3(rs[-1][6], n + 1, donor), *donor[7:]))
    else:
        raise ValueError(kind)
    return None


def _mutate2(rng: random.Random, conn: sqlite3.Connection, kind: str, rs: list[tuple], setup_end: int,
             s: int) -> int | None:
    """The format-2 classes: a commands table chained into first events; prev_hash and ts on every event."""
    n, cols = len(rs), COLS_BY_FORMAT[2]
    row = rs[s - 1]

    def set_(col, val):
        conn.execute(f"UPDATE events SET {col} = ? WHERE seq = ?", (val, s))

    if kind == "edit_ts":
        set_("ts", _edit_digit(rng, row[8]))
    elif kind == "edit_prev_hash":
        set_("prev_hash", f"{rng.getrandbits(256):064x}")
    elif kind == "insert_rehashed":
        donor = rng.choice(rs)
        conn.execute("UPDATE events SET seq = -(seq + 1) WHERE seq >= ?", (s,))
        conn.execute("UPDATE events SET seq = -seq WHERE seq < 0")
        prev = rs[s - 2][7] if s > 1 else GENESIS
        h = row_hash(prev, s, donor[1], donor[2], donor[3], donor[5], donor[8], donor[4],
                     digest_at(conn, s, donor[1]))
        conn.execute(f"INSERT INTO events ({cols}) VALUES (?,?,?,?,?,?,?,?,?)",
                     (s, donor[1], donor[2], donor[3], donor[4], donor[5], prev, h, donor[8]))
    elif kind == "edit_rehashed":
        new = None
        while new is None or new == row[4]:
            s = rng.randint(max(1, setup_end), n - 1)
            row = rs[s - 1]
            new = _leaf_edit(rng, row[4])
        set_("data", new)
        set_("hash", row_hash(row[6], s, row[1], row[2], row[3], row[5], row[8], new, digest_at(conn, s, row[1])))
    elif kind == "truncate_tail":  # rows only: the commands rows still name them
        k = rng.randint(1, min(5, n - setup_end))
        conn.execute("DELETE FROM events WHERE seq > ?", (n - k,))
    elif kind == "truncate_commands":  # whole trailing commands, their rows in `commands` too
        ids = [c for (c,) in conn.execute("SELECT id FROM commands WHERE first_seq > ? ORDER BY id", (setup_end,))]
        if not ids:
            raise ValueError("the game has no command after its setup")
        cid = ids[-rng.randint(1, min(3, len(ids)))]
        first = conn.execute("SELECT first_seq FROM commands WHERE id = ?", (cid,)).fetchone()[0]
        conn.execute("DELETE FROM events WHERE seq >= ?", (first,))
        conn.execute("DELETE FROM commands WHERE id >= ?", (cid,))
    elif kind == "append_chained_row":
        donor = rng.choice(rs[setup_end:] or rs)
        ts = rs[-1][8]
        h = row_hash(rs[-1][7], n + 1, donor[1], donor[2], donor[3], donor[5], ts, donor[4],
                     digest_at(conn, n + 1, donor[1]))
        conn.execute(f"INSERT INTO events ({cols}) VALUES (?,?,?,?,?,?,?,?,?)",
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
    else:
        raise ValueError(kind)
    return None
