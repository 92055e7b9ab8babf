"""kit/retreat.py: one retreat command shape, one checker with a per-system hook, simultaneous events.

The retreat rules here are INVENTED: "Y.1" says who retreats, "Y.2" bars swamp hexes, "Y.3" bars a hex
more than one hex away, "Y.4" prefers a clear hex to a forest and any hex to none; the board is a small synthetic one.
"""
from __future__ import annotations

import pytest

from turnlog.engine import commands as c
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.hexgrid import grid
from turnlog.engine.kit import retreat as R
from turnlog.events.game import UnitEliminated, UnitRetreated

from helpers import hexes, new_game, scenario, unit


@pytest.fixture
def state(tmp_path):
    hx = hexes("0101:AX 0102:AX 0103:AX 0201:AX 0202:AX 0203:AX:swamp 0301:WA 0302:WA:forest")
    units = [unit("ge-1", "GE", "0202"), unit("ge-2", "GE", "0202"), unit("ge-3", "GE", "0201"),
             unit("us-1", "US", "0302")]
    return new_game(tmp_path, scenario(hx, units)).state


def forbidden(state, u, to):
    if to not in grid(state).adj[u.hex]:
        return "Y.3", f"{to} is not next to {u.hex}"
    if state.hexes[to].terrain == "swamp":
        return "Y.2", f"{to} is a swamp"
    return None


def spec(must=("ge-1", "ge-2"), may=(), prefer=None) -> R.RetreatSpec:
    return R.RetreatSpec(rule="Y.1", must=frozenset(must), may=frozenset(may), forbidden=forbidden, prefer=prefer)


def test_the_command_shape_is_shared_and_attritions_command_keeps_its_bytes():
    cmd = c.RetreatUnits(procedure="A1", retreats=[c.Retreat(unit="ge-1", to="0102"), c.Retreat(unit="ge-2")])
    assert isinstance(cmd, c.RetreatCommand) and R.moves(cmd) == [("ge-1", "0102"), ("ge-2", "")]
    assert c.encode(cmd) == (b'{"type":"RetreatUnits","procedure":"A1","retreats":'
                             b'[{"unit":"ge-1","to":"0102"},{"unit":"ge-2","to":""}]}')


def test_legal_retreats_pass(state):
    R.check(state, spec(), [("ge-1", "0102"), ("ge-2", "0101")])


def test_the_systems_hook_bars_a_destination_under_its_rule(state):
    err = pytest.raises(RuleViolation, R.check, state, spec(), [("ge-1", "0102"), ("ge-2", "0203")]).value
    assert (err.rule, err.message) == ("Y.2", "0203 is a swamp")
    err = pytest.raises(RuleViolation, R.check, state, spec(), [("ge-1", "0103"), ("ge-2", "0102")]).value
    assert (err.rule, err.message) == ("Y.3", "0103 is not next to 0202")


def test_a_unit_with_nowhere_to_go_is_not_put_to_the_hook(state):
    R.check(state, spec(), [("ge-1", ""), ("ge-2", "0102")])


def test_a_missing_unit_and_a_unit_that_may_not_retreat_are_refused_together(state):
    err = pytest.raises(RuleViolation, R.check, state, spec(), [("ge-1", "0102"), ("ge-3", "0101")]).value
    assert err.rule == "Y.1"
    assert err.message == "every unit that must retreat does so at once; missing ['ge-2'], may not retreat ['ge-3']"


def test_a_unit_that_may_retreat_may_also_stay(state):
    s = spec(may=("ge-3",))
    R.check(state, s, [("ge-1", "0102"), ("ge-2", "0102"), ("ge-3", "0101")])
    R.check(state, s, [("ge-1", "0102"), ("ge-2", "0102")])


@pytest.mark.parametrize("moves,message", [
    ([("ge-1", "0102"), ("nobody", "0102")], 'retreats[1].unit: no unit "nobody"'),
    ([("ge-1", "0102"), ("ge-1", "0203")], "retreats: a unit is listed twice"),
])
def test_malformed_moves_name_the_field(state, moves, message):
    with pytest.raises(CommandError) as err:
        R.check(state, spec(), moves)
    assert str(err.value) == message


def clear_first():
    """Y.4 (invented): into a forest only when no clear hex is open; nowhere only when no hex is open.

    The hook reads the board it is given (the board before any unit moved), not one it closed over."""
    def prefer(board, u, to):
        if to and board.hexes[to].terrain != "forest":
            return None
        clear = sorted(h for h in grid(board).adj[u.hex]
                       if not forbidden(board, u, h) and board.hexes[h].terrain == "clear")
        if clear:
            return "Y.4", f"{u.id} may not {'enter ' + to if to else 'stay'}: {clear[0]} is clear"
        return None
    return prefer


def test_a_preference_hook_refuses_a_legal_but_worse_destination(state):
    s = spec(prefer=clear_first())
    R.check(state, s, [("ge-1", "0102"), ("ge-2", "0201")])
    err = pytest.raises(RuleViolation, R.check, state, s, [("ge-1", "0102"), ("ge-2", "0302")]).value
    assert (err.rule, err.message) == ("Y.4", "ge-2 may not enter 0302: 0101 is clear")


def test_the_preference_hook_sees_a_unit_that_did_not_retreat(state):
    err = pytest.raises(RuleViolation, R.check, state, spec(prefer=clear_first()), [("ge-1", ""), ("ge-2", "0102")])
    assert (err.value.rule, err.value.message) == ("Y.4", "ge-1 may not stay: 0101 is clear")


def test_a_barred_destination_is_refused_before_the_preference_is_asked(state):
    err = pytest.raises(RuleViolation, R.check, state, spec(prefer=clear_first()), [("ge-1", "0203"), ("ge-2", "")])
    assert err.value.rule == "Y.2"


def test_events_are_simultaneous_and_read_the_board_before_any_move(state):
    # ge-3 retreats into 0202 as ge-1 and ge-2 leave it: each event reads the hex its unit stood in before any move
    out = R.events(state, [("ge-1", "0102"), ("ge-2", ""), ("ge-3", "0202")], procedure="Q1", rule="Y.1",
                   unable_rule="Y.5")
    assert out == [UnitRetreated(unit="ge-1", from_hex="0202", to_hex="0102", rule="Y.1", procedure="Q1"),
                   UnitEliminated(unit="ge-2", rule="Y.5", procedure="Q1", reason="unable to retreat"),
                   UnitRetreated(unit="ge-3", from_hex="0201", to_hex="0202", rule="Y.1", procedure="Q1")]


def test_a_detail_hook_adds_evils_and_following_events(state):
    def detail(u, to):
        return (["Y.4 crowded"], [UnitEliminated(unit="us-1", rule="Y.6", procedure="Q1")]) if to == "0202" else ([], [])
    out = R.events(state, [("ge-3", "0202")], procedure="Q1", rule="Y.1", unable_rule="Y.5", detail=detail)
    assert out == [UnitRetreated(unit="ge-3", from_hex="0201", to_hex="0202", rule="Y.1", procedure="Q1",
                                 evils=["Y.4 crowded"]),
                   UnitEliminated(unit="us-1", rule="Y.6", procedure="Q1")]
