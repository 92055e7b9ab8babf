"""A fork is a different game for the dice: its seeded rolls and joint shares derive from its own
identity, so what a fork rolls tells nothing of the original's roll under the same key; a fork
written before fork dice (tests/fixtures/fork_seeded_v1.db, by make_fork_fixture.py) keeps the
original's dice and verifies byte for byte."""
from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from turnlog.engine import dice as D
from turnlog.engine import joint as J
from turnlog.engine import scenario as S
from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.engine.game import Game
from turnlog.engine.verify import verify, verify_path
from turnlog.projections.narrative import line

from fixtures.backbone import SEED, ZONE, bridgehead, cli

OLD_FORK = Path(__file__).resolve().parents[1] / "fixtures" / "fork_seeded_v1.db"
KEYS = [f"attrition/t{n}/AX/{ZONE}" for n in range(64)]


def faces_of(g: Game) -> list[int]:
    """The game's d10 under 64 keys, as its own dice derive them."""
    dice = J.dice_for(g.state, g.seed, g.secrets, RollAttritionDie(procedure="A1"))
    return [dice.roll(k).value for k in KEYS]


def test_fork_with_seed_rolls_its_own_dice_and_both_verify(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    f = g.fork(g.state.seq, tmp_path / "f.db", with_seed=True)
    assert f.seed == g.seed and f.state.dice_id == f.state.game_id != g.state.game_id
    assert faces_of(f) != faces_of(g)  # equal by chance once in 10**64
    (_s, mine), *_ = g.execute(RollAttritionDie(procedure="A1"))
    (_s, theirs), *_ = f.execute(RollAttritionDie(procedure="A1"))
    assert mine.key == theirs.key
    assert mine.value == D.face(SEED, mine.key, g.state.die)
    assert theirs.value == D.face(D.keyed(SEED, f.state.game_id), theirs.key, f.state.die)
    assert verify(g).ok and verify(f).ok
    assert verify(f).rolls_derived == 1
    cut = next(e for _s, e in f.events() if type(e).__name__ == "GameForked")
    assert line(cut).endswith("; its dice are its own")


def test_a_fork_of_a_fork_has_dice_of_its_own_again(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    f = g.fork(g.state.seq, tmp_path / "f.db", with_seed=True)
    ff = f.fork(f.state.seq, tmp_path / "ff.db", with_seed=True)
    assert len({tuple(faces_of(x)) for x in (g, f, ff)}) == 3
    ff.execute(RollAttritionDie(procedure="A1"))
    assert verify(ff).ok


def test_verify_names_a_fork_roll_that_the_original_dice_give(tmp_path, monkeypatch):
    g = bridgehead(tmp_path / "g.db")
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    f = g.fork(g.state.seq, tmp_path / "f.db", with_seed=True)
    monkeypatch.setattr(D, "keyed", lambda seed, fork: seed)  # a writer that peeks: the original's die
    (seq, rolled), *_ = f.execute(RollAttritionDie(procedure="A1"))
    monkeypatch.undo()
    if rolled.value == D.face(D.keyed(SEED, f.state.game_id), rolled.key, f.state.die):
        return  # the two dice agree on this key (one in ten): nothing to name
    rep = verify(f)
    assert not rep.ok and rep.first_bad_seq == seq


def test_joint_hmac_shares_in_a_fork_cover_its_identity(tmp_path):
    ax, al = b"\x01" * 32, b"\x02" * 32
    with Game.create(tmp_path / "j.db", S.load("bridgehead-14-65"), joint={"AX": ax, "AL": al},
                     joint_hmac=True) as g:
        g.execute(BeginAttrition(attacker="AX", zone=ZONE))
        f = g.fork(g.state.seq, tmp_path / "jf.db", with_seed=True)
    key = KEYS[2]
    assert J.share(ax, key, f.state.dice_id) != J.share(ax, key)
    with f:
        (_s, rolled), *_ = f.execute(RollAttritionDie(procedure="A1"))
        assert rolled.shares["AX"] == J.share(ax, rolled.key, f.state.dice_id)
        assert verify(f).ok


def test_a_fork_written_before_fork_dice_keeps_the_original_dice_and_verifies(tmp_path):
    for suffix in ("", ".seed"):
        shutil.copy(f"{OLD_FORK}{suffix}", tmp_path / f"f.db{suffix}")
    db = tmp_path / "f.db"
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    with Game.open(db, readonly=True) as f:
        assert f.state.game_id and not f.state.dice_id
        rolled = [e for _s, e in f.events() if type(e).__name__ == "DieRolled"]
        assert [r.value for r in rolled] == [D.face(SEED, r.key, f.state.die) for r in rolled]
    rep = verify_path(db)
    assert rep.ok and rep.rolls_derived == 1, rep
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_cli_fork_with_seed_gives_the_fork_its_own_dice(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    at = g.state.seq
    g.close()
    r = cli("fork", "--db", tmp_path / "g.db", "--at", str(at), "--to", tmp_path / "f.db", "--with-seed")
    assert r.returncode == 0, r.stderr
    with Game.open(tmp_path / "f.db") as f:
        assert f.seed == SEED and f.state.dice_id == f.state.game_id
        (_s, rolled), *_ = f.execute(RollAttritionDie(procedure="A1"))
        assert rolled.value == D.face(D.keyed(SEED, f.state.game_id), rolled.key, f.state.die)
    assert verify_path(tmp_path / "f.db").ok
