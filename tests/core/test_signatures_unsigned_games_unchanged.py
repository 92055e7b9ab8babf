"""Signatures leave unsigned games as they were: a hot-seat or seated game without keys is created in log
format 3, its GameCreated holds no `keys` (the same bytes as before), it needs no signer, and verify reports
no key or signature line. A format-4 log of an unsigned game needs no signature either."""
from __future__ import annotations

import msgspec

from turnlog.engine.faces.verify_report import text
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path

from helpers import SEED, hexes, scenario
from seats_position import BOARD, SEATS, UNITS, steps


def test_a_seated_game_without_keys_is_format_3_and_needs_no_signer(tmp_path):
    g = Game.create(tmp_path / "g.db", scenario(hexes(BOARD), UNITS), seed=SEED, seats=SEATS)
    assert g.log.format == 3
    assert b'"keys"' not in g.log.conn.execute("SELECT data FROM events WHERE seq = 1").fetchone()[0].encode()
    for actor, cmd in steps(g):
        g.execute(cmd, actor=actor)
    g.close()
    rep = verify_path(tmp_path / "g.db")
    assert rep.ok and rep.keys is msgspec.UNSET and rep.signatures_checked is msgspec.UNSET
    assert "  key " not in text(rep) and "signed" not in text(rep)


def test_an_unsigned_game_in_format_4_verifies(tmp_path):
    g = Game.create(tmp_path / "g.db", scenario(hexes(BOARD), UNITS), seed=SEED, log_format=4)
    g.execute({"type": "AddNote", "text": "a note"})
    g.close()
    rep = verify_path(tmp_path / "g.db")
    assert rep.ok and rep.log_format == 4
