"""The storage contract's fixtures: each backend in turn (``store``), or PostgreSQL alone (``pg_store``).

The backends and the throwaway server are tests/support/store_backends.py's.
"""
from __future__ import annotations

import pytest

from store_backends import Backend


@pytest.fixture(params=["sqlite", "postgres"])
def store(request, tmp_path, monkeypatch) -> Backend:
    """Each backend in turn; the working directory is tmp (a PostgreSQL game's seed sidecar is written there)."""
    monkeypatch.chdir(tmp_path)
    return Backend(request.param, tmp_path)


@pytest.fixture
def pg_store(tmp_path, monkeypatch) -> Backend:
    """The PostgreSQL backend alone: what only it has (TRUNCATE, roles, LISTEN)."""
    monkeypatch.chdir(tmp_path)
    return Backend("postgres", tmp_path)
