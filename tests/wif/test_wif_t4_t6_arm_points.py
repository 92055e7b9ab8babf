"""ARM points by type, size and multipliers (11.16.5-T4-T6, 11.16.4 option 33, 16.3, 22.4.2). INVENTED units."""
from __future__ import annotations

import pytest

from turnlog.engine.errors import CommandError
from turnlog.events import wif as w
from turnlog.events.wif import FactorMultiplier, TankBuster

from helpers import new_game, refused
from wif_helpers import begin, combat, events, game, position, u


def _points(g) -> dict[str, str]:
    [counted] = events(g.rows(), w.ArmPointsCounted)
    return {p.unit: p.points for p in counted.units}


def test_wif_t4_attacking_types_count_their_table_and_the_rest_zero(tmp_path):
    """11.16.5-T4: attacking HQ-A 4, ARM 4, MECH 3, MOT 1, CAV 1; INF, MTN, ART count 0."""
    units = [u("a1", "HQ-A"), u("a2", "arm"), u("a3", "MECH"), u("a4", "MOT"), u("a5", "CAV"), u("a6", "INF"),
             u("a7", "MTN"), u("a8", "ART", markers=["motorized"]), u("e1", "INF")]
    g = game(tmp_path, units, attackers=[f"a{i}" for i in range(1, 9)])
    pts = _points(g)
    assert [pts[f"a{i}"] for i in range(1, 9)] == ["4", "4", "3", "1", "1", "0", "0", "0"]
    assert combat(g).arm_attacker == "13" and combat(g).arm_contributors == ["a1", "a2", "a3", "a4", "a5"]


def test_wif_t5_defending_types_count_their_table(tmp_path):
    """11.16.5-T5: defending HQ-A, ARM 4; MECH 3; MOT, HQ-I, INF, GAR 2; PARA, MAR, MIL, TER, CAV, MTN and a
    motorized ART 1 (reading W7: a towed ART 0); a notional unit 1 per combat factor."""
    kinds = ["HQ-A", "ARM", "MECH", "MOT", "HQ-I", "INF", "GAR", "PARA", "MAR", "MIL", "TER", "CAV", "MTN"]
    units = [u("a1", "ARM")] + [u(f"e{i}", k) for i, k in enumerate(kinds)] + [
        u("eart", "ART", markers=["motorized"]), u("etow", "ART")]
    g = game(tmp_path, units, attackers=["a1"], notional=3)
    pts = _points(g)
    assert [pts[f"e{i}"] for i in range(len(kinds))] == ["4", "4", "3", "2", "2", "2", "2", "1", "1", "1", "1",
                                                          "1", "1"]
    assert (pts["eart"], pts["etow"], pts["notional"]) == ("1", "0", "3")


def test_wif_t6_divisions_halve_and_an_eng_counts_as_an_inf_division(tmp_path):
    """11.16.5-T6: a division counts half its corps type; a defending ENG division counts as an INF division
    (1); an attacking MECH division 3/2 (reading W1: exact)."""
    units = [u("a1", "MECH", size="division"), u("e1", "ENG", size="division"), u("e2", "ARM", size="division")]
    g = game(tmp_path, units, attackers=["a1"])
    assert _points(g) == {"a1": "3/2", "e1": "1", "e2": "2"}
    assert combat(g).arm_attacker == "3/2"


def test_wif_t6_halved_and_doubled_factors_halve_and_double_arm(tmp_path):
    """11.16.5-T6: a unit attacking across a river halves its ARM, one invading halves it too, and both
    multiply (a quarter); 16.3: a unit doubled by an offensive chit doubles its ARM."""
    units = [u("a1", "ARM"), u("a2", "MECH"), u("a3", "ARM", hex="0101"), u("e1", "INF")]
    mult = [FactorMultiplier(unit="a1", factor="1/2", reason="river"), FactorMultiplier(unit="a2", factor="2",
            reason="chit"), FactorMultiplier(unit="a3", factor="1/2", reason="invasion"),
            FactorMultiplier(unit="a3", factor="1/2", reason="river")]
    g = game(tmp_path, units, attackers=["a1", "a2", "a3"], invaders=["a3"], multipliers=mult)
    assert _points(g) == {"a1": "2", "a2": "6", "a3": "1", "e1": "2"}
    [counted] = events(g.rows(), w.ArmPointsCounted)
    rules = {p.unit: [m.rule for m in p.reasons] for p in counted.units}
    assert rules["a2"] == ["11.16.5-T4", "16.3"] and rules["a1"] == ["11.16.5-T4", "11.16.5-T6"]


