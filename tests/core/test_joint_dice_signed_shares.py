"""Joint dice whose shares are unique signatures: a share is checkable by anyone at once, without a secret.

Given a bridgehead game whose dice are joint between holders that each registered an RSA key and its
proof, when a share is fabricated, made for another roll or another game, or missing, then `play` refuses
it (nothing written) and blames whoever supplied it; a coalition short of one holder cannot compute a
roll; a rogue client that logs a fabricated share through the log's own append is named by verify at its
seq, with the supplier blamed and the holder not; honest rolls verify with no secret revealed.
"""
from __future__ import annotations

import json
import os
import random
import stat
from itertools import combinations

import msgspec
import pytest

from turnlog.engine import joint as J
from turnlog.engine import joint_keys as K
from turnlog.engine import commands as c
from turnlog.engine import scenario as S
from turnlog.engine.commands import RevealSeed, RollAttritionDie
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game, settle
from turnlog.engine.verify import verify, verify_path
from turnlog.events.codec import encode
from turnlog.events.game import DieRolled

from fixtures.backbone import cli
from joint_keys_position import ROLL, ZONE, begun, key


def refused(g: Game, shares: dict, match: str, rule: str = "14.41") -> RuleViolation:
    last = g.log.last()
    with pytest.raises(RuleViolation) as err:
        g.execute(RollAttritionDie(procedure="A1", shares=shares))
    assert err.value.rule == rule and match in err.value.message, err.value
    assert g.log.last() == last and g.state == g.at()
    return err.value


def test_new_games_register_each_holders_key_and_its_proof(tmp_path):
    with begun(tmp_path / "g.db", held=("AX",)) as g:
        created = g.events(1, 1)[0][1]
    assert [h.holder for h in created.joint_dice] == ["AX", "AL"]
    for h in created.joint_dice:
        assert h.sha256 == "" and h.rsa == K.public(key(h.holder)) and K.key_problem(h.rsa, h.proof) == ""
    raw = (tmp_path / "g.db").read_bytes()
    assert key("AX").hex().encode() not in raw and key("AL").hex().encode() not in raw


