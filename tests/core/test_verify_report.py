"""`turnlog verify` as a report a player reads: the chain up to seq N, every roll derived or entered,
every command re-executed, the first discrepancy named with its seq, command and rule; --json for programs."""
from __future__ import annotations

import os

import msgspec
import pytest

from turnlog.engine.commands import AddNote, RevealSeed, TakeAttritionLosses, Undo
from turnlog.engine.game import Game, settle
from turnlog.engine.faces.verify_report import text
from turnlog.engine.verify import verify
from turnlog.events.codec import encode
from turnlog.events.game import CommandUndone, NoteAdded

from fixtures.backbone import cli, copy_game, rolled, tamper


def forge(g: Game, ctype: str, payload: dict, events: list, auto: list[bool] | None = None) -> int:
    """Append a command with events of our choosing (a valid chain, as a cheat's own program would write)."""
    rows = [(type(e).__name__, e.version, encode(e).decode(), bool(a))
            for e, a in zip(events, auto or [False] * len(events))]
    _cid, seqs = g.log.append(rows, expected_seq=g.log.last()[0], command_type=ctype,
                              payload=msgspec.json.encode({"type": ctype, **payload}).decode())
    return seqs[0]


def lines(rep, path="") -> list[str]:
    return text(rep, path).splitlines()


def test_a_clean_game_reads_line_by_line(tmp_path):
    with rolled(tmp_path / "g.db", value=3) as g:
        g.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
        rep = verify(g)
        head = g.log.last()
    out = lines(rep, "g.db")
    assert out[0] == "verify g.db — 'The invasion bridgehead (14.65 example)': 34 events, 4 commands (log format 3)"
    assert out[1] == "  chain     intact up to seq 34: every row's hash links to the one before"
    assert out[2] == (f"  head      {rep.head} (keep it; `verify --anchor {rep.head}` later shows nothing was cut "
                      "or rewritten)")
    assert rep.head == f"34:{head[1][:32]}"
    assert out[3] == ("  dice      1 roll: 0 re-derived from the seed kept beside the file (not yet revealed), "
                      "1 entered by hand (seq 27)")
    assert out[4].startswith("  commands  3 re-executed on the board of their time: all legal, the same events")
    assert out[5] == "  replay    a replay from zero gives the live board"
    assert out[-1] == "VERIFIED" and rep.ok and rep.stage == ""


def test_seeded_rolls_re_derived_then_from_the_revealed_seed(tmp_path):
    with rolled(tmp_path / "g.db") as g:
        assert "1 roll: 1 re-derived from the seed kept beside the file" in text(verify(g))
        g.execute(RevealSeed())
        rep = verify(g)
    assert "1 roll: 1 re-derived from the seed revealed in the log, 0 entered by hand" in text(rep)
    assert [(r.seq, r.check) for r in rep.rolls] == [(27, "derived")] and rep.ok


def test_rolls_that_cannot_be_checked_are_listed(tmp_path):
    rolled(tmp_path / "g.db").close()
    os.remove(tmp_path / "g.db.seed")
    with Game.open(tmp_path / "g.db") as g:
        rep = verify(g)
    assert not rep.ok and rep.stage == "dice" and rep.rolls_unchecked == [27]
    out = text(rep)
    assert "1 not checkable: the seed is neither revealed in the log nor beside the file (seq 27)" in out
    assert out.endswith("NOT VERIFIED: a roll cannot be confirmed")


def test_tampered_copy_names_the_seq_and_stops(tmp_path):
    rolled(tmp_path / "g.db", value=3).close()
    path = copy_game(tmp_path / "g.db", tmp_path / "t.db")
    tamper(path, ("UPDATE events SET data = replace(data, '\"value\":3', '\"value\":9') WHERE seq = 27", ()))
    with Game.open(path) as g:
        rep = verify(g)
    out = lines(rep)
    assert rep.stage == "chain" and rep.first_bad_seq == 27
    assert out[1] == f"  chain     BROKEN at seq 27: {rep.problem}; intact up to seq 26" and "edited" in rep.problem
    assert out[-1] == "NOT VERIFIED: the log was altered at seq 27"
    assert not any(ln.startswith("  dice") for ln in out)


