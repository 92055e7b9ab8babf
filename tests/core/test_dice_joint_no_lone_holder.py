"""Joint dice with HMAC shares (games created before shares were signatures): no lone holder rolls.

No single holder of a secret can compute a roll; verify names a false share once the secrets are revealed.
The mode is kept so that earlier logs play and verify as they did (Game.create(joint_hmac=True) makes one
for these tests); new games sign their shares (tests/core/test_joint_dice_signed_shares.py).

Given a bridgehead game whose dice are joint between AX and AL (each secret committed at creation),
when one holder alone tries to roll (or forks the game to peek), then it is refused; a roll with every
share re-derives after the reveal, a false share is named with its holder, and undo + redo rolls the same.
"""
from __future__ import annotations

import hashlib

import msgspec
import pytest

from turnlog.engine import joint as J
from turnlog.engine import scenario as S
from turnlog.engine.faces.cli.dice import create_joint_game
from turnlog.engine.commands import BeginAttrition, RevealSeed, RollAttritionDie
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.game import DieRolled, SecretRevealed

from fixtures.backbone import ZONE, bridgehead, cli, table
from test_dice_commitment import rechain

AX, AL = b"\x01" * 32, b"\x02" * 32
KEY = "attrition/t2/AX/WA/western/0505"


def joint_game(path, secrets=None, **kw) -> Game:
    """Hot seat: one process holds every secret (a host program, or a test)."""
    return Game.create(path, S.load("bridgehead-14-65"), joint=secrets or {"AX": AX, "AL": AL}, joint_hmac=True, **kw)


def begun(path, **kw) -> Game:
    g = joint_game(path, **kw)
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    return g


def roll_of(g: Game) -> DieRolled:
    return [e for _s, e in g.events() if isinstance(e, DieRolled)][-1]


def test_the_log_commits_each_holder_and_no_seed(tmp_path):
    with joint_game(tmp_path / "g.db") as g:
        created = g.events(1, 1)[0][1]
    assert [(h.holder, h.sha256) for h in created.joint_dice] == [
        ("AX", hashlib.sha256(AX).hexdigest()), ("AL", hashlib.sha256(AL).hexdigest())]
    assert created.seed_sha256 == "" and not (tmp_path / "g.db.seed").exists()
    raw = (tmp_path / "g.db").read_bytes()
    assert AX.hex().encode() not in raw and AL.hex().encode() not in raw


def test_a_lone_holder_cannot_roll(tmp_path):
    begun(tmp_path / "g.db", secrets={"AX": AX, "AL": hashlib.sha256(AL).hexdigest()}).close()
    with Game.open(tmp_path / "g.db", secrets=[AX]) as g:
        assert set(g.secrets) == {"AX"}
        last = g.log.last()
        with pytest.raises(RuleViolation) as err:
            g.execute(RollAttritionDie(procedure="A1"))
        assert err.value.rule == "14.41" and "needs the share of AL" in err.value.message and KEY in err.value.message
        assert g.log.last() == last and g.state == g.at()


def test_a_lone_holder_cannot_peek_in_a_fork(tmp_path):
    begun(tmp_path / "g.db").close()
    with Game.open(tmp_path / "g.db", secrets=[AL]) as g, g.fork(g.state.seq, tmp_path / "peek.db") as f:
        with pytest.raises(RuleViolation, match="needs the share of AX"):
            f.execute(RollAttritionDie(procedure="A1"))
    assert not (tmp_path / "peek.db.seed").exists()


def test_the_face_depends_on_the_other_holders_secret(tmp_path):
    # Two games differing only in AL's secret: AX's share is the same, the roll is not.
    other = b"\x03" * 32
    with begun(tmp_path / "a.db") as a, begun(tmp_path / "b.db", secrets={"AX": AX, "AL": other}) as b:
        a.execute(RollAttritionDie(procedure="A1"))
        b.execute(RollAttritionDie(procedure="A1"))
        ra, rb = roll_of(a), roll_of(b)
    assert ra.shares["AX"] == rb.shares["AX"] == J.share(AX, KEY)
    assert ra.value != rb.value
    die = S.load("bridgehead-14-65").die
    keys = [f"k{i}" for i in range(200)]
    faces = [[J.face({"AX": J.share(AX, k), "AL": J.share(s, k)}, ["AX", "AL"], k, die) for k in keys]
             for s in (AL, other)]
    assert sum(x != y for x, y in zip(*faces)) > 150  # independent d10s agree about 1 time in 10