def test_a_fabricated_share_is_refused_at_play_and_blamed_on_its_supplier(tmp_path):
    with begun(tmp_path / "g.db", held=("AX",)) as g:
        width = len(K.public(key("AL"))) // 2 * 2
        for fake in (K.share(key("AX"), g.state.game_id, ROLL),          # AX's own signature passed off as AL's
                     random.Random(1).randbytes(width // 2).hex(),       # any bytes of the right length
                     "00" * 32):                                         # an HMAC-sized share
            err = refused(g, {"AL": fake}, "shares.AL: not AL's share")
            assert "whoever supplied it gave a false share" in err.message


def test_a_share_made_for_another_roll_or_game_is_refused(tmp_path):
    with begun(tmp_path / "g.db", held=("AX",)) as g:
        refused(g, {"AL": K.share(key("AL"), g.state.game_id, ROLL + "x")}, "made for another roll or game")
        refused(g, {"AL": K.share(key("AL"), "ab" * 16, ROLL)}, "not AL's share")  # another game's
        with g.fork(g.state.seq, tmp_path / "whatif.db", with_seed=True) as f:
            in_fork = K.share(key("AL"), f.state.game_id, ROLL)
            f.execute(RollAttritionDie(procedure="A1", shares={"AL": in_fork}))  # valid there
        refused(g, {"AL": in_fork}, "not AL's share")                           # not here


def test_the_right_share_completes_the_roll_and_verifies_with_no_secret_revealed(tmp_path):
    with begun(tmp_path / "g.db", held=("AX",)) as g:
        good = K.share(key("AL"), g.state.game_id, ROLL)
        (seq, rolled), *_ = g.execute(RollAttritionDie(procedure="A1", shares={"AL": good}))
        assert rolled.shares == {"AX": K.share(key("AX"), g.state.game_id, ROLL), "AL": good}
        with pytest.raises(RuleViolation, match="no secret to reveal"):
            g.execute(RevealSeed())
    with Game.open(tmp_path / "g.db", secrets=[]) as g:
        rep = verify(g)
    assert rep.ok and rep.seed == "joint-signed" and rep.rolls_derived == 1
    assert rep.joint.signed and rep.joint.shares_checked == 2 and rep.joint.bad_share is None


@pytest.mark.parametrize("holders", [("AX", "AL"), ("AX", "AL", "REF")])
def test_a_coalition_short_of_one_holder_cannot_compute_a_roll(tmp_path, holders):
    begun(tmp_path / "g.db", holders=holders, held=()).close()
    for size in range(1, len(holders)):
        for coalition in combinations(holders, size):
            missing = [h for h in holders if h not in coalition]
            with Game.open(tmp_path / "g.db", secrets=[key(h) for h in coalition]) as g:
                with pytest.raises(RuleViolation, match=f"needs the share of {', '.join(missing)}"):
                    g.execute(RollAttritionDie(procedure="A1"))
                forged = {h: K.share(key(coalition[0]), g.state.game_id, ROLL) for h in missing}
                refused(g, forged, f"shares.{missing[0]}: not {missing[0]}'s share")
                assert g.log.last()[0] == g.state.seq


def test_a_key_whose_signatures_need_not_be_unique_is_refused_at_creation(tmp_path):
    # n = p*q with 65537 | p-1: x -> x^65537 is then no permutation, so a message could have many
    # signatures and a holder could choose among them. No proof can be given for it (each challenge is an
    # e-th power with chance 1/65537), so any roots offered are refused, naming the holder.
    rng = random.Random(7)
    p = _prime(rng, 1040, lambda x: 2 * K.E * x + 1)
    q = _prime(rng, 1040, lambda x: 2 * x + 1)
    n = p * q
    fake = {"rsa": format(n, "x"), "proof": [format(rng.getrandbits(2000) % n, "x") for _ in range(8)]}
    with pytest.raises(CommandError, match="AL's public key is refused: its key proof fails"):
        Game.create(tmp_path / "g.db", S.load("bridgehead-14-65"), joint={"AX": key("AX"), "AL": fake})
    assert not (tmp_path / "g.db").exists()
    good = K.record(key("AL"))
    bent = {**good, "proof": good["proof"][:-1] + [good["proof"][0]]}
    assert K.key_problem(bent["rsa"], bent["proof"]).startswith("its key proof fails at root 7")


def _prime(rng: random.Random, bits: int, shape) -> int:
    """A prime of the form shape(x) with about ``bits`` bits (Miller-Rabin, 32 rounds)."""
    while True:
        cand = shape(rng.getrandbits(bits - 18) | (1 << (bits - 19)))
        if all(pow(a, cand - 1, cand) == 1 for a in (2, 3, 5, 7)) and _miller_rabin(cand, rng):
            return cand


def _miller_rabin(n: int, rng: random.Random) -> bool:
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for _ in range(32):
        x = pow(rng.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


class _Rogue(J.JointDice):
    """A client that skips the share check: it logs whatever share it is given."""

    def _theirs(self, h, key_, rule):
        return self.given.get(h)


def test_verify_names_a_fabricated_share_logged_by_a_rogue_client_and_blames_its_supplier(tmp_path):
    seats = {"factions": {"AX": "alice", "WA": "bob"}}
    with begun(tmp_path / "g.db", held=("AX",), seats=seats, actor="alice") as g:
        # alice (AX) makes up bob's (AL's) share, as she would until the face suits her, and logs it
        cmd = RollAttritionDie(procedure="A1")
        fake = random.Random(2).randbytes(len(K.public(key("AL"))) // 2).hex()
        dice = _Rogue(g.state, {"AX": key("AX")}, {"AL": fake}, None)
        done = settle(g.state, g.decide(g.state, cmd, dice))
        rows = [(type(e).__name__, e.version, encode(e).decode(), a) for e, a in done]
        _cid, seqs = g.log.append(rows, expected_seq=g.log.last()[0], actor="alice",
                                  command_type="RollAttritionDie", payload=c.encode(cmd).decode())
    rep = verify_path(tmp_path / "g.db")
    assert rep.chain_ok_upto == rep.events
    assert not rep.ok and rep.stage == "dice" and rep.first_bad_seq == seqs[0]
    assert (rep.joint.bad_share.holder, rep.joint.bad_share.supplier) == ("AL", "alice")
    assert "supplied by alice" in rep.problem and "AL is not to blame" in rep.problem


def test_undo_and_redo_roll_the_same_shares(tmp_path):
    with begun(tmp_path / "g.db") as g:
        g.execute(RollAttritionDie(procedure="A1"))
        first = [e for _s, e in g.events() if isinstance(e, DieRolled)][-1]
        g.undo(override=True, referee="ref")
        g.redo()
        again = [e for _s, e in g.events() if isinstance(e, DieRolled)][-1]
    assert again == first


def test_a_fork_rolls_with_other_shares(tmp_path):
    with begun(tmp_path / "g.db") as g, g.fork(g.state.seq, tmp_path / "whatif.db", with_seed=True) as f:
        g.execute(RollAttritionDie(procedure="A1"))
        f.execute(RollAttritionDie(procedure="A1"))
        ours, theirs = ([e for _s, e in x.events() if isinstance(e, DieRolled)][-1] for x in (g, f))
    assert all(ours.shares[h] != theirs.shares[h] for h in ("AX", "AL"))


def test_cli_mailed_game_end_to_end(tmp_path):
    # AX draws its own key and gives only the public half; AL's key is drawn at creation.
    mine = tmp_path / "ax.key"
    r = cli("secret", "--output", mine)
    assert r.returncode == 0 and stat.S_IMODE(mine.stat().st_mode) == 0o600, r.stderr
    assert cli("secret", "--output", mine).returncode == 2  # never overwritten
    db = tmp_path / "g.db"
    assert cli("new", "bridgehead-14-65", "--db", db, "--joint-dice", "AX=" + "ab" * 32 + ",AL").returncode == 2
    r = cli("new", "bridgehead-14-65", "--db", db, "--joint-dice", f"AX={mine}.pub,AL")
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in tmp_path.glob("g.db.*")) == ["g.db.AL.secret"]
    os.rename(tmp_path / "g.db.AL.secret", tmp_path / "al.key")  # handed to AL, no copy kept
    cmds = tmp_path / "c.jsonl"
    cmds.write_text(json.dumps({"type": "BeginAttrition", "attacker": "AX", "zone": ZONE}) + "\n"
                    + json.dumps({"type": "RollAttritionDie", "procedure": "A1"}) + "\n")
    r = cli("play", "--db", db, cmds, "--secret-file", mine)
    assert r.returncode == 2 and "needs the share of AL" in r.stderr
    share = json.loads(cli("share", "--db", db, "--secret-file", tmp_path / "al.key", "--key", ROLL).stdout)
    assert share["holder"] == "AL" and share["key"] == ROLL and len(share["game"]) == 32
    cmds.write_text(json.dumps({"type": "RollAttritionDie", "procedure": "A1",
                                "shares": {"AL": share["share"]}}) + "\n")
    r = cli("play", "--db", db, cmds, "--secret-file", mine)
    assert r.returncode == 0 and "joint dice" in r.stdout, r.stderr
    assert cli("reveal", "--db", db, "--secret-file", mine).returncode != 0
    rep = json.loads(cli("verify", "--db", db, "--json").stdout)
    assert rep["ok"] and rep["joint"]["signed"] and rep["rolls"][0]["check"] == "derived"
    pub = msgspec.json.decode((tmp_path / "ax.key.pub").read_bytes())
    assert K.key_problem(pub["rsa"], pub["proof"]) == ""
