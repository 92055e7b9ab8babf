"""Harness 2 at CI scale: writer processes racing on one game; every seq once, nothing lost."""
from __future__ import annotations

from reliability import concurrent


def test_concurrent_writers_leave_a_gapless_log(tmp_path):
    fig = concurrent.run(writers=3, appends=15, workdir=tmp_path)
    assert fig["successful_appends"] == 45
    assert fig["events_stored_equals_successful"] and fig["events_stored"] == 45
    assert fig["duplicate_seqs"] == fig["missing_seqs"] == 0
    assert fig["acked_not_stored_as_acked"] == fig["stored_not_acked"] == fig["notes_duplicated"] == 0
    assert fig["torn_commands"] == 0 and fig["other_errors"] == 0
    assert fig["integrity"] == "ok" and fig["chain_bad_seq"] is None and fig["replay_equal"]
