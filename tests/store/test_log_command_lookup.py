"""Format 3 finds a command by id without an index (a binary search over seq): every id, in logs of any shape."""
from __future__ import annotations

import random

import pytest

from turnlog.events.log import EventLog


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_command_found_by_id_as_the_view_lists_it(tmp_path, seed):
    rnd = random.Random(seed)
    log = EventLog(tmp_path / "g.db", create=True, synchronous="OFF")
    batch = [(f"p{i % 3}", "AddNote", f'{{"type":"AddNote","text":"{i}"}}',
              [("NoteAdded", 1, f'{{"type":"NoteAdded","text":"{i}.{k}"}}', k > 0)
               for k in range(rnd.choice([1, 1, 1, 2, 5, 40]))])
             for i in range(300)]
    log.append_batch(batch, expected_seq=0)
    listed = log.commands()
    assert [c[0] for c in listed] == list(range(1, 301))
    for row in listed:
        assert log.command(row[0]) == row
    assert log.command(0) is None and log.command(301) is None and log.command(-5) is None
    log.close()


def test_lookup_in_an_empty_log(tmp_path):
    with EventLog(tmp_path / "e.db", create=True) as log:
        assert log.command(1) is None and log.commands() == []


def test_spans_of_commands_match_the_view_and_stay_the_same_when_asked_again(tmp_path):
    log = EventLog(tmp_path / "s.db", create=True, synchronous="OFF")
    batch = [("", "AddNote", "{}", [("NoteAdded", 1, "{}", False)] * (1 + i % 4)) for i in range(50)]
    log.append_batch(batch, expected_seq=0)
    wanted = {c[0]: (c[5], c[6]) for c in log.commands()}
    ask = [7, 3, 49, 3, 50, 999]
    expect = sorted(wanted[c] for c in {7, 3, 49, 50})
    assert log.spans(ask) == expect
    log.append([("NoteAdded", 1, "{}", False)], expected_seq=log.last()[0])   # appending changes no old span
    assert log.spans(ask) == expect and log.spans([51]) == [(log.last()[0], log.last()[0])]
    log.close()