def test_wif_t6_a_multiplier_other_than_half_or_double_is_refused(tmp_path):
    """11.16.5-T6: only halved or doubled; a unit not in the combat is refused too, naming the field."""
    g = new_game(tmp_path, position([u("a1", "ARM"), u("e1", "INF")]))
    err = refused(g, begin(attackers=["a1"], multipliers=[FactorMultiplier(unit="a1", factor="3", reason="x")]),
                  None, CommandError)
    assert str(err).startswith("multipliers[0].factor")
    err = refused(g, begin(attackers=["a1"], multipliers=[FactorMultiplier(unit="zz", factor="2", reason="x")]),
                  None, CommandError)
    assert str(err).startswith("multipliers[0].unit")


def test_wif_22_4_2_at_and_aa_count_half_attacking_and_full_defending(tmp_path):
    """22.4.2-AT, 22.4.2-AA (reading W6, W11): guns count their printed factors, halved only when attacking;
    a gun division is not halved again; a chit doubles it (16.3)."""
    units = [u("a1", "AT", size="division", factors=3), u("a2", "AA", size="division", factors=4),
             u("e1", "AT", size="division", factors=3), u("e2", "AA", size="division", factors=2)]
    g = game(tmp_path, units, attackers=["a1", "a2"],
             multipliers=[FactorMultiplier(unit="a2", factor="2", reason="chit")])
    assert _points(g) == {"a1": "3/2", "a2": "4", "e1": "3", "e2": "2"}
    assert combat(g).arm_contributors == ["a1", "a2"]


def test_wif_11_16_4_tank_busters_count_half_attacking_and_full_defending(tmp_path):
    """11.16.4 (option 33): a tank buster flying ground support counts half its tactical factors for the
    attacker, all of them for the defender; it is no land contributor (reading W12)."""
    units = [u("a1", "INF"), u("e1", "INF")]
    tbs = [TankBuster(unit="ju87", side="attacker", factors=5), TankBuster(unit="hurri", side="defender", factors=1)]
    g = game(tmp_path, units, attackers=["a1"], tank_busters=tbs)
    assert _points(g) == {"a1": "0", "e1": "2", "ju87": "5/2", "hurri": "1"}
    assert (combat(g).arm_attacker, combat(g).arm_defender, combat(g).chooser) == ("5/2", "3", "defender")
    assert combat(g).arm_contributors == []


def test_wif_11_16_4_a_tank_buster_of_no_side_is_refused(tmp_path):
    """11.16.4: a tank buster flies for the attacker or the defender."""
    g = new_game(tmp_path, position([u("a1", "ARM"), u("e1", "INF")]))
    with pytest.raises(CommandError, match="tank_busters"):
        g.execute(begin(attackers=["a1"], tank_busters=[TankBuster(unit="x", side="neutral", factors=2)]))


def test_wif_t6_a_motorized_art_gun_is_not_halved_as_a_division(tmp_path):
    """11.16.5-T5, 11.16.5-T6 (reading W6 as the audit extends it): a defending motorized ART counts 1 whether
    the scenario sizes it as a division or a gun; the INF division beside it is halved (1)."""
    units = [u("a1", "ARM"), u("e1", "ART", size="division", markers=["motorized"]),
             u("e2", "ART", size="gun", markers=["motorized"]), u("e3", "INF", size="division")]
    g = game(tmp_path, units, attackers=["a1"])
    assert _points(g) == {"a1": "4", "e1": "1", "e2": "1", "e3": "1"}
    assert combat(g).arm_defender == "3"
