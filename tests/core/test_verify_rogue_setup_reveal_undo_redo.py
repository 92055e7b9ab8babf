"""verify names every row a rogue client appends that the honest engine would never write.

Given a game, when a client that skips the rules appends a command through the log's own append (the
chain intact; in a seated game under the actor's own name), then verify fails at that command's seq.
Covered: the setup and the seed's reveal (re-derived, never folded as logged), undo (the live
engine's rule: the latest command still in effect, one per undo, its event derived from the
payload), the dice barrier's override (the payload's, by the game's referee alone) and redo (the
undo it follows, the same command, the seat check for it).
"""

from __future__ import annotations

import msgspec

from turnlog.engine import commands as c
from turnlog.engine import undo as U

from turnlog.engine.commands import AddNote, BeginAttrition, MoveUnit, Redo, Undo
from turnlog.engine.faces.verify_report import text
from turnlog.engine.verify import verify, verify_path
from turnlog.events.game import (
    CommandUndone,
    ControlChanged,
    NoteAdded,
    SeedRevealed,
    UnitEliminated,
    UnitMoved,
)

import rogue_rows as rogue
from fixtures.backbone import ZONE, bridgehead, cli, rolled
from seats_position import play, seated
from signed_position import SIGNERS
from signed_position import played as signed_played

from helpers import SEED


def _named(g, seq: int, rule: str | None = None):
    rep = verify(g)
    assert not rep.ok, text(rep)
    d = rep.discrepancy
    assert d is not None and d.seq == seq, text(rep)
    if rule is not None:
        assert d.rule == rule, text(rep)
    return rep


def _moved(g) -> tuple[int, int]:
    """Two honest host moves of ge-inf-1; the ids of both commands."""
    g.execute(MoveUnit(unit="ge-inf-1", hex="0504"))
    g.execute(MoveUnit(unit="ge-inf-1", hex="0505"))
    cmds = g.log.commands()
    return cmds[-2][0], cmds[-1][0]


# -- the setup and the reveal
# ----------------------------------------------------------------------------


