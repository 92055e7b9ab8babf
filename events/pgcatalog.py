"""The PostgreSQL store's schema held against its own: every table, view, index, trigger, rule,
function.

The reference is what events/pgschema.py's DDL and REGISTRY_DDL create, built in the session's temporary schema
inside a transaction that is rolled back (a temporary object needs only the TEMP privilege every
role has by default, so a writer or a read-only verifier can build it). Both are described from the
catalog in the same words, without the schema's own name; an object the database holds that the DDL
does not create, or creates otherwise, is named. An index or trigger it lacks is not named here (an
index only makes reads slower; a missing trigger is ``missing_triggers``).
"""

from __future__ import annotations

import re

from .pgschema import DDL, REGISTRY_DDL

_DESCRIBE = {
    "column": """SELECT c.relname || '.' || a.attname,
                        format_type(a.atttypid, a.atttypmod)
                        || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
                        || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
                 FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
                 LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                 WHERE c.relnamespace = %s::regnamespace AND a.attnum > 0 AND NOT a.attisdropped""",
    "index": """SELECT c.relname, pg_get_indexdef(c.oid) FROM pg_class c
                WHERE c.relnamespace = %s::regnamespace AND c.relkind IN ('i', 'I')""",
    "view": """SELECT c.relname, pg_get_viewdef(c.oid) FROM pg_class c
               WHERE c.relnamespace = %s::regnamespace AND c.relkind IN ('v', 'm')""",
    "trigger": """SELECT c.relname || '.' || t.tgname, pg_get_triggerdef(t.oid) FROM pg_trigger t
                  JOIN pg_class c ON c.oid = t.tgrelid
                  WHERE c.relnamespace = %s::regnamespace AND NOT t.tgisinternal""",
    "rule": """SELECT c.relname || '.' || r.rulename, pg_get_ruledef(r.oid) FROM pg_rewrite r
               JOIN pg_class c ON c.oid = r.ev_class
               WHERE c.relnamespace = %s::regnamespace AND r.rulename <> '_RETURN'""",
    "function": """SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')',
                          pg_get_function_result(p.oid) || ' ' || p.prosrc FROM pg_proc p
                   WHERE p.pronamespace = %s::regnamespace""",
    "constraint": """SELECT c.relname || '.' || k.conname, pg_get_constraintdef(k.oid)
                     FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
                     WHERE c.relnamespace = %s::regnamespace""",
    "policy": """SELECT c.relname || '.' || p.polname,
                        coalesce(pg_get_expr(p.polqual, p.polrelid), '')
                 FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid
                 WHERE c.relnamespace = %s::regnamespace""",
    "relation": """SELECT c.relname,
                          c.relkind::text || CASE WHEN c.relrowsecurity THEN ' rls' ELSE '' END
                   FROM pg_class c WHERE c.relnamespace = %s::regnamespace""",
}


def describe(conn, schema: str) -> dict[tuple[str, str], str]:
    """(kind, name) -> the definition of every object in ``schema``, unqualified by that schema."""
    out = {}
    for kind, sql in _DESCRIBE.items():
        for name, text in conn.execute(sql, (schema,)).fetchall():
            out[(kind, name)] = _as_turnlog(text or "", schema)
    return out


def _as_turnlog(text: str, schema: str) -> str:
    """The definition without its own schema's qualifier (the catalog omits it where visible)."""
    text = re.sub(r"\bpg_temp(_\d+)?\.", "", text.replace(f"{schema}.", "").replace("turnlog.", ""))
    return re.sub(r"\s+", " ", text).strip()


def reference(conn) -> dict[tuple[str, str], str]:
    """What the store's DDL creates, described: built in this session's temporary schema, rolled
    back."""
    ddl = (DDL + REGISTRY_DDL).replace("CREATE SCHEMA IF NOT EXISTS turnlog;", "")
    ddl = ddl.replace("turnlog.", "pg_temp.")
    with conn.transaction(force_rollback=True):
        conn.execute("SET TRANSACTION READ WRITE")
        conn.execute(ddl)
        temp = conn.execute(
            "SELECT nspname FROM pg_namespace WHERE oid = pg_my_temp_schema()"
        ).fetchone()[0]
        return describe(conn, temp)


def problems(conn, scratch) -> list[str]:
    """Each object of schema ``turnlog`` the store's DDL does not create, or creates otherwise, in
    words.

    ``scratch``: a connection of its own for the reference (``conn`` may be inside a read-only
    view).
    """
    want, have = reference(scratch), describe(conn, "turnlog")
    out = []
    for (kind, name), text in sorted(have.items()):
        if (kind, name) not in want:
            out.append(f"{kind} {name} is not one this store creates")
        elif text != want[(kind, name)]:
            out.append(f"{kind} {name} differs from the one this store creates")
    return out