def test_re_execution_that_differs_shows_both_events(tmp_path):
    with rolled(tmp_path / "g.db", value=3) as g:
        seq = forge(g, "AddNote", {"text": "the die was a 3"}, [NoteAdded(text="the die was a 9", at_seq=29)])
        rep = verify(g)
    d = rep.discrepancy
    assert (d.seq, d.command_id, d.rule) == (seq, 4, "")
    out = text(rep)
    assert f'  commands  FIRST DISCREPANCY at seq {seq}, command c4 AddNote {{"text":"the die was a 3"}}' in out
    assert "            logged:       note: \"the die was a 9\"" in out  # notes are quoted
    assert "            re-execution: note: \"the die was a 3\"" in out
    assert "(2 commands before it re-executed identically)" in out
    assert out.endswith(f"NOT VERIFIED: a command does not re-execute as logged (first at seq {seq})")


def test_an_illegal_command_is_named_with_its_rule(tmp_path):
    with rolled(tmp_path / "g.db", value=3) as g:
        legal = TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"])
        done = settle(g.at(), g.decide(g.state, legal))
        seq = forge(g, "TakeAttritionLosses", {"procedure": "A1", "units": ["us-inf-1", "us-inf-2", "us-inf-3"]},
                    [e for e, _a in done], [a for _e, a in done])
        rep = verify(g)
    assert (rep.discrepancy.seq, rep.discrepancy.rule) == (seq, "14.51")
    out = text(rep)
    assert f"FIRST DISCREPANCY at seq {seq}, command c4 TakeAttritionLosses" in out
    assert "            refused by rule 14.51: " in out


def test_an_undo_past_a_die_roll_without_a_referee_is_a_discrepancy(tmp_path):
    with rolled(tmp_path / "g.db", value=3) as g:
        seq = forge(g, "Undo", {}, [CommandUndone(command_id=3)])
        rep = verify(g)
    assert (rep.discrepancy.seq, rep.discrepancy.rule) == (seq, "undo.dice-barrier")
    said = "refused by rule undo.dice-barrier: command 3 (RollAttritionDie) rolled a die"
    assert said in text(rep)


def test_a_referee_override_is_reported(tmp_path):
    with rolled(tmp_path / "g.db", value=3) as g:
        g.execute(Undo(override=True, referee="Alice", reason="cocked die"))
        rep = verify(g)
    assert rep.ok and rep.overrides == [30]
    assert "a referee overrode the dice barrier to undo at seq 30" in text(rep)


# How a cheat leaves command 4's event (seq 30) owned by no command, in each log format.
ORPHAN = {
    1: "DELETE FROM commands WHERE id = 4",
    2: "DELETE FROM commands WHERE id = 4",
    3: "UPDATE events SET actor = NULL, command_type = NULL, payload = NULL, ts = NULL, last_seq = NULL "
       "WHERE seq = 30",
}


@pytest.mark.parametrize("fmt", [2, 3], ids=["format2", "format3"])
def test_events_outside_any_command_are_found(tmp_path, fmt):
    # Format 2 chains each commands row through its first event, format 3 hashes the command's columns
    # with that row: either way the chain itself names the orphaned row.
    g = rolled(tmp_path / "g.db", value=3, log_format=fmt)
    g.execute(AddNote(text="one"))
    g.close()
    tamper(tmp_path / "g.db", ORPHAN[fmt])  # the event stays, its command is gone
    with Game.open(tmp_path / "g.db") as g:
        rep = verify(g)
    assert not rep.ok and rep.stage == "chain"
    assert rep.first_bad_seq == 30 and "BROKEN at seq 30" in text(rep)


def test_events_outside_any_command_are_found_by_re_execution_in_format_1(tmp_path):
    # Format 1 never chained the commands table: the chain is intact and verify's span check must see it.
    g = rolled(tmp_path / "g.db", value=3, log_format=1)
    g.execute(AddNote(text="one"))
    g.close()
    tamper(tmp_path / "g.db", ORPHAN[1])
    with Game.open(tmp_path / "g.db") as g:
        assert g.log.verify_chain() == (30, None, "")
        rep = verify(g)
    assert not rep.ok and rep.stage == "commands"
    assert rep.discrepancy.rule == "log" and rep.discrepancy.seq == 30
    assert "the commands table covers seq 1..29 but the log holds 30 events" in text(rep)


