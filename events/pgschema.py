"""The PostgreSQL store's schema: tables, append-only triggers, the writer role's grants (docs/design.md).

One schema, ``turnlog``, per database: ``games`` (one row per game: its id and log format), ``events``
(the format-3/4 row columns keyed (game, seq)) and ``snapshots`` (the cache); and, once a server
(`turnlog serve --db`) uses it, its registry (``REGISTRY_DDL``). Created by the first
writer that finds it missing; an operator may run ensure_schema() as the owner and grant_writer() to
the role the servers use, which then needs no CREATE, UPDATE or DELETE on the log.
"""
from __future__ import annotations

import sqlite3

from .logbase import LogError

DDL = """
CREATE SCHEMA IF NOT EXISTS turnlog;
CREATE TABLE IF NOT EXISTS turnlog.games (
    game text PRIMARY KEY, format int NOT NULL CHECK (format IN (3, 4)), created text NOT NULL);
CREATE TABLE IF NOT EXISTS turnlog.events (
    game text NOT NULL REFERENCES turnlog.games (game), seq bigint NOT NULL CHECK (seq > 0),
    command_id bigint NOT NULL, type text NOT NULL, version int NOT NULL, data text NOT NULL,
    automatic int NOT NULL, hash text NOT NULL, actor text, command_type text, payload text, ts text,
    last_seq bigint, signature text, PRIMARY KEY (game, seq));
CREATE INDEX IF NOT EXISTS events_commands ON turnlog.events (game, command_id) WHERE command_type IS NOT NULL;
CREATE INDEX IF NOT EXISTS events_undo ON turnlog.events (game, seq) WHERE type = 'CommandUndone';
CREATE TABLE IF NOT EXISTS turnlog.snapshots (
    game text NOT NULL REFERENCES turnlog.games (game), seq bigint NOT NULL, undone text, data bytea,
    PRIMARY KEY (game, seq));
CREATE OR REPLACE FUNCTION turnlog.refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'turnlog: % are append-only (% refused)', TG_TABLE_NAME, TG_OP; END $$;
CREATE OR REPLACE FUNCTION turnlog.next_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.seq IS DISTINCT FROM (SELECT coalesce(max(seq), 0) + 1 FROM turnlog.events WHERE game = NEW.game) THEN
        RAISE EXCEPTION 'turnlog: events are append-only (seq must be the next one: no gap)';
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER events_append_only_update BEFORE UPDATE OR DELETE ON turnlog.events
    FOR EACH ROW EXECUTE FUNCTION turnlog.refuse();
CREATE OR REPLACE TRIGGER events_append_only_truncate BEFORE TRUNCATE ON turnlog.events
    FOR EACH STATEMENT EXECUTE FUNCTION turnlog.refuse();
CREATE OR REPLACE TRIGGER events_append_only_insert BEFORE INSERT ON turnlog.events
    FOR EACH ROW EXECUTE FUNCTION turnlog.next_seq();
CREATE OR REPLACE TRIGGER games_append_only_update BEFORE UPDATE OR DELETE ON turnlog.games
    FOR EACH ROW EXECUTE FUNCTION turnlog.refuse();
CREATE OR REPLACE TRIGGER games_append_only_truncate BEFORE TRUNCATE ON turnlog.games
    FOR EACH STATEMENT EXECUTE FUNCTION turnlog.refuse();
"""
#: What `turnlog serve --db` keeps beside the logs: the games it serves, their seat tokens' hashes and
#: seeds, and the creations its quota counts (engine/faces/serve/pgregistry.py).
REGISTRY_DDL = """
CREATE TABLE IF NOT EXISTS turnlog.served (
    game text PRIMARY KEY REFERENCES turnlog.games (game), name text NOT NULL,
    listed boolean NOT NULL, registered timestamptz NOT NULL DEFAULT clock_timestamp());
CREATE TABLE IF NOT EXISTS turnlog.seat_tokens (
    game text NOT NULL REFERENCES turnlog.served (game), digest text NOT NULL, actor text NOT NULL,
    PRIMARY KEY (game, digest));
CREATE TABLE IF NOT EXISTS turnlog.seeds (
    game text PRIMARY KEY REFERENCES turnlog.served (game), seed text NOT NULL);
CREATE TABLE IF NOT EXISTS turnlog.creations (
    client text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp());
CREATE INDEX IF NOT EXISTS creations_by_client ON turnlog.creations (client, at);
"""
TRIGGERS = ("events_append_only_update", "events_append_only_truncate", "events_append_only_insert",
            "games_append_only_update", "games_append_only_truncate")
class StoreError(sqlite3.DatabaseError):
    """The database failed under a command (connection lost, server down): nothing of it was written.

    A sqlite3.DatabaseError, so every caller that already handles a failed SQLite write (the CLI's
    messages, a snapshot being only a cache) handles this one the same way.
    """


def psycopg_module():
    try:
        import psycopg
    except ImportError:
        raise LogError("a PostgreSQL game needs psycopg 3: pip install 'turnlog[postgres]'") from None
    return psycopg


def ensure_schema(conn) -> None:
    """The psycopg module, imported on first use; a one-line error when it is not installed."""
    """Create the tables, triggers and functions once per database (under a lock: many servers start at once)."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('turnlog:schema', 0))")
        if conn.execute("SELECT to_regclass('turnlog.events')").fetchone()[0] is None:
            conn.execute(DDL)


def grant_writer(conn, role: str) -> None:
    """Let ``role`` play games: read and append the log, keep snapshots; never UPDATE or DELETE a log row."""
    psycopg = psycopg_module()
    ident = psycopg.sql.Identifier(role)
    for stmt in ("GRANT USAGE ON SCHEMA turnlog TO {}",
                 "GRANT SELECT, INSERT ON turnlog.games, turnlog.events TO {}",
                 "GRANT SELECT, INSERT, UPDATE, DELETE ON turnlog.snapshots TO {}"):
        conn.execute(psycopg.sql.SQL(stmt).format(ident))


def ensure_registry(conn) -> None:
    """Create the log's schema if missing, then the registry's (under a lock: servers start at once)."""
    ensure_schema(conn)
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('turnlog:registry', 0))")
        if conn.execute("SELECT to_regclass('turnlog.creations')").fetchone()[0] is None:
            conn.execute(REGISTRY_DDL)


def grant_server(conn, role: str) -> None:
    """Let ``role`` serve games: register them, read them, count creations; change no registered row."""
    psycopg = psycopg_module()
    ident = psycopg.sql.Identifier(role)
    for stmt in ("GRANT SELECT, INSERT ON turnlog.served, turnlog.seat_tokens, turnlog.seeds TO {}",
                 "GRANT SELECT, INSERT, DELETE ON turnlog.creations TO {}"):
        conn.execute(psycopg.sql.SQL(stmt).format(ident))
