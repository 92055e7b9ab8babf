"""In a seated game anyone seated may add a note (a side, the referee, the host); no one else."""
from __future__ import annotations

import pytest

from turnlog.engine.commands import AddNote

from seats_position import refused_from, seated


@pytest.mark.parametrize("actor", ["alice", "bob", "carol", "hq"])
def test_anyone_seated_may_note(tmp_path, actor):
    g = seated(tmp_path)
    g.execute(AddNote(text="a note"), actor=actor)


@pytest.mark.parametrize("actor", ["mallory", ""])
def test_a_note_from_no_seat_is_refused(tmp_path, actor):
    g = seated(tmp_path)
    err = refused_from(g, AddNote(text="a note"), actor, "seats.notes")
    assert err.message.startswith("AddNote is for anyone seated; ")
