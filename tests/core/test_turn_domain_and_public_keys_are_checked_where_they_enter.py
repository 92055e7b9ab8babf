"""Domains hold where values enter, not only in scenario files. A StartGameTurn whose turn (1..99999) or year
(1..9999) is outside the scenario's domain is refused at play in a game of rulings edition 4 on; a game
created under edition 3 accepted any number there and re-executes as played (docs/rulings.md, "Editions").
A rogue client that logs such a command through the log's own append is named by verify at its seq. A
public key that is no usable Ed25519 point (``ff`` × 32, a small-order point) is refused when the game is
created, naming the seat, since that seat could never sign."""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine import scenario as S
from turnlog.engine.commands import AddNote, StartGameTurn
from turnlog.engine.errors import CommandError
from turnlog.engine.faces.cli import main
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.codec import encode
from turnlog.events.game import GameTurnStarted
from turnlog.engine.turn import DOMAINS_AT_PLAY
from turnlog.events.setup import EDITION

from fixtures.backbone import SEED


def game(path, edition: int = 0) -> Game:
    sc = S.load("bridgehead-14-65")
    if edition:
        sc = msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=edition))
    return Game.create(path, sc, seed=SEED)


@pytest.mark.parametrize("turn, year, field", [(10**23, 1944, "turn"), (100_000, 1944, "turn"), (0, 1944, "turn"),
                                               (3, 10_000, "year")])
def test_start_game_turn_outside_the_domain_is_refused(tmp_path, turn, year, field):
    assert EDITION >= DOMAINS_AT_PLAY.edition
    with game(tmp_path / "g.db") as g:
        before = g.log.last()
        with pytest.raises(CommandError, match=rf"StartGameTurn\.{field}: .* is outside its domain"):
            g.execute(StartGameTurn(turn=turn, season="fall", year=year))
        assert g.log.last() == before
        g.execute(StartGameTurn(turn=99_999, season="fall", year=9999))  # the domain's edge is in it


def test_play_refuses_it_as_bad_input_writing_nothing(tmp_path, capsys):
    game(tmp_path / "g.db").close()
    (tmp_path / "c.jsonl").write_text('{"type": "StartGameTurn", "turn": 100000000000000000000000, '
                                      '"season": "fall", "year": 1944}\n')
    assert main(["play", "--db", str(tmp_path / "g.db"), str(tmp_path / "c.jsonl")]) == 2
    assert "StartGameTurn.turn: 100000000000000000000000 is outside its domain 1..99999" in capsys.readouterr().err


def test_an_edition_3_game_re_executes_as_played(tmp_path):
    with game(tmp_path / "g.db", edition=3) as g:
        g.execute(StartGameTurn(turn=100_000, season="fall", year=1944))
        assert g.state.turn.turn == 100_000
        assert verify(g).ok


def test_verify_names_a_rogue_out_of_domain_turn_at_its_seq(tmp_path):
    with game(tmp_path / "g.db") as g:
        g.execute(AddNote(text="before"))
        ev = GameTurnStarted(turn=100_000, season="fall", year=1944)
        _cid, seqs = g.log.append([(type(ev).__name__, ev.version, encode(ev).decode(), False)],
                                  expected_seq=g.log.last()[0], command_type="StartGameTurn",
                                  payload='{"type":"StartGameTurn","turn":100000,"season":"fall","year":1944}')
        rep = verify(Game.open(tmp_path / "g.db"))
    assert not rep.ok and rep.discrepancy is not None and rep.discrepancy.seq == seqs[0]
    assert "outside its domain" in rep.discrepancy.message


@pytest.mark.parametrize("key, why", [("ff" * 32, "not below the field prime"),
                                      ("00" * 32, "small order"),
                                      ("01" + "00" * 31, "small order")])
def test_a_public_key_that_is_no_usable_point_is_refused_at_creation(tmp_path, capsys, key, why):
    code = main(["new", "bridgehead-14-65", "--db", str(tmp_path / "g.db"), "--seat", "AX=alice",
                 "--seat", "WA=bob", "--key", f"alice={key}", "--key", "bob=" + _good_key()])
    err = capsys.readouterr().err
    assert code == 2 and "seats.keys.alice: not an Ed25519 public key" in err and why in err, err
    assert not (tmp_path / "g.db").exists()


def _good_key() -> str:
    from turnlog.engine.signatures import Signer
    return Signer.generate()[0].public
