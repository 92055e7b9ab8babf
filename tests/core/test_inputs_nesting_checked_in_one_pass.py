"""The nesting bound on a scenario file or a served body (engine/inputs.py check_nesting) is the
running count of open brackets, read in a few passes in C: a closer with no opener cannot hide the
arrays nested after it, an array never closed counts in full, and the depth named is exact when the
brackets pair. (The earlier pass-per-level scan spent seconds on a mebibyte of brackets, on the
server's event loop.)"""
from __future__ import annotations

import pytest

from turnlog.engine.errors import CommandError
from turnlog.engine.inputs import MAX_NESTING, check_nesting


def refused(data: bytes) -> str:
    with pytest.raises(CommandError) as err:
        check_nesting(data, "body", CommandError)
    return str(err.value)


def test_nesting_at_the_limit_passes_and_one_deeper_names_its_depth():
    check_nesting(b"[" * MAX_NESTING + b"]" * MAX_NESTING, "body", CommandError)
    deeper = MAX_NESTING + 1
    assert refused(b"[" * deeper + b"]" * deeper) == (
        f"body: arrays or tables nested {deeper} deep, more than the limit of {MAX_NESTING}")


def test_brackets_inside_strings_do_not_nest():
    check_nesting(b'{"text": "' + b"[" * 500 + b"]" * 900 + b'", "a": [[1]]}', "body",
                  CommandError)


def test_arrays_never_closed_count_in_full():
    assert "nested 150 deep" in refused(b"[" * 150)


def test_a_closer_with_no_opener_does_not_hide_the_arrays_after_it():
    text = refused(b"]" * 500 + b"[" * 150 + b"]" * 150)
    assert "do not pair" in text and f"more than the limit of {MAX_NESTING}" in text


def test_a_mebibyte_of_brackets_is_refused_with_its_exact_depth():
    n = 512 * 1024 - 8
    assert f"nested {n} deep" in refused(b"[" * n + b"]" * n)
