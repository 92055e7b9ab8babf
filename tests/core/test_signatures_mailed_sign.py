"""The mailed game: the player who does not hold the file signs one command against the tail of
his own copy (`turnlog sign`) and mails the signed line; the holder's `play` appends it as the signer's
command, with no key of his own. A line signed against a tail the log has moved past, an altered line, or a
command the rules refuse is refused (exit 2), nothing written; the game still verifies."""
from __future__ import annotations

import json
import shutil

from fixtures.backbone import cli

ALICE = '{"type": "BeginAttrition", "attacker": "AX", "zone": "WA/western/0505"}\n' \
        '{"type": "RollAttritionDie", "procedure": "A1", "value": 3}\n'
LOSSES = '{"type": "TakeAttritionLosses", "procedure": "A1", "units": ["us-inf-1", "us-inf-2"]}'


def game(tmp_path):
    for name in ("alice", "bob"):
        assert cli("keygen", "-o", tmp_path / f"{name}.key").returncode == 0
    db = tmp_path / "game.db"
    assert cli("new", "bridgehead-14-65", "--db", db, "--seat", "AX=alice", "--seat", "WA=bob", "--claim", "die=any",
               "--key", f"alice={tmp_path / 'alice.pub'}", "--key", f"bob={tmp_path / 'bob.pub'}").returncode == 0
    assert cli("play", "--db", db, "-", "--actor", "alice", "--key", tmp_path / "alice.key", stdin=ALICE).returncode == 0
    shutil.copyfile(db, tmp_path / "bobs.db")                          # the copy alice mailed to bob
    return db


def sign(tmp_path, command: str):
    return cli("sign", "--db", tmp_path / "bobs.db", "--key", tmp_path / "bob.key", "--actor", "bob", command)


def test_a_mailed_signed_command_is_appended_as_its_signers_and_verifies(tmp_path):
    db = game(tmp_path)
    r = sign(tmp_path, LOSSES)
    assert r.returncode == 0, r.stderr
    line = json.loads(r.stdout)
    assert line["actor"] == "bob" and line["prev"].startswith("29:") and len(line["sig"]) == 128
    p = cli("play", "--db", db, "-", stdin=r.stdout)                    # alice appends it: no key of hers
    assert p.returncode == 0, p.stderr
    assert "32  A1: defender loses us-inf-1, us-inf-2 (14.51)" in p.stdout
    v = cli("verify", "--db", db)
    assert v.returncode == 0 and "signed    3 commands" in v.stdout, v.stdout
    assert "[by bob (WA)]" in cli("log", "--db", db, "--start", "30", "--stop", "30").stdout


def test_a_line_signed_at_an_old_tail_or_altered_is_refused(tmp_path):
    db = game(tmp_path)
    line = sign(tmp_path, LOSSES).stdout
    altered = line.replace('"us-inf-2"', '"us-inf-3"')
    p = cli("play", "--db", db, "-", stdin=altered)
    assert p.returncode == 2 and "refused by rule signatures: the mailed signature does not verify" in p.stderr
    note = '{"type": "AddNote", "text": "meanwhile"}\n'
    assert cli("play", "--db", db, "-", "--actor", "alice", "--key", tmp_path / "alice.key", stdin=note).returncode == 0
    p = cli("play", "--db", db, "-", stdin=line)
    assert p.returncode == 2 and "signed at seq 29 but the log is at seq 30: it moved on since" in p.stderr
    assert cli("verify", "--db", db).returncode == 0


def test_sign_refuses_what_the_rules_refuse_and_another_seats_key(tmp_path):
    game(tmp_path)
    r = sign(tmp_path, LOSSES.replace(', "us-inf-2"', ""))
    assert r.returncode == 2 and "refused by rule 14.51" in r.stderr and not r.stdout
    r = cli("sign", "--db", tmp_path / "bobs.db", "--key", tmp_path / "alice.key", "--actor", "bob", LOSSES)
    assert r.returncode == 2 and "the key given is alice's key, not bob's" in r.stderr
