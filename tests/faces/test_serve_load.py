"""A small loopback load run of `turnlog serve` (benchmarks/serve_load.py; docs/performance.md has
the full one): clients racing on each game with ``?expect=``, followers on each game's events;
nothing lost, nothing pushed twice, nothing forked, every game verifies."""

from __future__ import annotations

import pytest

from serve_helpers import needs_starlette

needs_starlette()
pytest.importorskip("httpx")


def test_racing_clients_and_followers_lose_nothing_duplicate_nothing_fork_nothing(tmp_path):
    from benchmarks.serve_load import run

    got = run(games=3, clients=2, commands=15, followers=2, folder=tmp_path)
    assert got["commands"] == 90
    assert (got["lost"], got["duplicated"], got["forked"]) == (0, 0, 0), got
    assert got["events_pushed"] == 2 * 90
