"""Storage contract: every row is chained over its stored bytes; a row edited under the engine is named by verify."""
from __future__ import annotations

import pytest

from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.game import Game
from turnlog.engine.verify import verify, verify_path
from turnlog.events.chain import GENESIS, verify3

from fixtures.backbone import bridgehead
from store_backends import raw


def test_the_chain_verifies_and_the_writer_checks_the_tail(store):
    target = store.new()
    with bridgehead(target) as g:
        g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
        g.execute(AddNote(text="chained"))
        assert g.log.verify_chain()[1] is None and g.log.tail_problem() is None
        assert g.log.hash_at(0) is None and g.log.last() == (g.state.seq, g.log.hash_at(g.state.seq))
        assert [h for _s, h in g.log.hashes()] == [r[6] for r in g.log.full_rows()]


def test_an_edited_row_is_named_and_no_one_appends_after_it(store):
    target = store.new()
    with bridgehead(target) as g:
        g.execute(AddNote(text="honest"))
        seq = g.state.seq
    raw(target, "DROP TRIGGER events_append_only_update", "ALTER TABLE turnlog.events DISABLE TRIGGER USER")
    try:
        raw(target, "UPDATE events SET data = replace(data, 'honest', 'forged') WHERE seq = ?",
            "UPDATE turnlog.events SET data = replace(data, 'honest', 'forged') WHERE game = %s AND seq = %s", (seq,))
    finally:
        raw(target, "SELECT 1", "ALTER TABLE turnlog.events ENABLE TRIGGER USER")
    rep = verify_path(target)
    assert not rep.ok and rep.stage == "chain" and rep.first_bad_seq == seq
    with Game.open(target) as g:
        with pytest.raises(Exception, match=f"does not verify at seq {seq}"):
            g.execute(AddNote(text="on top of a forgery"))
        assert g.log.last()[0] == seq