def test_json_for_programs(tmp_path):
    rolled(tmp_path / "g.db", value=3).close()
    r = cli("verify", "--db", tmp_path / "g.db", "--json")
    assert r.returncode == 0 and r.stderr == ""
    j = msgspec.json.decode(r.stdout)
    assert j["ok"] is True and j["chain_ok_upto"] == 29 and j["rolls"] == [
        {"seq": 27, "key": "attrition/t2/AX/WA/western/0505", "value": 3, "check": "entered"}]
    assert j["name"] == "The invasion bridgehead (14.65 example)" and j["stage"] == ""


def test_cli_exit_status_and_text(tmp_path):
    with rolled(tmp_path / "g.db", value=3) as g:
        forge(g, "AddNote", {"text": "a"}, [NoteAdded(text="b", at_seq=29)])
    r = cli("verify", "--db", tmp_path / "g.db")
    assert r.returncode == 1 and "FIRST DISCREPANCY at seq 30" in r.stdout and "NOT VERIFIED" in r.stdout
    assert r.stderr == ""  # piped: no progress line


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_progress_shows_on_a_terminal_only(tmp_path):
    rolled(tmp_path / "g.db", value=3).close()
    import subprocess
    import sys
    from fixtures.backbone import ROOT
    master, slave = os.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", "turnlog.engine.faces.cli", "verify", "--db", str(tmp_path / "g.db")],
                       stdout=subprocess.PIPE, stderr=slave, env=env, timeout=120)
    os.close(slave)
    seen = b""
    try:
        while chunk := os.read(master, 4096):
            seen += chunk
    except OSError:
        pass
    os.close(master)
    assert r.returncode == 0 and b"VERIFIED" in r.stdout
    assert b"\rverify: commands: " in seen and b"\r\x1b[K" in seen  # drawn, then erased
    assert b"\r" not in r.stdout and b"verify: " not in r.stdout.split(b"\n", 1)[1]  # the report itself is clean


def test_progress_object_is_silent_when_not_a_tty():
    import io
    from turnlog.engine.progress import Progress
    buf = io.StringIO()
    p = Progress("x", buf)
    p(1, 10)
    p.close()
    assert buf.getvalue() == "" and not p.enabled
    p = Progress("x", buf, enabled=True, interval=0)
    p(5, 10)
    p(10, 10)
    p.close()
    assert buf.getvalue().startswith("\rx: 5/10 (50%)") and "\rx: 10/10 (100%)" in buf.getvalue()
    assert buf.getvalue().endswith("\r\x1b[K")


def test_replay_with_progress_equals_game_at(tmp_path, monkeypatch):
    import io
    from turnlog.engine import progress as P
    from turnlog.engine.progress import Progress, replay
    with rolled(tmp_path / "g.db", value=3) as g:
        g.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
        g.execute(Undo())
        g.snapshot()
        g.execute(AddNote(text="after the snapshot"))
        monkeypatch.setattr(P, "REPLAY_QUIET_BELOW", 0)  # fold through the counting path even for a small log
        buf = io.StringIO()
        for seq in (20, 29, 33, 35, None):
            for snaps in (True, False):
                prog = Progress("replay", buf, enabled=True, interval=0)
                assert replay(g, seq, use_snapshots=snaps, progress=prog) == g.at(seq, use_snapshots=snaps)
        assert "replay: " in buf.getvalue()


def test_the_hash_chain_stage_counts_its_rows(tmp_path):
    import io
    from turnlog.engine.progress import Progress
    buf = io.StringIO()
    with rolled(tmp_path / "g.db", value=3) as g:
        assert verify(g, Progress("verify", buf, enabled=True, interval=0)).ok
    assert "\rverify: hash chain: 29/29 (100%)" in buf.getvalue()
