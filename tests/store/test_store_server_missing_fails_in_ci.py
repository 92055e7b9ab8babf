"""With no PostgreSQL server to start, the storage contract fails under CI (CI=true) and skips elsewhere, saying why."""
from __future__ import annotations

import pytest

import pg_cluster
import store_backends


@pytest.fixture
def no_server(monkeypatch):
    monkeypatch.setattr(store_backends, "_cluster", [])  # forget the running one, for this test only
    monkeypatch.setattr(pg_cluster, "bindir", lambda: None)


def test_ci_fails_loudly(no_server, monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="no PostgreSQL server.*initdb"):
        store_backends.cluster()


def test_a_developer_machine_skips_with_the_reason(no_server, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no PostgreSQL server"):
        store_backends.cluster()
