"""verify re-derives named dice and draws from the seed (or the joint shares) and names a tampered one.

Given a game whose toy kind (tests/fixtures/toy_dice.py) rolled ``pair``, drew ``k`` and rolled ``morale``,
when the log is verified, then each is re-derived with its own spec from GameCreated; when a cheat rewrote one
and rebuilt the chain, then verify names its seq.
"""
from __future__ import annotations

import msgspec

from turnlog.engine.commands import RevealSeed
from turnlog.engine.game import Game
from turnlog.engine.faces.verify_report import text
from turnlog.engine.verify import verify
from turnlog.events.game import DieRolled

from fixtures.backbone import table
from fixtures.toy_dice import toy_game
from test_dice_commitment import rechain


def played(path, toy, **kw) -> dict[str, int]:
    """A toy game with one roll of each kind; the seq of each by its key's last part."""
    with toy_game(path, **kw) as g:
        done = g.execute(toy(morale=True))
        if "joint" not in kw:
            g.execute(RevealSeed())
    return {e.key.rsplit("/", 1)[1]: s for s, e in done if isinstance(e, DieRolled)}


def edit(path, seq: int, **fields) -> None:
    (data,), = table(path, f"SELECT data FROM events WHERE seq = {seq}")
    ev = msgspec.json.decode(data)
    ev.update(fields)
    rechain(path, seq, msgspec.json.encode(ev).decode())


def report(path):
    with Game.open(path) as g:
        return verify(g)


def test_named_rolls_and_draws_are_re_derived(tmp_path, toy):
    played(tmp_path / "g.db", toy)
    rep = report(tmp_path / "g.db")
    assert rep.ok, text(rep)
    assert rep.rolls_derived == 3 and [r.check for r in rep.rolls] == ["derived"] * 3


def test_a_tampered_face_of_a_pair_is_named(tmp_path, toy):
    seqs = played(tmp_path / "g.db", toy)
    (data,), = table(tmp_path / "g.db", f"SELECT data FROM events WHERE seq = {seqs['pair']}")
    faces = msgspec.json.decode(data)["faces"]
    cheat = [7 - faces[0], faces[1]] if faces[0] != 7 - faces[0] else [faces[0], 7 - faces[1]]
    edit(tmp_path / "g.db", seqs["pair"], faces=cheat, value=sum(cheat))
    rep = report(tmp_path / "g.db")
    assert not rep.ok and rep.first_bad_seq == seqs["pair"] and rep.stage == "dice"
    assert f"roll toy/1/pair = {cheat[0]}+{cheat[1]} = {sum(cheat)} but the seed gives" in rep.problem


def test_a_tampered_draw_is_named(tmp_path, toy):
    seqs = played(tmp_path / "g.db", toy)
    edit(tmp_path / "g.db", seqs["k"], value=1)
    rep = report(tmp_path / "g.db")
    assert not rep.ok and rep.first_bad_seq == seqs["k"]
    assert "roll toy/1/k = 1 of 1000 but the seed gives" in rep.problem
    assert "NOT VERIFIED: a roll cannot be confirmed" in text(rep)


def test_a_draw_passed_off_as_another_range_is_named(tmp_path, toy):
    # The same face under a wider range: the seed gives another number, and the decider asked for 1000.
    seqs = played(tmp_path / "g.db", toy)
    edit(tmp_path / "g.db", seqs["k"], of=10**6)
    rep = report(tmp_path / "g.db")
    assert not rep.ok and rep.first_bad_seq == seqs["k"]


def test_a_roll_naming_undeclared_dice_is_named(tmp_path, toy):
    seqs = played(tmp_path / "g.db", toy)
    edit(tmp_path / "g.db", seqs["morale"], dice="d20")
    rep = report(tmp_path / "g.db")
    assert not rep.ok and rep.first_bad_seq == seqs["morale"]
    assert "names dice 'd20', which the game does not declare" in rep.problem


def test_re_execution_refuses_a_roll_of_other_dice_than_the_decider_asks(tmp_path, toy):
    # An entered roll is not checked against the seed; re-execution still asks for 'morale' and finds 'attacker'.
    with toy_game(tmp_path / "g.db") as g:
        done = g.execute(toy(morale=True, values={"morale": 4}))
    seq = next(s for s, e in done if isinstance(e, DieRolled) and e.dice == "morale")
    edit(tmp_path / "g.db", seq, dice="attacker")
    rep = report(tmp_path / "g.db")
    assert not rep.ok and rep.discrepancy is not None and rep.discrepancy.rule == "verify"
    assert "with dice 'morale'" in rep.discrepancy.message and "'attacker'" in rep.discrepancy.message


def test_joint_dice_roll_named_dice_and_draws_and_verify_them(tmp_path, toy):
    joint = {"axis": bytes([1]) * 32, "allies": bytes([2]) * 32}
    seqs = played(tmp_path / "g.db", toy, joint=joint, joint_hmac=True, seed=None, public_seed=False)
    with Game.open(tmp_path / "g.db", secrets=list(joint.values())) as g:
        pair = g.events(seqs["pair"], seqs["pair"])[0][1]
        k = g.events(seqs["k"], seqs["k"])[0][1]
        assert list(pair.shares) == ["axis", "allies"] and len(pair.faces) == 2
        rep = verify(g)
    assert rep.ok, text(rep)
    assert rep.rolls_derived == 3
    edit(tmp_path / "g.db", seqs["k"], value=(k.value + 1) % 1000)
    with Game.open(tmp_path / "g.db", secrets=list(joint.values())) as g:
        rep = verify(g)
    assert not rep.ok and rep.first_bad_seq == seqs["k"] and "but its shares give" in rep.problem
