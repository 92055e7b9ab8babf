"""Harness 3 at CI scale: random tampering of event rows is caught at the exact seq."""
from __future__ import annotations

import pytest

from reliability import tamper


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    return tamper.run(per_class=2, commands=30, workdir=tmp_path_factory.mktemp("tamper"))


def test_chain_catches_every_unchained_edit_at_its_seq(figures):
    assert figures["trials_chain_classes"] == 2 * len(tamper.CHAIN)
    assert figures["chain_detected_pct"] == figures["chain_named_exactly_pct"] == 100.0
    for kind in tamper.CHAIN:
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
    # Who asked for what: an edited commands row is named at its command's first event.
    for kind in ("edit_command_actor", "edit_command_payload"):
        c = figures["by_class"][kind]
        assert c["chain_detected"] == c["chain_named_exactly"] == c["trials"], kind


def test_beyond_the_chain_verify_still_catches(figures):
    by = figures["by_class"]
    for kind in ("truncate_tail", "append_chained_row", "forge_snapshot"):
        assert by[kind]["verify_detected"] == by[kind]["trials"], kind
    assert by["truncate_tail"]["verify_named_exactly"] == by["truncate_tail"]["trials"]


def test_what_no_verifier_can_see_without_an_anchor(figures):
    # Recorded, not wished away: whole trailing commands removed with their `commands` rows leave a
    # valid shorter game; only a head hash kept elsewhere can show it (docs/reliability.md).
    assert figures["by_class"]["truncate_commands"]["verify_detected"] == 0


def test_first_difference_is_the_truth():
    a = [(1, "x"), (2, "y"), (3, "z")]
    assert tamper.first_difference(a, a) is None
    assert tamper.first_difference(a, [(1, "x"), (3, "z")]) == 2
    assert tamper.first_difference(a, a[:2]) == 3 and tamper.first_difference(a[:2], a) == 3
