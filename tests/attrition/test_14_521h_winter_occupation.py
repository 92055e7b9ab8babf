"""14.521H: Russia must occupy the hexes designated for occupation; other H results as usual; designated
loss hexes may be occupied while an Axis unit is left in them.

Same position as test_14_521_designations (winter, die + 4 on the 21-30
column: die 3 = 4C/2H).
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, DesignateWinterHexes, RollAttritionDie, SelectOccupation, \
    TakeAttritionLosses
from turnlog.events.attrition import Selection

from helpers import hexes, new_game, refused, scenario, unit

WINTER = {"russian_winter": {"attacker_nationality": "SU", "axis_nationality": "GE"}}


def rolled(tmp_path, extra=(), die=3):
    hx = hexes(" ".join(f"{c:02d}{r:02d}:{'RU' if c <= 3 else 'AX'}" for c in range(1, 10) for r in range(2, 9)),
               front="eastern", pact_side="east", russian_winter_zone=True)
    units = [unit("su-a", "SU", "0303", 10), unit("su-b", "SU", "0305", 10), unit("su-c", "SU", "0307", 10),
             *(unit(f"ge-{r}", "GE", f"040{r}", 3) for r in range(3, 8)), *extra]
    g = new_game(tmp_path, scenario(hx, units, season="winter", active="RU", rules=WINTER,
                                    weather=[{"zone": "W", "winter_level": 6}]))
    g.execute(BeginAttrition(attacker="RU", zone="AX/eastern/0402"))
    g.execute(RollAttritionDie(procedure="A1", value=die))
    return g


def select(*pairs):
    return SelectOccupation(procedure="A1", selections=[Selection(hex=h, units=[u]) for h, u in pairs])


@pytest.fixture
def designated(tmp_path):
    g = rolled(tmp_path, [unit("ge-5b", "GE", "0405", 2), unit("ge-3b", "GE", "0403", 2)])
    g.execute(DesignateWinterHexes(procedure="A1", occupation=["0405"]))
    g.execute(TakeAttritionLosses(procedure="A1", units=["ge-4", "ge-6", "ge-7", "ge-3b"]))
    assert g.state.attritions["A1"].phase == "select"
    return g


def test_14_521h_designated_hex_must_be_occupied(designated):
    err = refused(designated, select(), "14.521H")
    assert "0405" in err.message
    refused(designated, select(("0403", "su-a")), "14.521H")


def test_14_521h_designated_hex_occupied(designated):
    designated.execute(select(("0405", "su-b")))
    assert designated.state.attritions["A1"].selections == [Selection(hex="0405", units=["su-b"])]


def test_14_521h_the_other_h_results_as_usual(designated):
    designated.execute(select(("0405", "su-b"), ("0403", "su-a")))
    assert len(designated.state.attritions["A1"].selections) == 2


def test_14_521h_not_beyond_the_h_result(designated):
    # 2H: the designated hex and one more; a third is refused as usual (14.61).
    refused(designated, select(("0405", "su-b"), ("0403", "su-a"), ("0407", "su-c")), "14.61")


BIG_STACK = [unit("ge-4b", "GE", "0404", 3), unit("ge-4c", "GE", "0404", 3), unit("ge-4d", "GE", "0404", 3),
             unit("ge-4e", "GE", "0404", 2)]


def test_14_521h_designated_loss_hex_occupied_despite_14_62b(tmp_path):
    g = rolled(tmp_path, BIG_STACK)
    g.execute(DesignateWinterHexes(procedure="A1", losses=["0404"]))
    g.execute(TakeAttritionLosses(procedure="A1", units=["ge-4", "ge-4b", "ge-4c", "ge-4d"]))
    assert g.state.attritions["A1"].immune == ["0404"]
    g.execute(select(("0404", "su-a")))


def test_14_521h_without_designation_14_62b_protects_the_hex(tmp_path):
    g = rolled(tmp_path, BIG_STACK)
    g.execute(TakeAttritionLosses(procedure="A1", units=["ge-4", "ge-4b", "ge-4c", "ge-4d"]))
    refused(g, select(("0404", "su-a")), "14.62B")


def test_14_521h_designated_loss_hex_left_empty_cannot_be_occupied(tmp_path):
    g = rolled(tmp_path)
    g.execute(DesignateWinterHexes(procedure="A1", losses=["0404"]))
    g.execute(TakeAttritionLosses(procedure="A1", units=["ge-4", "ge-3", "ge-5", "ge-6"]))
    refused(g, select(("0404", "su-a")), "14.62A")
