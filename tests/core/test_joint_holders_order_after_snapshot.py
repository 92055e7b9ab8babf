"""A joint-dice game read from a snapshot keeps its holders' registered order: the order its
shares are logged and mixed in (a snapshot's bytes sort every mapping's keys)."""
from __future__ import annotations

from turnlog.engine import scenario as S
from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.engine.game import Game
from turnlog.engine.verify import verify

from fixtures.backbone import ZONE


def test_holders_order_survives_a_snapshot_and_the_roll_verifies(tmp_path):
    ax, al = b"\x01" * 32, b"\x02" * 32  # AX registered first: not the sorted order
    db = tmp_path / "j.db"
    with Game.create(db, S.load("bridgehead-14-65"), joint={"AX": ax, "AL": al}, joint_hmac=True) as g:
        g.execute(BeginAttrition(attacker="AX", zone=ZONE))
        g.snapshot()
    with Game.open(db, secrets=[ax, al]) as g:
        assert list(g.state.joint_dice) == ["AX", "AL"]
        (_s, rolled), *_ = g.execute(RollAttritionDie(procedure="A1"))
        assert list(rolled.shares) == ["AX", "AL"]
        assert verify(g).ok
