"""No peek without commitment: in a fair-play game the command that made a roll due is an undo
barrier (only the referee overrides it), and a fork gets no copy of the seed unless asked; verify
names a rogue undo."""

from __future__ import annotations

from turnlog.engine import claims as CL
from turnlog.engine import dice as D
from turnlog.engine.commands import BeginAttrition, StartPhase, Undo
from turnlog.engine.verify import verify

from seats_position import FAIR_SEATS as SEATS, fair, refused_from, zone



def begun(tmp_path):
    g = fair(tmp_path)
    g.execute(BeginAttrition(attacker="AX", zone=zone(g)), actor="alice")
    return g


def test_undo_roll_due_the_attacker_cannot_take_back_the_attack_once_its_die_is_due(tmp_path):
    g = begun(tmp_path)
    err = refused_from(g, Undo(), "alice", "undo.roll-due")
    assert "made a roll due (RollAttritionDie)" in err.message
    g.execute(Undo(override=True, referee="carol", reason="misclick"), actor="carol")
    assert not g.state.attritions and verify(g).ok


def test_undo_with_no_roll_due_is_the_issuer_s_as_before(tmp_path):
    g = fair(tmp_path)
    g.execute(StartPhase(phase="supply"), actor="alice")
    g.execute(Undo(), actor="alice")
    assert verify(g).ok


def test_verify_names_an_undo_past_a_due_roll_a_rogue_writer_logged(tmp_path, monkeypatch):
    g = begun(tmp_path)
    monkeypatch.setattr(CL, "barrier", lambda state, target, override: "")
    ((seq, _e),) = g.execute(Undo(), actor="alice")
    monkeypatch.undo()
    rep = verify(g)
    assert not rep.ok and (rep.discrepancy.seq, rep.discrepancy.rule) == (seq, "undo.roll-due")


def test_a_fork_of_a_fair_play_game_has_no_seed_beside_it_unless_asked(tmp_path):
    g = begun(tmp_path)
    fork = g.fork(g.state.seq, tmp_path / "what-if.db")
    assert fork.seed is None and not D.seed_path(tmp_path / "what-if.db").exists()
    asked = g.fork(g.state.seq, tmp_path / "kept.db", with_seed=True)
    assert asked.seed == g.seed


def test_share_answers_only_for_the_roll_due_now(tmp_path):
    from turnlog.engine import scenario as S
    from turnlog.engine.game import Game

    from fixtures.backbone import ZONE, cli

    ax, al = b"\x01" * 32, b"\x02" * 32
    db = tmp_path / "j.db"
    g = Game.create(db, S.load("bridgehead-14-65"), joint={"AX": ax, "AL": al}, joint_hmac=True, seats=SEATS)
    assert CL.due_keys(g.state) == set()
    D.write_seed(tmp_path / "ax.secret", ax)
    key = "attrition/t2/AX/WA/western/0505"
    r = cli("share", "--db", db, "--secret-file", tmp_path / "ax.secret", "--key", key)
    assert r.returncode == 2 and "refused by rule dice.share" in r.stderr and not r.stdout
    g.execute(BeginAttrition(attacker="AX", zone=ZONE), actor="alice")
    assert CL.due_keys(g.state) == {key}
    g.close()
    assert (
        cli("share", "--db", db, "--secret-file", tmp_path / "ax.secret", "--key", key).returncode
        == 0
    )
    r = cli(
        "share",
        "--db",
        db,
        "--secret-file",
        tmp_path / "ax.secret",
        "--key",
        "attrition/t3/AX/later",
    )
    assert r.returncode == 2 and f"(due: {key})" in r.stderr
