"""Joint dice roll named dice and draw like a seed does: from the holders' shares of the key, mixed (HMAC shares).

A process holding one secret takes the other holder's share with the command; those shares are one key's,
so a command that would roll two keys on given shares is refused (nothing written) rather than reuse them.
"""
from __future__ import annotations

import pytest

from turnlog.engine import joint as J
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.faces.verify_report import text
from turnlog.engine.verify import verify
from turnlog.events.game import DieRolled

from fixtures.toy_dice import toy_game

AXIS, ALLIES = bytes([1]) * 32, bytes([2]) * 32


def test_a_draw_on_a_given_share_derives_from_both_shares(tmp_path, toy):
    toy_game(tmp_path / "g.db", joint={"axis": AXIS, "allies": ALLIES}, joint_hmac=True, public_seed=False).close()
    theirs = J.share(ALLIES, "toy/1/k")
    with Game.open(tmp_path / "g.db", secrets=[AXIS]) as g:
        (_s, k), = g.execute(toy(draw_only=True, shares={"allies": theirs}))
    assert isinstance(k, DieRolled) and k.of == 1000 and k.shares == {"axis": J.share(AXIS, "toy/1/k"),
                                                                      "allies": theirs}
    assert k.value == J.face(k.shares, ["axis", "allies"], "toy/1/k", J.D.draw_spec(1000))
    with Game.open(tmp_path / "g.db", secrets=[AXIS, ALLIES]) as g:
        rep = verify(g)
    assert rep.ok, text(rep)


def test_given_shares_do_not_serve_a_second_key(tmp_path, toy):
    toy_game(tmp_path / "g.db", joint={"axis": AXIS, "allies": ALLIES}, joint_hmac=True, public_seed=False).close()
    with Game.open(tmp_path / "g.db", secrets=[AXIS]) as g:
        before = g.log.last()
        with pytest.raises(RuleViolation) as err:
            g.execute(toy(shares={"allies": J.share(ALLIES, "toy/1/pair")}))
        assert err.value.rule == "toy.2" and "shares given are for one roll (toy/1/pair)" in err.value.message
        assert g.log.last() == before


def test_entered_values_need_no_share(tmp_path, toy):
    toy_game(tmp_path / "g.db", joint={"axis": AXIS, "allies": ALLIES}, joint_hmac=True, public_seed=False).close()
    with Game.open(tmp_path / "g.db", secrets=[AXIS]) as g:
        pair, k = (e for _s, e in g.execute(toy(values={"pair": [1, 1], "k": 5})))
    assert pair.entered and k.entered and not pair.shares
