"""`at` and undo are sampled on the logs of every size in turn (one of each, then again), so a
change of the shared machine's load between sizes cannot decide the ratio at(1M) / at(1k)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import cases  # noqa: E402


def test_samples_of_each_size_are_taken_in_turn():
    calls: list[str] = []

    def sampler(name):
        i = 0
        while True:
            i += 1
            calls.append(name)
            yield f"{name}{i}"
    got = cases.interleaved({1000: sampler("a"), 100_000: sampler("b"), 1_000_000: sampler("c")}, 3)
    assert calls == ["a", "b", "c"] * 3
    assert got == {1000: ["a1", "a2", "a3"], 100_000: ["b1", "b2", "b3"], 1_000_000: ["c1", "c2", "c3"]}
