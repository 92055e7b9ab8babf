"""Command timestamps: UTC ISO 8601 with microseconds, as datetime.isoformat writes them."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from turnlog.events import log as L


def test_now_is_utc_iso_with_microseconds():
    before = datetime.now(timezone.utc)
    text = L.now()
    after = datetime.now(timezone.utc)
    parsed = datetime.fromisoformat(text)
    assert parsed.isoformat(timespec="microseconds") == text
    assert before - timedelta(microseconds=1) <= parsed <= after + timedelta(microseconds=1)


def test_now_formats_the_second_again_when_it_changes(monkeypatch):
    stamp = [1_700_000_000_999_999_000]
    monkeypatch.setattr(L.time, "time_ns", lambda: stamp[0])
    assert L.now() == "2023-11-14T22:13:20.999999+00:00"
    stamp[0] += 1_000
    assert L.now() == "2023-11-14T22:13:21.000000+00:00"
