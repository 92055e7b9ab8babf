"""11.16.5-K1a-c: a lost corps becomes a kampfgruppe in the repair pool when white print (K1a) or paying a half a
division left open (K1b), never an HQ-A, HQ-I or MIL, only in supply, with a retreat route (reading W15) and not
a defender under a shatter result (reading W16)."""
from __future__ import annotations

import pytest

from turnlog.engine.wif import k1_kampfgruppe as k
from turnlog.events import wif_losses as w
from turnlog.events.game import UnitEliminated

from wif_loss_helpers import named, position, take, u

ALL_OK = {"a1": True, "a2": True, "a3": True, "d1": True, "d2": True}


def lose(units, side, chosen, *, flags=(), supply=None, route=None, pools=()):
    state, _ = position(units, att_loss="1", def_loss="1", flags=flags, pools=pools,
                        in_supply=ALL_OK if supply is None else supply,
                        retreat_route=ALL_OK if route is None else route)
    ev = take(state, side, chosen)
    return state, ev


def test_k1a_a_white_print_corps_goes_to_the_repair_pool():
    state, ev = lose([u("a1", "MECH", white=True), u("d1", "INF")], "attacker", ["a1"])
    assert [type(e).__name__ for e in ev] == ["LandCombatLossesTaken", "UnitEliminated", "KampfgruppeFormed"]
    assert named(ev, w.KampfgruppeFormed)[0].rule == "11.16.5-K1a"
    assert state.units["a1"].eliminated and state.units["a1"].pool == "AX-repair"


def test_k1c_the_scenarios_repair_pool_is_used():
    pools = [{"id": "ax-rp", "faction": "AX", "kind": "repair"}]
    state, ev = lose([u("a1", "MECH", white=True), u("d1", "INF")], "attacker", ["a1"], pools=pools)
    assert named(ev, w.KampfgruppeFormed)[0].pool == "ax-rp" and state.units["a1"].pool == "ax-rp"
    assert k.in_repair_pool(state, "AX") == ["a1"]


def test_a_corps_not_white_print_paying_a_whole_point_goes_to_the_force_pool():
    state, ev = lose([u("a1", "MECH"), u("d1", "INF")], "attacker", ["a1"])
    assert not named(ev, w.KampfgruppeFormed) and state.units["a1"].pool == ""


def test_k1b_a_corps_paying_the_other_half_needs_no_white_print():
    state, ev = lose([u("a1", "INF", "division"), u("a2", "MECH"), u("d1", "INF")], "attacker", ["a1", "a2"])
    assert [(e.unit, e.rule) for e in named(ev, w.KampfgruppeFormed)] == [("a2", "11.16.5-K1b")]


@pytest.mark.parametrize("cls", ["HQ-A", "HQ-I", "MIL"])
def test_never_an_hq_or_a_militia(cls):
    _, ev = lose([u("a1", cls, white=True), u("d1", "INF")], "attacker", ["a1"])
    assert not named(ev, w.KampfgruppeFormed)
    assert "never becomes a kampfgruppe" in named(ev, UnitEliminated)[0].reason
    _, ev = lose([u("a1", "INF", "division"), u("a2", cls), u("d1", "INF")], "attacker", ["a1", "a2"])
    assert not named(ev, w.KampfgruppeFormed)


def test_a_division_never_becomes_one():
    _, ev = lose([u("a1", "MECH", "division", white=True), u("a2", "INF", "division"), u("d1", "INF")],
                 "attacker", ["a1", "a2"])
    assert not named(ev, w.KampfgruppeFormed)


def test_out_of_supply_or_without_a_retreat_route_it_is_destroyed():
    _, ev = lose([u("a1", "MECH", white=True), u("d1", "INF")], "attacker", ["a1"], supply={"a1": False})
    assert not named(ev, w.KampfgruppeFormed) and "not in supply" in named(ev, UnitEliminated)[0].reason
    _, ev = lose([u("a1", "MECH", white=True), u("d1", "INF")], "attacker", ["a1"], route={})
    assert not named(ev, w.KampfgruppeFormed) and "retreat route" in named(ev, UnitEliminated)[0].reason


def test_supply_falls_back_to_the_board():
    _, ev = lose([u("a1", "MECH", white=True, supply="none"), u("d1", "INF")], "attacker", ["a1"], supply={})
    assert not named(ev, w.KampfgruppeFormed)
    _, ev = lose([u("a1", "MECH", white=True), u("d1", "INF")], "attacker", ["a1"], supply={})
    assert named(ev, w.KampfgruppeFormed)


def test_a_defender_under_a_shatter_result_never_becomes_one():
    _, ev = lose([u("a1", "INF"), u("d1", "MECH", white=True)], "defender", ["d1"], flags=["S"])
    assert not named(ev, w.KampfgruppeFormed) and "shatter" in named(ev, UnitEliminated)[0].reason
    _, ev = lose([u("a1", "MECH", white=True), u("d1", "INF")], "attacker", ["a1"], flags=["S"])
    assert named(ev, w.KampfgruppeFormed)  # the attacker is not excluded by a shatter
    _, ev = lose([u("a1", "INF"), u("d1", "MECH", white=True)], "defender", ["d1"], flags=["B"])
    assert named(ev, w.KampfgruppeFormed)  # a breakthrough excludes no one (reading W16)