def test_a_share_given_with_the_command_completes_the_roll(tmp_path):
    begun(tmp_path / "g.db").close()
    with Game.open(tmp_path / "g.db", secrets=[AX]) as g:
        (_s, rolled), *_ = g.execute(RollAttritionDie(procedure="A1", shares={"AL": J.share(AL, KEY)}))
    assert rolled.shares == {"AX": J.share(AX, KEY), "AL": J.share(AL, KEY)}
    assert rolled.value == J.face(rolled.shares, ["AX", "AL"], KEY, S.load("bridgehead-14-65").die)


def test_a_share_that_contradicts_a_secret_held_here_is_refused(tmp_path):
    with begun(tmp_path / "g.db") as g, pytest.raises(RuleViolation, match="not the one AL's secret gives"):
        g.execute(RollAttritionDie(procedure="A1", shares={"AL": "00" * 32}))


@pytest.mark.parametrize("shares,msg", [({"XX": "00" * 32}, "holds no secret"), ({"AL": "zz"}, "64 lower-case hex")])
def test_malformed_shares_are_refused_by_field(tmp_path, shares, msg):
    begun(tmp_path / "g.db").close()
    with Game.open(tmp_path / "g.db", secrets=[AX]) as g, pytest.raises(CommandError, match=msg):
        g.execute(RollAttritionDie(procedure="A1", shares=shares))


def test_shares_on_a_single_seed_game_are_refused(tmp_path):
    with bridgehead(tmp_path / "g.db") as g:
        g.execute(BeginAttrition(attacker="AX", zone=ZONE))
        with pytest.raises(CommandError, match="one seed"):
            g.execute(RollAttritionDie(procedure="A1", shares={"AL": "00" * 32}))


def test_a_secret_matching_no_commitment_is_refused(tmp_path):
    joint_game(tmp_path / "g.db").close()
    with pytest.raises(CommandError, match="matches no holder"):
        Game.open(tmp_path / "g.db", secrets=[b"\x09" * 32])


def test_undo_and_redo_roll_the_same(tmp_path):
    with begun(tmp_path / "g.db") as g:
        g.execute(RollAttritionDie(procedure="A1"))
        first = roll_of(g)
        g.undo(override=True, referee="ref")
        g.redo()
        again = roll_of(g)
    assert again == first


def test_each_holder_reveals_its_own_secret_and_verify_rederives_every_roll(tmp_path):
    begun(tmp_path / "g.db").close()
    with Game.open(tmp_path / "g.db", secrets=[AX]) as g:
        g.execute(RollAttritionDie(procedure="A1", shares={"AL": J.share(AL, KEY)}))
        assert not verify(g).ok  # AL's share cannot be checked yet
        (_s, ev), = g.execute(RevealSeed())
        assert ev == SecretRevealed(holder="AX", secret=AX.hex())
    with Game.open(tmp_path / "g.db", secrets=[AL]) as g:
        g.execute(RevealSeed())
    with Game.open(tmp_path / "g.db", secrets=[]) as g:
        rep = verify(g)
    assert rep.ok and rep.seed == "joint" and rep.rolls_derived == 1
    assert rep.joint.revealed == ["AX", "AL"] and rep.joint.shares_checked == 2 and rep.joint.bad_share is None


def test_no_joint_roll_after_a_secret_is_revealed(tmp_path):
    with begun(tmp_path / "g.db") as g:
        g.execute(RevealSeed())
        with pytest.raises(RuleViolation, match="revealed a secret"):
            g.execute(RollAttritionDie(procedure="A1"))
        g.execute(RollAttritionDie(procedure="A1", value=4))  # a physical die still may be entered


