"""Signed positions for the signature tests: seats_position's game with a key per seat.

Keys are fixed (private bytes 0x01.., 0x02.., ...) so the tests are repeatable. ``played`` writes the whole
attrition, each command signed by its seat's own key. ``rechained`` is the forger: it copies a signed log
into a new file with rows edited or re-signed and every hash after them recomputed, so the chain verifies
and only the signatures can tell.
"""
from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Callable

import msgspec

from turnlog.engine import signatures as SG
from turnlog.engine.game import Game
from turnlog.events.chain import GENESIS, command_text, row_hash3, signed_payload
from turnlog.events.log import EventLog

from seats_position import SEATS, seated, steps

SIGNERS = {name: SG.Signer(bytes([i]) * 32) for i, name in enumerate(("alice", "bob", "carol", "hq"), 1)}
KEYS = {name: s.public for name, s in SIGNERS.items()}
SIGNED_SEATS = {**SEATS, "keys": KEYS}


def signed(tmp_path) -> Game:
    """The seated position as a signed game (log format 4), nothing played yet."""
    return seated(tmp_path, seats=SIGNED_SEATS)


def played(tmp_path, upto: int = 5) -> Game:
    """The signed game with the first ``upto`` attrition steps, each signed by its own seat."""
    g = signed(tmp_path)
    for actor, cmd in steps(g)[:upto]:
        g.execute(cmd, actor=actor, signer=SIGNERS[actor])
    return g


def rechained(src: Path, dst: Path, edit: Callable[[list[dict]], None] | None = None,
              resign: dict[int, SG.Signer] | None = None) -> Path:
    """Copy log ``src`` to a new ``dst`` with ``edit(rows)`` applied, the command rows at the seqs of
    ``resign`` signed again by the signer given (over the rebuilt PREV), and every hash recomputed."""
    conn = sqlite3.connect(src)
    cols = [c[1] for c in conn.execute("PRAGMA table_info(events)")]
    rows = [dict(zip(cols, r)) for r in conn.execute("SELECT * FROM events ORDER BY seq")]
    conn.close()
    if edit is not None:
        edit(rows)
    prev = GENESIS
    game = msgspec.json.decode(rows[0]["data"]).get("game_id", "")  # a fork's rows are not forged here
    for r in rows:
        command = ""
        if r["command_type"] is not None:
            if r["seq"] in (resign or {}):
                msg = SG.message(prev, r["actor"], r["command_type"], r["payload"], game)
                r["signature"] = resign[r["seq"]].sign(msg)
            command = command_text(r["actor"], r["command_type"], r["ts"], r["last_seq"],
                                   signed_payload(r["signature"], r["payload"]))
        r["hash"] = prev = row_hash3(prev, r["seq"], r["command_id"], r["type"], r["version"], r["automatic"],
                                     r["data"], command)
    log = EventLog(dst, create=True, log_format=4)
    marks = ",".join("?" * len(cols))
    with log.conn:
        log.conn.executemany(f"INSERT INTO events VALUES ({marks})", [tuple(r[c] for c in cols) for r in rows])
    log.close()
    shutil.copyfile(f"{src}.seed", f"{dst}.seed")
    return dst


def command_seqs(g: Game) -> dict[int, tuple[str, str]]:
    """First seq of each command -> (its actor, its type)."""
    return {row[5]: (row[1], row[2]) for row in g.log.commands()}


__all__ = ["KEYS", "SIGNED_SEATS", "SIGNERS", "command_seqs", "played", "rechained", "signed", "steps"]
