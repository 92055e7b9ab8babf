"""14.61: up to H hexes, none required; each holds an enemy unit and touches an attritioner that may advance.

Position (11-20 column, CTL 1 v 1, so the entered die is the table row): Italians in 0404 touch the
American hexes 0503 and 0504; 0604 is an American rear hex in the same zone that absorbs the loss,
so neither front hex is immune (14.62B).
"""
from __future__ import annotations


from turnlog.engine.commands import BeginAttrition, MarkOffensive, RollAttritionDie, SelectOccupation, TakeAttritionLosses
from turnlog.events.attrition import OccupationSelected, Selection
from turnlog.events.game import ControlChanged, UnitAdvanced

from helpers import hexes, new_game, refused, scenario, unit

BOARD = "0403:AX 0404:AX 0405:AX 0503:WA 0504:WA 0505:WA 0603:WA 0604:WA 0605:WA"


def at_select(tmp_path, extra=(), *, die=5, exclude=(), offensive=(), losses=("us-rear",)):
    units = [unit("it-1", "IT", "0404", 12), unit("us-1", "US", "0504"), unit("us-2", "US", "0503"),
             unit("us-rear", "US", "0604"), *extra]
    g = new_game(tmp_path, scenario(hexes(BOARD), units))
    if offensive:
        g.execute(MarkOffensive(units=list(offensive)))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone, exclude=list(exclude)))
    g.execute(RollAttritionDie(procedure="A1", value=die))
    g.execute(TakeAttritionLosses(procedure="A1", units=list(losses)))
    assert g.state.attritions["A1"].phase == "select"
    return g


def select(*pairs):
    return SelectOccupation(procedure="A1", selections=[Selection(hex=h, units=list(us)) for h, us in pairs])


def test_14_61_no_more_hexes_than_h(tmp_path):
    g = at_select(tmp_path, [unit("it-2", "IT", "0403", 3)])  # 15 factors: 1C/1H
    assert g.state.attritions["A1"].hexes == 1
    refused(g, select(("0504", ["it-1"]), ("0503", ["it-2"])), "14.61")


def test_14_61_up_to_h_hexes_allowed(tmp_path):
    more = [unit("it-2", "IT", "0403", 3), unit("us-3", "US", "0503"), unit("us-rear2", "US", "0605")]
    g = at_select(tmp_path, more, die=8, losses=("us-rear", "us-rear2", "us-2"))  # 15 factors: 3C/2H
    p = g.state.attritions["A1"]
    assert (p.counters, p.hexes) == (3, 2)
    written = [e for _, e in g.execute(select(("0504", ["it-1"]), ("0503", ["it-2"])))]
    assert isinstance(written[0], OccupationSelected) and len(written[0].selections) == 2


def test_14_61_no_hex_need_be_selected(tmp_path):
    g = at_select(tmp_path)
    written = [e for _, e in g.execute(select())]
    assert not any(isinstance(e, (UnitAdvanced, ControlChanged)) for e in written)
    assert g.state.attritions["A1"].phase == "done" and g.state.control["0504"] == "WA"


def test_14_61_hex_outside_the_attritioned_zone_refused(tmp_path):
    # 0403 is the attacker's own hex: not part of the American zone.
    g = at_select(tmp_path, [unit("it-2", "IT", "0403", 3)])
    refused(g, select(("0403", ["it-1"])), "14.61")


def test_14_61_unit_that_did_not_take_part_may_not_advance(tmp_path):
    # it-2 touches 0504 but was left out of the attrition (14.213).
    g = at_select(tmp_path, [unit("it-2", "IT", "0405", 3)], exclude=("it-2",))
    assert "it-2" not in g.state.attritions["A1"].units
    refused(g, select(("0504", ["it-2"])), "14.61")
    refused(g, select(("0504", ["it-1", "it-2"])), "14.61")
    g.execute(select(("0504", ["it-1"])))


def test_14_61_unit_on_offensive_did_not_take_part(tmp_path):
    g = at_select(tmp_path, [unit("it-2", "IT", "0405", 3)], offensive=("it-2",))
    assert "it-2" not in g.state.attritions["A1"].units
    refused(g, select(("0504", ["it-2"])), "14.61")


def test_14_61_unsupplied_attritioner_counts_but_may_not_advance(tmp_path):
    # 14.22A counts it whatever its supply; 14.61 keeps it in place.
    g = at_select(tmp_path, [unit("it-2", "IT", "0405", 3, supply="none")])
    p = g.state.attritions["A1"]
    assert "it-2" in p.units and p.factors == 15
    refused(g, select(("0504", ["it-2"])), "14.61")
    g.execute(select(("0504", ["it-1"])))
    assert g.state.attritions["A1"].selections == [Selection(hex="0504", units=["it-1"])]


def test_14_61_partially_supplied_attritioner_may_advance(tmp_path):
    g = at_select(tmp_path, [unit("it-2", "IT", "0405", 3, supply="partial")])
    g.execute(select(("0504", ["it-2"])))
    assert g.state.attritions["A1"].phase == "retreat"


def test_14_61_hex_touching_only_an_ineligible_unit_is_not_offered(tmp_path):
    # 0505 touches only the unsupplied it-2 (0405); 0504 and 0503 touch it-1.
    from turnlog.engine.attrition.r14_6_occupation import eligible_hexes
    g = at_select(tmp_path, [unit("it-2", "IT", "0405", 3, supply="none"), unit("us-3", "US", "0505")])
    p = g.state.attritions["A1"]
    offered = dict(eligible_hexes(g.state, p, g.state.zones[p.zone]))
    assert offered == {"0503": ["it-1"], "0504": ["it-1"]}
    refused(g, select(("0505", ["it-2"])), "14.61")



def test_14_61_with_hexes_to_offer_legal_adds_no_words(tmp_path):
    g = at_select(tmp_path)
    (ch,) = [x for x in g.legal() if getattr(x, "command", "") == "SelectOccupation"]
    assert ch.note == "" and "send SelectOccupation" not in str(ch)
