"""A signed game (log format 4) copies to PostgreSQL and back with the same hashes; verify checks every signature."""
from __future__ import annotations

from turnlog.engine.faces.transfer import copy_game
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.events.store import open_log

from signed_position import SIGNERS, played, steps


def test_a_signed_game_round_trips_and_plays_on(pg_store, tmp_path):
    g = played(tmp_path, upto=3)
    src = g.log.path
    g.close()
    url, back = pg_store.new("signed"), tmp_path / "back.db"
    copy_game(str(src), url)
    copy_game(url, str(back))
    with open_log(url, readonly=True) as log:
        assert log.format == 4 and list(log.hashes()) == list(open_log(src, readonly=True).hashes())
    for target in (url, back):
        rep = verify_path(target)
        assert rep.ok and "signatures" not in (rep.problem or ""), rep.problem
    with Game.open(url) as pg:  # the next step, signed, appended in PostgreSQL
        actor, cmd = steps(pg)[3]
        pg.execute(cmd, actor=actor, signer=SIGNERS[actor])
    assert verify_path(url).ok
