"""The REPL's `why` on a named roll or a draw re-derives it with its own spec, not with the game's die."""
from __future__ import annotations

from turnlog.engine.faces.explain import explain

from fixtures.toy_dice import toy_game


def test_why_re_derives_a_pair_a_draw_and_a_morale_die(tmp_path, toy):
    with toy_game(tmp_path / "g.db") as g:
        done = g.execute(toy(morale=True))
        for seq, _ev in done:
            (_s, cid, ev, auto), = g.rows(seq, seq)
            lines = explain(g, g.at, seq, cid, ev, auto)
            assert lines[-1].endswith("re-derived, it matches"), lines