def test_verify_names_a_false_share_and_its_holder(tmp_path):
    # AL lies: the share it gives for the roll is not the one its committed secret gives.
    begun(tmp_path / "g.db").close()
    lie = "ab" * 32
    with Game.open(tmp_path / "g.db", secrets=[AX]) as g:
        (seq, rolled), *_ = g.execute(RollAttritionDie(procedure="A1", shares={"AL": lie}))
        assert verify(g).joint.bad_share is None  # before the reveal nobody can tell
        g.execute(RevealSeed())
    with Game.open(tmp_path / "g.db", secrets=[AL]) as g:
        g.execute(RevealSeed())
        rep = verify(g)
    assert not rep.ok and rep.stage == "dice" and rep.first_bad_seq == seq
    assert (rep.joint.bad_share.holder, rep.joint.bad_share.seq) == ("AL", seq)
    assert "the share of AL is not the one AL's secret gives" in rep.problem
    r = cli("verify", "--db", tmp_path / "g.db")
    assert r.returncode == 1 and f"seq {seq}" in r.stdout and "share of AL" in r.stdout


def _forge(path, seq: int, change) -> None:
    (data,), = table(path, "SELECT data FROM events WHERE seq = ?", (seq,))
    ev = msgspec.json.decode(data)
    change(ev)
    rechain(path, seq, msgspec.json.encode(ev).decode())


def test_verify_catches_a_forged_share_even_with_a_rebuilt_chain(tmp_path):
    with begun(tmp_path / "g.db") as g:
        (seq, _r), *_ = g.execute(RollAttritionDie(procedure="A1"))
        g.execute(RevealSeed())
    die = S.load("bridgehead-14-65").die

    def forge(ev):  # another AX share, with the face it gives, so that only the share is false
        ev["shares"]["AX"] = "cd" * 32
        ev["value"] = J.face(ev["shares"], ["AX", "AL"], KEY, die)
    _forge(tmp_path / "g.db", seq, forge)
    with Game.open(tmp_path / "g.db", secrets=[]) as g:
        rep = verify(g)
    assert not rep.ok and rep.first_bad_seq == seq and rep.joint.bad_share.holder == "AX"


def test_verify_catches_a_face_that_its_shares_do_not_give(tmp_path):
    with begun(tmp_path / "g.db") as g:
        (seq, r), *_ = g.execute(RollAttritionDie(procedure="A1"))
    _forge(tmp_path / "g.db", seq, lambda ev: ev.update(value=(ev["value"] + 1) % 10))
    with Game.open(tmp_path / "g.db", secrets=[]) as g:  # before any reveal, the face is still checked
        rep = verify(g)
    assert not rep.ok and rep.first_bad_seq == seq and "its shares give" in rep.problem


def test_joint_create_never_overwrites_a_secret_file(tmp_path):
    (tmp_path / "g.db.AL.secret").write_text("11" * 32 + "\n")
    with pytest.raises(CommandError, match="already exists"):
        create_joint_game(tmp_path / "g.db", S.load("bridgehead-14-65"), ["AX", "AL"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.db.AL.secret"]


def test_joint_create_removes_its_secrets_when_the_game_cannot_be_created(tmp_path):
    bridgehead(tmp_path / "g.db").close()
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(Exception, match="already exists"):
        create_joint_game(tmp_path / "g.db", S.load("bridgehead-14-65"), ["AX", "AL"])
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_the_repl_why_explains_a_joint_roll(tmp_path):
    from turnlog.engine.faces.explain import explain
    with begun(tmp_path / "g.db") as g:
        (seq, _r), *_ = g.execute(RollAttritionDie(procedure="A1"))
        (_s, cid, ev, auto), = g.rows(seq, seq)
        lines = explain(g, g.at, seq, cid, ev, auto)
    assert any("mixed from the shares of AX, AL" in x and "they give this face" in x for x in lines)


@pytest.mark.parametrize("joint,msg", [({"AX": AX}, "at least two holders"), ({"AX": AX, "AL": b"short"}, "128 bits"),
                                       ({"AX": AX, "a b": AL}, "not a holder name")])
def test_a_joint_game_needs_two_named_holders_with_real_secrets(tmp_path, joint, msg):
    with pytest.raises(CommandError, match=msg):
        joint_game(tmp_path / "g.db", secrets=joint)
    assert list(tmp_path.iterdir()) == []
