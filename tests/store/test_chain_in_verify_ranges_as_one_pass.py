"""The hash chain checked in verify's ranges gives the one pass's verdict, on honest and damaged logs.

Given a log's rows (honest, then rows cut, swapped, repeated, fields edited to other values or types,
maybe the chain recomputed by a forger), when it is cut where verify's plan may cut it (after a row whose
command, by the stored columns, ends there and before a row that begins one) and each range is checked
as a worker checks it (engine/verify/ranges.py ``_chain``: from the stored row before it, the first
from the lowest seq), then the ranges' verdict is the one pass's, or the ranges refuse to settle it
(Fallback: verify runs the one pass).
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from turnlog.engine.verify import ranges
from turnlog.events.chain import GENESIS, command_text, row_hash3, verify3

FIELDS = 12  # seq, cid, type, version, data, auto, hash, actor, ctype, payload, ts, last_seq
HASH, CTYPE, LAST = 6, 8, 11


def chained(rows: list[list], start: int = 0) -> None:
    """Recompute every hash from row ``start`` on, as a forger (or the honest writer) would."""
    prev = rows[start - 1][HASH] if start else GENESIS
    for r in rows[start:]:
        seq, cid, type_, version, data, auto, _h, actor, ctype, payload, ts, last = r
        command = command_text(actor, ctype, ts, last, payload) if ctype is not None else ""
        r[HASH] = prev = row_hash3(prev, seq, cid, type_, version, auto, data, command)


def honest(sizes: list[int]) -> list[list]:
    """A log of commands holding ``sizes`` rows each, chained."""
    rows, seq = [], 1
    for cid, n in enumerate(sizes, 1):
        for i in range(n):
            head = (f"actor{cid % 3}", "MoveUnit", f'{{"to":"{cid:04d}"}}', f"2026-01-0{cid % 9 + 1}",
                    seq + n - 1)
            actor, ctype, payload, ts, last = head if i == 0 else (None,) * 5
            rows.append([seq, cid, "UnitMoved" if i else "CommandAccepted", 1 + i % 2, f'{{"n":{seq}}}',
                         i % 2, "", actor, ctype, payload, ts, last])
            seq += 1
    chained(rows)
    return rows


ODD = st.sampled_from([None, 0, 1, -1, 2, 3, 5, 99, "", "x", "5", 1.0, 2.5, True, "0" * 64])


@st.composite
def damaged(draw) -> list[list]:
    """An honest log, then up to three damages, then maybe the chain recomputed from some row on."""
    rows = honest(draw(st.lists(st.integers(1, 4), min_size=2, max_size=8)))
    for _ in range(draw(st.integers(0, 3))):
        if not rows:
            break
        i = draw(st.integers(0, len(rows) - 1))
        op = draw(st.sampled_from(["set", "set", "copy", "drop", "swap", "repeat", "cut", "before"]))
        if op == "set":
            rows[i][draw(st.integers(1, FIELDS - 1))] = draw(ODD)
        elif op == "copy":  # a field from another row (a plausible value: another command's id, say)
            f = draw(st.integers(1, FIELDS - 1))
            rows[i][f] = rows[draw(st.integers(0, len(rows) - 1))][f]
        elif op == "drop":
            del rows[i]
        elif op == "swap":
            j = draw(st.integers(0, len(rows) - 1))
            rows[i][0], rows[j][0] = rows[j][0], rows[i][0]
        elif op == "repeat":
            rows.insert(i, [draw(st.integers(-2, 0))] + list(rows[i][1:]))
        elif op == "before":  # a row stored below seq 1
            rows.insert(0, [draw(st.integers(-3, 0))] + list(rows[i][1:]))
        else:
            del rows[i:]
    if rows and draw(st.booleans()):
        chained(rows, draw(st.integers(0, len(rows) - 1)))
    return rows


class Table:
    """The rows as a store holds them (one per integer seq, read in seq order), read as verify does."""

    def __init__(self, rows: list[list]):
        kept: dict[int, tuple] = {}
        for r in rows:
            kept.setdefault(r[0], tuple(r))
        self.rows = [kept[s] for s in sorted(kept)]

    def rows3(self, start: int, stop: int) -> list[tuple]:
        return [r for r in self.rows if start <= r[0] <= stop]

    def command_ends(self, seq: int) -> bool:
        """As events/logread.py asks SQLite."""
        heads = [r for r in self.rows if r[0] <= seq and r[CTYPE] is not None]
        after = [r for r in self.rows if r[0] == seq + 1]
        return bool(heads) and heads[-1][LAST] == seq and (not after or after[0][CTYPE] is not None)


SETTINGS = settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(damaged(), st.data())
def test_the_chain_in_ranges_gets_the_verdict_of_one_pass(rows, data):
    table = Table(rows)
    if not table.rows:
        return
    total = table.rows[-1][0]
    cuts = [r[0] for r in table.rows if 1 <= r[0] < total and table.command_ends(r[0])]
    if not cuts:
        return
    bounds = sorted(set(data.draw(st.lists(st.sampled_from(cuts), min_size=1, max_size=3))))
    firsts, lasts = [1] + [b + 1 for b in bounds], bounds + [total]
    try:
        found = [ranges._chain(table, a, b)[0] for a, b in zip(firsts, lasts)]
        got = ranges.verdict(found, total)
    except Exception:  # noqa: BLE001 - a range that cannot settle it: verify runs the one pass
        return
    assert got == verify3(table.rows)


def test_a_row_stored_below_seq_1_is_named_as_the_one_pass_names_it():
    rows = honest([2, 3, 2])
    rows.insert(0, [0] + list(rows[0][1:]))
    table = Table(rows)
    found = [ranges._chain(table, 1, 2)[0], ranges._chain(table, 3, 7)[0]]
    assert ranges.verdict(found, 7) == verify3(table.rows) == (0, 1, "seq 1 is missing (next row is seq 0)")
