"""Signed games end to end on the command line: two players make keys, a game is created with two seats and
their public keys, each plays his own commands with his own key (bob countersigns alice's entered die), and verify says VERIFIED; a command with
the other player's key, or none, exits 2 writing nothing. Export and import keep the signatures."""
from __future__ import annotations

from fixtures.backbone import cli

ALICE = '{"type": "BeginAttrition", "attacker": "AX", "zone": "WA/western/0505"}\n' \
        '{"type": "RollAttritionDie", "procedure": "A1", "value": 3}\n'
BOB = '{"type": "AcceptClaim", "claim": "C1"}\n' \
      '{"type": "TakeAttritionLosses", "procedure": "A1", "units": ["us-inf-1", "us-inf-2"]}\n'


def test_two_players_two_keys_verified(tmp_path):
    pub = {}
    for name in ("alice", "bob"):
        r = cli("keygen", "-o", tmp_path / f"{name}.key")
        assert r.returncode == 0, r.stderr
        pub[name] = r.stdout.strip()
    db = tmp_path / "g.db"
    r = cli("new", "bridgehead-14-65", "--db", db, "--seat", "AX=alice", "--seat", "WA=bob",
            "--key", f"alice={tmp_path / 'alice.pub'}", "--key", f"bob={pub['bob']}")
    assert r.returncode == 0, r.stderr
    assert f"key of alice: {pub['alice']}" in r.stdout and f"key of bob: {pub['bob']}" in r.stdout
    r = cli("play", "--db", db, "-", "--actor", "alice", stdin=ALICE)
    assert r.returncode == 2 and "refused by rule signatures" in r.stderr            # no key given
    r = cli("play", "--db", db, "-", "--actor", "alice", "--key", tmp_path / "alice.key", stdin=ALICE)
    assert r.returncode == 0, r.stderr
    r = cli("play", "--db", db, "-", "--actor", "bob", "--key", tmp_path / "alice.key", stdin=BOB)
    assert r.returncode == 2 and "the key given is alice's key, not bob's" in r.stderr
    r = cli("play", "--db", db, "-", "--actor", "bob", "--key", tmp_path / "bob.key", stdin=BOB)
    assert r.returncode == 0, r.stderr
    v = cli("verify", "--db", db)
    assert v.returncode == 0 and v.stdout.rstrip().endswith("VERIFIED"), v.stdout
    assert "(log format 4)" in v.stdout and f"  key       bob {pub['bob']}" in v.stdout
    assert "  signed    4 commands, each by its actor's key over the row before it" in v.stdout
    out = tmp_path / "g.jsonl"
    assert cli("export", "--db", db, "-o", out).returncode == 0
    assert cli("import", out, "--db", tmp_path / "copy.db").returncode == 0
    v = cli("verify", "--db", tmp_path / "copy.db")
    assert v.returncode == 0 and "signed    4 commands" in v.stdout, v.stdout


def test_undo_and_redo_are_signed_too(tmp_path):
    for name in ("alice", "bob"):
        cli("keygen", "-o", tmp_path / f"{name}.key")
    db = tmp_path / "g.db"
    cli("new", "bridgehead-14-65", "--db", db, "--seat", "AX=alice", "--seat", "WA=bob",
        "--key", f"alice={tmp_path / 'alice.pub'}", "--key", f"bob={tmp_path / 'bob.pub'}")
    begin = '{"type": "StartPhase", "phase": "supply"}\n'   # no roll due after it: hers to undo
    assert cli("play", "--db", db, "-", "--actor", "alice", "--key", tmp_path / "alice.key", stdin=begin).returncode == 0
    r = cli("undo", "--db", db, "--actor", "alice")
    assert r.returncode == 2 and "refused by rule signatures" in r.stderr
    assert cli("undo", "--db", db, "--actor", "alice", "--key", tmp_path / "alice.key").returncode == 0
    assert cli("redo", "--db", db, "--actor", "alice", "--key", tmp_path / "alice.key").returncode == 0
    v = cli("verify", "--db", db)
    assert v.returncode == 0 and "signed    3 commands" in v.stdout, v.stdout


def test_a_bad_key_is_refused_and_no_game_is_made(tmp_path):
    (tmp_path / "junk.pub").write_text("not a key\n")
    for args, message in ((["--key", "bob=zz"], "--key: bob: 'zz' is neither a public key"),
                          (["--key", "bob"], "--key: 'bob': give ACTOR=PUBLIC_KEY"),
                          (["--key", f"bob={tmp_path / 'junk.pub'}"], "seats.keys.bob: not an Ed25519 public key"),
                          (["--key", "bob=" + "ab" * 32, "--key", "alice=" + "ab" * 32], "alice is given two keys"),
                          (["--key", "carol=" + "ab" * 32], "seats.keys.carol: 'carol' holds no seat"),
                          ([], "seats.keys: 'bob' is seated but has no key")):
        r = cli("new", "bridgehead-14-65", "--db", tmp_path / "g.db", "--seat", "AX=alice", "--seat", "WA=bob",
                "--key", "alice=" + "cd" * 32, *args)
        assert r.returncode == 2 and message in r.stderr, r.stderr
        assert not (tmp_path / "g.db").exists()
