"""The hash chain of each log format, and the check of a stored chain.

Format 1 chained the event rows alone; format 2 chains each commands row
into its command's first event through a digest; format 3 stores the
command's columns on its first event row and hashes them with it (no
separate commands table, no per-event timestamp or previous hash: the
previous hash is the previous row's). Format 4 is format 3 with one more
column on a command's first row, its issuer's signature (engine/signatures.py),
hashed as a field just before the payload (signed_payload). Hashed text is fields joined by
\\x1f; JSON never holds a raw \\x1f, so a field cannot pass for its
neighbour. Verification never trusts a stored field it can recompute.
"""
from __future__ import annotations

import hashlib
import sqlite3
from typing import Iterable

GENESIS = "0" * 64

Verdict = tuple[int, "int | None", str]  # (rows ok, first bad seq or None, why)


def row_hash(prev: str, seq: int, command_id: int, type_: str, version: int,
             automatic: int, ts: str, data: str, command: str = "") -> str:
    """Chain one format-1/2 row: SHA-256 over the previous hash and the stored fields.

    ``command`` is the digest of the command row, given for the first event of
    each command only (format 2). Hashed in one call: this is the append hot path.
    """
    tail = f"{command}\x1f{data}" if command else data
    return hashlib.sha256(
        f"{prev}\x1f{seq}\x1f{command_id}\x1f{type_}\x1f{version}\x1f{automatic}\x1f{ts}\x1f{tail}".encode()
    ).hexdigest()


def command_digest(actor: str, type_: str, payload: str, first: int, last: int) -> str:
    """SHA-256 of one format-2 commands row's content; chained through its first event's hash."""
    return hashlib.sha256(f"{actor}\x1f{type_}\x1f{first}\x1f{last}\x1f{payload}".encode()).hexdigest()


def digest_at(conn: sqlite3.Connection, seq: int, command_id: int) -> str:
    """The command digest that format-2 row ``seq`` chains: its command's, if it is that command's first event."""
    row = conn.execute("SELECT actor, type, payload, first_seq, last_seq FROM commands WHERE id = ?",
                       (command_id,)).fetchone()
    if row is None or row[3] != seq:
        return ""
    return command_digest(row[0], row[1], row[2], row[3], row[4])


def command_text(actor: str, type_: str, ts: str, last: int, payload: str) -> str:
    """The command's own columns as format 3 hashes them on its first event."""
    return f"{actor}\x1f{type_}\x1f{ts}\x1f{last}\x1f{payload}"


def signed_payload(signature: str, payload: str) -> str:
    """A format-4 command's signature and payload as they enter command_text() in the payload's place.

    Format 4 reads them joined in SQL (events/logread.py _ROWS4), so verify3 checks both formats unchanged;
    a signature is hex or empty and a payload is JSON, so neither holds the \\x1f that joins them.
    """
    return f"{signature}\x1f{payload}"


def row_hash3(prev: str, seq: int, command_id: int, type_: str, version: int, automatic: int,
              data: str, command: str = "") -> str:
    """Chain one format-3 row; ``command`` is command_text() on a command's first event, else empty."""
    return hashlib.sha256(
        f"{prev}\x1f{seq}\x1f{command_id}\x1f{type_}\x1f{version}\x1f{automatic}\x1f{command}\x1f{data}".encode()
    ).hexdigest()


def verify_legacy(fmt: int, rows: Iterable[tuple], commands: Iterable[tuple],
                  start: tuple[str, int, int | None] = (GENESIS, 1, None)) -> Verdict:
    """Check format-1/2 rows (seq, cid, type, version, data, auto, prev_hash, hash, ts) and command rows.

    ``start`` (previous hash, first seq, previous command id) checks a tail of the log only.
    """
    digests: dict[int, tuple[int, str, str]] = {}
    if fmt >= 2:
        # The digest leaves ts out; the first event's own ts is chained and written in the same
        # transaction, so the command's ts must equal it.
        digests = {first: (cid, command_digest(actor, ctype, payload, first, last), ts)
                   for cid, actor, ctype, payload, ts, first, last in commands}
    prev, expect, last_cid = start
    for seq, cid, type_, version, data, auto, prev_hash, h, ts in rows:
        if seq != expect:
            return expect - 1, expect, f"seq {expect} is missing (next row is seq {seq})"
        if prev_hash != prev:
            return (expect - 1, seq, "previous-hash link broken (a row before it was removed or "
                                     "reordered)")
        command = ""
        if fmt >= 2 and (seq == 1 or cid != last_cid):
            owner = digests.get(seq)
            if owner is None or owner[0] != cid:
                return expect - 1, seq, f"command {cid} has no matching row in the commands table"
            if owner[2] != ts:
                return (expect - 1, seq, f"command {cid}'s timestamp differs from its first "
                                         "event's (it was edited)")
            command = owner[1]
        if row_hash(prev, seq, cid, type_, version, auto, ts, data, command) != h:
            what = "its command row or the row" if command else "the row"
            return expect - 1, seq, f"content does not match its hash ({what} was edited)"
        prev, expect, last_cid = h, expect + 1, cid
    return expect - 1, None, ""


def verify3(rows: Iterable[tuple], start: tuple[str, int, int] = (GENESIS, 1, 0)) -> Verdict:
    """Check format-3 rows (seq, cid, type, version, data, auto, hash, actor, ctype, payload, ts, last_seq).

    ``start`` (previous hash, first seq, previous command id) checks a tail that begins on a
    command's first row.

    Beyond the hashes: command ids climb by one, each command's first row
    carries its columns and the others none, and every command holds exactly
    the rows its first row claims (so a row cut from a command's end is named).
    """
    prev, expect, cid_now = start
    last_now = expect - 1
    for seq, cid, type_, version, data, auto, h, actor, ctype, payload, ts, last in rows:
        if seq != expect:
            return expect - 1, expect, f"seq {expect} is missing (next row is seq {seq})"
        if ctype is not None:
            if seq != last_now + 1:
                return (expect - 1, seq,
                        f"command {cid_now} claims rows up to seq {last_now} but seq {seq} starts "
                        "another")
            if cid != cid_now + 1:
                return expect - 1, seq, f"command {cid} does not follow command {cid_now}"
            if not isinstance(last, int) or last < seq or actor is None or payload is None or ts is None:
                return expect - 1, seq, f"command {cid}'s columns are incomplete"
            command, cid_now, last_now = command_text(actor, ctype, ts, last, payload), cid, last
        else:
            bare = actor is None and payload is None and ts is None and last is None
            if cid != cid_now or seq > last_now or not bare:
                return (expect - 1, seq,
                        f"row belongs to no command (command id {cid}, command {cid_now} "
                                         f"ends at seq {last_now})")
            command = ""
        if row_hash3(prev, seq, cid, type_, version, auto, data, command) != h:
            what = "its command's columns or the row" if command else "the row"
            return expect - 1, seq, f"content does not match its hash ({what} was edited)"
        prev, expect = h, expect + 1
    if last_now > expect - 1:
        return (expect - 1, expect, f"seq {expect} is missing (command {cid_now} claims rows up to "
                                    f"seq {last_now})")
    return expect - 1, None, ""
