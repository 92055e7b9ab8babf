"""Replay's fold looks a row's type up once; a row of the current version folds by its step, an
older one is upcast first, and an unknown type or a newer version is refused by name as before."""
from __future__ import annotations

import pytest

from turnlog.events.codec import SchemaError
from turnlog.projections.fold import fold_span
from turnlog.projections.state import GameState, UnitState


def _state() -> GameState:
    st = GameState()
    st.units["ge-1"] = UnitState(id="ge-1", nationality="ge", type="inf", factors=3, hex="0101")
    return st


def test_current_and_older_versions_fold_alike():
    st = _state()
    n = fold_span(st, [("UnitMoved", 2, '{"type":"UnitMoved","unit":"ge-1","to_hex":"0202"}'),
                       ("UnitMoved", 1, '{"type":"UnitMoved","unit":"ge-1","hex":"0303","from_hex":"0202"}'),
                       ("ControlChanged", 1, '{"type":"ControlChanged","hex":"0303","faction":"axis"}')])
    assert n == 3 and st.units["ge-1"].hex == "0303" and st.control == {"0303": "axis"}


@pytest.mark.parametrize("row, named", [(("NoSuchEvent", 1, "{}"), "unknown event type 'NoSuchEvent'"),
                                        (("UnitMoved", 9, "{}"), "UnitMoved v9 was written by a newer turnlog")])
def test_an_unknown_type_or_a_newer_version_is_refused_by_name(row, named):
    with pytest.raises(SchemaError, match=named):
        fold_span(_state(), [row])
