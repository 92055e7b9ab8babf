"""Harness 3 at CI scale: random tampering of event rows is caught at the exact seq.

Run on a format-3 game (new files) and on a format-2 one (old files are still read and verified);
each format has its own classes (tamper.CLASSES).
"""
from __future__ import annotations

import sqlite3

import pytest

from turnlog.engine.commands import AddNote
from turnlog.events.log import FORMAT
from reliability import tamper
from reliability.common import new_game

COMMAND_COLUMN_EDITS = {
    3: ("edit_command_actor", "edit_command_type", "edit_command_payload", "edit_command_ts",
        "edit_command_last_seq"),
    2: ("edit_command_actor", "edit_command_payload"),
}


@pytest.fixture(scope="module", params=[FORMAT, 2], ids=lambda f: f"format{f}")
def figures(request, tmp_path_factory):
    return tamper.run(per_class=2, commands=30, workdir=tmp_path_factory.mktemp("tamper"), log_format=request.param)


def test_chain_catches_every_unchained_edit_at_its_seq(figures):
    chain, _beyond = tamper.CLASSES[figures["log_format"]]
    assert figures["trials_chain_classes"] == 2 * len(chain)
    assert figures["chain_detected_pct"] == figures["chain_named_exactly_pct"] == 100.0
    for kind in chain:
        c = figures["by_class"][kind]
        assert c["chain_named_exactly"] == c["trials"], kind


def test_every_tampered_copy_fails_verification(figures):
    # engine.verify and `turnlog verify` refuse every copy (some only because Game.open crashes:
    # see tests/regressions/test_regression_verify_replays_before_checking.py).
    assert figures["verify_detected_pct"] == figures["cli_exit_nonzero_pct"] == 100.0


def test_rehashed_forgery_is_caught_at_the_row_or_the_next_link(figures):
    # A forger who recomputes the edited row's own hash is caught where the next link breaks.
    for kind in ("edit_rehashed", "insert_rehashed"):
        c = figures["by_class"][kind]
        assert c["chain_detected"] == c["chain_named_exactly"] + c["chain_named_next_row"] == c["trials"], kind


def test_command_rows_are_inside_the_chain(figures):
    # Who asked for what, and when: an edited command column (format 3: on the command's first event row;
    # format 2: in the commands table) is named at its command's first event.
    for kind in COMMAND_COLUMN_EDITS[figures["log_format"]]:
        c = figures["by_class"][kind]
        assert c["chain_detected"] == c["chain_named_exactly"] == c["trials"], kind


def test_beyond_the_chain_verify_still_catches(figures):
    by = figures["by_class"]
    for kind in ("truncate_tail", "append_chained_row", "forge_snapshot"):
        assert by[kind]["verify_detected"] == by[kind]["trials"], kind
    assert by["truncate_tail"]["verify_named_exactly"] == by["truncate_tail"]["trials"]


@pytest.mark.parametrize("figures", [FORMAT], indirect=True, ids=lambda f: f"format{f}")
def test_format_3_chain_sees_a_cut_command_and_a_row_past_the_last(figures):
    # In format 3 a command's first row names its last seq: rows cut off the end of a command, or a
    # well-hashed row appended after the last command, break the chain itself at the exact seq
    # (format 2 leaves both to engine.verify, the test above).
    assert figures["log_format"] == 3
    for kind in ("truncate_tail", "append_chained_row"):
        c = figures["by_class"][kind]
        assert c["chain_detected"] == c["chain_named_exactly"] == c["trials"], kind


def test_what_no_verifier_can_see_without_an_anchor(figures):
    # Recorded, not wished away: whole trailing commands removed with their command rows leave a valid
    # shorter game; only a head hash kept elsewhere can show it (docs/reliability.md). In format 3 the
    # command rows are the commands' first event rows, so any cut between two commands is this class
    # (see the test below for what format 2 saw there).
    c = figures["by_class"]["truncate_commands"]
    assert c["verify_detected"] == c["chain_detected"] == c["cli_exit_nonzero"] == 0
    # The head the untampered game's verify printed, passed back as --anchor, names the first cut seq.
    assert c["anchored_exit_nonzero"] == c["anchored_named_exactly"] == c["trials"]


def test_the_anchor_refuses_every_tampered_copy(figures):
    # An anchor adds to the chain, never hides what it found: every chain-class copy still fails.
    assert figures["anchored_exit_nonzero_pct"] == 100.0
    assert figures["cli_tracebacks"] == 0


def _cut_last_row(tmp_path, log_format: int) -> dict:
    path = tmp_path / f"format{log_format}.db"
    g = new_game(path, log_format=log_format)
    g.execute(AddNote(text="kept"))
    g.execute(AddNote(text="cut"))  # one event: its command is exactly its last row
    last = g.log.last()[0]
    g.close()
    conn = sqlite3.connect(path, isolation_level=None)
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')
    conn.execute("DELETE FROM events WHERE seq = ?", (last,))  # the event row only, as truncate_tail does
    conn.close()
    return {"last": last, **tamper.ask_verifiers(path)}


def test_a_trailing_single_event_command_cut_by_its_row(tmp_path):
    # The known, accepted difference between the formats. Format 2 kept the command in the commands table,
    # so deleting its only event left a command without events: engine.verify names the missing seq.
    # Format 3 keeps the command's columns on that very row, so the row takes its command with it and
    # the file is a valid, shorter game (truncate_commands above): no verifier sees it without an anchor.
    old = _cut_last_row(tmp_path, 2)
    assert not old["verify_ok"] and old["verify_seq"] == old["last"] and old["cli_exit"] != 0
    new = _cut_last_row(tmp_path, FORMAT)
    assert new["chain_bad"] is None and new["verify_ok"] and new["cli_exit"] == 0


def test_first_difference_is_the_truth():
    a = [(1, "x"), (2, "y"), (3, "z")]
    assert tamper.first_difference(a, a) is None
    assert tamper.first_difference(a, [(1, "x"), (3, "z")]) == 2
    assert tamper.first_difference(a, a[:2]) == 3 and tamper.first_difference(a[:2], a) == 3
