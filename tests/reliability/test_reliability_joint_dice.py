"""Harness 8 at CI scale: with joint dice no lone holder (or coalition short of one) rolls; no false share passes."""
from __future__ import annotations

from reliability import jointdice


def test_no_lone_holder_rolls_and_every_false_share_is_named(tmp_path):
    fig = jointdice.run(games=8, seed=8, workdir=tmp_path)
    assert jointdice.headline(fig) == [], fig
    assert fig["lone_holder_trials"] >= 16 and fig["fork_peek_refused"] == 8
    assert fig["false_shares_given"] == 32 and fig["rogue_shares_logged"] == 8 and fig["forged_shares"] == 8
    assert 80 < fig["other_holder_changes_face_pct"] < 100


def test_the_headline_sees_a_miss():
    # Without this a harness that counted nothing would pass.
    fig = jointdice.run(games=1, seed=8)
    fig["rogue_shares_logged"] += 1
    fig["lone_holder_refused"] -= 1
    assert len(jointdice.headline(fig)) == 2
