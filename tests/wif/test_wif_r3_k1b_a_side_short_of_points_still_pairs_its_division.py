"""11.16.5-R3, 11.16.5-K1b: a side that loses everything and still falls short of the result loses its only
division with a corps, and that corps becomes a kampfgruppe (docs/rulings.md, "R3 short of points")."""
from __future__ import annotations

from turnlog.events import wif_losses as w

from wif_loss_helpers import named, position, take, u

OK = {"a1": True, "a2": True, "a3": True}


def _kampfgruppen(units, att_loss, chosen):
    state, _ = position([*units, u("d1", "INF")], att_loss=att_loss, in_supply=OK, retreat_route=OK)
    ev = take(state, "attacker", chosen)
    return [(e.unit, e.rule) for e in named(ev, w.KampfgruppeFormed)], named(ev, w.LandCombatLossesTaken)[0]


def test_r3_a_2_against_a_division_and_a_corps_the_corps_becomes_a_kampfgruppe():
    """11.16.5-R3, 11.16.5-K1b: a 2 against an INF division and a MECH corps (3/2 points): both are lost, 1/2
    is not paid, and the MECH (not white print) is the kampfgruppe the lost division takes with it."""
    got, taken = _kampfgruppen([u("a1", "INF", "division"), u("a2", "MECH")], "2", ["a1", "a2"])
    assert (taken.cp, taken.shortfall) == ("3/2", "1/2")
    assert got == [("a2", "11.16.5-K1b")]


def test_r3_the_pairing_does_not_hang_on_the_order_listed():
    """11.16.5-K1b: the corps listed first still pays the half the division leaves open."""
    got, _ = _kampfgruppen([u("a1", "INF", "division"), u("a2", "MECH")], "2", ["a2", "a1"])
    assert got == [("a2", "11.16.5-K1b")]


def test_r3_an_even_number_of_halves_pairs_among_themselves():
    """11.16.5-R3: two divisions and a corps against a 3 (2 points): the divisions make one casualty
    together, the corps another; no half is open, so no kampfgruppe (the corps is not white print)."""
    got, taken = _kampfgruppen([u("a1", "INF", "division"), u("a2", "INF", "division"), u("a3", "MECH")], "3",
                               ["a1", "a2", "a3"])
    assert taken.shortfall == "1" and got == []


def test_r3_a_lone_division_short_of_points_takes_no_one():
    """11.16.5-R3: a division that was the side's only unit is simply destroyed."""
    got, taken = _kampfgruppen([u("a1", "INF", "division")], "2", ["a1"])
    assert (taken.shortfall, got) == ("3/2", [])