def test_verify_names_a_reveal_that_eliminates_a_unit(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    seq = rogue.append(
        g, "RevealSeed", {"type": "RevealSeed"}, [UnitEliminated(unit="ge-pz-1", rule="14.51")]
    )
    _named(g, seq)


def test_verify_names_a_reveal_with_an_event_beside_the_seed(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    seq = rogue.append(
        g,
        "RevealSeed",
        {"type": "RevealSeed"},
        [SeedRevealed(seed=SEED.hex()), UnitEliminated(unit="ge-pz-1", rule="14.51")],
    )
    _named(g, seq + 1)


def test_an_honest_reveal_verifies(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    g.execute({"type": "RevealSeed"})
    assert verify(g).ok


def test_verify_names_a_second_setup_in_mid_game(tmp_path):
    g = rolled(tmp_path / "g.db", value=3)
    seq = rogue.append(
        g,
        "LoadScenario",
        {"type": "LoadScenario", "name": "The invasion bridgehead"},
        [
            UnitEliminated(unit="us-inf-1", rule="setup"),
            UnitEliminated(unit="us-inf-2", rule="setup"),
            ControlChanged(hex="0505", faction="AX"),
        ],
    )
    _named(g, seq, "setup")


def test_verify_names_a_command_typed_as_another(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    seq = rogue.append(
        g,
        "AddNote",
        {"type": "MoveUnit", "unit": "ge-inf-1", "hex": "0504"},
        [UnitMoved(unit="ge-inf-1", to_hex="0504", from_hex="0405")],
    )
    _named(g, seq)


# -- undo
# ------------------------------------------------------------------------------------------------


def test_verify_names_an_undo_of_the_setup(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    seq = rogue.append(g, "Undo", {"type": "Undo"}, [CommandUndone(command_id=1)])
    _named(g, seq, "undo")


def test_verify_names_an_undo_of_an_older_command_while_a_later_stays(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    older, _later = _moved(g)
    seq = rogue.append(g, "Undo", {"type": "Undo"}, [CommandUndone(command_id=older)])
    _named(g, seq)


def test_verify_names_an_undo_of_a_note(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    _moved(g)
    g.execute(AddNote(text="a bookmark"))
    note = g.log.commands()[-1][0]
    seq = rogue.append(g, "Undo", {"type": "Undo"}, [CommandUndone(command_id=note)])
    _named(g, seq)


def test_verify_names_two_commands_in_one_undo(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    older, later = _moved(g)
    seq = rogue.append(
        g,
        "Undo",
        {"type": "Undo"},
        [CommandUndone(command_id=later), CommandUndone(command_id=older)],
    )
    _named(g, seq + 1)


def test_verify_names_the_same_command_undone_twice(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    older, later = _moved(g)
    g.execute(Undo())
    seq = rogue.append(g, "Undo", {"type": "Undo"}, [CommandUndone(command_id=later)])
    _named(g, seq)


def test_verify_names_an_undo_of_an_undo(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    _moved(g)
    g.execute(Undo())
    undo = g.log.commands()[-1][0]
    seq = rogue.append(g, "Undo", {"type": "Undo"}, [CommandUndone(command_id=undo)])
    _named(g, seq)


def test_verify_names_an_undo_whose_event_is_not_command_undone(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    _moved(g)
    seq = rogue.append(g, "Undo", {"type": "Undo"}, [NoteAdded(text="no undo here")])
    _named(g, seq)


def test_readers_refuse_in_one_line_after_a_rogue_undo_of_an_older_command(tmp_path):
    g = rolled(tmp_path / "g.db", value=3)  # command 2 began A1, command 3 rolled for it
    seq = rogue.append(g, "Undo", {"type": "Undo"}, [CommandUndone(command_id=2)])
    path = g.log.path
    g.close()
    for args in (["log"], ["show"], ["verify"]):
        done = cli(*args, "--db", path)
        if args == ["verify"]:
            assert done.returncode != 0 and f"FIRST DISCREPANCY at seq {seq}" in done.stdout, (
                done.stdout
            )
        else:
            err = done.stderr.strip()
            assert (
                done.returncode != 0 and "does not replay" in err and len(err.splitlines()) == 1
            ), err
    assert verify_path(path).discrepancy.seq == seq


# -- the dice barrier's override
# --------------------------------------------------------------------------


def test_verify_names_an_override_written_only_into_the_event(tmp_path):
    g = seated(tmp_path)
    play(g, 2)  # alice rolled
    roll = g.log.commands()[-1][0]
    seq = rogue.append(
        g,
        "Undo",
        {"type": "Undo"},
        [CommandUndone(command_id=roll, override=True, referee="alice")],
        actor="alice",
    )
    rep = _named(g, seq)
    assert not rep.overrides


def test_verify_names_an_override_in_a_hot_seat_event_only(tmp_path):
    g = rolled(tmp_path / "g.db", value=3)
    seq = rogue.append(
        g, "Undo", {"type": "Undo"}, [CommandUndone(command_id=3, override=True, referee="ref")]
    )
    _named(g, seq)


def test_verify_names_an_override_naming_another_than_the_referee(tmp_path):
    g = seated(tmp_path)
    play(g, 2)
    roll = g.log.commands()[-1][0]
    seq = rogue.append(
        g,
        "Undo",
        {"type": "Undo", "override": True, "referee": "dave"},
        [CommandUndone(command_id=roll, override=True, referee="dave")],
        actor="carol",
    )
    _named(g, seq)


# -- redo
# ------------------------------------------------------------------------------------------------


def test_verify_names_a_redo_of_ones_own_note_carrying_a_host_move(tmp_path):
    g = seated(tmp_path)
    g.execute(AddNote(text="mine"), actor="alice")
    note = g.log.commands()[-1][0]
    seq = rogue.append(
        g,
        "Redo",
        {
            "type": "Redo",
            "of": note,
            "command": {"type": "MoveUnit", "unit": "us-x", "hex": "0706"},
        },
        [UnitMoved(unit="us-x", to_hex="0706", from_hex="0504")],
        actor="alice",
    )
    _named(g, seq)


def test_verify_names_a_redo_without_an_undo_carrying_set_control(tmp_path):
    g = seated(tmp_path)
    seq = rogue.append(
        g,
        "Redo",
        {"type": "Redo", "command": {"type": "SetControl", "hex": "0504", "faction": "AX"}},
        [ControlChanged(hex="0504", faction="AX")],
        actor="alice",
    )
    _named(g, seq)


def test_verify_names_a_redo_carrying_another_command_than_the_undone(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    _older, later = _moved(g)
    g.execute(Undo())
    seq = rogue.append(
        g,
        "Redo",
        {
            "type": "Redo",
            "of": later,
            "command": {"type": "MoveUnit", "unit": "ge-inf-1", "hex": "0605"},
        },
        [UnitMoved(unit="ge-inf-1", to_hex="0605", from_hex="0504")],
    )
    _named(g, seq, "redo")


def test_verify_names_a_redo_by_a_seat_that_did_not_issue_it(tmp_path):
    g = seated(tmp_path)
    play(g, 1)
    begin = g.log.commands()[-1]
    # the attrition made its roll due: only the referee may take it back (no peek, then decline)
    g.execute(Undo(override=True, referee="carol", reason="misplayed"), actor="carol")
    redo = msgspec.json.decode(U.redo_payload(begin))
    seq = rogue.append(
        g, "Redo", redo, rogue.honest_rows(g, c.parse(U.reissued(begin))), actor="bob"
    )
    _named(g, seq, "seats.redo")


def test_honest_undo_redo_cycles_verify(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    _moved(g)
    g.execute(Undo())
    g.execute(AddNote(text="between"))
    g.execute(Redo())
    g.execute(Undo())
    g.execute(Undo())
    g.execute(Redo())
    g.execute(Redo())
    assert verify(g).ok, text(verify(g))


def test_the_verdict_names_a_seeded_roll_the_seed_does_not_give_at_its_own_row(tmp_path):
    """Re-execution serves the logged face, so it differs only at a row built on it; the dice
    stage names the roll's own row, and the verdict gives the earlier of the two."""
    g = bridgehead(tmp_path / "g.db", public_seed=True)
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    cmd = c.RollAttritionDie(procedure="A1")
    rows = rogue.honest_rows(g, cmd)
    j = next(i for i, r in enumerate(rows) if r[0] == "DieRolled")
    doc = msgspec.json.decode(rows[j][2])
    doc["value"] = doc["value"] % 10 + 1
    rows[j] = (rows[j][0], rows[j][1], msgspec.json.encode(doc).decode(), rows[j][3])
    seq = rogue.append(g, "RollAttritionDie", c.encode(cmd).decode(), rows) + j
    rep = verify(g)
    assert rep.stage == "dice" and rep.first_bad_seq == seq, text(rep)
    assert rep.first_named() == seq and f"(first at seq {seq})" in text(rep), text(rep)


def test_verify_names_a_signed_undo_of_the_setup_at_its_seq_not_as_keys_removed(tmp_path):
    """The keys are read from seq 1: an undo of the setup leaves a board without seats, yet the
    game stays signed, and the undo is what verify names."""
    g = signed_played(tmp_path, upto=2)
    seq = rogue.append(g, "Undo", {"type": "Undo"}, [CommandUndone(command_id=1)], actor="alice",
                       signer=SIGNERS["alice"])
    g.close()
    rep = verify_path(g.log.path)
    assert not rep.ok and rep.first_named() == seq, text(rep)
    assert rep.keyless_signed_format is msgspec.UNSET and rep.signatures_checked == 3, text(rep)
