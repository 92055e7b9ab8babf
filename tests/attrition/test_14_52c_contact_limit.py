"""14.52C / 14.522: each nationality loses no more units than it has in contact; distinct nationalities.

Units lost need not be in contact themselves. Minor countries, and nationalities
set `distinct_for_attrition` (Commonwealth, Free French, post-surrender Italy),
are their own nationalities; a nationality with a `major` and neither flag counts
with its major. Position: Italians (12 factors, 0404) attrition the Allied zone
0405-0406-0407; 0405 is the only contact hex. 11-20 column: 3 = 2C, 8 = 3C/2H.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, TakeAttritionLosses
from turnlog.events.attrition import AttritionLossesTaken

from helpers import NATIONALITIES, hexes, new_game, refused, scenario, unit

NATS = NATIONALITIES + [{"id": "FF", "faction": "WA", "major": "GB", "distinct_for_attrition": True},
                        {"id": "IN", "faction": "WA", "major": "GB"},
                        {"id": "GR", "faction": "WA", "status": "minor_ally"},
                        {"id": "BE", "faction": "WA", "status": "associated", "major": "GB"}]


def rolled(tmp_path, contact, rear, die=8):
    units = [unit(f"c-{i}-{n}", n, "0405", 2) for i, n in enumerate(contact)]
    units += [unit(f"r-{i}-{n}", n, "0407", 2) for i, n in enumerate(rear)]
    g = new_game(tmp_path, scenario(hexes("0404:AX 0405:WA 0406:WA 0407:WA"),
                                    [unit("it-1", "IT", "0404", 12), *units], nationalities=NATS))
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    g.execute(RollAttritionDie(procedure="A1", value=die))
    return g


def test_14_52c_losses_within_each_nationalitys_contact(tmp_path):
    g = rolled(tmp_path, ["US", "GB", "GB"], ["US", "GB"])     # 3C
    g.execute(TakeAttritionLosses(procedure="A1", units=["r-0-US", "r-1-GB", "c-2-GB"]))
    assert g.state.units["r-0-US"].eliminated   # not in contact itself, but a US unit is


def test_14_52c_more_of_one_nationality_than_in_contact_refused(tmp_path):
    g = rolled(tmp_path, ["US", "GB", "GB"], ["US", "GB"])
    err = refused(g, TakeAttritionLosses(procedure="A1", units=["r-0-US", "c-0-US", "c-1-GB"]), "14.52C")
    assert "US" in err.message


def test_14_52c_the_limit_makes_a_shortfall(tmp_path):
    # 3C, one US unit in contact, three in the zone: only one can be lost, the rest is disregarded.
    g = rolled(tmp_path, ["US"], ["US", "US"])
    refused(g, TakeAttritionLosses(procedure="A1", units=["c-0-US", "r-0-US"]), "14.52C")
    evs = [e for _, e in g.execute(TakeAttritionLosses(procedure="A1", units=["r-1-US"]))]
    assert next(e for e in evs if isinstance(e, AttritionLossesTaken)).shortfall == 2


@pytest.mark.parametrize("nat", ["CW", "FF", "GR", "BE"])
def test_14_522_distinct_nationality_limited_to_its_own_contact(tmp_path, nat):
    g = rolled(tmp_path, [nat, "GB", "GB"], [nat])
    err = refused(g, TakeAttritionLosses(procedure="A1", units=[f"c-0-{nat}", f"r-0-{nat}", "c-1-GB"]), "14.522")
    assert nat in err.message
    g.execute(TakeAttritionLosses(procedure="A1", units=[f"r-0-{nat}", "c-1-GB", "c-2-GB"]))


@pytest.mark.parametrize("nat", ["CW", "FF", "GR", "BE"])
def test_14_522_its_major_cannot_lose_units_for_it(tmp_path, nat):
    # One contact unit of each: the British may not lose a second unit on the strength of the other's contact.
    g = rolled(tmp_path, [nat, "GB"], ["GB"], die=3)       # 2C
    refused(g, TakeAttritionLosses(procedure="A1", units=["c-1-GB", "r-0-GB"]), "14.52C")


def test_14_522_a_nationality_that_is_not_distinct_counts_with_its_major(tmp_path):
    g = rolled(tmp_path, ["IN", "GB"], ["GB", "IN"], die=3)    # 2C: one GB group of two in contact
    g.execute(TakeAttritionLosses(procedure="A1", units=["r-0-GB", "r-1-IN"]))
    assert g.state.units["r-1-IN"].eliminated
