"""The seed is committed, kept out of the log in a 0600 sidecar, revealed at the end, and checked."""
from __future__ import annotations

import hashlib
import os
import sqlite3
import stat
from pathlib import Path

import msgspec
import pytest

from turnlog.engine import dice as D
from turnlog.engine.commands import BeginAttrition, RevealSeed, RollAttritionDie
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.game import DieRolled, SeedRevealed
from turnlog.events.log import GENESIS, LogError, command_text, digest_at, row_hash, row_hash3
from turnlog.events.setup import GameCreated

from fixtures.backbone import SEED, ZONE, bridgehead, cli, rolled, table, tamper


def test_sidecar_is_0600_and_holds_the_seed(tmp_path):
    old = os.umask(0)  # even with a permissive umask
    try:
        g = bridgehead(tmp_path / "g.db", seed=None)
    finally:
        os.umask(old)
    side = tmp_path / "g.db.seed"
    assert stat.S_IMODE(side.stat().st_mode) == 0o600
    seed = bytes.fromhex(side.read_text().strip())
    assert len(seed) == 32 and seed == g.seed
    g.close()


def test_cli_new_writes_a_0600_sidecar(tmp_path):
    r = cli("new", "bridgehead-14-65", "--db", tmp_path / "g.db")
    assert r.returncode == 0 and "0600" in r.stdout
    assert stat.S_IMODE((tmp_path / "g.db.seed").stat().st_mode) == 0o600


def test_explicit_seed_file_location(tmp_path):
    g = bridgehead(tmp_path / "g.db", seed_file=tmp_path / "elsewhere.seed")
    g.close()
    assert not (tmp_path / "g.db.seed").exists()
    assert bytes.fromhex((tmp_path / "elsewhere.seed").read_text()) == SEED
    with Game.open(tmp_path / "g.db", seed_file=tmp_path / "elsewhere.seed") as g:
        assert g.seed == SEED
    with Game.open(tmp_path / "g.db") as g:
        assert g.seed is None  # no sidecar beside the file: this process cannot roll seeded dice


