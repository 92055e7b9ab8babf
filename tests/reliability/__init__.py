"""Reliability harnesses: crash, concurrency, tamper, fuzz, bad input, I/O faults, determinism, rogue.

Each harness module has ``run(large: bool = False, **kw) -> dict`` returning the
figures it measured; the CI-sized tests in tests/reliability/test_reliability_*.py assert on
them and ``python -m tests.reliability.run --large`` prints them (docs/reliability.md).
"""
