"""14.42B: the CTL difference, each side taking the CTL of its largest factor group (lower on a tie).

The three worked examples of 14.43 attrition Russian units (CTL 1) in Russia,
in summer (no winter modifier). GE has CTL 2, IT and SU CTL 1; a partially
supplied unit loses one level (30.522A; `rules.partial_supply_ctl_penalty`).
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.events.attrition import AttritionResultDetermined

from helpers import hexes, new_game, scenario, unit


def attrition(tmp_path, attackers, defenders, attacker="AX", rules=None):
    # Attackers stand in 0404, defenders in 0405; the defenders' hex belongs to the other faction.
    atk, dfn = ("AX", "RU") if attacker == "AX" else (attacker, "AX")
    hx = hexes(f"0404:{atk} 0405:{dfn}", front="eastern")
    units = [unit(f"a{i}", nat, "0404", f, **kw) for i, (nat, f, kw) in enumerate(attackers)]
    units += [unit(f"d{i}", nat, "0405", f, **kw) for i, (nat, f, kw) in enumerate(defenders)]
    g = new_game(tmp_path, scenario(hx, units, active=atk, rules=rules))
    g.execute(BeginAttrition(attacker=atk, zone=f"{dfn}/eastern/0405"))
    evs = [e for _, e in g.execute(RollAttritionDie(procedure="A1", value=4))]
    r = next(e for e in evs if isinstance(e, AttritionResultDetermined))
    (ctl,) = [m for m in r.modifiers if m.rule == "14.42B"]
    return r, ctl


RUSSIANS = [("SU", 3, {}), ("SU", 3, {})]


def test_14_43_example_1_german_majority_gives_plus_one(tmp_path):
    r, ctl = attrition(tmp_path, [("GE", 21, {}), ("IT", 12, {})], RUSSIANS)
    assert ctl.value == 1 and "attacker CTL 2 (21 factors)" in ctl.reason and "defender CTL 1" in ctl.reason
    assert (r.column, r.modified) == ("31-40", 5)


def test_14_43_example_2_tie_takes_the_lower_italian_ctl(tmp_path):
    _, ctl = attrition(tmp_path, [("GE", 14, {}), ("IT", 14, {})], RUSSIANS)
    assert ctl.value == 0 and "attacker CTL 1 (14 factors)" in ctl.reason


def test_14_43_example_3_partially_supplied_italians_split_off(tmp_path):
    _, ctl = attrition(tmp_path, [("GE", 14, {}), ("IT", 12, {}), ("IT", 3, {"supply": "partial"})], RUSSIANS)
    assert ctl.value == 1 and "attacker CTL 2 (14 factors)" in ctl.reason


def test_14_43_example_3_without_the_supply_penalty_italians_would_win(tmp_path):
    # With the 30.522A penalty set to 0, the 15 Italian factors are one CTL-1 group larger than the Germans.
    _, ctl = attrition(tmp_path, [("GE", 14, {}), ("IT", 12, {}), ("IT", 3, {"supply": "partial"})], RUSSIANS,
                       rules={"partial_supply_ctl_penalty": 0})
    assert ctl.value == 0 and "attacker CTL 1 (15 factors)" in ctl.reason


def test_14_42b_lower_attacker_ctl_decreases_the_roll(tmp_path):
    r, ctl = attrition(tmp_path, [("SU", 12, {})], [("GE", 3, {}), ("GE", 3, {})], attacker="RU")
    assert ctl.value == -1 and r.modified == 3


@pytest.mark.parametrize("defenders, value", [
    ([("GE", 5, {}), ("IT", 3, {})], -1),                     # German majority: CTL 2
    ([("GE", 3, {}), ("IT", 3, {})], 0),                      # tie: the lower (Italian) CTL
    ([("GE", 3, {}), ("GE", 3, {"supply": "partial"}), ("IT", 2, {})], 0),  # 3 at 2, 5 at 1
])
def test_14_42b_defender_side(tmp_path, defenders, value):
    _, ctl = attrition(tmp_path, [("SU", 12, {})], defenders, attacker="RU")
    assert ctl.value == value


def test_14_42b_equal_ctls_still_recorded(tmp_path):
    _, ctl = attrition(tmp_path, [("IT", 12, {})], RUSSIANS)
    assert ctl.value == 0 and ctl.reason
