"""Repeat, time and summarise: medians and interquartile ranges, never single runs.

The machine is shared and noisy, so every figure is several repetitions, and
figures that are compared are measured in alternation (A B A B ...) so that a
burst of load elsewhere hits both sides of a ratio alike.
"""
from __future__ import annotations

import gc
import statistics
import time
from dataclasses import dataclass, field
from typing import Callable


@dataclass
class Figure:
    """One measured quantity: ``times`` are seconds per repetition of ``per`` items."""

    name: str
    what: str
    per: int = 1
    times: list[float] = field(default_factory=list)
    group: str = "turnlog"
    extra: dict = field(default_factory=dict)

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def iqr(self) -> float:
        if len(self.times) < 2:
            return 0.0
        q = statistics.quantiles(self.times, n=4, method="inclusive")
        return q[2] - q[0]

    @property
    def rate(self) -> float:
        """Items per second at the median."""
        return self.per / self.median if self.median else float("inf")

    def summary(self) -> dict:
        rates = sorted(self.per / t for t in self.times if t)
        if len(rates) > 1:
            q = statistics.quantiles(rates, n=4, method="inclusive")
        else:  # one repetition, or none that took time (a stage no call reached)
            q = [rates[0] if rates else float("inf")] * 3
        return {"what": self.what, "group": self.group, "items_per_rep": self.per, "reps": len(self.times),
                "median_s": self.median, "iqr_s": self.iqr, "times_s": self.times,
                "rate_per_s_median": self.rate, "rate_per_s_iqr": q[2] - q[0], **self.extra}


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    """Seconds taken by one call of ``fn`` (collected garbage first), and its result."""
    gc.collect()
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def alternate(reps: int, cases: list[tuple[Figure, Callable[[], object]]]) -> None:
    """Run every case ``reps`` times, in alternation.

    Each case's ``prepare`` does the untimed setup and returns the callable to
    time, or (callable, cleanup) when something must be closed untimed after.
    """
    for _ in range(reps):
        for fig, prepare in cases:
            got = prepare()
            run, cleanup = got if isinstance(got, tuple) else (got, None)
            dt, _ = timed(run)
            fig.times.append(dt)
            if cleanup:
                cleanup()
