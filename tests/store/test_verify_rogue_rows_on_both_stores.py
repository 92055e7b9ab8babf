"""A rogue client's rows are named by verify on both stores; on PostgreSQL appended through the
writer role.

Given a game on each store (on PostgreSQL played by the role pgschema.grant_writer makes, which has
no UPDATE or DELETE on the log), when the role appends rows the honest engine never writes through
the log's own append, the chain intact, then `verify` names that command's seq.
"""

from __future__ import annotations

import psycopg
import pytest

from turnlog.engine.commands import MoveUnit
from turnlog.engine.faces.verify_report import text
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.events.game import CommandUndone, ControlChanged, UnitEliminated
from turnlog.events.pgschema import ensure_schema, grant_writer

import rogue_rows as rogue
from fixtures.backbone import bridgehead

ROGUES = {
    "reveal eliminating a unit": (
        "RevealSeed",
        {"type": "RevealSeed"},
        lambda ids: [UnitEliminated(unit="ge-pz-1", rule="14.51")],
    ),
    "a second setup": (
        "LoadScenario",
        {"type": "LoadScenario", "name": "x"},
        lambda ids: [ControlChanged(hex="0505", faction="AX")],
    ),
    "undo of an older command": (
        "Undo",
        {"type": "Undo"},
        lambda ids: [CommandUndone(command_id=ids[0])],
    ),
    "override in the event only": (
        "Undo",
        {"type": "Undo"},
        lambda ids: [CommandUndone(command_id=ids[1], override=True, referee="me")],
    ),
    "redo with no undo": (
        "Redo",
        {"type": "Redo", "command": {"type": "SetControl", "hex": "0505", "faction": "AX"}},
        lambda ids: [ControlChanged(hex="0505", faction="AX")],
    ),
}


def _as_writer_role(store, target):
    """The game's URL under the operator's writer role (PostgreSQL), or the file itself."""
    if store.pg is None:
        return target
    with psycopg.connect(store.pg.dsn("turnlog_tests"), autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'turnlog_writer'").fetchone():
            conn.execute("CREATE ROLE turnlog_writer LOGIN")
        ensure_schema(conn)
        grant_writer(conn, "turnlog_writer")
    return target.replace("user=postgres", "user=turnlog_writer")


@pytest.mark.parametrize("case", sorted(ROGUES))
def test_verify_names_rogue_rows_on_each_store(store, case):
    target = _as_writer_role(store, store.new())
    with bridgehead(target) as g:
        g.execute(MoveUnit(unit="ge-inf-1", hex="0504"))
        g.execute(MoveUnit(unit="ge-inf-1", hex="0505"))
        ids = [r[0] for r in g.log.commands()[-2:]]
    with Game.open(target) as g:
        ctype, payload, events = ROGUES[case]
        seq = rogue.append(g, ctype, payload, events(ids))
    rep = verify_path(target)
    assert not rep.ok and rep.discrepancy is not None and rep.discrepancy.seq == seq, text(rep)
