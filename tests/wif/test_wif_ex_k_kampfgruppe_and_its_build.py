"""EX-K, the kampfgruppe text's worked example, continuing EX-R: the white-print MECH, lost in supply with a
retreat route, goes to the repair pool; at the next production phase it helps build a MECH for 3 build points
and 2 turns, an INF for 2 and 1, or a MIL for 1 and 1 (from INVENTED full costs 5/3, 3/1, 1/1). Negative
checks: out of supply it goes to the force pool, an HQ-A never becomes a kampfgruppe, nor does a defender
lost under a shatter result."""
from __future__ import annotations

import pytest

from turnlog.events import wif_losses as w

from wif_loss_helpers import build, designate, named, position, production, take, u


def example(mech_supply=True, mech_class="MECH"):
    units = [u("a-mech", mech_class, white=True), u("a-inf1", "INF", "division"), u("a-inf2", "INF", "division"),
             u("d1", "INF", white=True)]
    state, _ = position(units, att_loss="1", def_loss="1", chooser="attacker", table="blitz",
                        arm_contributors=["a-mech"], invaders=["a-inf1", "a-inf2"],
                        in_supply={"a-mech": mech_supply, "d1": True},
                        retreat_route={"a-mech": True, "d1": True})
    designate(state, "arm")
    return state, take(state, "attacker", ["a-mech"])


@pytest.mark.parametrize("cls,bp,turns", [("MECH", 3, 2), ("INF", 2, 1), ("MIL", 1, 1)])
def test_the_mech_kampfgruppe_builds_at_half(cls, bp, turns):
    state, ev = example()
    assert named(ev, w.KampfgruppeFormed)[0].rule == "11.16.5-K1a"
    assert state.units["a-mech"].pool == "AX-repair"
    production(state, "AX")
    assert state.units["a-mech"].pool == ""
    assert build(state, "KG1", cls) == [w.KampfgruppeBuildRecorded(credit="KG1", unit_class=cls, bp=bp,
                                                                    turns=turns)]


def test_out_of_supply_it_goes_to_the_force_pool():
    state, ev = example(mech_supply=False)
    assert not named(ev, w.KampfgruppeFormed) and state.units["a-mech"].pool == ""
    assert production(state, "AX") == []


def test_an_hq_a_never_becomes_a_kampfgruppe():
    state, ev = example(mech_class="HQ-A")
    assert not named(ev, w.KampfgruppeFormed)


def test_a_defender_under_a_shatter_result_does_not_either():
    state, _ = position([u("a1", "INF"), u("d1", "MECH", white=True)], def_loss="1", flags=["S"],
                        in_supply={"d1": True}, retreat_route={"d1": True})
    assert not named(take(state, "defender", ["d1"]), w.KampfgruppeFormed)
