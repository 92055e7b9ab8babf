"""A seated game with no referee or host: an issuer who names no actor holds no seat; he is not shown as
the referee and the host (whose names are empty, as his is)."""
from __future__ import annotations

from turnlog.engine.seats import seat_of

from seats_position import seated


def test_no_actor_holds_no_seat_when_no_referee_or_host_is_named(tmp_path):
    g = seated(tmp_path, seats={"factions": {"AX": "alice", "WA": "bob"}, "claims": {"die": "any", "host-fact": "any", "report": "any"}})
    assert seat_of(g.state, "") == "no seat"
    assert seat_of(g.state, "alice") == "AX"
