"""Harness "fairplay" at CI scale: every cheat with the honest tools is refused or left a claim, a
fork made with the seed rolls dice of its own; the honest game verifies; on SQLite and PostgreSQL."""
from __future__ import annotations

from reliability import fairplay
from store_backends import cluster


def _check(fig: dict, store: str) -> None:
    mine = fig["by_store"][store]
    assert mine["cases"] == 17 and fig["worked"] == [], mine["answers"]
    assert mine["answers"]["move the enemy out"] == "claim"
    assert mine["answers"]["peek in a fork made with the seed"] == "own dice"
    assert fig["honest_verified"]


def test_cheating_with_the_honest_tools_is_prevented(tmp_path):
    _check(fairplay.run(workdir=tmp_path, stores=("sqlite",)), "sqlite")


def test_cheating_with_the_honest_tools_is_prevented_on_postgresql(tmp_path):
    _check(fairplay.run(workdir=tmp_path, stores=("postgres",), cluster=cluster()), "postgres")
