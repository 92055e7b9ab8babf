"""AS-RET.5 against AS-FAN.1-2 (readings P13, P16): a forced unit with no legal hex loses half the strength it has
left, reported as captured, and stays; a Fanatical one does not surrender and stays with no loss (FAN.1); a
Fanatical unit in a bunker or pillbox hex does not retreat at all (FAN.2). INVENTED map: minefields close
0303, 0402 and 0403, and a1's ZoC closes the rest."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.events import assault as a

from assault_helpers import beaten, of, proc, u
from helpers import refused

DEF = dict(assault=0, defence=100)
UNITS = [u("a1", "0202"), u("e1", "0302", **DEF)]
SHUT = "0303:clear:minefield 0402:clear:minefield 0403:clear:minefield"


def stay():
    return c.RetreatAssaultUnits(procedure="S1", retreats=[c.Retreat(unit="e1", to="")])


def test_as_ret_5_no_legal_hex_half_is_captured(tmp_path):
    g = beaten(tmp_path, UNITS, SHUT)
    done = g.execute(stay())
    lost = of(done, a.UnitStrengthReduced)[0]
    assert (lost.amount, lost.captured, lost.rule) == (50, True, "AS-RET.5")
    assert g.state.units["e1"].strength == 50 and g.state.units["e1"].hex == "0302" and proc(g).phase == "done"


def test_as_ret_5_an_odd_strength_is_halved_with_a_random_rounding(tmp_path):
    units = [u("a1", "0202"), {**u("e1", "0302", **DEF), "strength": 99}]
    g = beaten(tmp_path, units, SHUT)
    done = g.execute(c.RetreatAssaultUnits(procedure="S1", retreats=[c.Retreat(unit="e1", to="")],
                                           values={"captured/e1": 499}))
    assert of(done, a.UnitStrengthReduced)[0].amount == 50


def test_as_ret_5_staying_while_a_legal_hex_is_open_is_refused(tmp_path):
    refused(beaten(tmp_path, UNITS), stay(), "AS-RET.5")


def test_as_fan_1_a_fanatical_unit_with_no_legal_hex_stays_with_no_loss(tmp_path):
    g = beaten(tmp_path, UNITS, SHUT, fanatical=True)
    done = g.execute(stay())
    assert not of(done, a.UnitStrengthReduced) and g.state.units["e1"].strength == 100
    assert proc(g).phase == "done"


def test_as_fan_2_a_fanatical_unit_in_a_bunker_does_not_retreat(tmp_path):
    g = beaten(tmp_path, UNITS, "0302:clear:bunker", fanatical=True)
    assert proc(g).phase == "done" and proc(g).stay == ["e1"] and g.state.units["e1"].hex == "0302"


def test_as_fan_2_a_retreat_given_for_the_fanatical_unit_is_refused_under_as_fan_2(tmp_path):
    g = beaten(tmp_path, UNITS, "0302:clear:bunker", fanatical=True)
    err = refused(g, c.RetreatAssaultUnits(procedure="S1", retreats=[c.Retreat(unit="e1", to="0303")]), "AS-FAN.2")
    assert "e1 is Fanatical and holds its bunker or pillbox in 0302" in err.message


def test_as_fan_2_a_unit_of_another_nation_in_a_bunker_retreats(tmp_path):
    g = beaten(tmp_path, UNITS, "0302:clear:pillbox")
    assert proc(g).phase == "retreat" and proc(g).retreating == ["e1"]
