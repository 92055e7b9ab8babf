"""14.76: a displaced unit with no open hex is eliminated; flak in a taken hex is always eliminated and
is not the defender's to retreat.

Position: it-1 (0404, 12 factors) takes 0504 (1C/1H, us-y lost); us-x must retreat. Whether 0604 exists
decides whether it can.
"""
from __future__ import annotations

import pytest

from turnlog.events.game import UnitEliminated

from retreat_position import go, lose_us_y_and_occupy_0504
from helpers import hexes, new_game, refused, scenario, unit


def at_retreat(tmp_path, board, extra=()):
    units = [unit("it-1", "IT", "0404", 12), unit("us-x", "US", "0504"), unit("us-y", "US", "0504", 2), *extra]
    g = new_game(tmp_path, scenario(hexes(board), units))
    return lose_us_y_and_occupy_0504(g)


def test_14_76_no_open_hex_the_unit_is_eliminated(tmp_path):
    g = at_retreat(tmp_path, "0404:AX 0504:WA")  # every other neighbour of 0504 is sea
    refused(g, go(("us-x", "0404")), "14.72C")
    written = [e for _, e in g.execute(go(("us-x", "")))]
    assert UnitEliminated(unit="us-x", rule="14.76", procedure="A1", reason="unable to retreat") in written
    assert g.state.units["us-x"].eliminated and g.state.units["it-1"].hex == "0504"


def test_14_76_a_unit_that_can_retreat_may_not_choose_elimination(tmp_path):
    g = at_retreat(tmp_path, "0404:AX 0504:WA 0604:WA")
    refused(g, go(("us-x", "")), "14.76")
    g.execute(go(("us-x", "0604")))
    assert g.state.units["us-x"].hex == "0604"


@pytest.mark.parametrize("nat", ["US", "SU"], ids=["defender", "allied"])
def test_14_76_flak_always_eliminated(tmp_path, nat):
    g = at_retreat(tmp_path, "0404:AX 0504:WA 0604:WA", [unit("flak", nat, "0504", 1, "flak")])
    refused(g, go(("us-x", "0604"), ("flak", "0604")), "14.71")  # not the defender's to retreat
    written = [e for _, e in g.execute(go(("us-x", "0604")))]
    assert UnitEliminated(unit="flak", rule="14.76", procedure="A1", reason="flak forced to retreat") in written
    assert g.state.units["flak"].eliminated
