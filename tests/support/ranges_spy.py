"""Verify's ranges on logs of any length, and a list saying, per verify, whether the ranges settled it
(engine/verify/ranges.py: None from ``ranges.verify`` sends verify to the one pass)."""
from __future__ import annotations

from turnlog.engine.verify import ranges


def settled_by_ranges(monkeypatch) -> list[bool]:
    """Let every log split into ranges; the list fills with True (settled) or False (one pass)."""
    monkeypatch.setattr(ranges, "MIN_EVENTS", 0)
    out: list[bool] = []
    real = ranges.verify

    def spy(*a, **k):
        rep = real(*a, **k)
        out.append(rep is not None)
        return rep
    monkeypatch.setattr(ranges, "verify", spy)
    return out
