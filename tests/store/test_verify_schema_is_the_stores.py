"""verify holds the file's schema against the store's own and names any object extra or changed.

Given an honest game, when its file (or its PostgreSQL schema) gains a trigger, view, table or rule,
or its append-only triggers are replaced by no-ops under the same names, then verify fails at stage
``file`` naming the object; an untouched game, and every older fixture, verifies as before.
"""

from __future__ import annotations

import shutil
import sqlite3
import uuid
from pathlib import Path

import psycopg
import pytest

from turnlog.engine.faces.verify_report import text
from turnlog.engine.verify import verify_path
from turnlog.events.store import split_url

from fixtures.backbone import bridgehead
from store_backends import cluster

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
NO_OP = "CREATE TRIGGER {name} BEFORE {op} ON events BEGIN SELECT 1; END"


def _game(tmp_path) -> Path:
    path = tmp_path / "g.db"
    bridgehead(path).close()
    return path


def _sql(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for s in statements:
            conn.execute(s)
    finally:
        conn.close()


def _named(path, words: str):
    rep = verify_path(path)
    assert not rep.ok and rep.stage == "file", text(rep)
    assert any(words in p for p in rep.schema), rep.schema
    assert "NOT VERIFIED: the file's schema is not the store's" in text(rep)
    return rep


def test_an_extra_trigger_is_named(tmp_path):
    path = _game(tmp_path)
    _sql(path, "CREATE TRIGGER quiet AFTER INSERT ON events BEGIN SELECT 1; END")
    _named(path, "trigger quiet is not one this store creates")


def test_append_only_triggers_replaced_by_no_ops_are_named(tmp_path):
    path = _game(tmp_path)
    _sql(
        path,
        "DROP TRIGGER events_append_only_update",
        "DROP TRIGGER events_append_only_delete",
        NO_OP.format(name="events_append_only_update", op="UPDATE"),
        NO_OP.format(name="events_append_only_delete", op="DELETE"),
        "UPDATE events SET data = data WHERE seq = 1",
    )  # the no-ops let it through
    rep = _named(path, "trigger events_append_only_update differs")
    assert not rep.missing_triggers


def test_an_extra_view_or_table_is_named(tmp_path):
    path = _game(tmp_path)
    _sql(path, "CREATE VIEW board AS SELECT seq FROM events", "CREATE TABLE notes (x)")
    rep = _named(path, "view board is not one this store creates")
    assert any("table notes" in p for p in rep.schema)


def test_a_changed_commands_view_is_named(tmp_path):
    path = tmp_path / "g.db"
    bridgehead(path).close()
    _sql(
        path,
        "DROP VIEW commands",
        "CREATE VIEW commands AS SELECT command_id AS id, actor, command_type AS type, payload, "
        "ts, seq AS first_seq, last_seq FROM events WHERE command_type IS NOT NULL AND seq > 0",
    )
    _named(path, "view commands differs")


@pytest.mark.parametrize(
    "name",
    ["edition1_open_attrition.db", "v1_unit_moved.db", "demo_logs_before_board_vocabulary/bridgehead-14-65.db"],
)
def test_older_files_keep_verifying(tmp_path, name):
    src = FIXTURES / name
    dst = tmp_path / src.name
    shutil.copy(src, dst)
    if src.with_name(src.name + ".seed").exists():
        shutil.copy(src.with_name(src.name + ".seed"), dst.with_name(dst.name + ".seed"))
    rep = verify_path(dst)
    assert rep.ok and rep.schema is not None and not rep.schema, text(rep)


# -- PostgreSQL: a database of its own, so the changed schema reaches no other test
# ------------------------


@pytest.fixture
def pg_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pg = cluster()
    db = f"schema_{uuid.uuid4().hex[:8]}"
    pg.createdb(db)
    url = pg.url(db, "g")
    bridgehead(url).close()
    return url


def _pg(url: str, *statements: str) -> None:
    conninfo, _game = split_url(url)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        for s in statements:
            conn.execute(s)


def test_postgres_an_untouched_schema_verifies(pg_game):
    rep = verify_path(pg_game)
    assert rep.ok, text(rep)


def test_postgres_a_refusal_made_a_no_op_is_named(pg_game):
    _pg(
        pg_game,
        "CREATE OR REPLACE FUNCTION turnlog.refuse() RETURNS trigger LANGUAGE plpgsql AS $$ "
        "BEGIN RETURN NULL; END $$",
    )
    _named(pg_game, "function refuse() differs")


def test_postgres_an_extra_trigger_and_rule_are_named(pg_game):
    _pg(
        pg_game,
        "CREATE FUNCTION turnlog.quiet() RETURNS trigger LANGUAGE plpgsql AS "
        "$$ BEGIN RETURN NEW; END $$",
        "CREATE TRIGGER quiet BEFORE INSERT ON turnlog.events FOR EACH ROW "
        "EXECUTE FUNCTION turnlog.quiet()",
        "CREATE RULE keep AS ON UPDATE TO turnlog.snapshots DO INSTEAD NOTHING",
    )
    rep = _named(pg_game, "trigger events.quiet is not one this store creates")
    assert any("rule snapshots.keep" in p for p in rep.schema), rep.schema


def test_postgres_the_servers_registry_is_the_stores_and_a_change_to_it_is_named(pg_game):
    from turnlog.events.pgschema import ensure_registry

    conninfo, _game = split_url(pg_game)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        ensure_registry(conn)  # `turnlog serve --db`'s tables beside the log
    rep = verify_path(pg_game)
    assert rep.ok, text(rep)
    _pg(pg_game, "ALTER TABLE turnlog.seat_tokens ADD COLUMN token text",
        "CREATE VIEW turnlog.every_seed AS SELECT * FROM turnlog.seeds")
    rep = _named(pg_game, "column seat_tokens.token is not one this store creates")
    assert any("view every_seed" in p for p in rep.schema), rep.schema
