"""A seed typed by hand is refused unless the game is marked public, and verify says so."""
from __future__ import annotations

import json

import msgspec

from turnlog.engine import scenario as S
from turnlog.engine.game import Game
from turnlog.engine.faces.verify_report import text
from turnlog.engine.verify import Report, verify
from turnlog.events.codec import encode
from turnlog.events.setup import GameCreated

from fixtures.backbone import FIXTURES, SEED, cli, copy_game, rolled

ZEROS = "00" * 32


def test_a_hand_given_seed_is_refused_and_nothing_is_written(tmp_path):
    r = cli("new", "bridgehead-14-65", "--db", tmp_path / "g.db", "--seed", ZEROS)
    assert r.returncode == 2
    assert "--seed" in r.stderr and "not secret" in r.stderr and "--public-seed" in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_public_seed_without_a_seed_is_refused(tmp_path):
    r = cli("new", "bridgehead-14-65", "--db", tmp_path / "g.db", "--public-seed")
    assert r.returncode == 2 and "--public-seed" in r.stderr and list(tmp_path.iterdir()) == []


def test_with_public_seed_the_log_says_so_and_verify_reports_it(tmp_path):
    db = tmp_path / "g.db"
    r = cli("new", "bridgehead-14-65", "--db", db, "--seed", ZEROS, "--public-seed")
    assert r.returncode == 0 and "PUBLIC" in r.stdout
    with Game.open(db) as g:
        (_s, created), = g.events(1, 1)
        assert created.seed_public is True
    out = cli("verify", "--db", db)
    assert out.returncode == 0  # no die was rolled: nothing to predict, so no warning
    assert out.stdout.rstrip().endswith("\nVERIFIED") and "seed is public" not in out.stdout
    rep = json.loads(cli("verify", "--db", db, "--json").stdout)
    assert rep["ok"] and rep["seed_public"] is True
    assert "PUBLIC dice seed" in cli("log", "--db", db, "--stop", "1").stdout


def test_the_python_api_marks_a_public_seed_only_when_asked(tmp_path):
    with rolled(tmp_path / "a.db", public_seed=True) as g:
        assert g.events(1, 1)[0][1].seed_public and verify(g).seed_public is True
    with rolled(tmp_path / "b.db") as g:  # a host program's own seed: trusted as secret, as before
        assert not g.events(1, 1)[0][1].seed_public


def test_an_unmarked_game_created_event_encodes_as_before():
    # The bytes every existing log holds: the new fields default, so they are omitted.
    ev = GameCreated(name="x", seed_sha256="ab")
    assert encode(ev) == b'{"type":"GameCreated","name":"x","seed_sha256":"ab"}'


def test_an_old_log_reports_exactly_as_before(tmp_path):
    old = copy_game(FIXTURES / "v1_unit_moved.db", tmp_path / "old.db")  # written by an earlier version
    with Game.open(old) as g:
        rep = verify(g)
    assert rep.ok
    keys = set(json.loads(msgspec.json.encode(rep)))
    assert "seed_public" not in keys and "joint" not in keys and "tables" not in keys
    assert keys == set(Report.__struct_fields__) - {"seed_public", "joint", "tables",  # each only where it applies
                                                    "keys", "signatures_checked", "schema", "forged_snapshots",
                                                    "keyless_signed_format", "game_id", "forks",
                                                    "claims", "reveals"}
    assert "PUBLIC" not in text(rep) and text(rep).endswith("\nVERIFIED")


def test_demo_logs_are_marked_public(tmp_path):
    r = cli("demo", "--dir", tmp_path, "--scenario", "bridgehead-14-65")
    assert r.returncode == 0, r.stderr
    db = tmp_path / "bridgehead-14-65.db"
    with Game.open(db) as g:
        assert g.events(1, 1)[0][1].seed_public is True
    assert json.loads(cli("verify", "--db", db, "--json").stdout)["seed_public"] is True


def test_a_game_created_from_a_published_seed_differs_only_by_the_mark(tmp_path):
    sc = S.load("bridgehead-14-65")
    with Game.create(tmp_path / "a.db", sc, seed=SEED) as a, \
            Game.create(tmp_path / "b.db", sc, seed=SEED, public_seed=True) as b:
        ea, eb = a.events(), b.events()
    assert ea[1:] == eb[1:] and ea[0][1].seed_sha256 == eb[0][1].seed_sha256


def test_verify_warns_of_a_public_seed_only_for_rolls_drawn_from_it(tmp_path):
    with rolled(tmp_path / "a.db", public_seed=True) as g:
        said = text(verify(g))
    warning = "the dice seed is public (typed by hand or published): anyone could predict the one roll drawn from it"
    assert said.endswith("\nVERIFIED, but " + warning) and f"            {warning}\n" in said
    assert said.count("(") - said.count(")") == 0 and "((" not in said.splitlines()[-1]
    with rolled(tmp_path / "b.db", value=3, public_seed=True) as g:  # the die typed by hand: nothing to predict
        said = text(verify(g))
    assert said.endswith("\nVERIFIED") and "seed is public" not in said