def test_game_created_holds_only_the_sha256(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    (seq, created), = g.events(1, 1)
    assert isinstance(created, GameCreated)
    assert created.seed_sha256 == hashlib.sha256(SEED).hexdigest()
    g.close()
    raw = (tmp_path / "g.db").read_bytes()
    assert SEED.hex().encode() not in raw and SEED not in raw
    assert hashlib.sha256(SEED).hexdigest().encode() in raw
    assert SEED.hex() not in "".join(d for (d,) in table(tmp_path / "g.db", "SELECT data FROM events"))


def test_too_short_seed_refused_before_any_file(tmp_path):
    with pytest.raises(CommandError, match="128 bits"):
        bridgehead(tmp_path / "g.db", seed=b"short")
    assert list(tmp_path.iterdir()) == []


def test_seeded_roll_is_derived_from_the_committed_seed(tmp_path):
    g = rolled(tmp_path / "g.db")
    roll = next(e for _s, e in g.events() if isinstance(e, DieRolled))
    assert not roll.entered and roll.procedure == "A1"
    assert roll.value == D.face(SEED, roll.key, g.state.die)
    g.close()


@pytest.mark.parametrize("value", [0, 9])
def test_entered_die_logged_as_entered(tmp_path, value):
    g = rolled(tmp_path / "g.db", value=value)
    roll = next(e for _s, e in g.events() if isinstance(e, DieRolled))
    assert roll == DieRolled(key="attrition/t2/AX/WA/western/0505", value=value, entered=True, procedure="A1")
    assert '"entered":true' in table(tmp_path / "g.db", "SELECT data FROM events WHERE type='DieRolled'")[0][0]
    rep = verify(g)
    assert rep.ok and rep.rolls_entered == [27] and rep.rolls_derived == 0
    g.close()


@pytest.mark.parametrize("value", [-1, 10, 42])
def test_entered_die_not_a_face_refused(tmp_path, value):
    g = bridgehead(tmp_path / "g.db")
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    last = g.log.last()
    with pytest.raises(RuleViolation) as err:
        g.execute(RollAttritionDie(procedure="A1", value=value))
    assert err.value.rule == "14.41" and "not a face" in err.value.message
    assert g.log.last() == last and g.state == g.at()
    g.close()


def test_seedless_process_must_enter_the_die(tmp_path):
    bridgehead(tmp_path / "g.db").close()
    (tmp_path / "g.db.seed").unlink()
    with Game.open(tmp_path / "g.db") as g:
        g.execute(BeginAttrition(attacker="AX", zone=ZONE))
        last = g.log.last()
        with pytest.raises(RuleViolation, match="enter the die value"):
            g.execute(RollAttritionDie(procedure="A1"))
        assert g.log.last() == last
        g.execute(RollAttritionDie(procedure="A1", value=4))


def test_reveal_appends_the_seed_and_verify_rederives_every_roll(tmp_path):
    g = rolled(tmp_path / "g.db")
    (seq, ev), = g.execute(RevealSeed())
    assert ev == SeedRevealed(seed=SEED.hex())
    assert hashlib.sha256(bytes.fromhex(ev.seed)).hexdigest() == g.state.seed_sha256
    g.close()
    (tmp_path / "g.db.seed").unlink()  # anyone, without the sidecar, can now check the rolls
    with Game.open(tmp_path / "g.db") as g:
        rep = verify(g)
    assert rep.ok and rep.seed == "revealed" and rep.rolls_derived == 1 and rep.rolls_unchecked == []


def test_reveal_twice_refused_and_reveal_ends_undo(tmp_path):
    g = rolled(tmp_path / "g.db")
    g.execute(RevealSeed())
    last = g.log.last()
    with pytest.raises(RuleViolation, match="already revealed"):
        g.execute(RevealSeed())
    with pytest.raises(RuleViolation) as err:
        g.undo(override=True, referee="ref")
    assert err.value.rule == "undo" and g.log.last() == last
    g.close()


def test_seeded_rolls_unchecked_until_the_seed_is_known(tmp_path):
    g = rolled(tmp_path / "g.db")
    g.close()
    (tmp_path / "g.db.seed").unlink()
    with Game.open(tmp_path / "g.db") as g:
        rep = verify(g)
    assert not rep.ok and rep.rolls_unchecked == [27] and "revealed" in rep.problem
    r = cli("verify", "--db", tmp_path / "g.db")
    assert r.returncode == 1 and "1 not checkable" in r.stdout


def rechain(path: Path, seq: int, new_data: str) -> None:
    """Replace one row's data and recompute every hash from it on: a cheat who knows the chain (any format)."""
    (fmt,), = table(path, "SELECT value FROM meta WHERE key = 'format'")
    stmts = _rechain3(path, seq, new_data) if int(fmt) >= 3 else _rechain2(path, seq, new_data)
    tamper(path, *stmts)


def _rechain2(path: Path, seq: int, new_data: str) -> list:
    rows = table(path, "SELECT seq, command_id, type, version, data, automatic, prev_hash, hash, ts FROM events "
                       "ORDER BY seq")
    prev, stmts = None, []
    conn = sqlite3.connect(path)
    digests = {s: digest_at(conn, s, cid) for s, cid, *_ in rows}
    conn.close()
    for s, cid, t, v, data, a, p, h, ts in rows:
        if s == seq:
            data = new_data
        if s >= seq:
            p = prev if prev is not None else p
            h = row_hash(p, s, cid, t, v, a, ts, data, digests[s])
            stmts.append(("UPDATE events SET data = ?, prev_hash = ?, hash = ? WHERE seq = ?", (data, p, h, s)))
        prev = h
    return stmts


def _rechain3(path: Path, seq: int, new_data: str) -> list:
    rows = table(path, "SELECT seq, command_id, type, version, data, automatic, hash, actor, command_type, "
                       "payload, ts, last_seq FROM events ORDER BY seq")
    prev, stmts = GENESIS, []
    for s, cid, t, v, data, a, h, actor, ctype, payload, ts, last in rows:
        if s == seq:
            data = new_data
        if s >= seq:
            cmd = command_text(actor, ctype, ts, last, payload) if ctype is not None else ""
            h = row_hash3(prev, s, cid, t, v, a, data, cmd)
            stmts.append(("UPDATE events SET data = ?, hash = ? WHERE seq = ?", (data, h, s)))
        prev = h
    return stmts


FORMATS = pytest.mark.parametrize("fmt", [2, 3], ids=["format2", "format3"])


@FORMATS
def test_tampered_roll_value_caught_even_with_a_rebuilt_chain(tmp_path, fmt):
    g = rolled(tmp_path / "g.db", log_format=fmt)
    g.execute(RevealSeed())
    g.close()
    (data,), = table(tmp_path / "g.db", "SELECT data FROM events WHERE seq = 27")
    ev = msgspec.json.decode(data)
    ev["value"] = (ev["value"] + 1) % 10
    rechain(tmp_path / "g.db", 27, msgspec.json.encode(ev).decode())
    with Game.open(tmp_path / "g.db") as g:
        assert g.log.verify_chain() == (30, None, "")  # the chain alone no longer shows it
        rep = verify(g)
    assert not rep.ok and rep.first_bad_seq == 27 and "but the seed gives" in rep.problem
    r = cli("verify", "--db", tmp_path / "g.db")
    assert r.returncode == 1 and "seq 27" in r.stdout


@FORMATS
def test_revealed_seed_not_matching_the_commitment_caught(tmp_path, fmt):
    g = rolled(tmp_path / "g.db", value=5, log_format=fmt)
    (seq, _ev), = g.execute(RevealSeed())
    g.close()
    rechain(tmp_path / "g.db", seq, msgspec.json.encode(SeedRevealed(seed="ab" * 32)).decode())
    (tmp_path / "g.db.seed").unlink()
    with Game.open(tmp_path / "g.db") as g:
        assert g.log.verify_chain() == (seq, None, "")  # a rebuilt chain: only the commitment shows it
        rep = verify(g)
    assert not rep.ok and rep.first_bad_seq == seq and "does not match the commitment" in rep.problem


def test_stale_sidecar_refused_at_creation(tmp_path):
    # Another game's seed file left beside the path must not be kept for a game committed to a new seed.
    (tmp_path / "g.db.seed").write_text("11" * 32 + "\n")
    with pytest.raises(LogError, match="seed"):
        bridgehead(tmp_path / "g.db", seed=None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.db.seed"]
    assert (tmp_path / "g.db.seed").read_text() == "11" * 32 + "\n"


def test_sidecar_with_the_same_seed_is_accepted(tmp_path):
    (tmp_path / "g.db.seed").write_text(SEED.hex() + "\n")
    bridgehead(tmp_path / "g.db").close()
    with Game.open(tmp_path / "g.db") as g:
        assert g.seed == SEED


def test_sidecar_not_matching_the_commitment_never_rolls(tmp_path):
    bridgehead(tmp_path / "g.db").close()
    side = tmp_path / "g.db.seed"
    side.chmod(0o600)
    side.write_text("22" * 32 + "\n")
    with Game.open(tmp_path / "g.db") as g:
        assert g.seed is None
        g.execute(BeginAttrition(attacker="AX", zone=ZONE))
        with pytest.raises(RuleViolation):
            g.execute(RollAttritionDie(procedure="A1"))
        with pytest.raises(RuleViolation):
            g.execute(RevealSeed())
    with pytest.raises(CommandError, match="commitment"):
        Game.open(tmp_path / "g.db", seed=bytes.fromhex("22" * 32))


def test_existing_game_is_named_before_its_seed_file(tmp_path):
    bridgehead(tmp_path / "g.db", seed=None).close()
    before = (tmp_path / "g.db").read_bytes(), (tmp_path / "g.db.seed").read_text()
    with pytest.raises(LogError, match="already exists; refusing to overwrite"):
        bridgehead(tmp_path / "g.db", seed=None)
    assert ((tmp_path / "g.db").read_bytes(), (tmp_path / "g.db.seed").read_text()) == before
