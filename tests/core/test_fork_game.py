"""Fork copies a game up to a command boundary into a new file that verifies and goes its own way.

The rows up to the cut are the original's; one ForkGame row after them gives the fork its own identity
(engine/identity.py), so its board is the original's at the cut but for the identity.
"""
from __future__ import annotations

import stat

import msgspec
import pytest

from turnlog.engine.commands import (AddNote, BeginAttrition, MarkAirdropped, MoveUnit, RollAttritionDie,
                             TakeAttritionLosses)
from turnlog.engine.errors import CommandError
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.log import LogError

from fixtures.backbone import SEED, ZONE, bridgehead, table

ROWS = "SELECT * FROM events WHERE seq <= ? ORDER BY seq"  # every stored column, in any log format


@pytest.fixture
def game(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))          # command 2
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))       # command 3: three events
    g.execute(RollAttritionDie(procedure="A1", value=3))      # command 4
    yield g
    g.close()


def spans(g) -> dict[int, tuple[int, int]]:
    return {r[0]: (r[5], r[6]) for r in g.log.commands()}


def at_cut(f: Game, original: Game, cut: int):
    """The fork's board as of its cut: its own identity put back to the original's."""
    assert f.state.game_id != original.state.game_id and f.state.seq == cut + 1
    return msgspec.structs.replace(f.state, game_id=original.state.game_id, dice_id="", seq=cut)


def test_fork_inside_a_command_cuts_at_the_previous_boundary(game, tmp_path):
    first, last = spans(game)[3]
    assert last - first == 2
    with game.fork(first + 1, tmp_path / "f.db") as f:
        assert f.log.last()[0] == first  # the cut, then the fork's own row
        assert [r[2] for r in f.log.commands()] == ["LoadScenario", "MoveUnit", "ForkGame"]
        assert at_cut(f, game, first - 1) == game.at(first - 1)
        assert "A1" not in f.state.attritions


def test_fork_copies_rows_verbatim_and_verifies(game, tmp_path):
    _f, cut = spans(game)[3]
    with game.fork(cut, tmp_path / "f.db") as f:
        assert table(tmp_path / "f.db", ROWS, (cut,)) == table(game.log.path, ROWS, (cut,))
        assert f.log.verify_chain() == (cut + 1, None, "")
        rep = verify(f)
        assert rep.ok and rep.commands_checked == 3  # with the fork's own row, re-executed like any command
        assert at_cut(f, game, cut) == game.at(cut)


def test_fork_continues_independently(game, tmp_path):
    _f, cut = spans(game)[3]
    fork = game.fork(cut, tmp_path / "f.db")
    # What-if: in the fork the Axis roll a 9; in the original the roll (3) stands and losses are taken.
    fork.execute(RollAttritionDie(procedure="A1", value=9))
    fork.execute(MarkAirdropped(unit="us-inf-3", from_hex="0501"))  # A1 is open: no board fact it reads (14.22A)
    game.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
    assert fork.state.attritions["A1"].die == 9 and game.state.attritions["A1"].die == 3
    assert fork.state.units["us-inf-3"].airdropped_from == "0501" and not game.state.units["us-inf-3"].airdropped_from
    assert game.state.units["us-inf-1"].eliminated and not fork.state.units["us-inf-1"].eliminated
    # Shared history, then each its own chain.
    assert table(fork.log.path, ROWS, (cut,)) == table(game.log.path, ROWS, (cut,))
    assert dict(fork.log.hashes())[cut + 1] != dict(game.log.hashes())[cut + 1]
    assert verify(fork).ok and verify(game).ok
    fork.close()
    with Game.open(tmp_path / "f.db") as again:
        assert again.state.attritions["A1"].die == 9


def test_fork_with_seed_keeps_the_dice_commitment_and_seed(game, tmp_path):
    _f, cut = spans(game)[3]
    game.fork(cut, tmp_path / "f.db", with_seed=True).close()
    side = tmp_path / "f.db.seed"
    assert bytes.fromhex(side.read_text()) == SEED and stat.S_IMODE(side.stat().st_mode) == 0o600
    with Game.open(tmp_path / "f.db") as f:
        assert f.seed == SEED and f.state.seed_sha256 == game.state.seed_sha256
        f.execute(AddNote(text="forked"))
        assert verify(f).ok


def test_fork_before_setup_end_refused(game, tmp_path):
    with pytest.raises(CommandError, match="before the end of the scenario's setup"):
        game.fork(5, tmp_path / "f.db")
    assert not (tmp_path / "f.db").exists()


def test_fork_onto_an_existing_game_refused(game, tmp_path):
    other = bridgehead(tmp_path / "other.db", seed=bytes(32))
    other.close()
    before = table(tmp_path / "other.db", "SELECT * FROM events")
    with pytest.raises(LogError, match="already exists"):
        game.fork(30, tmp_path / "other.db")
    assert table(tmp_path / "other.db", "SELECT * FROM events") == before


def test_fork_beside_another_games_seed_file_refused(game, tmp_path):
    (tmp_path / "f.db.seed").write_text("33" * 32 + "\n")
    with pytest.raises(LogError, match="seed file"):
        game.fork(30, tmp_path / "f.db", with_seed=True)
    assert not (tmp_path / "f.db").exists()


def test_a_hot_seat_fork_carries_no_seed_unless_asked(game, tmp_path):
    _f, cut = spans(game)[3]
    assert not game.state.seats.factions          # a hot-seat game: no other side to protect
    game.fork(cut, tmp_path / "f.db").close()
    assert not (tmp_path / "f.db.seed").exists()
    with Game.open(tmp_path / "f.db") as f:
        assert f.seed is None and f.state.seed_sha256 == game.state.seed_sha256
        assert verify(f).ok


def test_fork_keeps_undos_before_the_cut(game, tmp_path):
    game.execute(MarkAirdropped(unit="us-inf-4", from_hex="0501"))  # A1 is open: no board fact it reads (14.22A)
    game.undo()
    cut = game.log.last()[0]
    with game.fork(cut, tmp_path / "f.db") as f:
        assert at_cut(f, game, cut) == game.state
        assert f.state.units["us-inf-4"].airdropped_from == ""
        assert f.undone() == game.undone()
