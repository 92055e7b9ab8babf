"""14.51: the defender chooses his losses, never more than called for; a shortfall is disregarded.

Position: an Italian 12-factor unit (0404) touches the Allied hex 0405; the
Allied zone runs 0405-0406-0407. Equal CTLs: the entered die is the row
(11-20 column: 3 = 2C, 6 = 2C/1H, 8 = 3C/2H).
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, TakeAttritionLosses
from turnlog.engine.errors import CommandError
from turnlog.events.attrition import AttritionLossesTaken
from turnlog.events.game import UnitEliminated

from helpers import hexes, new_game, refused, scenario, unit


def rolled(tmp_path, die, allied):
    g = new_game(tmp_path, scenario(hexes("0404:AX 0405:WA 0406:WA 0407:WA 0304:AX"),
                                    [unit("it-1", "IT", "0404", 12), *allied]))
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    g.execute(RollAttritionDie(procedure="A1", value=die))
    return g


THREE = [unit("us-1", "US", "0405", 3), unit("us-2", "US", "0405", 4), unit("us-3", "US", "0405", 2)]


def test_14_51_defender_chooses_which_units(tmp_path):
    g = rolled(tmp_path, 3, THREE)                           # 2C
    evs = [e for _, e in g.execute(TakeAttritionLosses(procedure="A1", units=["us-3", "us-2"]))]
    assert [e for e in evs if isinstance(e, UnitEliminated)] == [
        UnitEliminated(unit="us-3", rule="14.51", procedure="A1", reason="attrition loss"),
        UnitEliminated(unit="us-2", rule="14.51", procedure="A1", reason="attrition loss")]
    taken = next(e for e in evs if isinstance(e, AttritionLossesTaken))
    assert (taken.units, taken.shortfall) == (["us-3", "us-2"], 0)
    assert g.state.units["us-2"].eliminated and not g.state.units["us-1"].eliminated


def test_14_51_not_more_than_called_for(tmp_path):
    g = rolled(tmp_path, 3, THREE)
    err = refused(g, TakeAttritionLosses(procedure="A1", units=["us-1", "us-2", "us-3"]), "14.51")
    assert "calls for 2" in err.message


def test_14_51_not_fewer_than_he_can_lose(tmp_path):
    g = rolled(tmp_path, 3, THREE)
    refused(g, TakeAttritionLosses(procedure="A1", units=["us-1"]), "14.51")
    refused(g, TakeAttritionLosses(procedure="A1", units=[]), "14.51")


def test_14_51_shortfall_disregarded_exactly_the_available_units(tmp_path):
    g = rolled(tmp_path, 8, THREE[:2])                      # 3C/2H against two units
    assert g.state.attritions["A1"].counters == 3
    refused(g, TakeAttritionLosses(procedure="A1", units=["us-1"]), "14.51")
    evs = [e for _, e in g.execute(TakeAttritionLosses(procedure="A1", units=["us-1", "us-2"]))]
    taken = next(e for e in evs if isinstance(e, AttritionLossesTaken))
    assert (taken.units, taken.shortfall) == (["us-1", "us-2"], 1)
    assert g.state.attritions["A1"].shortfall == 1


def test_14_51_units_elsewhere_in_the_zone_may_be_chosen(tmp_path):
    g = rolled(tmp_path, 3, [*THREE[:2], unit("us-9", "US", "0407", 3)])
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-9", "us-1"]))
    assert g.state.units["us-9"].eliminated


@pytest.mark.parametrize("bad, rule", [("it-1", "14.51"), ("us-p", "14.51"), ("us-f", "14.51"),
                                       ("us-a", "14.51")])
def test_14_51_only_the_defenders_ground_units_can_be_lost(tmp_path, bad, rule):
    g = rolled(tmp_path, 3, [*THREE, unit("us-p", "US", "0406", 1, "partisan"),
                             unit("us-f", "US", "0406", 1, "flak"), unit("us-a", "US", "0406", 2, "air")])
    refused(g, TakeAttritionLosses(procedure="A1", units=["us-1", bad]), rule)


def test_14_51_a_unit_named_twice_or_unknown_is_bad_input(tmp_path):
    g = rolled(tmp_path, 3, THREE)
    seq = g.log.last()[0]
    for units in (["us-1", "us-1"], ["us-1", "nobody"]):
        with pytest.raises(CommandError):
            g.execute(TakeAttritionLosses(procedure="A1", units=units))
    assert g.log.last()[0] == seq
