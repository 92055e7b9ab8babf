"""The nesting bound on a scenario file or a served body (engine/inputs.py check_nesting) is the
rise of the running count of open brackets, read a chunk at a time and given up once past the limit:
a closer with no opener cannot hide the arrays nested after it, and an array never closed counts in
full. (The earlier pass-per-level scan spent seconds on a mebibyte of brackets, on the server's
event loop.)"""
from __future__ import annotations

import pytest

from turnlog.engine.errors import CommandError
from turnlog.engine.inputs import MAX_NESTING, check_nesting

OVER = f"body: arrays or tables nested more than the limit of {MAX_NESTING} deep"


def refused(data: bytes) -> str:
    with pytest.raises(CommandError) as err:
        check_nesting(data, "body", CommandError)
    return str(err.value)


def test_nesting_at_the_limit_passes_and_one_deeper_is_refused():
    check_nesting(b"[" * MAX_NESTING + b"]" * MAX_NESTING, "body", CommandError)
    deeper = MAX_NESTING + 1
    assert refused(b"[" * deeper + b"]" * deeper).startswith(OVER)


def test_brackets_inside_strings_do_not_nest():
    check_nesting(b'{"text": "' + b"[" * 500 + b"]" * 900 + b'", "a": [[1]]}', "body",
                  CommandError)


def test_wide_shallow_brackets_over_many_chunks_pass():
    check_nesting(b"[" + b"[1, {}]," * 200_000 + b"[]]", "body", CommandError)


def test_arrays_never_closed_count_in_full():
    assert refused(b"[" * 150).startswith(OVER)


def test_a_closer_with_no_opener_does_not_hide_the_arrays_after_it():
    assert refused(b"]" * 500 + b"[" * 150 + b"]" * 150).startswith(OVER)


def test_nesting_that_passes_the_limit_in_a_later_chunk_is_refused():
    wide = b"[]" * 10_000  # several chunks at depth 1 before the deep part
    assert refused(wide + b"[" * 101 + b"]" * 101).startswith(OVER)


def test_a_mebibyte_of_nested_brackets_is_refused():
    n = 512 * 1024 - 8
    assert refused(b"[" * n + b"]" * n).startswith(OVER)


def hidden(depth: int) -> bytes:
    """Arrays ``depth`` deep whose every opener is followed by a string holding a closer (and every
    closer preceded by a string holding an opener): counted with the strings in, the text is flat."""
    return b'["]",' * depth + b'["x"]' + b',"["]' * depth


def test_closers_inside_strings_do_not_hide_the_arrays_they_sit_in():
    assert refused(hidden(MAX_NESTING)).startswith(OVER)
    assert refused(b"a = " + hidden(5000)).startswith(OVER)  # a TOML table's value alike


def test_arrays_with_strings_of_brackets_at_the_limit_pass():
    check_nesting(hidden(MAX_NESTING - 2), "body", CommandError)
