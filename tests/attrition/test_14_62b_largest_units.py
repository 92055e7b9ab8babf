"""14.62B: a hex that gave all the losses, largest units first, is immune; any other loss pattern is not.

Position: Italians in 0404 (12 factors, 11-20 column, CTL 1 v 1) touch 0504, which holds a 5- and a
3-factor American unit, and 0503 with one 3-factor unit. Die 5 = 1C/1H, die 6 = 2C/1H.
"""
from __future__ import annotations


from turnlog.engine.commands import BeginAttrition, RollAttritionDie, SelectOccupation, TakeAttritionLosses
from turnlog.events.attrition import AttritionLossesTaken, Selection

from helpers import hexes, new_game, refused, scenario, unit

BOARD = "0403:AX 0404:AX 0405:AX 0503:WA 0504:WA 0505:WA 0603:WA 0604:WA 0605:WA"


def after_losses(tmp_path, die, losses, key=(5, 3)):
    units = [unit("it-1", "IT", "0404", 12), unit("us-3", "US", "0503"), unit("us-rear", "US", "0604"),
             *[unit(f"us-k{i}", "US", "0504", f) for i, f in enumerate(key)]]
    g = new_game(tmp_path, scenario(hexes(BOARD), units))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=die))
    taken = next(e for _, e in g.execute(TakeAttritionLosses(procedure="A1", units=losses))
                 if isinstance(e, AttritionLossesTaken))
    return g, taken.immune_hexes


def select(h):
    return SelectOccupation(procedure="A1", selections=[Selection(hex=h, units=["it-1"])])


def test_14_62b_all_losses_from_the_hex_largest_first_make_it_immune(tmp_path):
    g, immune = after_losses(tmp_path, 5, ["us-k0"])  # the 5-factor unit; the 3 stays
    assert immune == ["0504"]
    refused(g, select("0504"), "14.62B")
    g.execute(select("0503"))  # the immunity is the hex's alone


def test_14_62b_smaller_unit_taken_while_a_larger_stays_is_not_immune(tmp_path):
    g, immune = after_losses(tmp_path, 5, ["us-k1"])  # the 3 goes, the 5 stays
    assert immune == []
    g.execute(select("0504"))
    assert g.state.attritions["A1"].phase == "retreat"


def test_14_62b_losses_from_two_hexes_give_no_immunity(tmp_path):
    g, immune = after_losses(tmp_path, 6, ["us-k0", "us-3"])  # 2C/1H: one from 0504, one from 0503
    assert immune == []
    g.execute(select("0504"))


def test_14_62b_losses_from_the_hex_and_the_rear_give_no_immunity(tmp_path):
    g, immune = after_losses(tmp_path, 6, ["us-k0", "us-rear"])
    assert immune == []
    g.execute(select("0504"))


def test_14_62b_equal_largest_units_the_defender_chooses(tmp_path):
    g, immune = after_losses(tmp_path, 5, ["us-k1"], key=(5, 5, 3))  # one of the two fives
    assert immune == ["0504"]
    refused(g, select("0504"), "14.62B")


def test_14_62b_every_unit_lost_is_14_62a_not_b(tmp_path):
    g, immune = after_losses(tmp_path, 6, ["us-k0", "us-k1"])
    assert immune == []
    refused(g, select("0504"), "14.62A")
