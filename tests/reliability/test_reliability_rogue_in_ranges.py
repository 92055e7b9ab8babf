"""The rogue-client harness verified twice: in one pass and in ranges on forked workers.

Given the CI selection of rogue and honest logs (tests/reliability/test_reliability_rogue.py), with a
snapshot every few events so that even these short games split into ranges, when each is verified in
one pass and then in ranges, then both reports encode to the same bytes, and every rogue log is still
named at its first bad seq.
"""
from __future__ import annotations

import msgspec
import turnlog.engine.game as G
from ranges_spy import settled_by_ranges
from reliability import rogue, rogue_stores
from store_backends import cluster
from reliability.test_reliability_rogue import CI_TYPES, _check
from turnlog.engine.verify import ranges, verify_path


def _twice(monkeypatch) -> tuple[list[str], list[bool]]:
    """Snapshots every few events, every log split; a verify_path for the harness that runs both ways.

    Returns the differences it notes, and per verify whether the ranges settled it."""
    monkeypatch.setattr(G, "SNAPSHOT_EVERY", 6)
    split = settled_by_ranges(monkeypatch)
    differ: list[str] = []

    def both(where, **kw):
        monkeypatch.setenv(ranges.WORKERS_ENV, "1")
        one = verify_path(where, **kw)
        monkeypatch.setenv(ranges.WORKERS_ENV, "3")
        parts = verify_path(where, **kw)
        if msgspec.json.encode(one) != msgspec.json.encode(parts):
            differ.append(f"{where}: {one} != {parts}")
        return parts
    monkeypatch.setattr(rogue_stores, "verify_path", both)
    return differ, split


def test_rogue_logs_verified_in_ranges_report_as_in_one_pass(tmp_path, monkeypatch):
    differ, split = _twice(monkeypatch)
    fig = rogue.run(stores=("sqlite",), only=CI_TYPES, events=4, live=False, workdir=tmp_path)
    _check(fig)
    assert not differ, "\n".join(differ[:5])
    assert sum(split) >= 50, (sum(split), len(split))  # most logs were split and settled in ranges


def test_rogue_logs_on_postgresql_verified_in_ranges_report_as_in_one_pass(tmp_path, monkeypatch):
    differ, split = _twice(monkeypatch)
    fig = rogue.run(stores=("postgres",), only=("RollAttritionDie",), signed=(False,), events=2,
                    live=False, workdir=tmp_path, cluster=cluster())
    assert fig["rogue_logs"] >= 20 and not fig["harness_errors"], fig["errors"]
    assert fig["honest_logs_named"] == 0, fig["false_alarms"]
    assert not differ, "\n".join(differ[:5])
    assert sum(split) >= 5, (sum(split), len(split))
