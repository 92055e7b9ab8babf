"""Harness 10 at CI scale: writers over games in one PostgreSQL database, SIGKILLs and a server restart mid-run."""
from __future__ import annotations

from reliability import pgstore
from store_backends import cluster


def assert_sound(fig: dict) -> None:
    assert pgstore.headline(fig) == [], fig


def test_writers_collide_and_every_loser_is_told(tmp_path):
    fig = pgstore.run(games=5, writers=4, commands=12, workdir=tmp_path, cluster=cluster())
    assert_sound(fig)
    assert fig["acked_commands"] == 4 * 12 and fig["stored_commands"] == 48


def test_sigkilled_writers_and_a_server_restart_lose_nothing_acknowledged(tmp_path):
    fig = pgstore.run(games=5, writers=4, commands=25, kills=2, restart=True, workdir=tmp_path, cluster=cluster())
    assert fig["killed_by_sigkill"] == 2 and fig["server_restarts"] == 1
    assert_sound(fig)
    assert fig["acked_commands"] >= 2 * 25  # the two writers not killed finished, through the restart
