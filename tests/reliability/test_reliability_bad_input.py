"""Harness 5 at CI scale: every bad input gives a clear message, a non-zero exit and writes nothing."""
from __future__ import annotations

import pytest

from reliability import badinput


def _param(case):
    marks = [pytest.mark.xfail(strict=True, reason=f"bug: {case.known_bug}")] if case.known_bug else []
    return pytest.param(case, id=case.name, marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in badinput.CASES])
def test_bad_input_is_refused_cleanly(case, tmp_path):
    r = badinput.run_case(case, tmp_path)
    if "skipped" in r:
        pytest.skip(r["skipped"])
    assert not r["traceback"], r["traceback"]
    assert r["exit_ok"], f"exit {r['exit']}, expected {case.exit}: {r['message']}"
    assert r["message_ok"], f"message {r['message']!r} lacks {case.says}"
    assert r["nothing_written"]


def test_console_script_exit_statuses(tmp_path):
    procs = badinput.console_script(tmp_path)
    if not procs:
        pytest.skip("the turnlog console script is not installed")
    assert all(p["exit_ok"] and not p["traceback"] and p["nothing_written"] for p in procs), procs


def test_fingerprint_sees_a_write(tmp_path):
    # The "nothing written" check must be able to fail.
    from turnlog.engine.commands import AddNote
    from reliability.common import new_game
    g = new_game(tmp_path / "g.db")
    before = badinput.fingerprint(tmp_path)
    g.execute(AddNote(text="x"))
    g.close()
    assert badinput.commands_in(badinput.fingerprint(tmp_path)) == badinput.commands_in(before) + 1
