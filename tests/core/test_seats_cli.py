"""Seats on the command line: `new --seat/--referee/--host` records the seats; `play --actor`
issues as that actor and says who and which seat; a command out of turn exits 2 naming its rule, writing
nothing; `undo/redo --actor`; `log` shows each command's actor and seat (text and JSON)."""
from __future__ import annotations

import json

from fixtures.backbone import cli

BEGIN = '{"type": "BeginAttrition", "attacker": "AX", "zone": "WA/western/0505"}\n' \
        '{"type": "RollAttritionDie", "procedure": "A1", "value": 3}\n'
ACCEPT = '{"type": "AcceptClaim", "claim": "C1"}\n'
LOSSES = '{"type": "TakeAttritionLosses", "procedure": "A1", "units": ["us-inf-1", "us-inf-2"]}\n'


def seated(tmp_path):
    db = tmp_path / "g.db"
    r = cli("new", "bridgehead-14-65", "--db", db, "--seat", "AX=alice", "--seat", "WA=bob", "--referee", "carol",
            "--host", "hq")
    assert r.returncode == 0, r.stderr
    assert "seats: AX=alice, WA=bob; referee carol; host hq" in r.stdout
    return db


def test_play_as_the_right_seat_and_out_of_turn(tmp_path):
    db = seated(tmp_path)
    r = cli("play", "--db", db, "-", "--actor", "bob", stdin=BEGIN)
    assert r.returncode == 2 and r.stdout.startswith("as bob (WA)\n")
    assert "line 1: refused by rule 14.12: BeginAttrition is for the attacker, AX (seat alice); bob holds the " \
           "seat of WA" in r.stderr
    assert cli("play", "--db", db, "-", "--actor", "alice", stdin=BEGIN).returncode == 0
    r = cli("play", "--db", db, "-", "--actor", "bob", stdin=LOSSES)
    assert r.returncode == 2 and "refused by rule claims.pending" in r.stderr   # alice's entered die waits
    r = cli("play", "--db", db, "-", "--actor", "alice", stdin=ACCEPT)
    assert r.returncode == 2 and "refused by rule claims.answer" in r.stderr
    assert cli("play", "--db", db, "-", "--actor", "bob", stdin=ACCEPT).returncode == 0
    r = cli("play", "--db", db, "-", "--actor", "alice", stdin=LOSSES)
    assert r.returncode == 2 and "refused by rule 14.51" in r.stderr
    r = cli("play", "--db", db, "-", "--actor", "bob", stdin=LOSSES)
    assert r.returncode == 0, r.stderr
    r = cli("undo", "--db", db, "--actor", "alice")
    assert r.returncode == 2 and "refused by rule seats.undo" in r.stderr
    assert cli("undo", "--db", db, "--actor", "bob").returncode == 0
    assert "refused by rule seats.redo" in cli("redo", "--db", db, "--actor", "hq").stderr
    assert cli("redo", "--db", db, "--actor", "carol").returncode == 0
    v = cli("verify", "--db", db)
    assert v.returncode == 0, v.stdout


def test_log_shows_actor_and_seat(tmp_path):
    db = seated(tmp_path)
    cli("play", "--db", db, "-", "--actor", "alice", stdin=BEGIN)
    lines = cli("log", "--db", db, "--start", "24").stdout.splitlines()
    assert lines[0].startswith("    24 c2") and lines[0].endswith("  [by alice (AX)]")
    assert not lines[1].endswith("]")                                  # one mark per command, on its first row
    rows = [json.loads(x) for x in cli("log", "--db", db, "--json", "--start", "24", "--stop", "27").stdout.splitlines()]
    assert [(x["seq"], x.get("actor"), x.get("seat")) for x in rows] == [
        (24, "alice", "AX"), (25, None, None), (26, None, None), (27, "alice", "AX")]


def test_a_bad_seat_is_refused_and_no_game_is_made(tmp_path):
    for args, message in ((["--seat", "XX=alice"], 'seats.factions.XX: no faction "XX"'),
                          (["--seat", "AX"], "--seat: 'AX': give FACTION=ACTOR"),
                          (["--seat", "AX=a", "--seat", "AX=b"], "faction AX is seated twice"),
                          (["--seat", "AX=alice", "--referee", "alice"], "seats.referee: 'alice' also holds AX")):
        r = cli("new", "bridgehead-14-65", "--db", tmp_path / "g.db", *args)
        assert r.returncode == 2 and message in r.stderr, r.stderr
        assert not (tmp_path / "g.db").exists()


def test_a_hot_seat_game_lists_as_before(tmp_path):
    db = tmp_path / "h.db"
    assert cli("new", "bridgehead-14-65", "--db", db).returncode == 0
    assert cli("play", "--db", db, "-", "--actor", "eve", stdin=BEGIN).stdout.startswith("> ")   # no "as" line
    assert "[by" not in cli("log", "--db", db).stdout


def test_reveal_takes_an_actor(tmp_path):
    db = seated(tmp_path)
    r = cli("reveal", "--db", db)
    assert r.returncode == 2 and "refused by rule seats.notes: RevealSeed is for anyone seated" in r.stderr
    assert cli("reveal", "--db", db, "--actor", "carol").returncode == 0
