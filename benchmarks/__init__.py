"""Benchmarks: turnlog against the SQLite limit and a peer, in one process.

Not part of the test suite. ``python -m benchmarks.run [--quick]`` prints a
table and writes benchmarks/results/<timestamp>.json; docs/performance.md
explains every figure and records the runs.
"""
